package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.TableId;
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
 * The mark {@code last} reaches every table that has a snapshot row: a row count that is a multiple
 * of the chunk size, and rows deleted between the read that saw them (as its look-ahead row) and
 * the next read, within one step or across steps. An empty table gets no record at all, as with
 * Debezium; the ops event says its snapshot is complete.
 */
class SnapshotLastMarkTest {

  private static final TableId ORDERS = CaptureEngineTest.ORDERS;

  @TempDir Path spill;

  /** ORDERS with rows 1..n; their ROWIDs. */
  private static List<String> seeded(SimulatedOracle oracle, int n) {
    oracle.createTable(CaptureEngineTest.orders());
    List<String> rowIds = new ArrayList<>();
    SimulatedTransaction tx = oracle.begin();
    for (long id = 1; id <= n; id++) {
      rowIds.add(tx.insert(ORDERS, id, "S" + id));
    }
    tx.commit();
    return rowIds;
  }

  private static List<String> marks(ScenarioHarness h) {
    return h.changeEvents().stream()
        .map(StreamEvent.ChangeEvent::snapshot)
        .map(m -> m == null ? "stream" : m.place().name())
        .toList();
  }

  private static boolean complete(ScenarioHarness h) {
    return h.ops.stream()
        .anyMatch(e -> e.message().endsWith("snapshot of " + ORDERS + " complete"));
  }

  @Test
  void aRowCountThatIsAMultipleOfTheChunkSize_endsWithLast() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(81).build();
    seeded(oracle, 6);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.snapshot.chunk.rows", "3").open(null);
      h.awaitEvents(events -> complete(h) && h.changeEvents().size() >= 6);
      assertThat(marks(h)).containsExactly("FIRST", "MIDDLE", "MIDDLE", "MIDDLE", "MIDDLE", "LAST");
    }
  }

  @Test
  void anEmptyTable_getsNoRecord_andItsSnapshotCompletes() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(82).build();
    seeded(oracle, 0);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(null);
      h.awaitEvents(events -> complete(h));
      assertThat(h.changeEvents()).isEmpty();
    }
  }

  /**
   * Rows 1..n, chunks of one row; as chunk {@code at} is read (its look-ahead row is {@code at +
   * 1}), every row after {@code at} is deleted: the next read is empty, so chunk {@code at} ends
   * the table.
   */
  private List<String> deletedAfterRead(long seed, int n, int at) throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(seed).build();
    List<String> rowIds = seeded(oracle, n);
    AtomicInteger chunkReads = new AtomicInteger();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("d" + at))) {
      h.rewriteSql(
          sql -> {
            boolean chunkRead =
                sql.contains(" AS OF SCN ")
                    && sql.contains("FETCH FIRST")
                    && sql.contains("\"ORDERS\"");
            if (chunkRead && chunkReads.incrementAndGet() == at) {
              // committed after this read's SCN, which was taken already: this read still sees the
              // rows
              SimulatedTransaction tx = oracle.begin();
              for (int i = at; i < n; i++) {
                tx.delete(ORDERS, rowIds.get(i));
              }
              tx.commit();
            }
            return sql;
          });
      h.set("cdc.snapshot.chunk.rows", "1").open(null);
      h.awaitEvents(events -> complete(h) && h.changeEvents().size() >= at + (n - at));
      return marks(h);
    }
  }

  @Test
  void rowsDeletedBetweenTwoReadsOfOneStep_theChunkBeforeIsTheLast() throws Exception {
    // chunk 2 is read in the same step as chunk 1: four chunks a step
    assertThat(deletedAfterRead(83, 5, 2))
        .containsExactly("FIRST", "LAST", "stream", "stream", "stream");
  }

  @Test
  void rowsDeletedBetweenTwoSteps_theChunkHeldAcrossTheStepIsTheLast() throws Exception {
    // chunk 4 is the last read of its step; chunk 5 is read at the next one
    assertThat(deletedAfterRead(84, 6, 4))
        .containsExactly("FIRST", "MIDDLE", "MIDDLE", "LAST", "stream", "stream");
  }

  /**
   * Rows 1..5 in chunks of two; a first capture delivers them all, and the second starts from the
   * position of row 2, the end of the first chunk (its consumer handled no more). Before it reads,
   * rows {@code deletedFrom}..5 are deleted: the chunk after row 2 is empty, and the chunk that
   * would have carried {@code last} was delivered by the first capture.
   *
   * @param events how many change events the restarted capture is awaited for
   * @return the restarted capture's changes: each as its mark and its description
   */
  private List<String> restartedAfterTheFirstChunk(long seed, int deletedFrom, int events)
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(seed).build();
    List<String> rowIds = seeded(oracle, 5);
    dev.redoline.core.Position afterFirstChunk;
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("first"))) {
      h.set("cdc.snapshot.chunk.rows", "2").open(null);
      h.awaitEvents(done -> complete(h) && h.changeEvents().size() >= 5);
      assertThat(marks(h)).containsExactly("FIRST", "MIDDLE", "MIDDLE", "MIDDLE", "LAST");
      afterFirstChunk = h.changeEvents().get(1).position();
      assertThat(PositionState.of(afterFirstChunk).snapshot().tables().get(ORDERS).lastKey())
          .map(String::valueOf)
          .containsExactly("2");
    }
    SimulatedTransaction tx = oracle.begin();
    for (int i = deletedFrom; i <= 5; i++) {
      tx.delete(ORDERS, rowIds.get(i - 1));
    }
    tx.commit();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("restarted"))) {
      h.set("cdc.snapshot.chunk.rows", "2").open(afterFirstChunk);
      h.awaitEvents(done -> complete(h) && h.changeEvents().size() >= events);
      List<String> out = new ArrayList<>();
      for (StreamEvent.ChangeEvent c : h.changeEvents()) {
        out.add(
            c.snapshot() == null
                ? "stream " + ScenarioHarness.describe(c.change())
                : c.snapshot().place() + " " + c.change().after());
      }
      return out;
    }
  }

  @Test
  void aRestartAfterADeliveredChunkWhoseLaterRowsAreGone_deliversTheLastRowAgainWithLast()
      throws Exception {
    assertThat(restartedAfterTheFirstChunk(85, 3, 4))
        .containsExactly(
            "stream DELETE SHOP.ORDERS [3, S3]",
            "stream DELETE SHOP.ORDERS [4, S4]",
            "stream DELETE SHOP.ORDERS [5, S5]",
            "LAST [2, S2]");
  }

  @Test
  void aRestartAfterADeliveredChunkWhoseLastRowIsGoneToo_deliversTheLastRemainingRowWithLast()
      throws Exception {
    assertThat(restartedAfterTheFirstChunk(86, 2, 5))
        .containsExactly(
            "stream DELETE SHOP.ORDERS [2, S2]",
            "stream DELETE SHOP.ORDERS [3, S3]",
            "stream DELETE SHOP.ORDERS [4, S4]",
            "stream DELETE SHOP.ORDERS [5, S5]",
            "LAST [1, S1]");
  }

  @Test
  void aRestartAfterADeliveredChunkWhenNoRowIsLeft_endsAsAnEmptyTableDoes() throws Exception {
    assertThat(restartedAfterTheFirstChunk(87, 1, 5))
        .containsExactly(
            "stream DELETE SHOP.ORDERS [1, S1]",
            "stream DELETE SHOP.ORDERS [2, S2]",
            "stream DELETE SHOP.ORDERS [3, S3]",
            "stream DELETE SHOP.ORDERS [4, S4]",
            "stream DELETE SHOP.ORDERS [5, S5]");
  }
}
