package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.TableId;
import dev.redoline.core.internal.PositionState;
import dev.redoline.core.internal.SnapshotProgress;
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
 * A consumer that acknowledged part of a table's first chunk and restarted holds some of its rows:
 * the restarted capture reads the table again from its start, but its streamed changes are no
 * longer left out before that chunk ({@link FirstChunks}), or a delete of a row the consumer holds
 * would never reach it (found by {@code SnapshotPropertyTest} seeds 245, 284, 354, 361 and 432).
 */
class SnapshotFirstChunkRestartTest {

  private static final TableId ORDERS = CaptureEngineTest.ORDERS;

  @TempDir Path spill;

  /**
   * The changes so far: streamed ones as {@link ScenarioHarness#describe} writes them, snapshot
   * rows with their mark.
   */
  static List<String> described(ScenarioHarness h) {
    List<String> out = new ArrayList<>();
    for (StreamEvent.ChangeEvent c : h.changeEvents()) {
      out.add(
          c.snapshot() == null
              ? ScenarioHarness.describe(c.change())
              : "READ " + c.change().after() + " " + c.snapshot().place());
    }
    return out;
  }

  @Test
  void aRestartInsideTheFirstChunk_stillDeliversTheDeleteOfARowTheConsumerHolds() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(91).build();
    oracle.createTable(CaptureEngineTest.orders());
    List<String> rowIds = new ArrayList<>();
    SimulatedTransaction seed = oracle.begin();
    for (long id = 1; id <= 3; id++) {
      rowIds.add(seed.insert(ORDERS, id, "S" + id));
    }
    seed.commit();
    Position insideTheFirstChunk;
    AtomicInteger chunkReads = new AtomicInteger();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("first"))) {
      h.rewriteSql(
          sql -> {
            boolean chunkRead =
                sql.contains(" AS OF SCN ")
                    && sql.contains("FETCH FIRST")
                    && sql.contains("\"ORDERS\"");
            if (chunkRead && chunkReads.incrementAndGet() == 1) {
              // committed after the first chunk's SCN, taken already: the chunk still holds row 1
              SimulatedTransaction tx = oracle.begin();
              tx.delete(ORDERS, rowIds.get(0));
              tx.commit();
            }
            return sql;
          });
      h.set("cdc.snapshot.chunk.rows", "3").open(null);
      h.awaitEvents(events -> h.changeEvents().size() >= 4);
      assertThat(described(h))
          .containsExactly(
              "READ [1, S1] FIRST",
              "READ [2, S2] MIDDLE",
              "READ [3, S3] LAST",
              "DELETE SHOP.ORDERS [1, S1]");
      // the consumer handled row 1 only, then stopped
      insideTheFirstChunk = h.changeEvents().get(0).position();
      assertThat(PositionState.of(insideTheFirstChunk).snapshot().tables().get(ORDERS))
          .isEqualTo(SnapshotProgress.TableProgress.after(List.of()));
      // as an offset store keeps it
      insideTheFirstChunk = Position.fromMap(insideTheFirstChunk.toMap());
    }
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("restarted"))) {
      h.set("cdc.snapshot.chunk.rows", "3").open(insideTheFirstChunk);
      h.awaitEvents(events -> h.changeEvents().size() >= 3);
      assertThat(described(h))
          .containsExactly("DELETE SHOP.ORDERS [1, S1]", "READ [2, S2] FIRST", "READ [3, S3] LAST");
      assertThat(h.ops)
          .anyMatch(
              e ->
                  e.message()
                      .equals(
                          "snapshot of "
                              + ORDERS
                              + " starts again from its first "
                              + "row: its first chunk was being delivered"));
    }
  }
}
