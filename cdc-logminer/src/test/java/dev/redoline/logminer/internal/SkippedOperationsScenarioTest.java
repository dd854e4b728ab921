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
 * {@code cdc.skipped.operations}: skipped changes never arrive, and the undo rows that reverse them
 * touch nothing.
 */
class SkippedOperationsScenarioTest {

  @TempDir Path spill;

  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(15).build();
  private Scn start;

  private ScenarioHarness harness(String skipped, ScenarioScript script) {
    oracle.createTable(ScenarioHarness.orders());
    start = Scn.of(oracle.currentScn());
    script.attach(oracle);
    ScenarioHarness h = new ScenarioHarness(oracle, spill);
    if (skipped != null) {
      h.set("cdc.skipped.operations", skipped);
    }
    return h;
  }

  @Test
  void byDefault_truncatesAreSkippedAsInDebezium() throws Exception {
    ScenarioScript script =
        new ScenarioScript()
            .then(o -> insert(o, 1L, "BEFORE"))
            .then(o -> o.schema().truncate(ORDERS))
            .then(o -> insert(o, 99L, "END"));
    try (ScenarioHarness h = harness(null, script)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");
      assertThat(h.changes())
          .containsExactly("INSERT SHOP.ORDERS [1, BEFORE]", "INSERT SHOP.ORDERS [99, END]");
    }
  }

  @Test
  void skippedDeletes_andTheUndoOfASkippedDeleteLeavesTheKeptInsert() throws Exception {
    ScenarioScript script =
        new ScenarioScript()
            .then(
                o -> {
                  SimulatedTransaction tx = o.begin();
                  String row = tx.insert(ORDERS, 2L, "KEPT");
                  tx.savepoint("s");
                  tx.delete(
                      ORDERS,
                      row); // skipped; its undo (an INSERT with ROLLBACK=1) must not remove the
                  // insert
                  tx.rollbackToSavepoint("s");
                  tx.commit();
                })
            .then(
                o -> {
                  SimulatedTransaction tx = o.begin();
                  String row = tx.insert(ORDERS, 3L, "GONE");
                  tx.commit();
                  SimulatedTransaction del = o.begin();
                  del.delete(
                      ORDERS, row); // a transaction of skipped changes only: nothing delivered
                  del.commit();
                })
            .then(o -> insert(o, 99L, "END"));
    try (ScenarioHarness h = harness("d", script)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");
      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [2, KEPT]",
              "INSERT SHOP.ORDERS [3, GONE]",
              "INSERT SHOP.ORDERS [99, END]");
    }
  }

  @Test
  void skippedInsertsAndUpdates_leaveTheDeletesAndTruncates() throws Exception {
    ScenarioScript script =
        new ScenarioScript()
            .then(
                o -> {
                  SimulatedTransaction tx = o.begin();
                  String row = tx.insert(ORDERS, 1L, "NEW");
                  tx.update(ORDERS, row, Map.of("STATUS", "PAID"));
                  tx.savepoint("s");
                  tx.update(ORDERS, row, Map.of("STATUS", "UNDONE"));
                  tx.rollbackToSavepoint("s");
                  tx.delete(ORDERS, row);
                  tx.commit();
                })
            .then(o -> o.schema().truncate(ORDERS));
    try (ScenarioHarness h = harness("c,u", script)) {
      h.open(Position.start(start));
      h.awaitChange("TRUNCATE SHOP.ORDERS");
      assertThat(h.changes())
          .containsExactly("DELETE SHOP.ORDERS [1, PAID]", "TRUNCATE SHOP.ORDERS");
    }
  }

  private static void insert(SimulatedOracle o, long id, String status) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }
}
