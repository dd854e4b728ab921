package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture of PDBs needs a session at CDB$ROOT whose user has CONTAINER_DATA for them; without it
 * the capture stops at start with a code naming what is wrong, and a GV$TRANSACTION that hides a
 * PDB's transactions never makes them orphans. The tables of several PDBs are snapshotted (through
 * sessions moved into each PDB) and then streamed.
 */
class ContainerScenarioTest {

  private static final TableId SALES_ORDERS = new TableId("SALES", "SHOP", "ORDERS");

  @TempDir Path spill;

  private static SimulatedOracle.Builder cdb() {
    return SimulatedOracle.builder().seed(61).pdbs("SALES");
  }

  private static void createOrders(SimulatedOracle oracle) {
    oracle.createTable(
        TableLayout.builder(SALES_ORDERS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("STATUS", OracleType.sized(OracleType.Kind.VARCHAR2, 10), true)
            .primaryKey("ID")
            .build());
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
      Throwable thrown =
          catchThrowable(
              () ->
                  h.set("cdc.database.pdbs", "SALES")
                      .set("cdc.tables.include", "SALES.SHOP.*")
                      .open(Position.start(start)));
      assertThat(thrown).isInstanceOf(CdcException.class);
      CdcException stop = (CdcException) thrown;

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.SESSION_NOT_IN_ROOT);
      assertThat(stop.detail())
          .isEqualTo(
              "the session is in container SALES (CON_ID 3), not CDB$ROOT: "
                  + "cdc.database.url must name the container database's own service, and cdc.database.pdbs the PDBs to "
                  + "capture");
      assertThat(h.calls("addLogFile(")).isEmpty();
    }
  }

  @Test
  void containerData_withoutTheGrantCaptureStopsAtStartWithCdc4003NamingIt() throws Exception {
    SimulatedOracle oracle =
        cdb().containerData().build(); // Oracle's default: the root's rows only
    createOrders(oracle);
    Scn start = Scn.of(oracle.currentScn());
    insert(oracle, 1, "NEW");
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      Throwable thrown =
          catchThrowable(
              () ->
                  h.set("cdc.database.pdbs", "SALES")
                      .set("cdc.tables.include", "SALES.SHOP.*")
                      .set("cdc.database.user", "C##REDOLINE")
                      .open(Position.start(start)));
      assertThat(thrown).isInstanceOf(CdcException.class);
      CdcException stop = (CdcException) thrown;

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.MISSING_PRIVILEGE);
      assertThat(stop.detail())
          .isEqualTo(
              "user C##REDOLINE lacks CONTAINER_DATA for SALES in V$PDBS, "
                  + "V$CONTAINERS, CDB_OBJECTS, CDB_TAB_COLUMNS, CDB_CONSTRAINTS, CDB_CONS_COLUMNS, CDB_LOG_GROUPS: at "
                  + "CDB$ROOT those views show it only the root's rows; grant ALTER USER C##REDOLINE SET "
                  + "CONTAINER_DATA=ALL CONTAINER=CURRENT");
      assertThat(h.changes()).isEmpty();
    }
  }

  @Test
  void containerData_orphanCheckNeverDropsTransactionsGvTransactionHides() throws Exception {
    // Granted for the dictionary, not for GV$TRANSACTION: the PDB's open transactions are invisible
    // there.
    SimulatedOracle oracle = cdb().containerDataFor("GV$TRANSACTION").build();
    createOrders(oracle);
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] longRunning = new SimulatedTransaction[1];
    ScenarioScript script =
        new ScenarioScript()
            .then(o -> insert(o, 1, "BEFORE"))
            .then(
                o -> {
                  longRunning[0] = o.begin();
                  longRunning[0].insert(SALES_ORDERS, 2L, "LONG");
                  o.flushAll();
                });
    for (int i = 0; i < 6; i++) {
      // Other commits move mining past each orphan check's SCN while the long transaction is open.
      long id = 10L + i;
      script.idle(20).then(o -> insert(o, id, "OTHER"));
    }
    script.then(o -> longRunning[0].commit()).then(o -> insert(o, 99, "END")).attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.database.pdbs", "SALES")
          .set("cdc.tables.include", "SALES.SHOP.*")
          .set("cdc.buffer.orphan.check.interval.ms", "1000")
          .open(Position.start(start));
      h.awaitChange("INSERT SALES.SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .contains("INSERT SALES.SHOP.ORDERS [2, LONG]")
          .hasSize(9)
          .startsWith("INSERT SALES.SHOP.ORDERS [1, BEFORE]")
          .endsWith("INSERT SALES.SHOP.ORDERS [99, END]");
      assertThat(h.ops(OpsEvent.Type.ORPHAN)).isEmpty();
    }
  }

  /**
   * Review 2, item b6: the first start reads redo from the START_SCN of the transactions open then,
   * as GV$TRANSACTION lists them; CONTAINER_DATA can hide a PDB's there, and such a transaction,
   * begun in a log before the start SCN's, lost its first changes.
   */
  @Test
  void b6_firstStartWhileGvTransactionHidesAnOpenPdbTransaction_deliversItWhole() throws Exception {
    SimulatedOracle oracle = cdb().containerDataFor("GV$TRANSACTION").build();
    createOrders(oracle);
    SimulatedTransaction open = oracle.begin();
    open.insert(SALES_ORDERS, 1L, "EARLY");
    oracle.switchLogfile(1);
    open.insert(SALES_ORDERS, 2L, "LATE");
    new ScenarioScript().then(o -> open.commit()).then(o -> insert(o, 99, "END")).attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.database.pdbs", "SALES")
          .set("cdc.tables.include", "SALES.SHOP.*")
          .set("cdc.snapshot.mode", "no_data")
          .open(null);
      h.awaitChange("INSERT SALES.SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SALES.SHOP.ORDERS [1, EARLY]",
              "INSERT SALES.SHOP.ORDERS [2, LATE]",
              "INSERT SALES.SHOP.ORDERS [99, END]");
      assertThat(h.ops(OpsEvent.Type.TRANSACTIONS_HIDDEN)).hasSize(1);
    }
  }

  @Test
  void tablesOfTwoPdbs_areSnapshottedThenStreamed_andReplayToTheirContents() throws Exception {
    TableId staff = new TableId("HR", "SHOP", "STAFF");
    SimulatedOracle oracle = SimulatedOracle.builder().seed(62).pdbs("SALES", "HR").build();
    createOrders(oracle);
    oracle.createTable(
        TableLayout.builder(staff, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("STATUS", OracleType.sized(OracleType.Kind.VARCHAR2, 10), true)
            .primaryKey("ID")
            .build());
    java.util.Map<Long, String> salesRows = new java.util.HashMap<>();
    SimulatedTransaction seedSales = oracle.begin();
    SimulatedTransaction seedStaff = oracle.begin();
    for (long id = 1; id <= 5; id++) {
      salesRows.put(id, seedSales.insert(SALES_ORDERS, id, "OLD"));
      seedStaff.insert(staff, id, "OLD");
    }
    seedSales.commit();
    seedStaff.commit();
    new ScenarioScript()
        .idle(5)
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.update(SALES_ORDERS, salesRows.get(2L), java.util.Map.of("STATUS", "PAID"));
              tx.delete(SALES_ORDERS, salesRows.get(4L));
              tx.commit();
              SimulatedTransaction hr = o.begin();
              hr.insert(staff, 6L, "NEW");
              hr.commit();
            })
        .then(o -> insert(o, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.database.pdbs", "SALES,HR")
          .set("cdc.tables.include", "SALES.SHOP.*,HR.SHOP.*")
          .set("cdc.snapshot.chunk.rows", "2")
          .open(null);
      h.awaitChange("INSERT SALES.SHOP.ORDERS [99, END]");

      for (TableId table : List.of(SALES_ORDERS, staff)) {
        java.util.Map<Object, dev.redoline.core.Row> replica = new java.util.TreeMap<>();
        for (StreamEvent.ChangeEvent c : h.changeEvents()) {
          if (c.change().table().equals(table)) {
            if (c.change().operation() == Operation.DELETE) {
              replica.remove(c.change().before().get(0));
            } else {
              replica.put(c.change().after().get(0), c.change().after());
            }
          }
        }
        java.util.Map<Object, dev.redoline.core.Row> contents = new java.util.TreeMap<>();
        oracle.rows(table).forEach(r -> contents.put(r.get(0), r));
        assertThat(replica).as("%s", table).isEqualTo(contents);
        assertThat(h.changeEvents())
            .as("%s snapshotted", table)
            .filteredOn(
                c -> c.change().table().equals(table) && c.change().operation() == Operation.READ)
            .hasSize(5);
      }
      assertThat(h.ops(OpsEvent.Type.SNAPSHOT_RETRY)).isEmpty();
    }
  }

  @Test
  void snapshotOfAPdbWithoutSetContainer_stopsWithCdc4003NamingTheGrant() throws Exception {
    SimulatedOracle oracle = cdb().revoke("SET CONTAINER").build();
    createOrders(oracle);
    insert(oracle, 1, "OLD");
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.database.pdbs", "SALES").set("cdc.tables.include", "SALES.SHOP.*").open(null);
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.MISSING_PRIVILEGE);
      assertThat(stop.detail())
          .startsWith(
              "the snapshot of the tables of PDB SALES reads them in a session moved "
                  + "there with ALTER SESSION SET CONTAINER, which needs SET CONTAINER: GRANT SET CONTAINER TO <capture "
                  + "user> CONTAINER=ALL, or set cdc.snapshot.mode=no_data (ORA-01031: insufficient privileges");
      assertThat(h.changes()).isEmpty();
    }
  }
}
