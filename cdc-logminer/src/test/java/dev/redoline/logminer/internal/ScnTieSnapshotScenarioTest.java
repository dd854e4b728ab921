package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Operation;
import dev.redoline.core.TableId;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SCN ties around a snapshot chunk. Oracle moves the SCN at commits, not per change, so a change
 * made after a chunk was read {@code AS OF SCN d} can carry SCN {@code d} itself, and so can the
 * START of its transaction; the chunk cannot hold it (it was not committed at {@code d}), so the
 * stream must deliver it after the chunk. Every change here takes the current SCN ({@code
 * scnTiePercent(100)}), and the transaction begins after the first chunk was read: its rows land at
 * the chunk's SCN (and, in the second case, one SCN above it).
 */
class ScnTieSnapshotScenarioTest {

  private static final TableId ORDERS = CaptureEngineTest.ORDERS;

  @TempDir Path spill;

  @Test
  void scnTie_changeAtTheChunksScn_committedAfterTheChunk_isDeliveredAfterIt() throws Exception {
    List<StreamEvent.ChangeEvent> changes = run(false);

    StreamEvent.ChangeEvent read = changes.get(0);
    StreamEvent.ChangeEvent update = changes.get(3);
    assertThat(update.change().scn()).isEqualTo(read.change().scn()); // the tie really happened
  }

  @Test
  void scnTie_changeOneScnAboveTheChunksScn_committedAfterTheChunk_isDeliveredAfterIt()
      throws Exception {
    List<StreamEvent.ChangeEvent> changes = run(true);

    StreamEvent.ChangeEvent read = changes.get(0);
    StreamEvent.ChangeEvent update = changes.get(3);
    assertThat(update.change().scn()).isEqualTo(read.change().scn().plus(1));
  }

  /**
   * The first start without a snapshot begins at the current SCN; a transaction begun right after
   * it has its START and change at that very SCN (a tie with the start), stays open across many
   * steps and LogMiner session restarts (each step's session starts at the floor, at most its START
   * SCN, the lowest open one), and commits later: delivered whole.
   */
  @Test
  void scnTie_transactionBegunAtTheFirstStartsScn_openAcrossSessionRestarts_isDelivered()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(14).scnTiePercent(100).build();
    oracle.createTable(CaptureEngineTest.orders());
    SimulatedTransaction[] open = new SimulatedTransaction[1];
    new ScenarioScript()
        .then(
            o -> {
              open[0] = o.begin();
              open[0].insert(ORDERS, 1L, "A");
            })
        .idle(40) // several session restarts while it is open
        .then(o -> open[0].insert(ORDERS, 2L, "B"))
        .idle(20)
        .then(o -> open[0].commit())
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.snapshot.mode", "no_data").set("cdc.mining.session.max.age.ms", "1000");
      h.open(null);
      h.awaitEvents(ScenarioHarness.changeCount(2));

      assertThat(h.changeEvents())
          .extracting(c -> c.change().operation() + " " + c.change().after().get(0))
          .containsExactly("INSERT 1", "INSERT 2");
      assertThat(h.ops).anyMatch(e -> e.message().contains("session restarted"));
    }
  }

  /**
   * Three rows, a first start with a snapshot; once its chunk is delivered, row 1 is updated (after
   * a commit of another table when {@code oneAbove}, which moves the SCN by one) and committed.
   */
  private List<StreamEvent.ChangeEvent> run(boolean oneAbove) throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(13).scnTiePercent(100).build();
    oracle.createTable(CaptureEngineTest.orders());
    TableId other =
        oracle.createTable(
            dev.redoline.core.TableLayout.builder(TableId.of("OTHER", "T"), 1)
                .column("ID", dev.redoline.core.OracleType.number(10, 0), false)
                .primaryKey("ID")
                .build());
    SimulatedTransaction seed = oracle.begin();
    String one = seed.insert(ORDERS, 1L, "OLD");
    seed.insert(ORDERS, 2L, "OLD");
    seed.insert(ORDERS, 3L, "OLD");
    seed.commit();
    AtomicBoolean chunkSeen = new AtomicBoolean();
    new ScenarioScript()
        .awaitCondition(chunkSeen::get)
        .then(
            o -> {
              if (oneAbove) {
                SimulatedTransaction elsewhere = o.begin();
                elsewhere.insert(other, 1L);
                elsewhere.commit();
              }
              SimulatedTransaction tx = o.begin();
              tx.update(ORDERS, one, Map.of("STATUS", "NEW"));
              tx.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(null);
      h.awaitEvents(ScenarioHarness.changeCount(3));
      chunkSeen.set(true);
      h.awaitEvents(ScenarioHarness.changeCount(4));
      List<StreamEvent.ChangeEvent> changes = h.changeEvents();
      assertThat(changes)
          .extracting(c -> c.change().operation() + " " + c.change().after().get(1))
          .containsExactly("READ OLD", "READ OLD", "READ OLD", "UPDATE NEW");
      assertThat(changes.get(3).change().operation()).isEqualTo(Operation.UPDATE);
      return changes;
    }
  }
}
