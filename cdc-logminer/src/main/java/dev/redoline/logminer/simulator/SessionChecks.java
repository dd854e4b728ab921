package dev.redoline.logminer.simulator;

import dev.redoline.logminer.MiningOption;
import dev.redoline.logminer.SessionStart;
import java.sql.SQLException;
import java.util.List;

/**
 * What START_LOGMNR checks before a session exists (requirement 13), in Oracle's order: options,
 * logs listed, files readable, the SCN range, then that every needed sequence of every thread is
 * listed. Log availability is checked only here; later changes surface from fetches.
 */
final class SessionChecks {

  private SessionChecks() {}

  static void check(SimulatedOracle oracle, List<AddedLog> added, SessionStart start) throws SQLException {
    int line = OracleErrors.LINE_START;
    if (start.has(MiningOption.CONTINUOUS_MINE)) {
      throw OracleErrors.plsql(44609, line);
    }
    if (!start.has(MiningOption.DICT_FROM_ONLINE_CATALOG) && !start.has(MiningOption.DICT_FROM_REDO_LOGS)) {
      throw OracleErrors.plsql(44613, line);
    }
    if (added.isEmpty()) {
      throw OracleErrors.plsql(1292, line);
    }
    for (AddedLog a : added) {
      if (a.online() && a.log().overwritten) {
        RedoThread.Group g = oracle.redo.thread(a.log().thread).groupOf(a.log());
        long holds = g == null ? a.log().sequence + 1 : a.log().sequence;
        throw OracleErrors.stack(310, OracleErrors.line(310, holds, a.log().sequence) + "\n"
            + OracleErrors.line(334, a.fileName()) + "\nORA-06512: at \"SYS.DBMS_LOGMNR\", line " + line
            + "\nORA-06512: at line 1");
      }
      if (!a.online() && a.archive().deleted) {
        throw OracleErrors.stack(308, OracleErrors.line(308, a.fileName()) + "\n" + OracleErrors.line(27037)
            + "\nORA-06512: at \"SYS.DBMS_LOGMNR\", line " + line + "\nORA-06512: at line 1");
      }
    }
    long low = start.startScn().bits();
    long high = start.endScn() == null ? Long.MAX_VALUE : start.endScn().bits();
    if (start.endScn() != null && high <= low) {
      throw OracleErrors.plsql(1281, line);
    }
    for (RedoThread t : oracle.redo.threads) {
      for (LogFile f : t.logs) {
        long next = f.current() && !t.open ? t.checkpointScn + 1 : f.nextScn;
        if (f.firstScn <= high && next > low && !listed(added, f)) {
          throw OracleErrors.plsql(1291, line);
        }
      }
    }
    boolean startCovered = false;
    for (AddedLog a : added) {
      if (a.log().firstScn <= low && low < a.log().nextScn) {
        startCovered = true;
      }
    }
    if (!startCovered) {
      throw OracleErrors.plsql(1281, line);
    }
  }

  private static boolean listed(List<AddedLog> added, LogFile f) {
    for (AddedLog a : added) {
      if (a.log().thread == f.thread && a.log().sequence == f.sequence) {
        return true;
      }
    }
    return false;
  }
}
