package dev.redoline.logminer.internal;

import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.List;

/**
 * Everything the capture engine asks of the database, at the level of LogMiner operations. One
 * gateway is one database connection: the LogMiner session (added logs, START_LOGMNR) lives and
 * dies with it. After a {@link java.sql.SQLRecoverableException} the connection is gone; open a new
 * gateway and add the logs and start the session again.
 *
 * <pre>{@code
 * try (LogMinerGateway db = JdbcGateway.connect(config)) {
 *   for (OnlineLog log : db.onlineLogs()) {
 *     if (log.status() == OnlineLog.Status.CURRENT) db.addLogFile(log.fileName(), AddLogOption.ADDFILE);
 *   }
 *   db.startSession(SessionStart.of(startScn, db.database().currentScn(), MiningOption.DICT_FROM_ONLINE_CATALOG));
 *   try (RowCursor rows = db.query(MiningQuery.builder().captureAllObjects().build())) {
 *     for (RedoRow row = rows.next(); row != null; row = rows.next()) { ... }
 *   }
 *   db.endSession();
 * }
 * }</pre>
 *
 * <p>Every method throws {@link SQLException} as ojdbc would: see {@link
 * dev.redoline.core.internal.OracleError} for the ORA numbers each one raises. A gateway is used by
 * one thread at a time, except {@link RowCursor#cancel()}, which may be called from any thread.
 */
public interface LogMinerGateway extends AutoCloseable {

  /** {@code V$DATABASE}: CURRENT_SCN, LOG_MODE, supplemental logging, resetlogs, CDB, open mode. */
  DatabaseState database() throws SQLException;

  /** {@code V$THREAD}: one row per redo thread, including its end of written redo. */
  List<RedoThreadState> threads() throws SQLException;

  /** {@code V$LOG} joined with {@code V$LOGFILE} (one member per group): every thread's groups. */
  List<OnlineLog> onlineLogs() throws SQLException;

  /**
   * {@code V$ARCHIVED_LOG} rows of the current incarnation whose {@code NEXT_CHANGE# > after}: one
   * row per copy per destination, including deleted ({@code STATUS='D'}) rows.
   */
  List<ArchivedLog> archivedLogs(Scn after) throws SQLException;

  /**
   * {@code V$ARCHIVED_LOG} rows of incarnation {@code of} whose {@code NEXT_CHANGE# > after}, as
   * {@link #archivedLogs(Scn)} lists the current incarnation's: the parent's logs, which a capture
   * positioned there mines up to the RESETLOGS SCN.
   */
  List<ArchivedLog> archivedLogs(Scn after, dev.redoline.core.Incarnation of) throws SQLException;

  /**
   * {@code V$DATABASE_INCARNATION}: every incarnation of the database, the current one included.
   */
  List<IncarnationRow> incarnations() throws SQLException;

  /** {@code V$ARCHIVE_DEST_STATUS}: the archive destinations and their state. */
  List<ArchiveDestination> archiveDestinations() throws SQLException;

  /** {@code V$PDBS} (empty in a non-container database). */
  List<PdbState> pdbs() throws SQLException;

  /**
   * The container this session is in ({@code SYS_CONTEXT('USERENV', 'CON_ID')} and {@code
   * 'CON_NAME'}).
   */
  SessionContainer sessionContainer() throws SQLException;

  /**
   * The capture user's CONTAINER_DATA attributes ({@code DBA_CONTAINER_DATA}): which PDBs' rows the
   * container data objects show it; {@link ContainerData#ALL} in a non-container database.
   */
  ContainerData containerData() throws SQLException;

  /**
   * Active transactions: {@code V$TRANSACTION} of the instance this connection is on, or {@code
   * GV$TRANSACTION} of every instance when {@code allInstances}.
   */
  List<ActiveTransaction> activeTransactions(boolean allInstances) throws SQLException;

  /**
   * The instances whose log writer is in the middle of a write now ({@code GV$SESSION} sessions
   * WAITING on 'log file parallel write': LGWR, or its LGnn workers). Redo that was in such an
   * instance's log buffer may still be unwritten however long ago it was generated, so the
   * capture's rules that rest on LGWR's write delay do not hold for it while the write lasts.
   */
  java.util.Set<Integer> instancesWritingRedo() throws SQLException;

