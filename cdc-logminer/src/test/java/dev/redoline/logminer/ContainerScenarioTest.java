package dev.redoline.logminer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16 items 4 and 9: a capture of PDBs needs a session at CDB$ROOT whose user has
 * CONTAINER_DATA for them; without it the capture stops at start with a code naming what is wrong,
 * and a GV$TRANSACTION that hides a PDB's transactions never makes them orphans.
 */
class ContainerScenarioTest {

  private static final TableId SALES_ORDERS = new TableId("SALES", "SHOP", "ORDERS");

  @TempDir
  Path spill;

  private static SimulatedOracle.Builder cdb() {
    return SimulatedOracle.builder().seed(61).pdbs("SALES");
  }

  private static void createOrders(SimulatedOracle oracle) {
    oracle.createTable(TableLayout.builder(SALES_ORDERS, 1).column("ID", OracleType.number(10, 0), false)
        .column("STATUS", OracleType.sized(OracleType.Kind.VARCHAR2, 10), true).primaryKey("ID").build());
  }

  private static void insert(SimulatedOracle o, long id, String status) {
    SimulatedTransaction tx = o.begin();
    tx.insert(SALES_ORDERS, id, status);
    tx.commit();
  }

  @Test
  void sessionInAPdb_captureStopsAtStartWithCdc4008NamingTheContainer() throws Exception {
    SimulatedOracle oracle = cdb().connectsToPdb("SALES").build();
    createOrders(oracle);
    Scn start = Scn.of(oracle.currentScn());
    insert(oracle, 1, "NEW");
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      // The first connection is made by open() itself: a session that cannot mine fails it at once.
      Throwable thrown = catchThrowable(() -> h.set("cdc.database.pdbs", "SALES")
          .set("cdc.tables.include", "SALES.SHOP.*").open(Position.start(start)));
      assertThat(thrown).isInstanceOf(CdcException.class);
      CdcException stop = (CdcException) thrown;

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.SESSION_NOT_IN_ROOT);
      assertThat(stop.detail()).isEqualTo("the session is in container SALES (CON_ID 3), not CDB$ROOT: "
          + "cdc.database.url must name the container database's own service, and cdc.database.pdbs the PDBs to "
          + "capture");
      assertThat(h.calls("addLogFile(")).isEmpty();
    }
  }

  @Test
  void containerData_withoutTheGrantCaptureStopsAtStartWithCdc4003NamingIt() throws Exception {
    SimulatedOracle oracle = cdb().containerData().build();   // Oracle's default: the root's rows only
    createOrders(oracle);
    Scn start = Scn.of(oracle.currentScn());
    insert(oracle, 1, "NEW");
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      Throwable thrown = catchThrowable(() -> h.set("cdc.database.pdbs", "SALES")
          .set("cdc.tables.include", "SALES.SHOP.*").set("cdc.database.user", "C##REDOLINE")
          .open(Position.start(start)));
      assertThat(thrown).isInstanceOf(CdcException.class);
      CdcException stop = (CdcException) thrown;

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.MISSING_PRIVILEGE);
      assertThat(stop.detail()).isEqualTo("user C##REDOLINE lacks CONTAINER_DATA for SALES in V$PDBS, "
          + "V$CONTAINERS, CDB_OBJECTS, CDB_TAB_COLUMNS, CDB_CONSTRAINTS, CDB_CONS_COLUMNS, CDB_LOG_GROUPS: at "
          + "CDB$ROOT those views show it only the root's rows; grant ALTER USER C##REDOLINE SET "
          + "CONTAINER_DATA=ALL CONTAINER=CURRENT");
      assertThat(h.changes()).isEmpty();
    }
  }

  @Test
  void containerData_orphanCheckNeverDropsTransactionsGvTransactionHides() throws Exception {
    // Granted for the dictionary, not for GV$TRANSACTION: the PDB's open transactions are invisible there.
    SimulatedOracle oracle = cdb().containerDataFor("GV$TRANSACTION").build();
    createOrders(oracle);
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] longRunning = new SimulatedTransaction[1];
    ScenarioScript script = new ScenarioScript()
        .then(o -> insert(o, 1, "BEFORE"))
        .then(o -> {
          longRunning[0] = o.begin();
          longRunning[0].insert(SALES_ORDERS, 2L, "LONG");
          o.flushAll();
        });
    for (int i = 0; i < 6; i++) {
      // Other commits move mining past each orphan check's SCN while the long transaction is open.
      long id = 10 + i;
      script.idle(20).then(o -> insert(o, id, "OTHER"));
    }
    script.then(o -> longRunning[0].commit())
        .then(o -> insert(o, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.database.pdbs", "SALES").set("cdc.tables.include", "SALES.SHOP.*")
          .set("cdc.buffer.orphan.check.interval.ms", "1000").open(Position.start(start));
      h.awaitChange("INSERT SALES.SHOP.ORDERS [99, END]");

      assertThat(h.changes()).contains("INSERT SALES.SHOP.ORDERS [2, LONG]").hasSize(9)
          .startsWith("INSERT SALES.SHOP.ORDERS [1, BEFORE]").endsWith("INSERT SALES.SHOP.ORDERS [99, END]");
      assertThat(h.ops(OpsEvent.Type.ORPHAN)).isEmpty();
    }
  }
}
