package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SchemaChanges.AutomaticPartitionDdl;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review 2, item b1: the mining query asked only for the object ids the catalog had resolved, and
 * hid DDL rows of excluded users, so the rows of an object created by an excluded user's DDL, or by
 * recursive DDL that LogMiner shows with no row naming the table, were filtered out inside the
 * database and never seen.
 */
class NewObjectsFilterScenarioTest {

  @TempDir Path spill;

  private static void insert(SimulatedOracle o, String user, long id, String status) {
    SimulatedTransaction tx = o.newTransaction().user(user).begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }

  @Test
  void b1_partitionDdlByAnExcludedUser_rowsOfTheNewPartitionsAreCaptured() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(3).build();
    oracle.schema().createPartitioned(ScenarioHarness.orders(), List.of("P1", "P2"));
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> insert(o, "APP", 1, "OLD"))
        .then(o -> o.schema().issuedBy("BATCH").splitPartition(ORDERS, "P1", "P1A", "P1B"))
        .then(
            o -> {
              o.schema().issuedBy(null);
              for (long id = 2; id <= 5; id++) { // round robin over P1A, P1B, P2
                insert(o, "APP", id, "NEW");
              }
              insert(o, "APP", 99, "END");
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.users.exclude", "BATCH").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, OLD]",
              "INSERT SHOP.ORDERS [2, NEW]",
              "INSERT SHOP.ORDERS [3, NEW]",
              "INSERT SHOP.ORDERS [4, NEW]",
              "INSERT SHOP.ORDERS [5, NEW]",
              "INSERT SHOP.ORDERS [99, END]");
    }
  }

  @Test
  void b1_anAlterByAnExcludedUser_laterRowsDecodeWithTheNewColumn() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(4).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> insert(o, "APP", 1, "OLD"))
        .then(
            o ->
                o.schema()
                    .issuedBy("BATCH")
                    .addColumn(ORDERS, "NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 20)))
        .then(
            o -> {
              SimulatedTransaction tx = o.newTransaction().user("APP").begin();
              tx.insert(ORDERS, 2L, "NEW", "noted");
              tx.commit();
              SimulatedTransaction end = o.newTransaction().user("APP").begin();
              end.insert(ORDERS, 99L, "END", null);
              end.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.users.exclude", "BATCH").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END, null]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, OLD]",
              "INSERT SHOP.ORDERS [2, NEW, noted]",
              "INSERT SHOP.ORDERS [99, END, null]");
    }
  }

  @Test
  void b1_aTruncateByAnExcludedUser_isNotDelivered() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(5).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> insert(o, "APP", 1, "OLD"))
        .then(o -> o.schema().issuedBy("BATCH").truncate(ORDERS))
        .then(
            o -> {
              o.schema().issuedBy(null).truncate(ORDERS);
              insert(o, "APP", 99, "END");
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.users.exclude", "BATCH")
          .set("cdc.skipped.operations", "none")
          .open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, OLD]",
              "TRUNCATE SHOP.ORDERS",
              "INSERT SHOP.ORDERS [99, END]");
    }
  }

  @Test
  void b1_automaticPartitionsWithNoDdlRow_areCapturedFromTheirFirstRow() throws Exception {
    automaticPartitions(AutomaticPartitionDdl.NONE, "BATCH");
  }

  @Test
  void b1_automaticPartitionsCreatedBySysWhenSysIsExcluded_areCapturedFromTheirFirstRow()
      throws Exception {
    automaticPartitions(AutomaticPartitionDdl.SYS, "SYS");
  }

  @Test
  void b1_automaticPartitionsWithTheOwnersInternalDdlRow_areCapturedFromTheirFirstRow()
      throws Exception {
    automaticPartitions(AutomaticPartitionDdl.OWNER, "SHOP");
  }

  private void automaticPartitions(AutomaticPartitionDdl form, String excluded) throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(6).build();
    oracle
        .schema()
        .automaticPartitionDdl(form)
        .createIntervalPartitioned(ScenarioHarness.orders(), "P0");
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] open = new SimulatedTransaction[1];
    new ScenarioScript()
        .then(o -> insert(o, "APP", 1, "OLD"))
        .then(
            o -> {
              open[0] = o.newTransaction().user("APP").begin();
              open[0].insertIntoNewPartition(ORDERS, 2L, "NEW");
            })
        .then(
            o -> {
              open[0].insertIntoNewPartition(ORDERS, 3L, "NEWER");
              open[0].commit();
              insert(o, "APP", 99, "END");
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.users.exclude", excluded).open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, OLD]",
              "INSERT SHOP.ORDERS [2, NEW]",
              "INSERT SHOP.ORDERS [3, NEWER]",
              "INSERT SHOP.ORDERS [99, END]");
    }
  }
}
