package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Scn;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A first start at an explicit {@code cdc.start.scn} inside a log: the positions it makes never
 * move back. Before, the first one carried the configured SCN as its resume SCN and the next the
 * first SCN of the log holding it (lower), so a stored position went back.
 */
class ExplicitStartPositionsTest {

  @TempDir Path spill;

  @Test
  void aFirstStartAtAnExplicitScn_neverMovesTheResumeScnBack() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(97).build();
    oracle.createTable(CaptureEngineTest.orders());
    commit(oracle, 1L, "A");
    commit(oracle, 2L, "B");
    long start = oracle.currentScn();
    commit(oracle, 3L, "C");
    new ScenarioScript()
        .then(o -> commit(o, 4L, "D"))
        .then(o -> commit(o, 5L, "E"))
        .then(o -> commit(o, 6L, "F"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.start.scn", Long.toString(start))
          .set("cdc.heartbeat.interval.ms", "100")
          .open(null);
      h.awaitChange("INSERT SHOP.ORDERS [6, F]");
      List<Scn> resumeScns =
          h.events.stream()
              .map(StreamEvent::position)
              .map(p -> PositionState.of(p).resumeScn())
              .toList();
      assertThat(resumeScns).as("resume SCNs of the events in order").isSorted();
    }
  }

  private static void commit(SimulatedOracle oracle, long id, String status) {
    SimulatedTransaction tx = oracle.begin();
    tx.insert(CaptureEngineTest.ORDERS, id, status);
    tx.commit();
  }
}
