package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.simulator.LogMinerPace;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture that mines slower than the database wrote its redo: LogMiner paced at a change every
 * hundred seconds of the simulator's clock, over archived logs whose commits are ten seconds apart,
 * one log a step. The time behind grows with every step, and once it has grown for longer than
 * {@code cdc.backlog.growth.warn.ms} one BACKLOG_GROWING ops event says so, not one per step.
 */
class BacklogGrowthScenarioTest {

  @TempDir Path spill;

  @Test
  void aBacklogGrowingPastThePeriod_isWarnedOnce() throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(7)
            .logMinerPace(new LogMinerPace(0.01, 1e9, Duration.ZERO, Duration.ZERO, 4))
            .build();
    oracle.createTable(CaptureEngineTest.orders());
    Scn start = Scn.of(oracle.currentScn());
    int transactions = 12;
    for (int i = 0; i < transactions; i++) {
      SimulatedTransaction tx = oracle.begin();
      tx.insert(CaptureEngineTest.ORDERS, (long) i, "NEW");
      tx.commit();
      oracle.switchAllLogfiles();
      oracle.advance(Duration.ofSeconds(10));
    }
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.mining.max.logs.per.step", "1").set("cdc.backlog.growth.warn.ms", "600000");
      h.open(Position.start(start));
      h.awaitEvents(ScenarioHarness.changeCount(transactions));
      List<OpsEvent> growing =
          h.ops.stream().filter(e -> e.type() == OpsEvent.Type.BACKLOG_GROWING).toList();
      assertThat(growing).as("ops %s", h.ops).hasSize(1);
      assertThat(growing.get(0).message())
          .startsWith("the backlog has grown for ")
          .contains("cdc.backlog.growth.warn.ms 600000", "time behind");
    }
  }
}
