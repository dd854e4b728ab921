package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, item 6: interval and automatic list partitioning create partitions without user DDL,
 * each with a new DATA_OBJ#, by recursive DDL whose row has INFO 'INTERNAL DDL'. The rows of a new
 * partition must be captured from the first.
 */
class AutomaticPartitionScenarioTest {

  @TempDir Path spill;

  @Test
  void partitionsCreatedWithoutUserDdl_areCapturedFromTheirFirstRow() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(6).build();
    oracle.schema().createIntervalPartitioned(ScenarioHarness.orders(), "P0");
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] open = new SimulatedTransaction[1];
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 1L, "OLD");
              tx.commit();
            })
        .then(
            o -> {
              // A transaction open across the partition's creation, its first row in the new
              // partition.
              open[0] = o.begin();
              String row = open[0].insertIntoNewPartition(ORDERS, 2L, "NEW");
              open[0].update(ORDERS, row, Map.of("STATUS", "NEW2"));
            })
        .then(
            o -> {
              open[0].insertIntoNewPartition(ORDERS, 3L, "NEWER"); // in the same step as its commit
              open[0].commit();
              SimulatedTransaction end = o.begin();
              end.insert(ORDERS, 99L, "END");
              end.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, OLD]",
              "INSERT SHOP.ORDERS [2, NEW]",
              "UPDATE SHOP.ORDERS [2, NEW] -> [2, NEW2]",
              "INSERT SHOP.ORDERS [3, NEWER]",
              "INSERT SHOP.ORDERS [99, END]");
    }
  }
}
