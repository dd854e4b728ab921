package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A consumer whose stored position lags what it handled (grouped offset writes) may hold rows of a
 * table's first chunk while its stored position says the table's snapshot has not begun. The
 * restart reads that table's first chunk again, at a later SCN, under the rule that leaves out the
 * table's streamed changes the chunk holds the effect of: a delete committed between the two first
 * chunks must still reach the consumer, which holds the row from the first run.
 */
class SnapshotStoredBeforeFirstChunkTest {

  private static final TableId ORDERS = CaptureEngineTest.ORDERS;
  static final TableId ACCOUNTS = TableId.of("SHOP", "ACCOUNTS");

  @TempDir Path spill;

  static TableLayout accounts() {
    return TableLayout.builder(ACCOUNTS, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 10), true)
        .primaryKey("ID")
        .build();
  }

  @Test
  void aRestartFromAPositionStoredBeforeATablesFirstChunk_deliversTheDeleteOfARowTheConsumerHolds()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(122).build();
    oracle.createTable(CaptureEngineTest.orders());
    oracle.createTable(accounts());
    List<String> orderRows = new ArrayList<>();
    SimulatedTransaction seed = oracle.begin();
    for (long id = 1; id <= 3; id++) {
      orderRows.add(seed.insert(ORDERS, id, "S" + id));
      seed.insert(ACCOUNTS, id, "A" + id);
    }
    seed.commit();
    Position stored = null;
    AtomicInteger orderReads = new AtomicInteger();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("first"))) {
      h.rewriteSql(
          sql -> {
            boolean chunkRead =
                sql.contains(" AS OF SCN ")
                    && sql.contains("FETCH FIRST")
                    && sql.contains("\"ORDERS\"");
            if (chunkRead && orderReads.incrementAndGet() == 1) {
              // committed after the first chunk's SCN, taken already: the chunk still holds row 1
              SimulatedTransaction tx = oracle.begin();
              tx.delete(ORDERS, orderRows.get(0));
              tx.commit();
            }
            return sql;
          });
      h.set("cdc.snapshot.chunk.rows", "10").open(null);
      h.awaitEvents(events -> h.changes().contains("DELETE SHOP.ORDERS [1, S1]"));
      // the last position stored before the orders' first chunk reached the consumer
      for (StreamEvent.ChangeEvent c : h.changeEvents()) {
        if (c.change().table().equals(ORDERS)) {
          break;
        }
        stored = c.position();
      }
      assertThat(stored)
          .as(
              "an event before the orders' first chunk; events %s",
              SnapshotFirstChunkRestartTest.described(h))
          .isNotNull();
      assertThat(PositionState.of(stored).snapshot().tables()).doesNotContainKey(ORDERS);
      stored = Position.fromMap(stored.toMap());
    }
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("restarted"))) {
      h.set("cdc.snapshot.chunk.rows", "10").open(stored);
      h.awaitEvents(
          events ->
              SnapshotFirstChunkRestartTest.described(h).stream()
                  .anyMatch(e -> e.startsWith("READ [3, S3]")));
      // the consumer holds [1, S1] from the first run: its delete comes again
      assertThat(h.changes()).contains("DELETE SHOP.ORDERS [1, S1]");
      assertThat(SnapshotFirstChunkRestartTest.described(h))
          .filteredOn(e -> e.startsWith("READ [") && e.contains("S"))
          .containsSubsequence("READ [2, S2] FIRST", "READ [3, S3] LAST");
    }
  }
}
