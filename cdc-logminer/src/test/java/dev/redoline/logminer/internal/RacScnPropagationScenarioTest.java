package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.commitOn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, item 3: on RAC each instance has its own CURRENT_SCN, and learns the others' SCNs
 * lazily. The capture's instance can therefore report a CURRENT_SCN below the SCN of redo another
 * instance already wrote (V$THREAD.LAST_REDO_CHANGE# of that thread).
 */
class RacScnPropagationScenarioTest {

  @TempDir Path spill;

  @Test
  void racScnPropagation_redoAnotherInstanceWroteAboveTheConnectedInstancesScnIsNotLost()
      throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(31)
            .threads(2)
            .scnPropagationDelay(Duration.ofSeconds(3))
            .build();
    oracle.createTable(ScenarioHarness.orders());
    oracle.advance(Duration.ofSeconds(4));
    Scn start = Scn.of(oracle.currentScn());
    List<long[]> seenAfterCommit = new ArrayList<>();
    new ScenarioScript()
        .then(
            o -> {
              commitOn(o, 2, 1, "ON2"); // instance 1 learns these SCNs only 3 s later
              seenAfterCommit.add(scns(o));
            })
        .then(o -> commitOn(o, 2, 2, "ON2"))
        .idle(50)
        .then(o -> commitOn(o, 1, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, ON2]",
              "INSERT SHOP.ORDERS [2, ON2]",
              "INSERT SHOP.ORDERS [99, END]");
      // The scenario really had thread 2's redo above instance 1's CURRENT_SCN.
      long[] seen = seenAfterCommit.get(0);
      assertThat(seen[1]).as("thread 2 LAST_REDO_CHANGE#").isGreaterThan(seen[0]);
    }
  }

  /** Instance 1's CURRENT_SCN and thread 2's LAST_REDO_CHANGE#, as the gateway reads them. */
  private static long[] scns(SimulatedOracle o) {
    try (LogMinerGateway db = SimulatorGateways.connect(o, 1)) {
      long current = db.database().currentScn().bits();
      long thread2 = db.threads().get(1).lastRedoScn().bits();
      return new long[] {current, thread2};
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
