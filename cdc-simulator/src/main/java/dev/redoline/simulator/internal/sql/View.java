package dev.redoline.simulator.internal.sql;

import static dev.redoline.simulator.internal.sql.ViewColumn.date;
import static dev.redoline.simulator.internal.sql.ViewColumn.number;
import static dev.redoline.simulator.internal.sql.ViewColumn.text;

import dev.redoline.simulator.internal.jdbc.Session;
import java.sql.SQLException;
import java.util.List;

/**
 * The views a client can select from, with Oracle's names and the columns the simulator fills. Each
 * is a view of the SQL engine over one table function, so a SELECT on it is evaluated by the engine
 * (joins, predicates, grouping, ordering, binds) while its rows come from the simulator's state at
 * the moment of the query. Columns Oracle has and no client of the simulator reads are left out; a
 * query naming one fails as a misspelt column would (ORA-00904).
 */
// Enum fields the checker cannot prove immutable: rows are method references to stateless
// functions, and columns an unmodifiable List.copyOf.
@SuppressWarnings("ImmutableEnumChecker")
public enum View {
  V$DATABASE(
      LogViews::database,
      text("NAME"),
      number("DBID"),
      number("CURRENT_SCN"),
      text("LOG_MODE"),
      text("SUPPLEMENTAL_LOG_DATA_MIN"),
      text("SUPPLEMENTAL_LOG_DATA_ALL"),
      text("SUPPLEMENTAL_LOG_DATA_PK"),
      number("RESETLOGS_CHANGE#"),
      date("RESETLOGS_TIME"),
      text("CDB"),
      text("OPEN_MODE"),
      text("FORCE_LOGGING"),
      text("PLATFORM_NAME")),
  V$THREAD(
      LogViews::threads,
      number("THREAD#"),
      text("STATUS"),
      text("ENABLED"),
      text("INSTANCE"),
      number("SEQUENCE#"),
      number("CHECKPOINT_CHANGE#"),
      number("ENABLE_CHANGE#"),
      number("DISABLE_CHANGE#"),
      number("LAST_REDO_SEQUENCE#"),
      number("LAST_REDO_BLOCK"),
      number("LAST_REDO_CHANGE#"),
      date("LAST_REDO_TIME")),
  GV$INSTANCE(
      LogViews::instances,
      number("INST_ID"),
      number("INSTANCE_NUMBER"),
      text("INSTANCE_NAME"),
      number("THREAD#"),
      text("STATUS")),
  V$LOG(LogViews::onlineLogs, LogViews.LOG_COLUMNS),
  GV$LOG(LogViews::globalOnlineLogs, LogViews.withInstance(LogViews.LOG_COLUMNS)),
  V$LOGFILE(LogViews::logFiles, number("GROUP#"), text("STATUS"), text("TYPE"), text("MEMBER")),
  V$ARCHIVED_LOG(LogViews::archivedLogs, LogViews.ARCHIVED_LOG_COLUMNS),
  GV$ARCHIVED_LOG(
      LogViews::globalArchivedLogs, LogViews.withInstance(LogViews.ARCHIVED_LOG_COLUMNS)),
  V$DATABASE_INCARNATION(LogViews::incarnations, LogViews.INCARNATION_COLUMNS),
  V$ARCHIVE_DEST_STATUS(
      LogViews::destinations, number("DEST_ID"), text("DEST_NAME"), text("STATUS"), text("TYPE")),
  V$PDBS(
      DictionaryViews::pdbs, number("CON_ID"), text("NAME"), number("CON_UID"), text("OPEN_MODE")),
  V$CONTAINERS(
      DictionaryViews::containers,
      number("CON_ID"),
      text("NAME"),
      number("CON_UID"),
      text("OPEN_MODE")),
  ALL_OBJECTS(s -> DictionaryViews.objects(s, false), DictionaryViews.OBJECT_COLUMNS),
  CDB_OBJECTS(
      s -> DictionaryViews.objects(s, true),
      DictionaryViews.withConId(DictionaryViews.OBJECT_COLUMNS)),
  ALL_TABLES(s -> DictionaryViews.tables(s, false), DictionaryViews.TABLE_COLUMNS),
  CDB_TABLES(
      s -> DictionaryViews.tables(s, true),
      DictionaryViews.withConId(DictionaryViews.TABLE_COLUMNS)),
  ALL_TAB_PARTITIONS(s -> DictionaryViews.partitions(s, false), DictionaryViews.PARTITION_COLUMNS),
  CDB_TAB_PARTITIONS(
      s -> DictionaryViews.partitions(s, true),
      DictionaryViews.withConId(DictionaryViews.PARTITION_COLUMNS)),
  ALL_TAB_COLUMNS(s -> DictionaryViews.columns(s, false), DictionaryViews.COLUMN_COLUMNS),
  CDB_TAB_COLUMNS(
      s -> DictionaryViews.columns(s, true),
      DictionaryViews.withConId(DictionaryViews.COLUMN_COLUMNS)),
  ALL_CONSTRAINTS(s -> DictionaryViews.constraints(s, false), DictionaryViews.CONSTRAINT_COLUMNS),
  CDB_CONSTRAINTS(
      s -> DictionaryViews.constraints(s, true),
      DictionaryViews.withConId(DictionaryViews.CONSTRAINT_COLUMNS)),
  ALL_CONS_COLUMNS(s -> DictionaryViews.keyColumns(s, false), DictionaryViews.KEY_COLUMNS),
  CDB_CONS_COLUMNS(
      s -> DictionaryViews.keyColumns(s, true),
      DictionaryViews.withConId(DictionaryViews.KEY_COLUMNS)),
  ALL_LOG_GROUPS(s -> DictionaryViews.logGroups(s, false), DictionaryViews.LOG_GROUP_COLUMNS),
  CDB_LOG_GROUPS(
      s -> DictionaryViews.logGroups(s, true),
      DictionaryViews.withConId(DictionaryViews.LOG_GROUP_COLUMNS)),
  DBA_CONTAINER_DATA(
      DictionaryViews::containerData,
      text("USERNAME"),
      text("DEFAULT_ATTR"),
      text("OWNER"),
      text("OBJECT_NAME"),
      text("ALL_CONTAINERS"),
      text("CONTAINER_NAME")),
  SESSION_PRIVS(DictionaryViews::sessionPrivileges, text("PRIVILEGE")),
  ALL_PROCEDURES(
      DictionaryViews::procedures, text("OWNER"), text("OBJECT_NAME"), text("PROCEDURE_NAME")),
  V$TRANSACTION(s -> SessionViews.transactions(s, false), SessionViews.TRANSACTION_COLUMNS),
  GV$TRANSACTION(
      s -> SessionViews.transactions(s, true),
      LogViews.withInstance(SessionViews.TRANSACTION_COLUMNS)),
  V$SESSION(s -> SessionViews.sessions(s, false), SessionViews.SESSION_COLUMNS),
  GV$SESSION(
      s -> SessionViews.sessions(s, true), LogViews.withInstance(SessionViews.SESSION_COLUMNS)),
  V$LOGMNR_LOGS(
      SessionViews::sessionLogs,
      number("LOG_ID"),
      text("FILENAME"),
      number("THREAD_ID"),
      number("THREAD_SQN"),
      number("LOW_SCN"),
      number("NEXT_SCN"),
      number("STATUS"),
      text("INFO"),
      text("DICTIONARY_BEGIN"),
      text("DICTIONARY_END")),
  V$LOGMNR_CONTENTS(ContentsView::rows, ContentsView.COLUMNS);

  /** Computes a view's rows for the session that selects from it. */
  @FunctionalInterface
  interface Rows {
    List<Object[]> of(Session session) throws SQLException;
  }

  private final Rows rows;
  private final List<ViewColumn> columns;

  View(Rows rows, ViewColumn... columns) {
    this(rows, List.of(columns));
  }

  View(Rows rows, List<ViewColumn> columns) {
    this.rows = rows;
    this.columns = List.copyOf(columns);
  }

  List<ViewColumn> columns() {
    return columns;
  }

  List<Object[]> rows(Session session) throws SQLException {
    return rows.of(session);
  }
}
