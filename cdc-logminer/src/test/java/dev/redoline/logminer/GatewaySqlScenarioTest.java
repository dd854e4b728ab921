package dev.redoline.logminer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's SQL really runs: the simulator evaluates the statement the gateway sends and
 * nothing else, so changing one predicate of the mining query changes what the engine receives.
 */
class GatewaySqlScenarioTest {

  @TempDir
  Path spill;

  private static SimulatedOracle appAndBatch() {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(61).build();
    oracle.createTable(ScenarioHarness.orders());
    return oracle;
  }

  private static void script(SimulatedOracle oracle) {
    new ScenarioScript()
        .then(o -> {
          SimulatedTransaction batch = o.newTransaction().user("BATCH").begin();
          batch.insert(ScenarioHarness.ORDERS, 10L, "BATCH");
          batch.commit();
          SimulatedTransaction app = o.newTransaction().user("APP").begin();
          app.insert(ScenarioHarness.ORDERS, 1L, "APP");
          app.commit();
        })
        .then(o -> {
          SimulatedTransaction end = o.newTransaction().user("APP").begin();
          end.insert(ScenarioHarness.ORDERS, 99L, "END");
          end.commit();
          SimulatedTransaction last = o.newTransaction().user("BATCH").begin();
          last.insert(ScenarioHarness.ORDERS, 98L, "BATCH");
          last.commit();
        })
        .attach(oracle);
  }

  @Test
  void theUserPredicateAsSent_keepsTheExcludedUsersRowsOut() throws Exception {
    SimulatedOracle oracle = appAndBatch();
    Scn start = Scn.of(oracle.currentScn());
    script(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.users.exclude", "BATCH").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");
      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [1, APP]", "INSERT SHOP.ORDERS [99, END]");
    }
  }

  @Test
  void theUserPredicateTurnedAround_deliversOnlyTheExcludedUsersRows() throws Exception {
    SimulatedOracle oracle = appAndBatch();
    Scn start = Scn.of(oracle.currentScn());
    script(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.users.exclude", "BATCH")
          .rewriteSql(sql -> sql.replace("USERNAME NOT IN (", "USERNAME IN ("))
          .open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [98, BATCH]");
      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [10, BATCH]", "INSERT SHOP.ORDERS [98, BATCH]");
    }
  }
}
