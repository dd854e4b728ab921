package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobCaptureScenarioTest.DOCS;
import static dev.redoline.logminer.internal.LobCaptureScenarioTest.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.internal.FileTransactionJournal;
import dev.redoline.buffer.internal.JournaledTransaction;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An open transaction that goes idle right after an INSERT into a LOB table in the forms of a real
 * 23 Free (an INSERT showing {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()}, an UPDATE setting the
 * values, LOB writes for the value stored out of line): the engine holds that INSERT back until the
 * transaction's next row, which may come much later. The rows the transaction wrote before the
 * INSERT are journaled all the same, so the restart position moves past them while the transaction
 * waits, and a restart reads the held INSERT and its LOB rows again together.
 */
class LobHeldInsertJournalScenarioTest {

  static final TableId ORDERS = ScenarioHarness.ORDERS;
  private static final String END = "INSERT SHOP.ORDERS [99, END]";
  private static final String BODY = text(5000, 26); // out of line: LOB_WRITE rows
  private static final Bytes SCAN = Bytes.fromHex("0a0b0c0d"); // in the row: set by the UPDATE

  @TempDir Path spill;

  /**
   * In one action (so in one step): the transaction's START, two plain rows, then the held INSERT;
   * then other transactions commit while it waits, journaled after each step ({@code
   * cdc.buffer.journal.after.ms=0}); once {@code restarted} holds it commits.
   */
  private static SimulatedOracle scenario(BooleanSupplier restarted, SimulatedTransaction[] held)
      throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(2601).lobWriteChunk(1500).lobDmlFormsOf23Free().build();
    oracle.createTable(ScenarioHarness.orders());
    oracle.createTable(LobCaptureScenarioTest.docs());
    new ScenarioScript()
        .then(
            o -> {
              held[0] = o.begin();
              held[0].insert(ORDERS, 1L, "FIRST");
              held[0].insert(ORDERS, 2L, "SECOND");
              held[0].insert(DOCS, 3L, "doc", BODY, SCAN, null, null);
            })
        .then(o -> commit(o, 10L, "A"))
        .idle(4)
        .then(o -> commit(o, 11L, "B"))
        .awaitCondition(restarted)
        .then(
            o -> {
              held[0].commit();
              commit(o, 99L, "END");
            })
        .attach(oracle);
    return oracle;
  }

  private static void commit(SimulatedOracle o, long id, String status) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }

  private ScenarioHarness harness(SimulatedOracle oracle, String run, Path journal) {
    return new ScenarioHarness(oracle, spill.resolve(run))
        .journal(FileTransactionJournal.open(journal))
        .set("cdc.buffer.journal.after.ms", "0");
  }

  @Test
  void heldLobInsertAfterJournalableRows_journalsThoseRows_andARestartDeliversTheWholeOnce()
      throws Exception {
    // The same database activity without a restart: what must be delivered.
    SimulatedTransaction[] unbrokenTx = new SimulatedTransaction[1];
    SimulatedOracle once = scenario(() -> true, unbrokenTx);
    List<String> unbroken;
    try (ScenarioHarness h = harness(once, "unbroken", spill.resolve("unbroken-journal"))) {
      h.open(Position.start(Scn.of(once.currentScn())));
      h.awaitChange(END);
      unbroken = h.changes();
    }
    assertThat(unbroken).hasSize(6).endsWith(END);

    AtomicBoolean restarted = new AtomicBoolean();
    SimulatedTransaction[] tx = new SimulatedTransaction[1];
    SimulatedOracle oracle = scenario(restarted::get, tx);
    Scn start = Scn.of(oracle.currentScn());
    Path journal = spill.resolve("journal");
    List<String> delivered = new ArrayList<>();
    Position acknowledged;
    try (ScenarioHarness first = harness(oracle, "first", journal)) {
      first.open(Position.start(start));
      first.awaitChange("INSERT SHOP.ORDERS [11, B]");
      delivered.addAll(first.changes());
      acknowledged = first.events.get(first.events.size() - 1).position();
    }
    // While the transaction waits, holding its INSERT, its first rows are in the journal.
    JournaledTransaction journaled =
        FileTransactionJournal.open(journal).load().stream()
            .filter(t -> t.transaction().startScn().equals(Scn.of(tx[0].startScn())))
            .findFirst()
            .orElse(null);
    assertThat(journaled).as("the held transaction's entry in the journal").isNotNull();

    List<Change> docs;
    RedoAddress firstRow;
    try (ScenarioHarness second = harness(oracle, "second", journal)) {
      second.open(acknowledged);
      restarted.set(true);
      second.awaitChange(END);
      delivered.addAll(second.changes());
      firstRow =
          second.changeEvents().stream()
              .map(StreamEvent.ChangeEvent::change)
              .filter(c -> c.table().equals(ORDERS) && Long.valueOf(1L).equals(c.after().get(0)))
              .findFirst()
              .orElseThrow()
              .address();
      docs =
          second.changeEvents().stream()
              .map(StreamEvent.ChangeEvent::change)
              .filter(c -> c.table().equals(DOCS))
              .toList();
    }
    // The restart position had moved past the transaction's first row (its START is before it).
    assertThat(PositionState.of(acknowledged).resume().get(1)).isGreaterThan(firstRow);
    assertThat(journaled.upTo()).isGreaterThanOrEqualTo(firstRow);
    assertThat(delivered).as("what the restarted run delivered").isEqualTo(unbroken);
    assertThat(docs).hasSize(1);
    assertThat(docs.get(0).after()).isEqualTo(Row.of(3L, "doc", BODY, SCAN, null, null));
  }
}
