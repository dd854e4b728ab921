package dev.redoline.core.internal;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The one list of Oracle errors Redoline knows (docs/logminer.md#errors): the ORA number, Oracle's
 * catalogue text, the SQLSTATE ojdbc reports, whether the connection is gone after it, and what it
 * means for a capture. The engine's error classifier decides by {@link #meaning()}; the Oracle
 * simulator raises errors from the same entries, so the two cannot disagree about a number.
 *
 * <pre>{@code
 * OracleError e = OracleError.find(sqlException.getErrorCode()).orElse(null);
 * if (e != null && e.meaning() == OracleError.Meaning.CONNECTION_LOST) { ... reconnect ... }
 * }</pre>
 *
 * <p>Texts are the catalogue's ({@code https://docs.oracle.com/en/error-help/db/ora-NNNNN}), with
 * {@code %s} where Oracle fills in a value. Which of the listener and limit errors (ORA-00018,
 * 00020, 12516, 12519, 12520, 12528) ojdbc raises as {@code SQLRecoverableException} is not
 * confirmed; none of them leaves a usable connection, so they are marked as ending it.
 */
public enum OracleError {
  MAX_SESSIONS(
      18, "maximum number of sessions exceeded", "61000", true, Meaning.RESOURCES_EXHAUSTED),
  MAX_PROCESSES(
      20, "maximum number of processes (%s) exceeded", "61000", true, Meaning.RESOURCES_EXHAUSTED),
  SESSION_KILLED(28, "your session has been killed", "61000", true, Meaning.CONNECTION_LOST),
  CANNOT_OPEN_ARCHIVED_LOG(
      308, "cannot open archived log '%s'", "99999", false, Meaning.LOG_READ_FAILED),
  LOG_SEQUENCE_MISMATCH(
      310,
      "archived log contains sequence %s; sequence %s required",
      "64000",
      false,
      Meaning.LOG_READ_FAILED),
  /**
   * A query of a control file view (V$ARCHIVED_LOG, V$LOG, V$THREAD) met a concurrent update, as
   * during a log switch; Oracle's action is to retry.
   */
  CONTROL_FILE_INCONSISTENT(
      235,
      "control file fixed table inconsistent due to concurrent update",
      "99999",
      false,
      Meaning.INCONSISTENT_READ),
  ARCHIVED_LOG_NAME(334, "archived log: '%s'", "99999", false, Meaning.LOG_READ_FAILED),
  INTERNAL_ERROR(600, "internal error code, arguments: %s", "60000", false, Meaning.INTERNAL),
  SESSION_TERMINATED(
      603,
      "ORACLE server session terminated by fatal error",
      "60000",
      true,
      Meaning.CONNECTION_LOST),
  RECURSIVE_SQL(604, "error occurred at recursive SQL level %s", "60000", false, Meaning.WRAPPER),
  INVALID_STATEMENT(900, "invalid SQL statement", "42000", false, Meaning.NONE),
  INVALID_IDENTIFIER(904, "%s: invalid identifier", "42000", false, Meaning.NONE),
  INVALID_OPTION(922, "missing or invalid option", "42000", false, Meaning.NONE),
  MISSING_EXPRESSION(936, "missing expression", "42000", false, Meaning.NONE),
  TABLE_OR_VIEW_MISSING(
      942, "table or view does not exist", "42000", false, Meaning.PRIVILEGE_MISSING),
  INVALID_CURSOR(1001, "invalid cursor", "24000", false, Meaning.CONNECTION_LOST),
  NOT_ALL_VARIABLES_BOUND(1008, "not all variables bound", "72000", false, Meaning.NONE),
  USER_CANCEL(
      1013, "user requested cancel of current operation", "72000", false, Meaning.CANCELLED),
  /** The user name or password is wrong: never a reason to retry. */
  LOGON_DENIED(
      1017, "invalid username/password; logon denied", "72000", false, Meaning.LOGON_DENIED),
  INSUFFICIENT_PRIVILEGES(
      1031, "insufficient privileges", "42000", false, Meaning.PRIVILEGE_MISSING),
  STARTUP_OR_SHUTDOWN(
      1033,
      "ORACLE initialization or shutdown in progress",
      "08004",
      true,
      Meaning.CONNECTION_LOST),
  NOT_AVAILABLE(1034, "ORACLE not available", "08004", true, Meaning.CONNECTION_LOST),
  SHUTDOWN_IN_PROGRESS(
      1089,
      "immediate shutdown or close in progress - no operations are permitted",
      "08006",
      true,
      Meaning.CONNECTION_LOST),
  INSTANCE_TERMINATED(
      1092,
      "ORACLE instance terminated. Disconnection forced",
      "08006",
      true,
      Meaning.CONNECTION_LOST),
  DATABASE_NOT_OPEN(1109, "database not open", "99999", false, Meaning.CONNECTION_LOST),
  INVALID_SCN_RANGE(
      1281, "SCN range specified is invalid", "99999", false, Meaning.LOG_READ_FAILED),
  CANNOT_OPEN_FILE(1284, "file %s cannot be opened", "99999", false, Meaning.LOG_READ_FAILED),
  OTHER_INCARNATION(
      1287,
      "file %s is from a different database incarnation",
      "99999",
      false,
      Meaning.LOG_READ_FAILED),
  DUPLICATE_LOGFILE(
      1289, "cannot add duplicate logfile %s", "99999", false, Meaning.LOG_READ_FAILED),
  UNLISTED_LOGFILE(1290, "cannot remove unlisted logfile %s", "99999", false, Meaning.NONE),
  MISSING_LOGFILE(1291, "missing logfile", "99999", false, Meaning.LOG_MISSING),
  NO_LOGFILE(
      1292,
      "no log file has been specified for the current LogMiner session",
      "99999",
      false,
      Meaning.LOG_READ_FAILED),
  NO_SESSION_FOR_SELECT(
      1306,
      "dbms_logmnr.start_logmnr() must be invoked before selecting from " + "v$logmnr_contents",
      "99999",
      false,
      Meaning.LOG_READ_FAILED),
  NO_ACTIVE_SESSION(1307, "no LogMiner session is currently active", "99999", false, Meaning.NONE),
  NOT_ATTACHED(1317, "not attached to a LogMiner session", "99999", false, Meaning.LOG_READ_FAILED),
  DICTIONARY_LOCK(
      1327,
      "failed to exclusively lock system dictionary as required BUILD",
      "99999",
      false,
      Meaning.LOG_READ_FAILED),
  DICTIONARY_NOT_ESTABLISHED(
      1333, "failed to establish LogMiner dictionary", "99999", false, Meaning.LOG_READ_FAILED),
  CORRUPTION(
      1343, "LogMiner encountered corruption in the logstream", "99999", false, Meaning.CORRUPTION),
  SUPPLEMENTAL_LOG_MISSING(
      1347,
      "Supplemental log data no longer found",
      "99999",
      false,
      Meaning.SUPPLEMENTAL_LOGGING_MISSING),
  DICTIONARY_INCOMPLETE(
      1371, "Complete LogMiner dictionary not found", "99999", false, Meaning.LOG_READ_FAILED),
  TABLE_DEFINITION_CHANGED(
      1466, "unable to read data - table definition has changed", "99999", false, Meaning.NONE),
  SNAPSHOT_TOO_OLD(
      1555,
      "snapshot too old: rollback segment number %s with name \"%s\" too small",
      "72000",
      false,
      Meaning.NONE),
  INVALID_NUMBER(1722, "invalid number", "42000", false, Meaning.NONE),
  DATE_FORMAT_NOT_RECOGNIZED(1821, "date format not recognized", "22007", false, Meaning.NONE),
  TIMEZONE_REGION_NOT_FOUND(
      1882, "timezone region not found", "22009", false, Meaning.CONFIGURATION),
  INVALID_ALTER_SESSION_OPTION(
      2248, "invalid option for ALTER SESSION", "42000", false, Meaning.NONE),
  IDLE_TIMEOUT(
      2396,
      "exceeded maximum idle time, please connect again",
      "61000",
      true,
      Meaning.CONNECTION_LOST),
  END_OF_FILE_ON_CHANNEL(
      3113, "end-of-file on communication channel", "08006", true, Meaning.CONNECTION_LOST),
  NOT_CONNECTED(3114, "not connected to ORACLE", "08003", true, Meaning.CONNECTION_LOST),
  CONNECTION_LOST_CONTACT(3135, "connection lost contact", "08006", true, Meaning.CONNECTION_LOST),
  OUT_OF_PROCESS_MEMORY(
      4030,
      "out of process memory when trying to allocate %s bytes (%s)",
      "61000",
      false,
      Meaning.RESOURCES_EXHAUSTED),
  OUT_OF_SHARED_MEMORY(
      4031,
      "unable to allocate %s bytes of shared memory (%s)",
      "61000",
      false,
      Meaning.RESOURCES_EXHAUSTED),
  PGA_LIMIT(
      4036,
      "PGA memory used by the instance exceeds PGA_AGGREGATE_LIMIT",
      "99999",
      false,
      Meaning.RESOURCES_EXHAUSTED),
  NUMERIC_OR_VALUE_ERROR(6502, "%s", "65000", false, Meaning.NONE),
  PLSQL_FRAME(6512, "at %s", "65000", false, Meaning.WRAPPER),
  PLSQL_COMPILATION(6550, "line %s, column %s:", "65000", false, Meaning.NONE),
  CORE_DUMP(7445, "exception encountered: core dump [%s]", "99999", true, Meaning.CONNECTION_LOST),
  NO_SNAPSHOT_FOR_TIME(
      8180, "no snapshot found based on specified time", "99999", false, Meaning.NONE),
  NOT_A_VALID_SCN(
      8181, "specified number is not a valid system change number", "99999", false, Meaning.NONE),
  CONNECT_TIMEOUT(12170, "TNS:Connect timeout occurred", "08006", true, Meaning.CONNECTION_LOST),
  UNKNOWN_SID(
      12505,
      "TNS:listener does not currently know of SID given in connect descriptor",
      "08006",
      true,
      Meaning.CONNECTION_LOST),
  UNKNOWN_SERVICE(
      12514,
      "TNS:listener does not currently know of service requested in connect descriptor",
      "08006",
      true,
      Meaning.CONNECTION_LOST),
  NO_HANDLER_FOR_PROTOCOL(
      12516,
      "TNS:listener could not find available handler with matching protocol stack",
      "08006",
      true,
      Meaning.RESOURCES_EXHAUSTED),
  NO_SERVICE_HANDLER(
      12519,
      "TNS:no appropriate service handler found",
      "08006",
      true,
      Meaning.RESOURCES_EXHAUSTED),
  NO_HANDLER_FOR_SERVER_TYPE(
      12520,
      "TNS:listener could not find available handler for requested type of server",
      "08006",
      true,
      Meaning.RESOURCES_EXHAUSTED),
  INSTANCES_BLOCKING(
      12528,
      "TNS:listener: all appropriate instances are blocking new connections",
      "08006",
      true,
      Meaning.CONNECTION_LOST),
  CONNECTION_CLOSED(12537, "TNS:connection closed", "08006", true, Meaning.CONNECTION_LOST),
  NO_LISTENER(12541, "TNS:no listener", "08006", true, Meaning.CONNECTION_LOST),
  HOST_UNREACHABLE(
      12543, "TNS:destination host unreachable", "08006", true, Meaning.CONNECTION_LOST),
  /** An NLS parameter names no language, territory or sort Oracle has data for. */
  INVALID_NLS_ENVIRONMENT(
      12705,
      "Cannot access NLS data files or invalid environment specified",
      "99999",
      false,
      Meaning.NONE),
  /** ojdbc's own: the socket failed. */
  IO_ERROR(17002, "IO Error: Connection reset", "08006", true, Meaning.CONNECTION_LOST),
  /** ojdbc's own: the connection was closed. */
  CLOSED_CONNECTION(17008, "Closed Connection", "08003", true, Meaning.CONNECTION_LOST),
  /** ojdbc's own: the server went away mid-reply. */
  NO_MORE_DATA(17410, "No more data to read from socket", "08000", true, Meaning.CONNECTION_LOST),
  CANNOT_REPLAY_CALL(25408, "can not safely replay call", "08006", true, Meaning.CONNECTION_LOST),
  FILE_STATUS(27037, "unable to obtain file status", "99999", false, Meaning.LOG_READ_FAILED),
  OUT_OF_MEMORY(27102, "out of memory", "99999", false, Meaning.RESOURCES_EXHAUSTED),
  CONTINUOUS_MINE_DESUPPORTED(
      44609,
      "CONTINOUS_MINE is desupported for use with DBMS_LOGMNR.START_LOGMNR.",
      "99999",
      false,
      Meaning.CONFIGURATION),
  FLAT_FILE_DICTIONARY_DESUPPORTED(
      44613,
      "Flat file dictionary desupported; use DICT_FROM_ONLINE_CATALOG or " + "DICT_FROM_REDO_LOGS",
      "99999",
      false,
      Meaning.CONFIGURATION),
  /** The LOB form of ORA-01555: the undo a LOB read AS OF SCN needs is gone. */
  LOB_SNAPSHOT_TOO_OLD(22924, "snapshot too old", "99999", false, Meaning.NONE),
  PDB_DOES_NOT_EXIST(
      65011, "Pluggable database %s does not exist.", "99999", false, Meaning.UNKNOWN_CONTAINER),
  PDB_NOT_OPEN(
      65024, "Pluggable database %s is not open.", "99999", false, Meaning.CONNECTION_LOST),
  NOT_ALLOWED_IN_PDB(
      65040,
      "operation not allowed from within a pluggable database",
      "99999",
      false,
      Meaning.CONFIGURATION);

  /** What an error means for a capture; the engine decides what to do from this alone. */
  public enum Meaning {
    /**
     * The session, its cursor or its instance is gone, or not available yet (a restart, a failover,
     * a closed PDB, a dropped network): a new connection gets past it.
     */
    CONNECTION_LOST,
    /**
     * Memory, sessions, processes or listener handlers ran out: a new connection, later, gets past
     * it.
     */
    RESOURCES_EXHAUSTED,
    /**
     * LogMiner could not read the added logs as they were when listed: mining again gets past it.
     */
    LOG_READ_FAILED,
    /**
     * A read met a concurrent change of what it read (the control file during a log switch):
     * reading again gets past it.
     */
    INCONSISTENT_READ,
    /** A log of the range is missing from the LogMiner session. */
    LOG_MISSING,
    /** LogMiner found corrupt redo. */
    CORRUPTION,
    /** The statement was cancelled (query timeout or cancel()). */
    CANCELLED,
    /** The capture user lacks a grant. */
    PRIVILEGE_MISSING,
    /** The database refused the user name or password. */
    LOGON_DENIED,
    /** Supplemental logging is missing. */
    SUPPLEMENTAL_LOGGING_MISSING,
    /** The configuration asks for something the database refuses. */
    CONFIGURATION,
    /** A named container does not exist. */
    UNKNOWN_CONTAINER,
    /** ORA-00600: what it means depends on its arguments. */
    INTERNAL,
    /** Says only that another error follows in the same stack (ORA-00604, ORA-06512 frames). */
    WRAPPER,
    /** Nothing a capture can act on: a statement error, or one the engine never sees in capture. */
    NONE
  }

  private static final Map<Integer, OracleError> BY_NUMBER = new HashMap<>();

  static {
    for (OracleError e : values()) {
      BY_NUMBER.put(e.number, e);
    }
  }

  private final int number;
  private final String text;
  private final String sqlState;
  private final boolean endsConnection;
  private final Meaning meaning;

  OracleError(int number, String text, String sqlState, boolean endsConnection, Meaning meaning) {
    this.number = number;
    this.text = text;
    this.sqlState = sqlState;
    this.endsConnection = endsConnection;
    this.meaning = meaning;
  }

  /** The entry of ORA-{@code number}, if Redoline knows it. */
  public static Optional<OracleError> find(int number) {
    return Optional.ofNullable(BY_NUMBER.get(number));
  }

  /** The ORA number, as {@code SQLException.getErrorCode()} returns it. */
  public int number() {
    return number;
  }

  /** The catalogue text, with {@code %s} where Oracle fills in a value. */
  public String text() {
    return text;
  }

  /** The SQLSTATE ojdbc reports with it. */
  public String sqlState() {
    return sqlState;
  }

  /**
   * Whether the connection (and its LogMiner session) is gone after it: ojdbc's {@code
   * SQLRecoverableException}.
   */
  public boolean endsConnection() {
    return endsConnection;
  }

  /** What it means for a capture. */
  public Meaning meaning() {
    return meaning;
  }

  /** Whether ojdbc raises it itself (17xxx): its message has no {@code ORA-NNNNN:} prefix. */
  public boolean fromDriver() {
    return number >= 17000 && number < 18000;
  }
}
