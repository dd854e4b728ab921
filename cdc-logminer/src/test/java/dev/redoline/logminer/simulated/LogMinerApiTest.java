package dev.redoline.logminer.simulated;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.logminer.internal.AddLogOption;
import dev.redoline.logminer.internal.ArchivedLog;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.MiningOption;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.OnlineLog;
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
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Inventory, DBMS_LOGMNR calls, session memory and faults: requirements 1-2, 12-15, 21-23, 28, 30,
 * 31, 37.
 */
class LogMinerApiTest {

  private final SimulatedOracle oracle =
      SimulatedOracle.builder().seed(11).addArchiveDestination(Duration.ofSeconds(10)).build();
  private final TableId t = Mining.createT(oracle);

  @Test
  void logSwitchMakesCurrentActiveAndArchivesAfterDelayPerDestination() throws Exception {
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      OnlineLog current = current(db.onlineLogs());
      assertThat(current.nextScn()).isEqualTo(Scn.MAX);
      assertThat(db.onlineLogs())
          .filteredOn(l -> l.status() == OnlineLog.Status.UNUSED)
          .allMatch(
              l ->
                  l.sequence() == 0
                      && l.firstScn().equals(Scn.ZERO)
                      && l.nextScn().equals(Scn.ZERO));
      oracle.switchLogfile(1);
      OnlineLog next = current(db.onlineLogs());
      assertThat(next.sequence()).isEqualTo(current.sequence() + 1);
      assertThat(db.archivedLogs(Scn.ZERO))
          .isEmpty(); // during the delay: neither current nor archived
      oracle.advance(Duration.ofSeconds(3));
      assertThat(db.archivedLogs(Scn.ZERO)).extracting(ArchivedLog::destId).containsExactly(1);
      oracle.advance(Duration.ofSeconds(10));
      List<ArchivedLog> archived = db.archivedLogs(Scn.ZERO);
      assertThat(archived).extracting(ArchivedLog::destId).containsExactly(1, 2);
      assertThat(archived.get(0).nextScn()).isEqualTo(next.firstScn());
      assertThat(archived.get(0).status()).isEqualTo(ArchivedLog.Status.A);
    }
  }

  @Test
  void startLogmnrErrorsAreOracles() throws Exception {
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      Scn low = Scn.of(oracle.currentScn());
      assertError(
          () -> db.startSession(SessionStart.of(low, null, MiningOption.DICT_FROM_ONLINE_CATALOG)),
          1292,
          "ORA-01292: no log file has been specified for the current LogMiner session\n"
              + "ORA-06512: at \"SYS.DBMS_LOGMNR\", line 72\nORA-06512: at line 1");
      Mining.addLogs(db, low);
      assertError(() -> db.startSession(SessionStart.of(low, null)), 44613, "ORA-44613");
      assertError(
          () ->
              db.startSession(
                  SessionStart.of(
                      low,
                      null,
                      MiningOption.DICT_FROM_ONLINE_CATALOG,
                      MiningOption.CONTINUOUS_MINE)),
          44609,
          "ORA-44609");
      assertError(
          () -> db.startSession(SessionStart.of(low, low, MiningOption.DICT_FROM_ONLINE_CATALOG)),
          1281,
          "ORA-01281: SCN range specified is invalid");
      assertError(() -> db.query(MiningQuery.builder().build()), 1306, "ORA-01306");
      db.endSession(); // ADD_LOGFILE made a session: this one ends it
      db.endSession(); // END_LOGMNR then raises ORA-01307, which the gateway takes as "already
      // ended"
    }
  }

  @Test
  void missingSequenceRaisesOra01291AndDuplicateOra01289() throws Exception {
    long low = oracle.currentScn();
    oracle.switchLogfile(1);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      OnlineLog current = current(db.onlineLogs());
      db.addLogFile(current.fileName(), AddLogOption.ADDFILE);
      assertError(() -> db.addLogFile(current.fileName(), AddLogOption.ADDFILE), 1289, "ORA-01289");
      assertError(() -> db.removeLogFile("/nowhere.log"), 1290, "ORA-01290");
      assertError(
          () ->
              db.startSession(
                  SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG)),
          1291,
          "ORA-01291: missing logfile\nORA-06512: at \"SYS.DBMS_LOGMNR\", line 72");
    }
  }

  @Test
  void onlineLogReusedDuringReadRaisesOra00310OnNext() throws Exception {
    long low = oracle.currentScn();
    insert(3);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      Mining.addLogs(db, Scn.of(low));
      db.startSession(SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG));
      oracle.faults().atRow(2, Fault.onlineLogReused());
      try (RowCursor rows = db.query(MiningQuery.builder().captureAllObjects().build())) {
        assertThat(rows.next()).isNotNull();
        SQLException e = catchSql(rows::next);
        assertThat(e.getErrorCode()).isEqualTo(310);
        assertThat(e.getSQLState()).isEqualTo("64000");
        assertThat(e.getMessage())
            .startsWith("ORA-00310: archived log contains sequence")
            .contains("\nORA-00334: ");
      }
      try (RowCursor again = db.query(MiningQuery.builder().captureAllObjects().build())) {
        assertThat(catchSql(again::next).getErrorCode()).isEqualTo(310); // twice in a row
      }
    }
  }

  @Test
  void queryTimeoutAndCancelRaiseOra01013WithSessionUsable() throws Exception {
    SimulatedOracle slow = SimulatedOracle.builder().costPerRecord(Duration.ofMillis(20)).build();
    TableId table = Mining.createT(slow);
    long low = slow.currentScn();
    SimulatedTransaction tx = slow.begin();
    for (long i = 0; i < 200; i++) {
      tx.insert(table, i, "x");
    }
    tx.commit();
    try (LogMinerGateway db = SimulatorGateways.connect(slow)) {
      Mining.addLogs(db, Scn.of(low));
      db.startSession(SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG));
      // 200 records at 20 ms each take 4 s of LogMiner's time: past a 1 s query timeout
      try (RowCursor rows =
          db.query(
              MiningQuery.builder().captureAllObjects().timeout(Duration.ofSeconds(1)).build())) {
        SQLException e = catchSql(rows::next);
        assertThat(e.getErrorCode()).isEqualTo(1013);
        assertThat(e.getMessage())
            .isEqualTo("ORA-01013: user requested cancel of current operation");
      }
      // A cancel stops the next round trip to the database: one row per fetch makes that the next
      // row.
      try (RowCursor rows =
          db.query(MiningQuery.builder().captureAllObjects().fetchSize(1).build())) {
        rows.next();
        rows.cancel();
        assertThat(catchSql(rows::next).getErrorCode()).isEqualTo(1013);
      }
      assertThat(Mining.readAll(db, MiningQuery.builder().captureAllObjects().build()))
          .hasSizeGreaterThan(200);
    }
  }

  @Test
  void pgaGrowsWithSessionAgeUntilOra04036() throws Exception {
    SimulatedOracle small = SimulatedOracle.builder().pgaLimitBytes(64L << 20).build();
    TableId table = Mining.createT(small);
    long low = small.currentScn();
    SimulatedTransaction tx = small.begin();
    for (long i = 0; i < 50; i++) {
      tx.insert(table, i, "x");
    }
    tx.commit();
    try (LogMinerGateway db = SimulatorGateways.connect(small)) {
      Mining.addLogs(db, Scn.of(low));
      db.startSession(SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG));
      SimulatedTransaction more = small.begin();
      for (long i = 100; i < 400; i++) {
        more.insert(table, i, "y");
      }
      more.commit();
      assertThat(Mining.all(db)).hasSizeGreaterThan(50); // young enough: the session still reads
      small.advance(Duration.ofMinutes(30));
      RowCursor rows = db.query(MiningQuery.builder().captureAllObjects().build());
      SQLException e = catchSql(rows::next);
      assertThat(e.getErrorCode()).isEqualTo(4036);
      assertThat(e.getMessage())
          .startsWith("ORA-04036: PGA memory used by the instance exceeds PGA_AGGREGATE_LIMIT");
    }
  }

  @Test
  void connectionResetIsRecoverableAndLosesTheSession() throws Exception {
    long low = oracle.currentScn();
    insert(2);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      Mining.addLogs(db, Scn.of(low));
      db.startSession(SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG));
      oracle.faults().atCall(GatewayCall.QUERY, 1, Fault.connectionReset());
      SQLException e = catchSql(() -> db.query(MiningQuery.builder().build()));
      assertThat((Throwable) e).isInstanceOf(SQLRecoverableException.class);
      assertThat(e.getErrorCode()).isEqualTo(17002);
      assertThat(e.getSQLState()).isEqualTo("08006");
      assertThat(catchSql(db::database).getErrorCode()).isEqualTo(17008);
    }
    try (LogMinerGateway fresh = SimulatorGateways.connect(oracle)) {
      assertThat(catchSql(() -> fresh.query(MiningQuery.builder().build())).getErrorCode())
          .isEqualTo(1306);
    }
  }

  @Test
  void faultWithSeededProbabilityIsReproducible() throws Exception {
    assertThat(firedWithSeed(5)).isEqualTo(firedWithSeed(5)).isNotEmpty();
  }

  private static List<String> firedWithSeed(long seed) throws Exception {
    SimulatedOracle o = SimulatedOracle.builder().seed(seed).build();
    o.faults().withProbability(GatewayCall.DATABASE, 0.2, Fault.internalError("[krvrdGetUID]"));
    try (LogMinerGateway db = SimulatorGateways.connect(o)) {
      for (int i = 0; i < 50; i++) {
        try {
          db.database();
        } catch (SQLException e) {
          assertThat(e.getMessage())
              .isEqualTo("ORA-00600: internal error code, arguments: [krvrdGetUID]");
        }
      }
    }
    return o.faults().fired();
  }

  @Test
  void csfSplitsLongSqlRedoIntoConsecutiveRows() throws Exception {
    long low = oracle.currentScn() + 1;
    SimulatedTransaction tx = oracle.begin();
    tx.insert(t, 1L, "é".repeat(3000)); // 6,000 bytes in UTF-8
    tx.commit();
    List<RedoRow> rows = Mining.dml(Mining.mine(oracle, low, null));
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0).csf()).isTrue();
    assertThat(rows.get(1).csf()).isFalse();
    assertThat(rows.get(0).address()).isEqualTo(rows.get(1).address());
    assertThat(rows.get(0).sqlRedo() + rows.get(1).sqlRedo()).contains("é".repeat(3000));
  }

  @Test
  void rollbackToSavepointAndArrayDeleteRows() throws Exception {
    long low = oracle.currentScn() + 1;
    SimulatedTransaction tx = oracle.begin();
    String a = tx.insert(t, 1L, "a");
    String b = tx.insert(t, 2L, "b");
    tx.savepoint("s");
    tx.update(t, a, Mining.set("NAME", "changed"));
    tx.rollbackToSavepoint("s");
    tx.deleteArray(t, List.of(a, b));
    tx.commit();
    List<RedoRow> rows = Mining.dml(Mining.mine(oracle, low, null));
    RedoRow undo = rows.get(3);
    assertThat(undo.rollback()).isTrue();
    assertThat(undo.sqlRedo())
        .isEqualTo("update \"APP\".\"T\" set \"NAME\" = 'a' where ROWID = '" + a + "';");
    assertThat(rows.get(4).address()).isEqualTo(rows.get(5).address());
    assertThat(rows.get(4).ssn()).isZero();
  }

  private void insert(int n) {
    SimulatedTransaction tx = oracle.begin();
    for (long i = 0; i < n; i++) {
      tx.insert(t, 1000 + i, "row " + i);
    }
    tx.commit();
  }

  private static OnlineLog current(List<OnlineLog> logs) {
    return logs.stream()
        .filter(l -> l.status() == OnlineLog.Status.CURRENT)
        .findFirst()
        .orElseThrow();
  }

  interface SqlCall {
    void run() throws SQLException;
  }

  private static SQLException catchSql(SqlCall call) {
    try {
      call.run();
    } catch (SQLException e) {
      return e;
    }
    throw new AssertionError("expected a SQLException");
  }

  private static void assertError(SqlCall call, int code, String messageStart) {
    SQLException e = catchSql(call);
    assertThat(e.getErrorCode()).isEqualTo(code);
    assertThat(e.getMessage()).startsWith(messageStart);
  }
}
