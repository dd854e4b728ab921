package dev.redoline.simulator.internal.jdbc;

import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.internal.oracle.AddedLog;
import dev.redoline.simulator.internal.oracle.Catalog;
import dev.redoline.simulator.internal.oracle.FaultGate;
import dev.redoline.simulator.internal.oracle.Instances;
import dev.redoline.simulator.internal.oracle.LogFileOption;
import dev.redoline.simulator.internal.oracle.LogMinerPacer;
import dev.redoline.simulator.internal.oracle.MiningRun;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import dev.redoline.simulator.internal.oracle.RedoLog;
import dev.redoline.simulator.internal.oracle.ServerMiningSession;
import dev.redoline.simulator.internal.oracle.Settings;
import dev.redoline.simulator.internal.oracle.SimulatedClock;
import dev.redoline.simulator.internal.oracle.StartRequest;
import dev.redoline.simulator.internal.sql.ContentsView;
import dev.redoline.simulator.internal.sql.NlsSort;
import dev.redoline.simulator.internal.sql.ReferencedColumns;
import dev.redoline.simulator.internal.sql.SessionNls;
import dev.redoline.simulator.internal.sql.View;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One database session: what a JDBC connection to the simulator is on the database's side. Its
 * DBMS_LOGMNR state ({@link DbmsLogmnr}) and its NLS settings live and die with it; a
 * connection-ending error ({@link #lose()}) makes every later call fail with ORA-17008, as a closed
 * ojdbc connection does.
 *
 * <p>Statements arrive as SQL text through {@link #execute}: {@code ALTER SESSION}, anonymous
 * PL/SQL blocks calling DBMS_LOGMNR, and SELECTs, which the SQL engine evaluates over the views
 * ({@link View}). Not thread-safe: the caller holds the database's lock ({@link
 * SimulatedOracle#lock()}).
 */
public final class Session implements AutoCloseable {

  private final RedoLog redo;
  private final Catalog catalog;
  private final Settings settings;
  private final SimulatedClock clock;
  private final Instances instances;
  private final FaultGate faults;
  private final Supplier<LogMinerPacer> pacer;
  private final int instance;
  private final DbmsLogmnr logmnr;
  private final Connection sql;
  private boolean lost;
  private boolean closed;

  /**
   * The container ALTER SESSION SET CONTAINER switched to (its CON_ID), or 0 for the one connected
   * to.
   */
  private int switchedTo;

  /** A new session has Oracle's NLS defaults until the client says ALTER SESSION. */
  private SessionNls nls = SessionNls.ORACLE_DEFAULTS;

  /**
   * NLS_SORT: derived from the language Oracle's JDBC driver takes from the client JVM's locale (in
   * server mode, the server's JVM), until the client says ALTER SESSION.
   */
  private NlsSort sort = NlsSort.forLocale(java.util.Locale.getDefault());

  private MiningRun lastRun;

  /**
   * The V$LOGMNR_CONTENTS columns the running statement can read ({@link ReferencedColumns}); null:
   * all.
   */
  private boolean[] contentsColumns;

  private SQLException unreadable;

  /** Opens the SQL engine's connection of a new session, whose state the engine's views read. */
  @FunctionalInterface
  public interface EngineOpener {
    Connection open(Session owner) throws SQLException;
  }

  /**
   * A session of the database whose redo, dictionary, settings, clock and instances these are.
   *
   * @param faults the fault plan's check before each gateway call
   * @param pacer LogMiner's pace as it is now, or null when LogMiner works in no time
   */
  public Session(
      RedoLog redo,
      Catalog catalog,
      Settings settings,
      SimulatedClock clock,
      Instances instances,
      FaultGate faults,
      Supplier<LogMinerPacer> pacer,
      int instance,
      EngineOpener engine)
      throws SQLException {
    this.redo = redo;
    this.catalog = catalog;
    this.settings = settings;
    this.clock = clock;
    this.instances = instances;
    this.faults = faults;
    this.pacer = pacer;
    this.instance = instance;
    this.logmnr = new DbmsLogmnr(redo, settings, clock, instance);
    this.sql = engine.open(this);
  }

  /** The redo of the database this session is connected to. */
  public RedoLog redo() {
    return redo;
  }

  /** The dictionary of the database this session is connected to. */
  public Catalog catalog() {
    return catalog;
  }

  /** The knobs of the database this session is connected to. */
  public Settings settings() {
    return settings;
  }

  /** The database's simulated clock. */
  public SimulatedClock clock() {
    return clock;
  }

  /** The instances of the database, which the views of instances and sessions show. */
  public Instances instances() {
    return instances;
  }

  /** LogMiner's pace now, or null when LogMiner works in no time. */
  public LogMinerPacer pacer() {
    return pacer.get();
  }

  /** The instance (redo thread) the session is connected to. */
  public int instance() {
    return instance;
  }

  /** The logs DBMS_LOGMNR.ADD_LOGFILE added, in the order added. */
  public List<AddedLog> added() {
    return logmnr.added();
  }

  /** The LogMiner session START_LOGMNR began, or null. */
  public ServerMiningSession session() {
    return logmnr.session();
  }

  Connection sqlEngine() {
    return sql;
  }

  /**
   * The connection is gone: the LogMiner session with it; every later call fails on a closed
   * connection.
   */
  public void lose() {
    stopPace();
    lost = true;
    logmnr.clear();
  }

  private void stopPace() {
    LogMinerPacer p = pacer.get();
    if (p != null) {
      p.stopped(this);
    }
  }

  boolean usable() {
    return !lost && !closed;
  }

  /**
   * The container the session is in: CDB$ROOT (1), or the PDB the URL's service names ({@code
   * Builder.connectsToPdb}), in a container database; else 0.
   */
  public int containerId() {
    if (!catalog.cdb()) {
      return 0;
    }
    if (switchedTo > 0) {
      return switchedTo;
    }
    String pdb = settings.sessionContainer();
    return pdb == null ? 1 : catalog.container(pdb).conId();
  }

  /**
   * Whether this session sees rows of container {@code conId} in container data object {@code
   * view}: in a PDB its own rows and the CDB's (CON_ID 0) only; at the root as the user's
   * CONTAINER_DATA attributes allow.
   */
  public boolean sees(String view, int conId) {
    int own = containerId();
    if (own > 1) {
      return conId == own || conId == 0;
    }
    return conId <= 1 || settings.containerData().sees(view, catalog.container(conId));
  }

  /** ORA-65040 for DBMS_LOGMNR calls made in a PDB: LogMiner is run from the root. */
  private void requireRoot(int line) throws SQLException {
    if (containerId() > 1) {
      throw OracleErrors.plsql(65040, line);
    }
  }

  /**
   * {@code ALTER SESSION SET CONTAINER = name}: the session's views, user tables and flashback
   * queries are those of container {@code name} (CDB$ROOT or a PDB) from now on. ORA-01031 without
   * the SET CONTAINER privilege and for PDB$SEED, ORA-65011 for a name that is no PDB of this
   * database (also in a database that is no CDB), ORA-65040 for DBMS_LOGMNR calls made afterwards
   * in a PDB.
   */
  void switchContainer(String name) throws SQLException {
    check();
    if (settings.revoked().contains("SET CONTAINER")) {
      throw OracleErrors.error(1031);
    }
    Catalog.Container c = null;
    if (catalog.cdb()) {
      try {
        c = catalog.container(name.equals("CDB$ROOT") ? null : name);
      } catch (IllegalArgumentException e) {
        c = null;
      }
    }
    if (c == null) {
      throw OracleErrors.error(65011, name);
    }
    if (c.conId() == 2) {
      throw OracleErrors.error(1031); // PDB$SEED: not for a capture user
    }
    switchedTo = c.conId();
  }

  public SessionNls nls() {
    return nls;
  }

  /**
   * {@code ALTER SESSION SET NLS_... TIME_ZONE = ...}: queries run after it render SQL_REDO and
   * SQL_UNDO literals with the new settings; rows already fetched keep their text. The settings
   * belong to the database session, so END_LOGMNR and START_LOGMNR keep them.
   */
  void alterSession(SessionNls nls, NlsSort sort) throws SQLException {
    check();
    this.nls = Objects.requireNonNull(nls, "nls == null");
    this.sort = Objects.requireNonNull(sort, "sort == null");
  }

  /** The session's NLS_SORT: the order of text in a user table's ORDER BY. */
  public NlsSort sort() {
    return sort;
  }

  /** The threads whose online logs this session added. */
  public Set<Integer> threadsReadOnline() {
    return logmnr.threadsReadOnline();
  }

  /**
   * ORA-17008 once the connection is gone; ORA-01089 (and the connection lost) once its instance is
   * down.
   */
  void check() throws SQLException {
    if (!usable()) {
      throw OracleErrors.error(17008);
    }
    if (instances.isDown(instance)) {
      lose();
      throw OracleErrors.error(1089);
    }
  }

  /**
   * Checks the connection, lets the database move on and fires the faults planned for {@code call}.
   */
  public void enter(GatewayCall call) throws SQLException {
    check();
    redo.tick();
    faults.before(call, this);
  }

  /** Runs one statement; see {@link Statements}. */
  ServerCursor execute(String text, List<Object> binds, int timeoutSeconds) throws SQLException {
    return Statements.execute(this, text, binds, timeoutSeconds);
  }

  /** The V$LOGMNR_CONTENTS columns the statement about to run can read; null: all of them. */
  public void contentsColumns(boolean[] wanted) {
    contentsColumns = wanted;
  }

  public boolean[] contentsColumns() {
    return contentsColumns;
  }

  /**
   * Called by {@link ContentsView}: the run a mining query read and what stopped it, if anything.
   */
  public void mined(MiningRun run, SQLException unreadableRecord) {
    this.lastRun = run;
    this.unreadable = unreadableRecord;
  }

  /** The run of the last mining query and its stop, taken once by the cursor of that query. */
  MiningRun takeRun() {
    MiningRun run = lastRun;
    lastRun = null;
    return run;
  }

  SQLException takeUnreadable() {
    SQLException e = unreadable;
    unreadable = null;
    return e;
  }

  // DBMS_LOGMNR, called by Statements from the client's PL/SQL blocks.

  void addLogFile(String fileName, LogFileOption option) throws SQLException {
    requireRoot(OracleErrors.LINE_ADD);
    logmnr.addLogFile(fileName, option);
  }

  void removeLogFile(String fileName) throws SQLException {
    logmnr.removeLogFile(fileName);
  }

  void startLogMiner(StartRequest start) throws SQLException {
    requireRoot(OracleErrors.LINE_START);
    logmnr.startLogMiner(start);
    LogMinerPacer p = pacer.get();
    if (p != null) {
      p.started(this, logmnr.added().size());
    }
  }

  void endLogMiner() throws SQLException {
    logmnr.endLogMiner();
  }

  /** Ends the session; its LogMiner session with it. Never throws. */
  @Override
  public void close() {
    stopPace();
    closed = true;
    logmnr.clear();
    instances.closed(this);
    try {
      sql.close();
    } catch (SQLException e) {
      // The engine's connection is in memory; nothing is left to release.
    }
  }
}
