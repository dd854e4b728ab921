package dev.redoline.simulator.internal.jdbc;

import dev.redoline.simulator.internal.oracle.AddedLog;
import dev.redoline.simulator.internal.oracle.LogFileOption;
import dev.redoline.simulator.internal.oracle.LogGap;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import dev.redoline.simulator.internal.oracle.RedoLog;
import dev.redoline.simulator.internal.oracle.ServerMiningSession;
import dev.redoline.simulator.internal.oracle.SessionChecks;
import dev.redoline.simulator.internal.oracle.Settings;
import dev.redoline.simulator.internal.oracle.SimulatedClock;
import dev.redoline.simulator.internal.oracle.StartRequest;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The DBMS_LOGMNR state of one database session: the logs ADD_LOGFILE added and the LogMiner
 * session START_LOGMNR began, with the errors those calls raise. It lives and dies with its {@link
 * Session}, which checks the connection and the container before each call.
 */
final class DbmsLogmnr {

  private final RedoLog redo;
  private final Settings settings;
  private final SimulatedClock clock;
  private final int instance;
  private final List<AddedLog> added = new ArrayList<>();
  private ServerMiningSession session;

  DbmsLogmnr(RedoLog redo, Settings settings, SimulatedClock clock, int instance) {
    this.redo = redo;
    this.settings = settings;
    this.clock = clock;
    this.instance = instance;
  }

  /** The logs added, in the order added (read-only). */
  List<AddedLog> added() {
    return Collections.unmodifiableList(added);
  }

  /** The LogMiner session START_LOGMNR began, or null. */
  ServerMiningSession session() {
    return session;
  }

  /** The threads whose online logs were added. */
  Set<Integer> threadsReadOnline() {
    Set<Integer> out = new HashSet<>();
    for (AddedLog a : added) {
      if (a.online()) {
        out.add(a.log().thread());
      }
    }
    return out;
  }

  /** ADD_LOGFILE: ORA-01284 (no such log, or unreadable here), ORA-01287, ORA-01289. */
  void addLogFile(String fileName, LogFileOption option) throws SQLException {
    if (option == LogFileOption.NEW) {
      clear();
    }
    AddedLog log = AddedLog.resolve(redo, fileName);
    if (log == null && AddedLog.removedOnDisk(redo, fileName)
        || log != null && AddedLog.onAnotherNode(redo, fileName, instance)) {
      // LogMiner opens the file to read its header: the OS error comes under ORA-01284
      throw OracleErrors.removedOnDisk(fileName);
    }
    if (log == null) {
      throw OracleErrors.plsql(1284, OracleErrors.LINE_ADD, fileName);
    }
    for (AddedLog a : added) {
      if (a.log().incarnation() != log.log().incarnation()) {
        throw OracleErrors.plsql(1287, OracleErrors.LINE_ADD, fileName);
      }
    }
    for (AddedLog a : added) {
      if (a.fileName().equals(fileName)
          || (a.log().thread() == log.log().thread()
              && a.log().sequence() == log.log().sequence())) {
        throw OracleErrors.plsql(1289, OracleErrors.LINE_ADD, fileName);
      }
    }
    added.add(log);
  }

  /** REMOVE_LOGFILE: ORA-01290 for a log not added. */
  void removeLogFile(String fileName) throws SQLException {
    if (!added.removeIf(a -> a.fileName().equals(fileName))) {
      throw OracleErrors.plsql(1290, OracleErrors.LINE_REMOVE, fileName);
    }
  }

  /**
   * START_LOGMNR: a new LogMiner session over the added logs; it keeps the memory of the one before
   * (its start time, what it read), never its options or bounds.
   */
  void startLogMiner(StartRequest start) throws SQLException {
    ServerMiningSession previous = session;
    session = null; // options and bounds never carry over; the session's memory does
    List<LogGap> gaps = SessionChecks.check(redo, settings, added, start);
    session =
        new ServerMiningSession(
            start, previous == null ? clock.instant() : previous.startedAt(), gaps);
    if (previous != null) {
      session.keepMemoryOf(previous);
    }
  }

  /** END_LOGMNR: ORA-01307 when there is nothing to end. */
  void endLogMiner() throws SQLException {
    if (session == null && added.isEmpty()) {
      throw OracleErrors.plsql(1307, OracleErrors.LINE_END);
    }
    clear();
  }

  /** Forgets the added logs and the LogMiner session (the connection ended, or option NEW). */
  void clear() {
    session = null;
    added.clear();
  }
}
