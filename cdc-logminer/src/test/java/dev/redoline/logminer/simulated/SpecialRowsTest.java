package dev.redoline.logminer.simulated;

import static dev.redoline.logminer.simulated.Mining.catchSql;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.logminer.internal.AddLogOption;
import dev.redoline.logminer.internal.ArchivedLog;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.MiningOption;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.OnlineLog;
import dev.redoline.logminer.internal.SessionLog;
import dev.redoline.logminer.internal.SessionStart;
import dev.redoline.logminer.internal.SimulatorGateways;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.simulator.SupplementalLogging;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Special rows and dictionary builds (docs/logminer.md#operation-codes, #session-calls and
 * #log-switches-rac-and-gaps): requirement 27, MISSING_LOGFILE rows (12), GV$ duplicates (6), tie
 * shuffling (17) and BUILD errors (34).
 */
class SpecialRowsTest {

  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(13).build();
  private final TableId t = Mining.createT(oracle);

  private void insert(SimulatedOracle db, TableId table, long id) {
    SimulatedTransaction tx = db.begin();
    tx.insert(table, id, "r" + id);
    tx.commit();
  }

  /** Four logs in thread 1; sequence 2 is left out of the session. */
  private static long gapSetup(SimulatedOracle db, TableId table, LogMinerGateway[] out)
      throws SQLException {
    long low = db.currentScn();
    for (long i = 1; i <= 3; i++) {
      SimulatedTransaction tx = db.begin();
      tx.insert(table, i, "seq " + i);
      tx.commit();
      db.switchLogfile(1);
    }
    db.advance(Duration.ofSeconds(5));
    LogMinerGateway g = SimulatorGateways.connect(db);
    for (ArchivedLog a : g.archivedLogs(Scn.ZERO)) {
      if (a.sequence() != 2) {
        g.addLogFile(a.name(), AddLogOption.ADDFILE);
      }
    }
    for (OnlineLog l : g.onlineLogs()) {
      if (l.status() == OnlineLog.Status.CURRENT) {
        g.addLogFile(l.fileName(), AddLogOption.ADDFILE);
      }
    }
    out[0] = g;
    return low;
  }

  @Test
  void missingLogIsListedAsMissingLogfileAndFailsStartWithOra01291() throws Exception {
    LogMinerGateway[] db = new LogMinerGateway[1];
    long low = gapSetup(oracle, t, db);
    try (LogMinerGateway g = db[0]) {
      List<SessionLog> logs = g.sessionLogs();
      SessionLog missing = logs.get(logs.size() - 1);
      assertThat(missing.status()).isEqualTo(4);
      assertThat(missing.info()).isEqualTo("MISSING_LOGFILE");
      assertThat(missing.fileName())
          .isEqualTo("Missing log file(s) for thread number 1, sequence number(s) 2 to 2");
      assertThat(
              catchSql(
                      () ->
                          g.startSession(
                              SessionStart.of(
                                  Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG)))
                  .getErrorCode())
          .isEqualTo(1291);
    }
  }

  @Test
  void toleratedGapGivesAMissingScnRowWithStatus1291() throws Exception {
    SimulatedOracle gaps = SimulatedOracle.builder().toleratesLogGaps().build();
    TableId table = Mining.createT(gaps);
    LogMinerGateway[] db = new LogMinerGateway[1];
    long low = gapSetup(gaps, table, db);
    try (LogMinerGateway g = db[0]) {
      g.startSession(SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG));
      List<RedoRow> rows = Mining.all(g);
      RedoRow hole =
          rows.stream()
              .filter(r -> r.operationCode() == RedoRow.MISSING_SCN)
              .findFirst()
              .orElseThrow();
      assertThat(hole.status()).isEqualTo(1291);
      assertThat(hole.operation()).isEqualTo("MISSING_SCN");
      assertThat(hole.address().sequence()).isEqualTo(2);
      assertThat(Mining.dml(rows))
          .extracting(RedoRow::sqlRedo)
          .noneMatch(s -> s.contains("seq 2"))
          .hasSize(2);
      assertThat(rows.indexOf(hole))
          .isBetween(1, rows.size() - 2); // in SCN order, between seq 1 and 3
      assertThat(g.sessionLogs()).filteredOn(l -> l.status() == 4).hasSize(1);
    }
  }

  @Test
  void corruptRedoRaisesOra01343UnlessSkippedAsCorruptedBlocksRow() throws Exception {
    long low = oracle.currentScn() + 1;
    insert(oracle, t, 1);
    oracle.special().corruptLastRecords(1, 2); // the INSERT and the COMMIT
    insert(oracle, t, 2);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      Mining.start(db, low, null);
      SQLException e = catchSql(() -> Mining.all(db));
      assertThat(e.getErrorCode()).isEqualTo(1343);
      assertThat(e.getMessage())
          .isEqualTo("ORA-01343: LogMiner encountered corruption in the logstream");
      db.startSession(
          new SessionStart(Scn.of(low), null, Mining.withDictionary(MiningOption.SKIP_CORRUPTION)));
      List<RedoRow> rows = Mining.all(db);
      assertThat(rows)
          .extracting(RedoRow::operation)
          .containsExactly("START", "CORRUPTED_BLOCKS", "START", "INSERT", "COMMIT");
      RedoRow skipped = rows.get(1);
      assertThat(skipped.status()).isEqualTo(1343);
      assertThat(skipped.operationCode()).isEqualTo(14);
      assertThat(skipped.info()).endsWith("blocks skipped");
    }
  }

  @Test
  void unsupportedOperationIsARowWithCode255() throws Exception {
    long low = oracle.currentScn() + 1;
    SimulatedTransaction tx = oracle.begin();
    tx.unsupported(t);
    tx.commit();
    RedoRow row = Mining.mine(oracle, low, null).get(1);
    assertThat(row.operationCode()).isEqualTo(RedoRow.UNSUPPORTED);
    assertThat(row.operation()).isEqualTo("UNSUPPORTED");
    assertThat(row.tableName()).isEqualTo("T");
    assertThat(row.sqlRedo()).isEqualTo("Unsupported");
  }

  @Test
  void replicationMarkerStartsATransactionThatNeverEnds() throws Exception {
    long low = oracle.currentScn() + 1;
    Xid marker = oracle.special().replicationMarker(1);
    insert(oracle, t, 1);
    List<RedoRow> rows = Mining.mine(oracle, low, null);
    assertThat(rows.subList(0, 2)).extracting(RedoRow::operationCode).containsExactly(6, 27);
    assertThat(rows).filteredOn(r -> r.xid().equals(marker)).hasSize(2);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      assertThat(db.activeTransactions(true)).isEmpty();
    }
    assertThat(Mining.mine(oracle, low, null, MiningOption.COMMITTED_DATA_ONLY))
        .noneMatch(r -> r.xid().equals(marker));
  }

  @Test
  void emptyTransactionCommitShowsThreadZero() throws Exception {
    long low = oracle.currentScn() + 1;
    Xid empty = oracle.special().emptyTransactionCommit(1);
    List<RedoRow> rows = Mining.mine(oracle, low, null);
    assertThat(rows)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.operationCode()).isEqualTo(RedoRow.COMMIT);
              assertThat(r.thread()).isZero();
              assertThat(r.xid()).isEqualTo(empty);
              assertThat(r.sqlRedo()).isEqualTo("commit;");
            });
  }

  @Test
  void temporaryTableRowsCarryPlaceholdersAndLongUpdatesStatus2() throws Exception {
    TableId gtt =
        oracle
            .schema()
            .createTemporaryTable(
                TableLayout.builder(TableId.of("APP", "GTT"), 1)
                    .column("ID", OracleType.number(10, 0), false)
                    .primaryKey("ID")
                    .build());
    TableId notes =
        oracle.createTable(
            TableLayout.builder(TableId.of("APP", "NOTES"), 1)
                .column("ID", OracleType.number(10, 0), false)
                .column("BODY", OracleType.of(OracleType.Kind.LONG), true)
                .primaryKey("ID")
                .build());
    long low = oracle.currentScn() + 1;
    SimulatedTransaction tx = oracle.begin();
    tx.insert(gtt, 1L);
    String note = tx.insert(notes, 1L, "first");
    tx.update(notes, note, Map.of("BODY", "second"));
    tx.commit();
    List<RedoRow> dml = Mining.dml(Mining.mine(oracle, low, null));
    assertThat(dml.get(0).sqlRedo()).isEqualTo("/* No SQL_REDO for temporary tables */");
    assertThat(dml.get(0).sqlUndo()).as("the gateway does not select SQL_UNDO").isNull();
    assertThat(dml.get(1).status()).isZero();
    assertThat(dml.get(2).status()).isEqualTo(2);
    assertThat(dml.get(2).info()).isNull();
  }

  @Test
  void shuffledTiesReorderSameScnCommitsAcrossTransactionsSameWayEachQuery() throws Exception {
    SimulatedOracle plain = SimulatedOracle.builder().seed(21).build();
    SimulatedOracle shuffled = SimulatedOracle.builder().seed(21).shuffleTiesWithinScn().build();
    List<List<Xid>> orders = new java.util.ArrayList<>();
    for (SimulatedOracle db : List.of(plain, shuffled)) {
      TableId table = Mining.createT(db);
      long low = db.currentScn() + 1;
      SimulatedTransaction[] txs = new SimulatedTransaction[8];
      for (int i = 0; i < txs.length; i++) {
        txs[i] = db.begin();
        txs[i].insert(table, (long) i, "x");
      }
      db.commitTogether(txs);
      List<RedoRow> first = Mining.mine(db, low, null);
      assertThat(Mining.mine(db, low, null)).isEqualTo(first);
      orders.add(
          first.stream()
              .filter(r -> r.operationCode() == RedoRow.COMMIT)
              .map(RedoRow::xid)
              .toList());
    }
    assertThat(orders.get(1))
        .containsExactlyInAnyOrderElementsOf(orders.get(0))
        .isNotEqualTo(orders.get(0));
  }

  @Test
  void dictionaryFromRedoLogsNeedsTheBuildLogsElseOra01371() throws Exception {
    long low = oracle.currentScn() + 1;
    insert(oracle, t, 1);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      Mining.addLogs(db, Scn.of(low));
      SessionStart fromRedo =
          SessionStart.of(
              Scn.of(low), null, MiningOption.DICT_FROM_REDO_LOGS, MiningOption.DDL_DICT_TRACKING);
      assertThat(catchSql(() -> db.startSession(fromRedo)).getMessage())
          .isEqualTo(
              "ORA-01371: Complete LogMiner"
                  + " dictionary not found\nORA-06512: at \"SYS.DBMS_LOGMNR\", line 72\nORA-06512: at line 1");
      oracle.schema().buildDictionary();
      db.startSession(fromRedo);
      assertThat(Mining.dml(Mining.all(db))).hasSize(1);
      assertThat(db.onlineLogs()).isNotEmpty();
    }
    oracle.switchLogfile(1);
    oracle.advance(Duration.ofSeconds(5));
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      assertThat(db.archivedLogs(Scn.ZERO))
          .singleElement()
          .matches(a -> a.dictionaryBegin() && a.dictionaryEnd());
    }
  }

  @Test
  void buildFaultsCarryDbmsLogmnrDFrames() {
    oracle.faults().atCall(GatewayCall.BUILD, 1, Fault.error(1327));
    SQLException e = catchSql(() -> oracle.schema().buildDictionary());
    assertThat(e.getMessage())
        .isEqualTo(
            "ORA-01327: failed to exclusively lock system dictionary as required BUILD\n"
                + "ORA-06512: at \"SYS.DBMS_LOGMNR_D\", line 12\nORA-06512: at line 1");
  }

  @Test
  void trackedDdlWithoutSupplementalLoggingRaisesOra01347() throws Exception {
    SimulatedOracle bare =
        SimulatedOracle.builder().supplementalLogging(SupplementalLogging.NONE).build();
    long low = bare.currentScn();
    bare.schema().buildDictionary();
    Mining.createT(bare);
    try (LogMinerGateway db = SimulatorGateways.connect(bare)) {
      Mining.addLogs(db, Scn.of(low));
      db.startSession(
          SessionStart.of(
              Scn.of(low), null, MiningOption.DICT_FROM_REDO_LOGS, MiningOption.DDL_DICT_TRACKING));
      assertThat(
              catchSql(() -> Mining.readAll(db, MiningQuery.builder().captureAllObjects().build()))
                  .getMessage())
          .isEqualTo("ORA-01347: Supplemental log data no longer found");
    }
  }
}
