package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Commit;
import dev.redoline.core.TableId;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transaction committed while the initial snapshot runs, touching a table whose first chunk is
 * still to come, arrives without that table's changes (the chunk holds their effect): its
 * transaction fields count only what is delivered, so its last delivered change is its last, and it
 * says it is partial.
 */
class PartialTransactionTest {

  private static final TableId ORDERS = CaptureEngineTest.ORDERS;
  private static final TableId ACCOUNTS = SnapshotStoredBeforeFirstChunkTest.ACCOUNTS;

  @TempDir Path spill;

  @Test
  void aTransactionCommittedBeforeATablesFirstChunk_countsOnlyTheChangesDelivered()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(93).build();
    oracle.createTable(CaptureEngineTest.orders());
    oracle.createTable(SnapshotStoredBeforeFirstChunkTest.accounts());
    SimulatedTransaction seed = oracle.begin();
    seed.insert(ORDERS, 1L, "O1");
    seed.insert(ACCOUNTS, 1L, "I1");
    seed.commit();
    AtomicInteger chunkReads = new AtomicInteger();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.rewriteSql(
          sql -> {
            boolean chunkRead = sql.contains(" AS OF SCN ") && sql.contains("FETCH FIRST");
            if (chunkRead && chunkReads.incrementAndGet() == 1) {
              // after the first table's first chunk, before the other's: one of its two inserts is
              // left out
              SimulatedTransaction tx = oracle.begin();
              tx.insert(ORDERS, 2L, "O2");
              tx.insert(ACCOUNTS, 2L, "I2");
              tx.commit();
            }
            return sql;
          });
      h.set("cdc.snapshot.chunk.rows", "10").open(null);
      h.awaitEvents(
          events ->
              h.changeEvents().stream().filter(c -> c.snapshot() == null).count() >= 1
                  && h.changeEvents().stream().filter(c -> c.snapshot() != null).count() >= 3);
      List<ChangeEvent> streamed =
          h.changeEvents().stream().filter(c -> c.snapshot() == null).toList();
      assertThat(streamed).hasSize(1);
      ChangeEvent only = streamed.get(0);
      assertThat(only.commit().size()).as("tx_size: the changes delivered").isEqualTo(1);
      assertThat(only.index()).as("txSeq - 1").isZero();
      assertThat(only.last()).as("the last delivered change ends the transaction").isTrue();
      assertThat(only.tableCounts()).containsExactly(Map.entry(only.change().table(), 1L));
      assertThat(only.commit().partial()).isEqualTo(Commit.Partial.SNAPSHOT);
    }
  }
}