  /**
   * The table objects (tables and their partitions) of one container whose owner and name match the
   * regular expressions ({@code REGEXP_LIKE} semantics, anchored by the caller).
   *
   * @param container the PDB name, or {@code null} in a non-container database
   */
  List<DictionaryObject> objects(String container, String ownerRegex, String tableRegex)
      throws SQLException;

  /**
   * Whether {@code V$DATABASE.FORCE_LOGGING} is YES: every change writes redo, NOLOGGING or not.
   */
  boolean forceLogging() throws SQLException;

  /**
   * The tables and partitions with LOGGING 'NO' of one container whose owner and name match the
   * regular expressions, as {@link #objects} matches them.
   *
   * @param container the PDB name, or {@code null} in a non-container database
   */
  List<NoLoggingSegment> noLoggingSegments(String container, String ownerRegex, String tableRegex)
      throws SQLException;

  /** The current dictionary layout of a table; ORA-00942 when it does not exist. */
  TableLayout tableLayout(TableId table) throws SQLException;

  /** {@code SCN_TO_TIMESTAMP}: ORA-08181 once the mapping has aged out. */
  LocalDateTime scnToTimestamp(Scn scn) throws SQLException;

  /** {@code TIMESTAMP_TO_SCN}: ORA-08180 for a time outside the mapping. */
  Scn timestampToScn(LocalDateTime time) throws SQLException;

  /** {@code DBMS_LOGMNR.ADD_LOGFILE}; {@link AddLogOption#NEW} also ends the current session. */
  void addLogFile(String fileName, AddLogOption option) throws SQLException;

  /** {@code DBMS_LOGMNR.REMOVE_LOGFILE}; ORA-01290 for a file that was not added. */
  void removeLogFile(String fileName) throws SQLException;

  /** {@code V$LOGMNR_LOGS}: the logs of the session, with MISSING_LOGFILE rows for gaps. */
  List<SessionLog> sessionLogs() throws SQLException;

  /** {@code DBMS_LOGMNR.START_LOGMNR}; options never carry over from an earlier call. */
  void startSession(SessionStart start) throws SQLException;

  /** {@code DBMS_LOGMNR.END_LOGMNR}; ORA-01307 when no session is active. */
  void endSession() throws SQLException;

  /**
   * Runs a query on {@code V$LOGMNR_CONTENTS}. Rows come as LogMiner returns them: in SCN order
   * across threads (commit order, transactions grouped, under COMMITTED_DATA_ONLY), SCN bounds of
   * the session inclusive, only redo of added logs, CSF continuation rows consecutive.
   */
  RowCursor query(MiningQuery query) throws SQLException;

  /**
   * Reads one snapshot chunk: {@code SELECT ... FROM t AS OF SCN ?} in key order (ORA-01555 when
   * the undo it needs is gone, ORA-01466 when the table's definition changed after the SCN,
   * ORA-08181 for an SCN in the future).
   */
  List<ChunkRead.Row> readChunk(ChunkRead read) throws SQLException;

  /**
   * A flashback query of {@code table} as of {@code scn} that selects no column and no row ({@code
   * SELECT 1 FROM t AS OF SCN ? WHERE 1 = 0}): Oracle checks the privileges it needs as it parses,
   * so ORA-01031 says the user may not read the table as of an SCN; nothing is read.
   */
  void probeAsOf(dev.redoline.core.TableId table, dev.redoline.core.Scn scn) throws SQLException;

  /**
   * Moves this connection's session into container {@code pdb} ({@code ALTER SESSION SET
   * CONTAINER}, which needs the SET CONTAINER privilege): its chunk reads then read that PDB's
   * tables. A session that mines stays at CDB$ROOT; this is for a second connection that only reads
   * chunks. ORA-65011 when there is no such PDB, ORA-01031 without the privilege.
   */
  void switchContainer(String pdb) throws SQLException;

  /** Closes the connection; the LogMiner session ends with it. Never throws. */
  @Override
  void close();
}
