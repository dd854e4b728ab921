package dev.redoline.simulator;

import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.util.Map;

/**
 * Builds {@link SQLException}s the way ojdbc shows them: error code = ORA number, message
 * {@code ORA-NNNNN: text}, ORA-06512 frames for PL/SQL calls, SQLSTATE where Oracle sets one, and
 * {@link SQLRecoverableException} for errors after which the connection is gone (LOGMINER.md
 * section 7, requirement 37). Message texts are Oracle's catalogue texts; PL/SQL line numbers of
 * DBMS_LOGMNR other than START_LOGMNR's 72 are unverified.
 */
final class OracleErrors {

  /** Line of DBMS_LOGMNR.START_LOGMNR in ORA-06512 frames, as seen in a real stack. */
  static final int LINE_START = 72;
  /** Line of DBMS_LOGMNR.ADD_LOGFILE in ORA-06512 frames (unverified). */
  static final int LINE_ADD = 82;
  /** Line of DBMS_LOGMNR.END_LOGMNR in ORA-06512 frames (unverified). */
  static final int LINE_END = 90;
  /** Line of DBMS_LOGMNR.REMOVE_LOGFILE in ORA-06512 frames (unverified). */
  static final int LINE_REMOVE = 110;
  /** Line of DBMS_LOGMNR_D.BUILD in ORA-06512 frames (unverified). */
  static final int LINE_BUILD = 12;

  private record Entry(String text, String sqlState, boolean connectionLost) {}

  private static final Map<Integer, Entry> CATALOG = Map.ofEntries(
      Map.entry(28, new Entry("your session has been killed", "61000", true)),
      Map.entry(308, new Entry("cannot open archived log '%s'", "99999", false)),
      Map.entry(310, new Entry("archived log contains sequence %s; sequence %s required", "64000", false)),
      Map.entry(334, new Entry("archived log: '%s'", "99999", false)),
      Map.entry(600, new Entry("internal error code, arguments: %s", "60000", false)),
      Map.entry(603, new Entry("ORACLE server session terminated by fatal error", "60000", true)),
      Map.entry(900, new Entry("invalid SQL statement", "42000", false)),
      Map.entry(904, new Entry("%s: invalid identifier", "42000", false)),
      Map.entry(922, new Entry("missing or invalid option", "42000", false)),
      Map.entry(936, new Entry("missing expression", "42000", false)),
      Map.entry(942, new Entry("table or view does not exist", "42000", false)),
      Map.entry(1001, new Entry("invalid cursor", "24000", false)),
      Map.entry(1008, new Entry("not all variables bound", "72000", false)),
      Map.entry(1013, new Entry("user requested cancel of current operation", "72000", false)),
      Map.entry(1031, new Entry("insufficient privileges", "42000", false)),
      Map.entry(1033, new Entry("ORACLE initialization or shutdown in progress", "08004", true)),
      Map.entry(1034, new Entry("ORACLE not available", "08004", true)),
      Map.entry(1089, new Entry("immediate shutdown or close in progress - no operations are permitted",
          "08006", true)),
      Map.entry(1109, new Entry("database not open", "99999", false)),
      Map.entry(1281, new Entry("SCN range specified is invalid", "99999", false)),
      Map.entry(1284, new Entry("file %s cannot be opened", "99999", false)),
      Map.entry(1289, new Entry("cannot add duplicate logfile %s", "99999", false)),
      Map.entry(1290, new Entry("cannot remove unlisted logfile %s", "99999", false)),
      Map.entry(1291, new Entry("missing logfile", "99999", false)),
      Map.entry(1292, new Entry("no log file has been specified for the current LogMiner session", "99999",
          false)),
      Map.entry(1306, new Entry("dbms_logmnr.start_logmnr() must be invoked before selecting from "
          + "v$logmnr_contents", "99999", false)),
      Map.entry(1307, new Entry("no LogMiner session is currently active", "99999", false)),
      Map.entry(1327, new Entry("failed to exclusively lock system dictionary as required BUILD", "99999",
          false)),
      Map.entry(1333, new Entry("failed to establish LogMiner dictionary", "99999", false)),
      Map.entry(1343, new Entry("LogMiner encountered corruption in the logstream", "99999", false)),
      Map.entry(1347, new Entry("Supplemental log data no longer found", "99999", false)),
      Map.entry(1371, new Entry("Complete LogMiner dictionary not found", "99999", false)),
      Map.entry(1466, new Entry("unable to read data - table definition has changed", "99999", false)),
      Map.entry(1555, new Entry("snapshot too old: rollback segment number %s with name \"%s\" too small",
          "72000", false)),
      Map.entry(1821, new Entry("date format not recognized", "22007", false)),
      Map.entry(1882, new Entry("timezone region not found", "22009", false)),
      Map.entry(2248, new Entry("invalid option for ALTER SESSION", "42000", false)),
      Map.entry(2396, new Entry("exceeded maximum idle time, please connect again", "61000", true)),
      Map.entry(3113, new Entry("end-of-file on communication channel", "08006", true)),
      Map.entry(3114, new Entry("not connected to ORACLE", "08003", true)),
      Map.entry(3135, new Entry("connection lost contact", "08006", true)),
      Map.entry(4030, new Entry("out of process memory when trying to allocate %s bytes (%s)", "61000",
          false)),
      Map.entry(4031, new Entry("unable to allocate %s bytes of shared memory (%s)", "61000", false)),
      Map.entry(4036, new Entry("PGA memory used by the instance exceeds PGA_AGGREGATE_LIMIT", "99999",
          false)),
      Map.entry(6502, new Entry("%s", "65000", false)),
      Map.entry(7445, new Entry("exception encountered: core dump [%s]", "99999", true)),
      Map.entry(8180, new Entry("no snapshot found based on specified time", "99999", false)),
      Map.entry(8181, new Entry("specified number is not a valid system change number", "99999", false)),
      Map.entry(12514, new Entry("TNS:listener does not currently know of service requested in connect "
          + "descriptor", "08006", true)),
      Map.entry(12541, new Entry("TNS:no listener", "08006", true)),
      Map.entry(27037, new Entry("unable to obtain file status", "99999", false)),
      Map.entry(27102, new Entry("out of memory", "99999", false)),
      Map.entry(44609, new Entry("CONTINOUS_MINE is desupported for use with DBMS_LOGMNR.START_LOGMNR.",
          "99999", false)),
      Map.entry(44613, new Entry("Flat file dictionary desupported; use DICT_FROM_ONLINE_CATALOG or "
          + "DICT_FROM_REDO_LOGS", "99999", false)),
      Map.entry(65011, new Entry("Pluggable database %s does not exist.", "99999", false)),
      Map.entry(65024, new Entry("Pluggable database %s is not open.", "99999", false)),
      Map.entry(65040, new Entry("operation not allowed from within a pluggable database", "99999", false)));

