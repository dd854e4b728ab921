package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Commit;
import dev.redoline.core.TableId;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Logs switched back to back, with nothing written between the switches, span a single SCN each. A
 * capture whose window starts in such a log must still move past it.
 */
class BackToBackLogSwitchScenarioTest {

  private static final TableId ORDERS = CaptureEngineTest.ORDERS;

  @TempDir Path spill;

  @Test
  void logsOfOneScnSwitchedBackToBack_areMinedPast_andTheNextCommitIsDelivered() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(97).groupsPerThread(4).build();
    oracle.createTable(CaptureEngineTest.orders());
    SimulatedTransaction first = oracle.begin();
    first.insert(ORDERS, 1L, "BEFORE");
    first.commit();
    for (int i = 0; i < 3; i++) {
      oracle.switchLogfile(1);
    }
    SimulatedTransaction after = oracle.begin();
    after.insert(ORDERS, 2L, "AFTER");
    new ScenarioScript().then(o -> after.commit()).attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.snapshot.mode", "no_data").open(null);
      h.awaitChange("INSERT SHOP.ORDERS [2, AFTER]");
      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [2, AFTER]");
    }
  }

  @Test
  void aTransactionOpenAcrossBackToBackSwitches_beyondTheOnlineLogs_arrivesPartial()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(98).groupsPerThread(2).build();
    oracle.createTable(CaptureEngineTest.orders());
    SimulatedTransaction open = oracle.begin();
    open.insert(ORDERS, 1L, "EARLY");
    for (int i = 0; i < 3; i++) {
      oracle.switchLogfile(1);
    }
    open.insert(ORDERS, 2L, "LATE");
    new ScenarioScript().then(o -> open.commit()).attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.snapshot.mode", "no_data").open(null);
      h.awaitChange("INSERT SHOP.ORDERS [2, LATE]");
      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [2, LATE]");
      assertThat(h.changeEvents().get(0).commit().partial())
          .as("begun before the oldest online log: its first change is not captured")
          .isEqualTo(Commit.Partial.FIRST_START);
    }
  }
}
