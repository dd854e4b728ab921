package dev.redoline.simulator;

import dev.redoline.simulator.internal.oracle.OracleErrors;

/**
 * The points of a client's work where a {@link Fault} can be planned: opening a connection, each
 * SELECT by the view it reads (V$DATABASE, V$THREAD, V$LOG, V$ARCHIVED_LOG, ...; see {@code
 * Statements}), each DBMS_LOGMNR call, and each row fetched from V$LOGMNR_CONTENTS. The names
 * follow the JDBC gateway's operations, which each send one such statement.
 */
public enum GatewayCall {
  CONNECT,
  DATABASE,
  THREADS,
  ONLINE_LOGS,
  ARCHIVED_LOGS,
  ARCHIVE_DESTINATIONS,
  PDBS,
  ACTIVE_TRANSACTIONS,
  /** GV$SESSION alone: which instances' log writers are writing now. */
  REDO_WRITES,
  OBJECTS,
  TABLE_LAYOUT,
  SCN_TO_TIMESTAMP,
  TIMESTAMP_TO_SCN,
  /** DBMS_LOGMNR.ADD_LOGFILE (PL/SQL: errors carry ORA-06512 frames). */
  ADD_LOGFILE,
  /** DBMS_LOGMNR.REMOVE_LOGFILE (PL/SQL). */
  REMOVE_LOGFILE,
  SESSION_LOGS,
  /** DBMS_LOGMNR.START_LOGMNR (PL/SQL). */
  START_LOGMNR,
  /** DBMS_LOGMNR.END_LOGMNR (PL/SQL). */
  END_LOGMNR,
  /** Executing a mining query. */
  QUERY,
  /** Fetching one row of a mining query ({@code ResultSet.next()}). */
  NEXT,
  /** DBMS_LOGMNR_D.BUILD, run by {@link SchemaChanges#buildDictionary()} (PL/SQL). */
  BUILD;

  boolean plsql() {
    return this == ADD_LOGFILE
        || this == REMOVE_LOGFILE
        || this == START_LOGMNR
        || this == END_LOGMNR
        || this == BUILD;
  }

  int plsqlLine() {
    return switch (this) {
      case ADD_LOGFILE -> OracleErrors.LINE_ADD;
      case REMOVE_LOGFILE -> OracleErrors.LINE_REMOVE;
      case END_LOGMNR -> OracleErrors.LINE_END;
      case BUILD -> OracleErrors.LINE_BUILD;
      default -> OracleErrors.LINE_START;
    };
  }
}