  /** ojdbc's own I/O errors: code, text, SQLSTATE. */
  private static final Map<Integer, Entry> DRIVER = Map.of(
      17002, new Entry("IO Error: Connection reset", "08006", true),
      17008, new Entry("Closed Connection", "08003", true),
      17410, new Entry("No more data to read from socket", "08000", true));

  private OracleErrors() {}

  /** Whether {@code code} is an error after which the connection (and its LogMiner session) is gone. */
  static boolean losesConnection(int code) {
    Entry e = DRIVER.containsKey(code) ? DRIVER.get(code) : CATALOG.get(code);
    return e != null && e.connectionLost;
  }

  /** The first line of the message: {@code ORA-NNNNN: text}, or the driver's text for 17xxx. */
  static String line(int code, Object... args) {
    Entry driver = DRIVER.get(code);
    if (driver != null) {
      return driver.text;
    }
    Entry e = CATALOG.get(code);
    String text = e == null ? "error " + code : formatted(e.text, args);
    return String.format("ORA-%05d: %s", code, text);
  }

  private static String formatted(String template, Object... args) {
    int slots = template.split("%s", -1).length - 1;
    Object[] filled = new Object[slots];
    for (int i = 0; i < slots; i++) {
      filled[i] = i < args.length ? args[i] : "";
    }
    return String.format(template, filled);
  }

  /** The error of a SQL statement or driver call. */
  static SQLException error(int code, Object... args) {
    return build(code, line(code, args));
  }

  /** The error of a DBMS_LOGMNR call, with its ORA-06512 frames. */
  static SQLException plsql(int code, int line, Object... args) {
    return plsql("SYS.DBMS_LOGMNR", code, line, args);
  }

  /** The error of a call of PL/SQL package {@code pkg}, with its ORA-06512 frames. */
  static SQLException plsql(String pkg, int code, int line, Object... args) {
    return build(code, line(code, args) + "\nORA-06512: at \"" + pkg + "\", line " + line
        + "\nORA-06512: at line 1");
  }

  /** An error whose message is the given stack of lines; the code is the first line's. */
  static SQLException stack(int code, String message) {
    return build(code, message);
  }

  /** ORA-00310 + ORA-00334 for an online log that now holds another sequence. */
  static SQLException logReused(String fileName, long holds, long required) {
    return build(310, line(310, holds, required) + "\n" + line(334, fileName));
  }

  /** ORA-04030 wrapped as ojdbc shows a fatal memory error: 00603, 27102, 04030. */
  static SQLException outOfProcessMemory(long bytes) {
    return build(603, line(603) + "\n" + line(27102) + "\n"
        + line(4030, bytes, "krvxdups: priv,redo read buffer"));
  }

  private static SQLException build(int code, String message) {
    Entry e = DRIVER.containsKey(code) ? DRIVER.get(code) : CATALOG.get(code);
    String state = e == null ? "99999" : e.sqlState;
    if (e != null && e.connectionLost) {
      return new SQLRecoverableException(message, state, code);
    }
    return new SQLException(message, state, code);
  }
}
