package dev.redoline.logminer;

/**
 * The ORA numbers the port raises, as {@link java.sql.SQLException#getErrorCode()} returns them
 * (LOGMINER.md section 7). One list, so the engine's error classifier and both gateways agree.
 */
public final class OracleErrorCodes {
  /** Session killed (by a DBA or by PGA_AGGREGATE_LIMIT). */
  public static final int SESSION_KILLED = 28;
  /** Archived log contains sequence X; sequence Y required: an online log reused while read. */
  public static final int LOG_SEQUENCE_MISMATCH = 310;
  /** Cannot open archived log. */
  public static final int CANNOT_OPEN_ARCHIVED_LOG = 308;
  /** Companion line naming the log file in 00310/00308 stacks. */
  public static final int ARCHIVED_LOG_NAME = 334;
  /** Internal error, with arguments such as {@code [krvrdGetUID]}. */
  public static final int INTERNAL_ERROR = 600;
  /** ORACLE server session terminated by fatal error. */
  public static final int SESSION_TERMINATED = 603;
  /** Table or view does not exist. */
  public static final int TABLE_OR_VIEW_MISSING = 942;
  /** User requested cancel of current operation: query timeout or cancel(). */
  public static final int USER_CANCEL = 1013;
  /** Insufficient privileges. */
  public static final int INSUFFICIENT_PRIVILEGES = 1031;
  /** ORACLE initialization or shutdown in progress. */
  public static final int STARTUP_OR_SHUTDOWN = 1033;
  /** ORACLE not available. */
  public static final int NOT_AVAILABLE = 1034;
  /** Immediate shutdown or close in progress. */
  public static final int SHUTDOWN_IN_PROGRESS = 1089;
  /** Database not open (a closed PDB). */
  public static final int DATABASE_NOT_OPEN = 1109;
  /** SCN range specified is invalid. */
  public static final int INVALID_SCN_RANGE = 1281;
  /** File cannot be opened. */
  public static final int CANNOT_OPEN_FILE = 1284;
  /** Cannot add duplicate logfile. */
  public static final int DUPLICATE_LOGFILE = 1289;
  /** Cannot remove unlisted logfile. */
  public static final int UNLISTED_LOGFILE = 1290;
  /** Missing log file. */
  public static final int MISSING_LOGFILE = 1291;
  /** No log file has been specified for the current LogMiner session. */
  public static final int NO_LOGFILE = 1292;
  /** START_LOGMNR must be invoked before selecting from V$LOGMNR_CONTENTS. */
  public static final int NO_SESSION_FOR_SELECT = 1306;
  /** No LogMiner session is currently active. */
  public static final int NO_ACTIVE_SESSION = 1307;
  /** Failed to exclusively lock system dictionary as required by BUILD. */
  public static final int DICTIONARY_LOCK = 1327;
  /** Failed to establish LogMiner dictionary. */
  public static final int DICTIONARY_NOT_ESTABLISHED = 1333;
  /** LogMiner encountered corruption in the logstream. */
  public static final int CORRUPTION = 1343;
  /** Supplemental log data not found. */
  public static final int SUPPLEMENTAL_LOG_MISSING = 1347;
  /** Complete LogMiner dictionary not found. */
  public static final int DICTIONARY_INCOMPLETE = 1371;
  /** Table definition has changed. */
  public static final int TABLE_DEFINITION_CHANGED = 1466;
  /** Snapshot too old. */
  public static final int SNAPSHOT_TOO_OLD = 1555;
  /** Exceeded maximum idle time. */
  public static final int IDLE_TIMEOUT = 2396;
  /** End-of-file on communication channel. */
  public static final int END_OF_FILE_ON_CHANNEL = 3113;
  /** Not connected to ORACLE. */
  public static final int NOT_CONNECTED = 3114;
  /** Connection lost contact. */
  public static final int CONNECTION_LOST_CONTACT = 3135;
  /** Out of process memory. */
  public static final int OUT_OF_PROCESS_MEMORY = 4030;
  /** Unable to allocate shared memory. */
  public static final int OUT_OF_SHARED_MEMORY = 4031;
  /** PGA memory used by the instance exceeds PGA_AGGREGATE_LIMIT. */
  public static final int PGA_LIMIT = 4036;
  /** Exception encountered: core dump. */
  public static final int CORE_DUMP = 7445;
  /** No snapshot found based on specified time. */
  public static final int NO_SNAPSHOT_FOR_TIME = 8180;
  /** Specified number is not a valid system change number. */
  public static final int NOT_A_VALID_SCN = 8181;
  /** Listener does not currently know of service requested. */
  public static final int UNKNOWN_SERVICE = 12514;
  /** TNS: no listener. */
  public static final int NO_LISTENER = 12541;
  /** IO Error (ojdbc): connection reset and kin. */
  public static final int IO_ERROR = 17002;
  /** Closed Connection (ojdbc). */
  public static final int CLOSED_CONNECTION = 17008;
  /** No more data to read from socket (ojdbc). */
  public static final int NO_MORE_DATA = 17410;
  /** CONTINUOUS_MINE is desupported. */
  public static final int CONTINUOUS_MINE_DESUPPORTED = 44609;
  /** Flat file dictionary desupported, or no dictionary option given. */
  public static final int FLAT_FILE_DICTIONARY_DESUPPORTED = 44613;
  /** Pluggable database is not open. */
  public static final int PDB_NOT_OPEN = 65024;
  /** Operation not allowed from within a pluggable database. */
  public static final int NOT_ALLOWED_IN_PDB = 65040;

  private OracleErrorCodes() {}
}
