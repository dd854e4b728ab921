package dev.redoline.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Absent;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.embedded.CommittedTransaction;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.embedded.OffsetStore;
import dev.redoline.embedded.SchemaHistory;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stress workload's SHOP.DOCUMENTS, whose CLOBs are amended in place by DBMS_LOB writes, trims
 * and erases in transactions that did not set the whole value: LogMiner logs only the pieces, so
 * the capture delivers such a change with the content unavailable ({@code Absent.NOT_LOGGED}, the
 * placeholder in a Connect record) and a store merging changes as a sink does keeps the earlier
 * value. A verification while the capture runs finds exactly those keys, each differing only in the
 * column the key's latest change did not carry (no checksum or conversion difference elsewhere); a
 * repair re-delivers them whole, and the copy is equal.
 */
class StressDocumentsTest {

  static final TableId DOCUMENTS = TableId.of("SHOP", "DOCUMENTS");

  /** How long the capture may take to deliver what is waited for on a loaded machine. */
  static final Duration PATIENCE = Duration.ofMinutes(8);

  @TempDir Path state;

  /** A sink's copy of SHOP.DOCUMENTS: changes merged by key, absent slots keeping their value. */
  static final class MergingStore implements VerifyTarget {
    final Map<Object, Map<String, Object>> rows = new LinkedHashMap<>();
    final Map<Object, List<String>> notCarried = new HashMap<>();
    Scn applied;
    long reads;

    /** Applies one committed transaction, as a sink would. */
    void apply(CommittedTransaction tx) {
      for (Change c : tx.changes()) {
        if (!c.table().equals(DOCUMENTS)) {
          continue;
        }
        TableLayout layout = tx.layout(c);
        if (c.operation() == Operation.DELETE) {
          rows.remove(c.before().get(0));
          notCarried.remove(c.before().get(0));
          continue;
        }
        Object id = c.after().get(0);
        reads += c.operation() == Operation.READ ? 1 : 0;
        Map<String, Object> row = rows.computeIfAbsent(id, k -> new LinkedHashMap<>());
        List<String> absent = new ArrayList<>();
        for (int i = 0; i < layout.columns().size(); i++) {
          if (c.after().isPresent(i)) {
            row.put(layout.column(i).name(), c.after().get(i));
          } else if (c.after().absence(i) == Absent.NOT_LOGGED) {
            absent.add(layout.column(i).name());
          }
        }
        notCarried.put(id, absent);
      }
      applied = tx.commit().scn();
    }

    @Override
    public Optional<Scn> appliedScn() {
      return Optional.ofNullable(applied);
    }

    @Override
    public void rows(TableLayout table, List<String> columns, RowReceiver receiver) {
      rows.forEach(
          (id, row) -> {
            Object[] values = columns.stream().map(row::get).toArray();
            receiver.row(values, notCarried.get(id).stream().filter(columns::contains).toList());
          });
    }
  }

  @Test
  void verify_lobsAmendedInPlace_differOnlyWhereTheLatestChangeCarriedNoContent_thenRepaired()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=29&huge=3600");
    Map<String, String> settings = new HashMap<>();
    settings.put("cdc.database.url", oracle.url());
    settings.put("cdc.tables.include", "SHOP.*");
    settings.put("cdc.start.scn", "current"); // the documents already there come as a snapshot
    settings.put("cdc.state.dir", state.resolve("state").toString());
    settings.put("cdc.buffer.spill.dir", state.resolve("spill").toString());
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.put("cdc.mining.idle.ms", "200");
    MergingStore store = new MergingStore();
    long[] commits = {0};
    // one lock for the workload's writes, the store's applies and a verification's reads: the
    // store is one state at its SCN, and the in-process simulator is not read beside a write
    Object lock = new Object();
    EmbeddedEngine engine =
        EmbeddedEngine.builder()
            .config(settings)
            .handler(
                tx -> {
                  synchronized (lock) {
                    store.apply(tx);
                    commits[0]++;
                  }
                })
            .database(
                Database.jdbc(
                    CdcConfig.from(settings),
                    oracle.clock(),
                    d -> {
                      synchronized (lock) {
                        oracle.advance(d);
                      }
                    }))
            .schemaHistory(SchemaHistory.inMemory())
            .offsetStore(OffsetStore.inMemory())
            .build();
    Verifier verifier =
        Verifier.builder().config(settings).tables(List.of(DOCUMENTS)).target(store).build();
    engine.start();
    try {
      await(lock, () -> commits[0] >= 1500, "1,500 transactions delivered");

      VerifyReport running;
      synchronized (lock) { // the capture goes on mining meanwhile
        running = verifier.verify();
        oracle.workload((db, step) -> {}); // then traffic stops: no document is amended again
      }
      TableReport docs = running.tables().get(0);
      assertThat(running.scnSource()).isEqualTo("target");
      assertThat(docs.sourceRows()).isEqualTo(docs.targetRows()).isPositive();
      assertThat(docs.missing()).isEmpty();
      assertThat(docs.extra()).isEmpty();
      assertThat(docs.differing()).as(running.toText()).isNotEmpty();
      assertThat(docs.differing())
          .as("only the amended BODY, whose latest change carried no content")
          .allSatisfy(
              d -> {
                assertThat(d.columns()).containsExactly("BODY");
                assertThat(d.unavailable()).containsExactly("BODY");
                assertThat(d.onlyUnavailable()).isTrue();
              });
      assertThat(running.undeclaredDifferences()).isZero();
      assertThat(running.toText()).contains("not carried by the key's latest change");
      assertThat(running.toJson()).contains("\"unavailable\":[\"BODY\"]");

      long readsBefore;
      synchronized (lock) {
        readsBefore = store.reads;
      }
      assertThat(verifier.repair(running, (t, filter) -> engine.snapshot(List.of(t), filter)))
          .isEqualTo(docs.differing().size());
      await(
          lock,
          () -> store.reads >= readsBefore + docs.differing().size(),
          "the differing documents read again");
      VerifyReport repaired;
      synchronized (lock) {
        repaired = verifier.verify();
      }
      assertThat(repaired.equal()).as(repaired.toText()).isTrue();
    } finally {
      engine.stop();
      assertThat(engine.awaitTermination(PATIENCE)).isTrue();
    }
  }

  private static void await(Object lock, BooleanSupplier done, String what)
      throws InterruptedException {
    Instant end = Instant.now().plus(PATIENCE);
    while (Instant.now().isBefore(end)) {
      synchronized (lock) {
        if (done.getAsBoolean()) {
          return;
        }
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no " + what + " within " + PATIENCE);
  }
}
