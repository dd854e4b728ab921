package dev.redoline.simulator.internal.oracle;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * What START_LOGMNR checks before a session exists (requirement 13), in Oracle's order: options,
 * logs listed, files readable, the SCN range, then that every needed sequence of every thread is
 * listed (or, when the simulator tolerates gaps, noted as missing). With DICT_FROM_REDO_LOGS the
 * logs of a dictionary BUILD must be listed (ORA-01371). Log availability is checked only here;
 * later changes surface from fetches.
 */
public final class SessionChecks {

  private SessionChecks() {}

  /**
   * Checks a START_LOGMNR call.
   *
   * @return the missing logs the session tolerates (empty unless the simulator tolerates gaps)
   */
  public static List<LogGap> check(
      RedoLog redo, Settings settings, List<AddedLog> added, StartRequest start)
      throws SQLException {
    int line = OracleErrors.LINE_START;
    if (start.has(LogMinerOption.CONTINUOUS_MINE)) {
      throw OracleErrors.plsql(44609, line);
    }
    if (!start.has(LogMinerOption.DICT_FROM_ONLINE_CATALOG)
        && !start.has(LogMinerOption.DICT_FROM_REDO_LOGS)) {
      throw OracleErrors.plsql(44613, line);
    }
    if (added.isEmpty()) {
      throw OracleErrors.plsql(1292, line);
    }
    checkReadable(redo, added, line);
    if (start.has(LogMinerOption.DICT_FROM_REDO_LOGS) && !dictionaryAdded(added)) {
      throw OracleErrors.plsql(1371, line);
    }
    return checkRange(redo, settings, added, start, line);
  }

  /** Every listed file must still hold what it held when added (ORA-00310, ORA-00308). */
  private static void checkReadable(RedoLog redo, List<AddedLog> added, int line)
      throws SQLException {
    for (AddedLog a : added) {
      if (a.online() && a.log().overwritten()) {
        RedoThread.Group g = redo.thread(a.log().thread()).groupOf(a.log());
        long holds = g == null ? a.log().sequence() + 1 : a.log().sequence();
        throw OracleErrors.stack(
            310,
            OracleErrors.line(310, holds, a.log().sequence())
                + "\n"
                + OracleErrors.line(334, a.fileName())
                + "\nORA-06512: at \"SYS.DBMS_LOGMNR\", line "
                + line
                + "\nORA-06512: at line 1");
      }
      if (!a.online() && (a.archive().deleted() || a.archive().fileGone())) {
        throw OracleErrors.stack(
            308,
            OracleErrors.line(308, a.fileName())
                + "\n"
                + OracleErrors.line(27037)
                + "\nORA-06512: at \"SYS.DBMS_LOGMNR\", line "
                + line
                + "\nORA-06512: at line 1");
      }
    }
  }

  /** The range must be valid and covered, every needed sequence listed (or tolerated missing). */
  private static List<LogGap> checkRange(
      RedoLog redo, Settings settings, List<AddedLog> added, StartRequest start, int line)
      throws SQLException {
    long low = start.startScn();
    long high = start.endScn() == null ? Long.MAX_VALUE : start.endScn();
    if (start.endScn() != null && high <= low) {
      throw OracleErrors.plsql(1281, line);
    }
    List<LogFile> missing = new ArrayList<>();
    DatabaseIncarnation mined = incarnationOf(redo, added);
    for (RedoThread t : redo.threads()) {
      for (LogFile f : t.logs()) {
        if (f.incarnation() != mined) {
          continue; // another incarnation's SCNs: not this session's range
        }
        long next = f.current() && !t.open() ? t.checkpointScn() + 1 : f.nextScn();
        if (f.firstScn() <= high && next > low && !listed(added, f)) {
          if (!settings.toleratesLogGaps()) {
            throw OracleErrors.plsql(1291, line);
          }
          missing.add(f);
        }
      }
    }
    boolean startCovered = false;
    for (AddedLog a : added) {
      if (a.log().firstScn() <= low && low < a.log().nextScn()) {
        startCovered = true;
      }
    }
    for (LogFile f : missing) {
      startCovered |= f.firstScn() <= low && low < f.nextScn();
    }
    if (!startCovered) {
      throw OracleErrors.plsql(1281, line);
    }
    return gaps(missing);
  }

  /** The incarnation of the added logs (one: ORA-01287 refuses another), else the current one. */
  static DatabaseIncarnation incarnationOf(RedoLog redo, List<AddedLog> added) {
    return added.isEmpty() ? redo.incarnation() : added.get(0).log().incarnation();
  }

  /** The sequences missing between the lowest and highest listed sequence of each thread. */
  public static List<LogGap> between(RedoLog redo, List<AddedLog> added) {
    List<LogFile> missing = new ArrayList<>();
    DatabaseIncarnation mined = incarnationOf(redo, added);
    for (RedoThread t : redo.threads()) {
      long min = Long.MAX_VALUE;
      long max = Long.MIN_VALUE;
      for (AddedLog a : added) {
        if (a.log().thread() == t.number()) {
          min = Math.min(min, a.log().sequence());
          max = Math.max(max, a.log().sequence());
        }
      }
      for (LogFile f : t.logs()) {
        if (f.incarnation() == mined
            && f.sequence() > min
            && f.sequence() < max
            && !listed(added, f)) {
          missing.add(f);
        }
      }
    }
    return gaps(missing);
  }

  /** Missing logs, in (thread, sequence) order, grouped into runs of consecutive sequences. */
  private static List<LogGap> gaps(List<LogFile> missing) {
    List<LogGap> out = new ArrayList<>();
    LogFile first = null;
    LogFile last = null;
    for (LogFile f : missing) {
      if (last != null && (f.thread() != last.thread() || f.sequence() != last.sequence() + 1)) {
        out.add(
            new LogGap(
                first.thread(),
                first.sequence(),
                last.sequence(),
                first.firstScn(),
                last.nextScn()));
        first = null;
      }
      first = first == null ? f : first;
      last = f;
    }
    if (first != null) {
      out.add(
          new LogGap(
              first.thread(), first.sequence(), last.sequence(), first.firstScn(), last.nextScn()));
    }
    return out;
  }

  /** DICT_FROM_REDO_LOGS needs the logs from DICTIONARY_BEGIN to DICTIONARY_END of one BUILD. */
  private static boolean dictionaryAdded(List<AddedLog> added) {
    boolean begin = false;
    boolean end = false;
    for (AddedLog a : added) {
      begin |= a.log().dictionaryBegin();
      end |= a.log().dictionaryEnd();
    }
    return begin && end;
  }

  private static boolean listed(List<AddedLog> added, LogFile f) {
    for (AddedLog a : added) {
      if (a.log().thread() == f.thread() && a.log().sequence() == f.sequence()) {
        return true;
      }
    }
    return false;
  }
}
