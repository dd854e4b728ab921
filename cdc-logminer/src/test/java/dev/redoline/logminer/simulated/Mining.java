package dev.redoline.logminer.simulated;

import dev.redoline.core.OracleType;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.internal.AddLogOption;
import dev.redoline.logminer.internal.ArchivedLog;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.MiningOption;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.OnlineLog;
import dev.redoline.logminer.internal.RowCursor;
import dev.redoline.logminer.internal.SessionStart;
import dev.redoline.logminer.internal.SimulatorGateways;
import dev.redoline.simulator.SimulatedOracle;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Test helpers: a small table, and a consumer that lists logs, starts a session and reads rows. */
final class Mining {

  static final TableId T = TableId.of("APP", "T");

  private Mining() {}

  static TableId createT(SimulatedOracle oracle) {
    return oracle.createTable(
        TableLayout.builder(T, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 4000), true)
            .primaryKey("ID")
            .build());
  }

  /** Adds every log of every thread overlapping [low, ∞): archive preferred, online otherwise. */
  static void addLogs(LogMinerGateway db, Scn low) throws SQLException {
    Set<String> seen = new HashSet<>();
    for (ArchivedLog a : db.archivedLogs(low)) {
      if (a.destId() == 1 && !a.deleted() && seen.add(a.thread() + ":" + a.sequence())) {
        db.addLogFile(a.name(), AddLogOption.ADDFILE);
      }
    }
    for (OnlineLog l : db.onlineLogs()) {
      if (l.status() != OnlineLog.Status.UNUSED
          && l.nextScn().compareTo(low) > 0
          && seen.add(l.thread() + ":" + l.sequence())) {
        db.addLogFile(l.fileName(), AddLogOption.ADDFILE);
      }
    }
  }

  static List<RedoRow> mine(SimulatedOracle oracle, long start, Long end, MiningOption... options)
      throws SQLException {
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      addLogs(db, Scn.of(start));
      db.startSession(
          new SessionStart(
              Scn.of(start), end == null ? null : Scn.of(end), withDictionary(options)));
      return readAll(db, MiningQuery.builder().captureAllObjects().build());
    }
  }

  static Set<MiningOption> withDictionary(MiningOption... options) {
    Set<MiningOption> set = new HashSet<>(List.of(options));
    set.add(MiningOption.DICT_FROM_ONLINE_CATALOG);
    return set;
  }

  static List<RedoRow> readAll(LogMinerGateway db, MiningQuery q) throws SQLException {
    List<RedoRow> rows = new ArrayList<>();
    try (RowCursor c = db.query(q)) {
      for (RedoRow r = c.next(); r != null; r = c.next()) {
        rows.add(r);
      }
    }
    return rows;
  }

  static List<RedoRow> dml(List<RedoRow> rows) {
    return rows.stream().filter(r -> r.operationCode() >= 1 && r.operationCode() <= 3).toList();
  }

  static Map<String, Object> set(String column, Object value) {
    java.util.HashMap<String, Object> m = new java.util.HashMap<>();
    m.put(column, value);
    return m;
  }

  /** A call that may throw {@link SQLException}. */
  interface SqlCall {
    void run() throws SQLException;
  }

  /** The SQLException {@code call} throws; fails the test when it throws none. */
  static SQLException catchSql(SqlCall call) {
    try {
      call.run();
    } catch (SQLException e) {
      return e;
    }
    throw new AssertionError("expected a SQLException");
  }

  /**
   * Starts a session over every log from {@code low} with the online catalog and {@code options}.
   */
  static void start(LogMinerGateway db, long low, Long high, MiningOption... options)
      throws SQLException {
    addLogs(db, Scn.of(low));
    db.startSession(
        new SessionStart(Scn.of(low), high == null ? null : Scn.of(high), withDictionary(options)));
  }

  static List<RedoRow> all(LogMinerGateway db) throws SQLException {
    return readAll(db, MiningQuery.builder().captureAllObjects().build());
  }

  static RedoAddress last(List<RedoRow> rows, int thread, RedoAddress otherwise) {
    RedoAddress a = otherwise;
    for (RedoRow r : rows) {
      if (r.thread() == thread && r.address().compareTo(a) > 0) {
        a = r.address();
      }
    }
    return a;
  }
}
