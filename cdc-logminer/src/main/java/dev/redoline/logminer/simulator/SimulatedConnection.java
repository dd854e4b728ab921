package dev.redoline.logminer.simulator;

import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.ActiveTransaction;
import dev.redoline.logminer.AddLogOption;
import dev.redoline.logminer.ArchiveDestination;
import dev.redoline.logminer.ArchivedLog;
import dev.redoline.logminer.DatabaseState;
import dev.redoline.logminer.DictionaryObject;
import dev.redoline.logminer.LogMinerGateway;
import dev.redoline.logminer.MiningOption;
import dev.redoline.logminer.MiningQuery;
import dev.redoline.logminer.OnlineLog;
import dev.redoline.logminer.PdbState;
import dev.redoline.logminer.RedoThreadState;
import dev.redoline.logminer.RowCursor;
import dev.redoline.logminer.SessionLog;
import dev.redoline.logminer.SessionStart;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One connection to the simulated database: the {@link LogMinerGateway} port. Its LogMiner
 * session (added logs, START_LOGMNR state) is lost with the connection. Inventory views are read
 * through {@link Inventory}; mining through {@link MiningRun}.
 *
 * <pre>{@code
 * SimulatedConnection db = (SimulatedConnection) oracle.connect();
 * db.alterSession(SessionNls.ORACLE_DEFAULTS);   // ALTER SESSION SET NLS_DATE_FORMAT = 'DD-MON-RR' ...
 * }</pre>
 *
 * <p>Only {@link #alterSession} is public beyond the port: the database session's NLS settings,
 * which the JDBC gateway sets by SQL and the port therefore does not carry.
 */
public final class SimulatedConnection implements LogMinerGateway {

  final SimulatedOracle oracle;
  final int instance;
  final List<AddedLog> added = new ArrayList<>();
  MinerSession session;
  private boolean lost;
  private boolean closed;
  /** The database session's NLS settings: what later queries render literals with (requirement 20). */
  private SessionNls nls = SessionNls.GATEWAY;

  SimulatedConnection(SimulatedOracle oracle, int instance) {
    this.oracle = oracle;
    this.instance = instance;
  }

  /** The connection is gone: the session with it; every later call fails on a closed connection. */
  void lose() {
    lost = true;
    session = null;
    added.clear();
  }

  Set<Integer> threadsReadOnline() {
    Set<Integer> out = new HashSet<>();
    for (AddedLog a : added) {
      if (a.online()) {
        out.add(a.log().thread);
      }
    }
    return out;
  }

  /** Checks the connection, counts the call and fires planned faults. */
  void enter(GatewayCall call) throws SQLException {
    if (lost || closed) {
      throw OracleErrors.error(17008);
    }
    if (oracle.instances.isDown(instance)) {
      lose();
      throw OracleErrors.error(1089);
    }
    oracle.redo.tick();
    oracle.faults.before(call, this);
  }

  /**
   * {@code ALTER SESSION SET NLS_... TIME_ZONE = ...} on this connection: queries run after it
   * render SQL_REDO/SQL_UNDO literals with {@code nls}. Rows already fetched keep their text, and
   * a cursor opened before keeps the settings it was opened with. The settings belong to the
   * database session, so END_LOGMNR and START_LOGMNR keep them; a new connection starts with
   * {@link SessionNls#GATEWAY}, the settings Redoline's JDBC gateway applies. No planned fault
   * fires on this call.
   *
   * @throws SQLException ORA-17008 when the connection is closed or lost
   */
  public void alterSession(SessionNls nls) throws SQLException {
    Objects.requireNonNull(nls, "nls == null");
    if (lost || closed) {
      throw OracleErrors.error(17008);
    }
    this.nls = nls;
  }

  @Override
  public DatabaseState database() throws SQLException {
    enter(GatewayCall.DATABASE);
    return Inventory.database(oracle);
  }

  @Override
  public List<RedoThreadState> threads() throws SQLException {
    enter(GatewayCall.THREADS);
    return Inventory.threads(oracle);
  }

  @Override
  public List<OnlineLog> onlineLogs() throws SQLException {
    enter(GatewayCall.ONLINE_LOGS);
    return Inventory.onlineLogs(oracle);
  }

  @Override
  public List<ArchivedLog> archivedLogs(Scn after) throws SQLException {
    Objects.requireNonNull(after, "after == null");
    enter(GatewayCall.ARCHIVED_LOGS);
    return Inventory.archivedLogs(oracle, after);
  }

  @Override
  public List<ArchiveDestination> archiveDestinations() throws SQLException {
    enter(GatewayCall.ARCHIVE_DESTINATIONS);
    List<ArchiveDestination> out = new ArrayList<>();
    for (RedoLog.Destination d : oracle.redo.destinations) {
      out.add(new ArchiveDestination(d.id, d.name, d.status, d.type));
    }
    return out;
  }

  @Override
  public List<PdbState> pdbs() throws SQLException {
    enter(GatewayCall.PDBS);
    List<PdbState> out = new ArrayList<>();
    for (Catalog.Container c : oracle.catalog.containers) {
      if (c.conId > 2) {
        out.add(new PdbState(c.conId, c.name, c.conUid, c.openMode));
      }
    }
    return out;
  }

  @Override
  public List<ActiveTransaction> activeTransactions(boolean allInstances) throws SQLException {
    enter(GatewayCall.ACTIVE_TRANSACTIONS);
    List<ActiveTransaction> out = new ArrayList<>();
    for (TxState tx : oracle.redo.openTransactions) {
      if (tx.started() && (allInstances || tx.instance == instance)) {
        out.add(new ActiveTransaction(tx.xid, Scn.of(tx.startScn), "ACTIVE", tx.instance));
      }
    }
    return out;
  }

  @Override
  public List<DictionaryObject> objects(String container, String ownerRegex, String tableRegex)
      throws SQLException {
    enter(GatewayCall.OBJECTS);
    Catalog.Container c = container(container);
    Pattern owner = Pattern.compile(ownerRegex);
    Pattern name = Pattern.compile(tableRegex);
    List<DictionaryObject> out = new ArrayList<>();
    for (SimTable t : oracle.catalog.tables) {
      if (t.conId != c.conId || t.dropped() || !owner.matcher(t.id.owner()).matches()
          || !name.matcher(t.id.table()).matches()) {
        continue;
      }
      if (t.partitioned()) {
        out.add(new DictionaryObject(t.id, c.conId, t.objectId, 0, null));
      }
      for (SimTable.Segment s : t.segments) {
        out.add(new DictionaryObject(t.id, c.conId, s.objectId, s.dataObjectId, s.partition));
      }
    }
    return out;
  }

  private Catalog.Container container(String name) throws SQLException {
    Catalog.Container c;
    try {
      c = oracle.catalog.container(name);
    } catch (IllegalArgumentException e) {
      throw OracleErrors.error(65011, name);
    }
    if (!c.open()) {
      throw OracleErrors.error(65024, c.name);
    }
    return c;
  }

  @Override
  public TableLayout tableLayout(TableId table) throws SQLException {
    Objects.requireNonNull(table, "table == null");
    enter(GatewayCall.TABLE_LAYOUT);
    if (oracle.catalog.cdb) {
      Catalog.Container c = oracle.catalog.container(table.pdb());
      if (!c.open()) {
        throw OracleErrors.error(1109);
      }
    }
    SimTable t = oracle.catalog.find(table);
    if (t == null) {
      throw OracleErrors.error(942);
    }
    return t.layout;
  }

  @Override
  public LocalDateTime scnToTimestamp(Scn scn) throws SQLException {
    Objects.requireNonNull(scn, "scn == null");
    enter(GatewayCall.SCN_TO_TIMESTAMP);
    return oracle.redo.scnTime.timeOf(scn.bits(), oracle);
  }

  @Override
  public Scn timestampToScn(LocalDateTime time) throws SQLException {
    Objects.requireNonNull(time, "time == null");
    enter(GatewayCall.TIMESTAMP_TO_SCN);
    return Scn.of(oracle.redo.scnTime.scnAt(time, oracle));
  }

  @Override
  public void addLogFile(String fileName, AddLogOption option) throws SQLException {
    Objects.requireNonNull(fileName, "fileName == null");
    Objects.requireNonNull(option, "option == null");
    enter(GatewayCall.ADD_LOGFILE);
    if (option == AddLogOption.NEW) {
      session = null;
      added.clear();
    }
    AddedLog log = Inventory.resolve(oracle, fileName);
    if (log == null) {
      throw OracleErrors.plsql(1284, OracleErrors.LINE_ADD, fileName);
    }
    for (AddedLog a : added) {
      if (a.fileName().equals(fileName) || (a.log().thread == log.log().thread
          && a.log().sequence == log.log().sequence)) {
        throw OracleErrors.plsql(1289, OracleErrors.LINE_ADD, fileName);
      }
    }
    added.add(log);
  }

  @Override
  public void removeLogFile(String fileName) throws SQLException {
    Objects.requireNonNull(fileName, "fileName == null");
    enter(GatewayCall.REMOVE_LOGFILE);
    if (!added.removeIf(a -> a.fileName().equals(fileName))) {
      throw OracleErrors.plsql(1290, OracleErrors.LINE_REMOVE, fileName);
    }
  }

  @Override
  public List<SessionLog> sessionLogs() throws SQLException {
    enter(GatewayCall.SESSION_LOGS);
    List<SessionLog> out = new ArrayList<>();
    long id = 1;
    for (AddedLog a : added) {
      LogFile f = a.log();
      Scn next = f.current() ? Scn.MAX : Scn.of(f.nextScn);
      out.add(new SessionLog(id++, a.fileName(), f.thread, f.sequence, Scn.of(f.firstScn), next,
          id == 2 ? 1 : pruned(f) ? 2 : 0, null));
    }
    for (LogGap gap : session != null ? session.gaps : SessionChecks.between(oracle, added)) {
      out.add(gap.row(id++));
    }
    return out;
  }

  /** STATUS 2 (pruned): the log lies outside the started session's SCN range. */
  private boolean pruned(LogFile f) {
    return session != null && (f.nextScn <= session.startScn || f.firstScn > session.endScn);
  }

  @Override
  public void startSession(SessionStart start) throws SQLException {
    Objects.requireNonNull(start, "start == null");
    enter(GatewayCall.START_LOGMNR);
    MinerSession previous = session;
    session = null;   // options and bounds never carry over; the session's memory does
    List<LogGap> gaps = SessionChecks.check(oracle, added, start);
    session = new MinerSession(start, previous == null ? oracle.clock.instant() : previous.startedAt, gaps);
    if (previous != null) {
      session.recordsRead = previous.recordsRead;
      session.bufferedBytes = previous.bufferedBytes;
    }
  }

  @Override
  public void endSession() throws SQLException {
    enter(GatewayCall.END_LOGMNR);
    if (session == null && added.isEmpty()) {
      throw OracleErrors.plsql(1307, OracleErrors.LINE_END);
    }
    session = null;
    added.clear();
  }

  @Override
  public RowCursor query(MiningQuery query) throws SQLException {
    Objects.requireNonNull(query, "query == null");
    enter(GatewayCall.QUERY);
    if (session == null) {
      throw OracleErrors.error(1306);
    }
    MiningRun run = MiningRun.evaluate(oracle, session, added, query);
    return new SimulatedCursor(this, session, run, query,
        new RowFormatter(oracle, session, session.start.has(MiningOption.NO_ROWID_IN_STMT),
            session.start.has(MiningOption.NO_SQL_DELIMITER), nls));
  }

  @Override
  public void close() {
    closed = true;
    session = null;
    added.clear();
    oracle.instances.connections.remove(this);
  }
}
