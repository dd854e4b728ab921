package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What is captured: excluded users, and the PDBs of a container database. */
class CaptureFilterScenarioTest {

  @TempDir Path spill;

  @Test
  void usersExcluded_theirChangesNeverArriveAndTheirTransactionEndsConfuseNothing()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(41).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] open = new SimulatedTransaction[2];
    new ScenarioScript()
        .then(
            o -> {
              open[0] = o.newTransaction().user("BATCH").begin();
              open[1] = o.newTransaction().user("APP").begin();
              String batchRow = open[0].insert(ORDERS, 10L, "BATCH");
              open[1].insert(ORDERS, 1L, "APP");
              open[0].update(ORDERS, batchRow, Map.of("STATUS", "BATCH2"));
            })
        .then(
            o -> {
              open[0].commit(); // BATCH's COMMIT comes between APP's changes
              open[1].insert(ORDERS, 2L, "APP");
              SimulatedTransaction undone = o.newTransaction().user("BATCH").begin();
              undone.insert(ORDERS, 11L, "BATCH");
              undone.savepoint("s");
              undone.insert(ORDERS, 12L, "BATCH");
              undone.rollbackToSavepoint("s");
              undone.rollback();
            })
        .then(
            o -> {
              open[1].commit();
              SimulatedTransaction batch = o.newTransaction().user("BATCH").begin();
              batch.insert(ORDERS, 13L, "BATCH");
              batch.commit();
              SimulatedTransaction end = o.newTransaction().user("APP").begin();
              end.insert(ORDERS, 99L, "END");
              end.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.users.exclude", "BATCH").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, APP]",
              "INSERT SHOP.ORDERS [2, APP]",
              "INSERT SHOP.ORDERS [99, END]");
      assertThat(h.changeEvents()).extracting(c -> c.commit().user()).containsOnly("APP");
      assertThat(h.changeEvents().get(0).commit().size()).isEqualTo(2);
      assertThat(h.stream.metrics().buffer().openTransactions()).isZero();
      assertThat(h.calls("query(")).allSatisfy(q -> assertThat(q).contains("BATCH"));
    }
  }

  @Test
  void pdbClosedThenReopened_nothingIsLost() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(42).pdbs("SALES", "HR").build();
    TableId sales =
        oracle.createTable(
            TableLayout.builder(new TableId("SALES", "SHOP", "ORDERS"), 1)
                .column("ID", OracleType.number(10, 0), false)
                .column("STATUS", OracleType.sized(OracleType.Kind.VARCHAR2, 10), true)
                .primaryKey("ID")
                .build());
    TableId hr =
        oracle.createTable(
            TableLayout.builder(new TableId("HR", "SHOP", "ORDERS"), 1)
                .column("ID", OracleType.number(10, 0), false)
                .column("STATUS", OracleType.sized(OracleType.Kind.VARCHAR2, 10), true)
                .primaryKey("ID")
                .build());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> insert(o, sales, 1, "BEFORE"))
        .then(
            o -> {
              insert(o, sales, 2, "LAST");
              insert(o, hr, 3, "OTHER_PDB");
              o.closePdb("SALES");
              // The engine loses its connection while SALES is closed: it must resolve SALES again.
              o.faults().atCall(GatewayCall.QUERY, 1, Fault.connectionReset());
            })
        .idle(40)
        .then(o -> o.openPdb("SALES"))
        .then(o -> insert(o, sales, 4, "REOPENED"))
        .then(o -> insert(o, sales, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.database.pdbs", "SALES").open(Position.start(start));
      h.awaitChange("INSERT SALES.SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SALES.SHOP.ORDERS [1, BEFORE]",
              "INSERT SALES.SHOP.ORDERS [2, LAST]",
              "INSERT SALES.SHOP.ORDERS [4, REOPENED]",
              "INSERT SALES.SHOP.ORDERS [99, END]");
      // Reconnected with a doubling backoff until SALES was open again (4 s after it closed).
      assertThat(h.ops(OpsEvent.Type.RECONNECT))
          .extracting(OpsEvent::message)
          .containsExactly(
              "reconnecting in 500 ms: IO Error: Connection reset",
              "reconnecting in 1000 ms: ORA-65024: Pluggable database SALES is not open.",
              "reconnecting in 2000 ms: ORA-65024: Pluggable database SALES is not open.",
              "reconnecting in 4000 ms: ORA-65024: Pluggable database SALES is not open.");
    }
  }

  private static void insert(SimulatedOracle o, TableId table, long id, String status) {
    SimulatedTransaction tx = o.begin();
    tx.insert(table, id, status);
    tx.commit();
  }
}
