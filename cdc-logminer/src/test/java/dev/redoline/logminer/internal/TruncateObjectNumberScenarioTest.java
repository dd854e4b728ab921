package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SchemaChanges.TruncateObject;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 16, item 7: a TRUNCATE row may carry DATA_OBJ# 0 or NULL; it names its table only by
 * SEG_OWNER/TABLE_NAME, and the truncate must still arrive, in its place among the changes.
 */
class TruncateObjectNumberScenarioTest {

  @TempDir Path spill;

  @ParameterizedTest
  @EnumSource(TruncateObject.class)
  void truncateRowWithDataObjZeroOrNull_isResolvedByOwnerAndTableName(TruncateObject shown)
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(7).build();
    oracle.createTable(ScenarioHarness.orders());
    oracle.schema().truncateObject(shown);
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> insert(o, 1L, "BEFORE"))
        .then(o -> o.schema().truncate(ORDERS))
        .then(o -> insert(o, 99L, "END"))
        .attach(oracle);
    try (ScenarioHarness h =
        new ScenarioHarness(oracle, spill).set("cdc.skipped.operations", "none")) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, BEFORE]",
              "TRUNCATE SHOP.ORDERS",
              "INSERT SHOP.ORDERS [99, END]");
    }
  }

  private static void insert(SimulatedOracle o, long id, String status) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }
}
