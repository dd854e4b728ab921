package dev.redoline.logminer.simulated;

import static dev.redoline.logminer.simulated.Mining.catchSql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.internal.OracleError;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.MiningOption;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.RowCursor;
import dev.redoline.logminer.internal.SessionStart;
import dev.redoline.logminer.internal.SimulatorGateways;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The fault plan (docs/logminer.md#what-the-simulator-models, items 28-37): each face (exact call,
 * exact row, time, probability) and the resource, dictionary, privilege and connection errors as
 * ojdbc shows them.
 */
class FaultPlanTest {

  // Every record its own SCN: the cases start sessions at SCNs between rows and count the rows
  // after them; the faults, not SCN ties, are what this tests.
  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(9).scnTiePercent(0).build();
  private final TableId t = Mining.createT(oracle);

  private long insertRows(int n) {
    long low = oracle.currentScn() + 1;
    SimulatedTransaction tx = oracle.begin();
    for (long i = 0; i < n; i++) {
      tx.insert(t, i, "r" + i);
    }
    tx.commit();
    return low;
  }

  @Test
  void faultAtAnExactCallFiresThereOnce() throws Exception {
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      db.database();
      oracle.faults().atCall(GatewayCall.DATABASE, 2, Fault.error(1031));
      db.database();
      SQLException e = catchSql(db::database);
      assertThat(e.getErrorCode()).isEqualTo(1031);
      assertThat(e.getMessage()).isEqualTo("ORA-01031: insufficient privileges");
      assertThat(e.getSQLState()).isEqualTo("42000");
      db.database();
      assertThat(oracle.faults().fired()).containsExactly("DATABASE #3: Fault[ORA-1031[]]");
    }
  }

  @Test
  void faultAtAnExactRowFiresOnThatFetch() throws Exception {
    long low = insertRows(5);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      Mining.start(db, low, null);
      oracle.faults().atRow(3, Fault.internalError("[krvrdccs10]"));
      try (RowCursor rows = db.query(MiningQuery.builder().captureAllObjects().build())) {
        assertThat(rows.next()).isNotNull();
        assertThat(rows.next()).isNotNull();
        SQLException e = catchSql(rows::next);
        assertThat(e.getErrorCode()).isEqualTo(600);
        assertThat(e.getMessage())
            .isEqualTo("ORA-00600: internal error code, arguments: [krvrdccs10]");
      }
      assertThat(Mining.all(db)).hasSize(7); // not repeated: the session is still usable
    }
  }

  @Test
  void faultAtARowOfEachQueryFiresInEveryQueryThatFetchesThatFar() throws Exception {
    long low = insertRows(5);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      Mining.start(db, low, null);
      oracle.faults().atRowOfEachQuery(4, Fault.internalError("[krvrdccs10]"));
      for (int query = 1; query <= 3; query++) {
        try (RowCursor rows = db.query(MiningQuery.builder().captureAllObjects().build())) {
          for (int row = 1; row <= 3; row++) {
            assertThat(rows.next()).as("query %d row %d", query, row).isNotNull();
          }
          assertThat(catchSql(rows::next).getErrorCode()).as("query %d", query).isEqualTo(600);
        }
      }
      oracle.faults().clear();
      assertThat(Mining.all(db)).hasSize(7);
    }
    assertThat(oracle.faults().fired())
        .containsExactly(
            "NEXT #4 (row 4 of its query): Fault[ORA-600[[krvrdccs10]]]",
            "NEXT #8 (row 4 of its query): Fault[ORA-600[[krvrdccs10]]]",
            "NEXT #12 (row 4 of its query): Fault[ORA-600[[krvrdccs10]]]");
  }

  @Test
  void faultAtATimeFiresOnTheFirstCallAtOrAfterIt() throws Exception {
    Instant at = oracle.clock().instant().plusSeconds(10);
    oracle.faults().atTime(GatewayCall.THREADS, at, Fault.error(4031, 4096, "shared pool"));
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      db.threads();
      oracle.advance(Duration.ofSeconds(9));
      db.threads();
      oracle.advance(Duration.ofSeconds(2));
      SQLException e = catchSql(db::threads);
      assertThat(e.getMessage())
          .isEqualTo("ORA-04031: unable to allocate 4096 bytes of shared memory (shared pool)");
      db.threads();
    }
  }

  @Test
  void faultsOnDbmsLogmnrCallsCarryPlsqlFrames() throws Exception {
    long low = insertRows(1);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      Mining.addLogs(db, Scn.of(low));
      oracle
          .faults()
          .atCall(GatewayCall.START_LOGMNR, 1, Fault.error(65040))
          .atCall(GatewayCall.START_LOGMNR, 2, Fault.error(1333));
      SessionStart start =
          SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG);
      assertThat(catchSql(() -> db.startSession(start)).getMessage())
          .isEqualTo(
              "ORA-65040: operation not allowed"
                  + " from within a pluggable database\nORA-06512: at \"SYS.DBMS_LOGMNR\", line 72\nORA-06512: at line 1");
      assertThat(catchSql(() -> db.startSession(start)).getMessage())
          .startsWith("ORA-01333: failed to establish LogMiner dictionary\nORA-06512");
      db.startSession(start);
      assertThat(Mining.dml(Mining.all(db))).hasSize(1);
    }
  }

  @Test
  void fatalMemoryErrorsComeWrappedAndRecoverable() throws Exception {
    oracle
        .faults()
        .atCall(
            GatewayCall.QUERY,
            1,
            Fault.errorMessage(
                603,
                "ORA-00603: ORACLE server session terminated by fatal error\nORA-27102: out of memory\n"
                    + "ORA-04030: out of process memory when trying to allocate 8392728 bytes (krvxdups: priv,redo read buffer)"));
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      SQLException e = catchSql(() -> db.query(MiningQuery.builder().build()));
      assertThat((Throwable) e).isInstanceOf(SQLRecoverableException.class);
      assertThat(e.getMessage())
          .isEqualTo(
              "ORA-00603: ORACLE server session terminated by fatal error\n"
                  + "ORA-27102: out of memory\nORA-04030: out of process memory when trying to allocate 8392728 bytes"
                  + " (krvxdups: priv,redo read buffer)");
      assertThat(catchSql(db::database).getErrorCode()).isEqualTo(17008);
    }
  }

  @Test
  void connectionFaultsAreRecoverableWithTheirSqlStates() throws Exception {
    int[] codes = {17002, 17008, 17410, 3113, 3114, 3135, 28, 2396, 7445};
    String[] states = {
      "08006", "08003", "08000", "08006", "08003", "08006", "61000", "61000", "99999"
    };
    for (int i = 0; i < codes.length; i++) {
      oracle.faults().atCall(GatewayCall.THREADS, 1, Fault.error(codes[i]));
      try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
        SQLException e = catchSql(db::threads);
        assertThat((Throwable) e)
            .as("ORA-%d", codes[i])
            .isInstanceOf(SQLRecoverableException.class);
        assertThat(e.getErrorCode()).isEqualTo(codes[i]);
        assertThat(e.getSQLState()).isEqualTo(states[i]);
        assertThat(catchSql(db::threads).getErrorCode()).isEqualTo(17008); // the connection is gone
      }
    }
  }

  /**
   * Issue 16 item 10: one list of ORA numbers; the simulator raises only errors the engine
   * classifies.
   */
  @Test
  void errorChains_theSimulatorRaisesOnlyErrorsOfTheEnginesList() throws Exception {
    assertThatThrownBy(() -> Fault.error(29999))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "ORA-29999 is not in dev.redoline.core.internal.OracleError: add it there, with its meaning, before "
                + "raising it");
    for (OracleError e : OracleError.values()) {
      oracle.faults().atCall(GatewayCall.DATABASE, 1, Fault.error(e.number(), "a", "b"));
      try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
        SQLException raised = catchSql(db::database);
        assertThat(raised.getErrorCode()).as(e.name()).isEqualTo(e.number());
        assertThat(raised.getSQLState()).as(e.name()).isEqualTo(e.sqlState());
        assertThat(raised instanceof SQLRecoverableException)
            .as(e.name())
            .isEqualTo(e.endsConnection());
        assertThat(raised.getMessage())
            .as(e.name())
            .startsWith(e.fromDriver() ? "" : String.format("ORA-%05d: ", e.number()));
      }
    }
  }

  @Test
  void connectFaultsDuringStartupAreRecoverable() {
    oracle
        .faults()
        .atCall(GatewayCall.CONNECT, 1, Fault.error(1033))
        .atCall(GatewayCall.CONNECT, 2, Fault.error(12514));
    SQLException starting = catchSql(() -> SimulatorGateways.connect(oracle).close());
    assertThat((Throwable) starting).isInstanceOf(SQLRecoverableException.class);
    assertThat(starting.getMessage())
        .isEqualTo("ORA-01033: ORACLE initialization or shutdown in progress");
    assertThat(catchSql(() -> SimulatorGateways.connect(oracle).close()).getMessage())
        .startsWith("ORA-12514: TNS:listener does not currently know of service requested");
  }

  @Test
  void snapshotAndDefinitionErrorsAreFormattedWithTheirArguments() throws Exception {
    oracle
        .faults()
        .atCall(GatewayCall.TABLE_LAYOUT, 1, Fault.error(1555, 12, "_SYSSMU12_1536045$"))
        .atCall(GatewayCall.TABLE_LAYOUT, 2, Fault.error(1466))
        .atCall(GatewayCall.ONLINE_LOGS, 1, Fault.error(942));
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      assertThat(catchSql(() -> db.tableLayout(t)).getMessage())
          .isEqualTo(
              "ORA-01555: snapshot too old: rollback"
                  + " segment number 12 with name \"_SYSSMU12_1536045$\" too small");
      assertThat(catchSql(() -> db.tableLayout(t)).getMessage())
          .isEqualTo("ORA-01466: unable to read data - table definition has changed");
      assertThat(catchSql(db::onlineLogs).getMessage())
          .isEqualTo("ORA-00942: table or view does not exist");
      assertThat(db.tableLayout(t).table()).isEqualTo(t);
    }
  }

  @Test
  void actionFaultsChangeStateJustBeforeTheCall() throws Exception {
    long low = insertRows(1);
    oracle.switchLogfile(1);
    oracle.advance(Duration.ofSeconds(5));
    oracle
        .faults()
        .atCall(
            GatewayCall.START_LOGMNR,
            1,
            Fault.action("purge sequence 1", o -> o.deleteArchive(1, 1)));
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      Mining.addLogs(db, Scn.of(low));
      SQLException e =
          catchSql(
              () ->
                  db.startSession(
                      SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG)));
      assertThat(e.getErrorCode()).isEqualTo(308);
    }
    assertThat(oracle.faults().fired()).containsExactly("START_LOGMNR #1: Fault[purge sequence 1]");
  }
}
