package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.internal.OracleError;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;

/**
 * Builds {@link SQLException}s the way ojdbc shows them: error code = ORA number, message {@code
 * ORA-NNNNN: text}, ORA-06512 frames for PL/SQL calls, SQLSTATE where Oracle sets one, and {@link
 * SQLRecoverableException} for errors after which the connection is gone (docs/logminer.md#errors,
 * requirement 37). Every number, text, SQLSTATE and connection loss comes from cdc-core's {@link
 * OracleError}, the list the capture engine classifies by, so the simulator can raise no error the
 * engine has not been taught; PL/SQL line numbers of DBMS_LOGMNR other than START_LOGMNR's 72 are
 * unverified.
 */
public final class OracleErrors {

  /** Line of DBMS_LOGMNR.START_LOGMNR in ORA-06512 frames, as seen in a real stack. */
  public static final int LINE_START = 72;

  /** Line of DBMS_LOGMNR.ADD_LOGFILE in ORA-06512 frames (unverified). */
  public static final int LINE_ADD = 82;

  /** Line of DBMS_LOGMNR.END_LOGMNR in ORA-06512 frames (unverified). */
  public static final int LINE_END = 90;

  /** Line of DBMS_LOGMNR.REMOVE_LOGFILE in ORA-06512 frames (unverified). */
  public static final int LINE_REMOVE = 110;

  /** Line of DBMS_LOGMNR_D.BUILD in ORA-06512 frames (unverified). */
  public static final int LINE_BUILD = 12;

  private OracleErrors() {}

  /**
   * Whether {@code code} is an error after which the connection (and its LogMiner session) is gone.
   */
  public static boolean losesConnection(int code) {
    return OracleError.find(code).map(OracleError::endsConnection).orElse(false);
  }

  /**
   * The first line of the message: {@code ORA-NNNNN: text}, or the driver's text for 17xxx.
   *
   * @throws IllegalArgumentException when {@code code} is not in {@link OracleError}
   */
  static String line(int code, Object... args) {
    OracleError e = known(code);
    String text = formatted(e.text(), args);
    return e.fromDriver() ? text : String.format("ORA-%05d: %s", code, text);
  }

  /** The entry of {@code code}; a simulated error must be one the engine knows. */
  public static OracleError known(int code) {
    return OracleError.find(code)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "ORA-"
                        + code
                        + " is not in dev.redoline.core.internal.OracleError: add it there, with its meaning, before raising it"));
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
  public static SQLException error(int code, Object... args) {
    return build(code, line(code, args));
  }

  /** The error of a DBMS_LOGMNR call, with its ORA-06512 frames. */
  public static SQLException plsql(int code, int line, Object... args) {
    return plsql("SYS.DBMS_LOGMNR", code, line, args);
  }

  /** The error of a call of PL/SQL package {@code pkg}, with its ORA-06512 frames. */
  public static SQLException plsql(String pkg, int code, int line, Object... args) {
    return build(
        code,
        line(code, args)
            + "\nORA-06512: at \""
            + pkg
            + "\", line "
            + line
            + "\nORA-06512: at line 1");
  }

  /** An error whose message is the given stack of lines; the code is the first line's. */
  public static SQLException stack(int code, String message) {
    return build(code, message);
  }

  /**
   * ADD_LOGFILE of an archived log removed on disk: LogMiner opens it to read its header, so the
   * operating system's error comes under ORA-01284 (ORA-00308, ORA-27037).
   */
  public static SQLException removedOnDisk(String fileName) {
    return build(
        1284,
        line(1284, fileName)
            + "\n"
            + line(308, fileName)
            + "\n"
            + line(27037)
            + "\nORA-06512: at \"SYS.DBMS_LOGMNR\", line "
            + LINE_ADD
            + "\nORA-06512: at line 1");
  }

  /** ORA-00310 + ORA-00334 for an online log that now holds another sequence. */
  static SQLException logReused(String fileName, long holds, long required) {
    return build(310, line(310, holds, required) + "\n" + line(334, fileName));
  }

  /** ORA-04030 wrapped as ojdbc shows a fatal memory error: 00603, 27102, 04030. */
  static SQLException outOfProcessMemory(long bytes) {
    return build(
        603,
        line(603)
            + "\n"
            + line(27102)
            + "\n"
            + line(4030, bytes, "krvxdups: priv,redo read buffer"));
  }

  private static SQLException build(int code, String message) {
    OracleError e = OracleError.find(code).orElse(null);
    String state = e == null ? "99999" : e.sqlState();
    if (e != null && e.endsConnection()) {
      return new SQLRecoverableException(message, state, code);
    }
    return new SQLException(message, state, code);
  }
}
