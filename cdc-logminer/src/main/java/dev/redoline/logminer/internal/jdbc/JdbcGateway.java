package dev.redoline.logminer.internal.jdbc;

import static dev.redoline.logminer.internal.jdbc.ResultValues.number;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.Column;
import dev.redoline.core.Incarnation;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.internal.OracleError;
import dev.redoline.core.internal.OracleNls;
import dev.redoline.logminer.internal.ActiveTransaction;
import dev.redoline.logminer.internal.AddLogOption;
import dev.redoline.logminer.internal.ArchiveDestination;
import dev.redoline.logminer.internal.ArchivedLog;
import dev.redoline.logminer.internal.ContainerData;
import dev.redoline.logminer.internal.DatabaseState;
import dev.redoline.logminer.internal.DictionaryObject;
import dev.redoline.logminer.internal.GatewayFactory;
import dev.redoline.logminer.internal.IncarnationRow;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.NoLoggingSegment;
import dev.redoline.logminer.internal.OnlineLog;
import dev.redoline.logminer.internal.PdbState;
import dev.redoline.logminer.internal.RedoThreadState;
import dev.redoline.logminer.internal.RowCursor;
import dev.redoline.logminer.internal.SessionContainer;
import dev.redoline.logminer.internal.SessionLog;
import dev.redoline.logminer.internal.SessionStart;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@link LogMinerGateway} port over one Oracle JDBC connection (ojdbc11).
 *
 * <pre>{@code
 * try (JdbcGateway db = JdbcGateway.connect(config)) {
 *   DatabaseState state = db.database();
 *   db.addLogFile("/u01/arch/1_7_1161862443.arc", AddLogOption.ADDFILE);
 *   db.startSession(SessionStart.of(start, state.currentScn(), MiningOption.DICT_FROM_ONLINE_CATALOG));
 *   try (RowCursor rows = db.query(MiningQuery.builder().capture(3, Set.of(73206)).build())) { ... }
 * }
 * }</pre>
 *
 * <p>Each port method runs the statements of {@link Sql} (the mining query is built by {@link
 * MiningSql}), with every value as a bind variable, on a {@link JdbcSession}: the connection with
 * its NLS settings ({@link OracleNls#alterSessionStatements()}) applied once, when the gateway is
 * opened. The preflight's questions are {@link JdbcProbes}'. Errors are ojdbc's {@link
 * SQLException}s, unchanged, with three deliberate exceptions: ORA-01307 from END_LOGMNR (no
 * session to end) is ignored, and where a dictionary view answers "no rows" for something the port
 * defines as an error, the gateway raises that error as Oracle would have in the simulator:
 * ORA-00942 for a table without columns, ORA-65011 for an unknown container, ORA-65024 (objects) or
 * ORA-01109 (table layout) for a closed one. ORA-08180/08181 from the SCN-time mapping are thrown
 * as the port documents.
 *
 * <p>Not thread-safe, like the connection under it; {@link RowCursor#cancel()} may be called from
 * any thread.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because it implements the whole port, thirty methods, and each is kept to what
 * belongs to the port's contract; the rest lives beside it, one job per class:
 *
 * <ul>
 *   <li><b>What runs where.</b> The statement texts are in {@link Sql} and the mining query's in
 *       {@link MiningSql}; how a view row becomes a value is {@link ViewRows}'; binding, statement
 *       lifetime, the NLS settings and the recording of every statement are {@link JdbcSession}'s;
 *       snapshot chunks and AS OF probes are {@code ChunkReader}'s; the privilege and logging
 *       probes of the preflight are {@link JdbcProbes}'. A method here checks its arguments, picks
 *       the statement and names the mapping, so a reader sees the port's whole surface in one file
 *       and its SQL in another.
 *   <li><b>Root and container statements.</b> Every dictionary question has two forms: the
 *       session's own view for a non-container database (no container named, ALL_OBJECTS) and the
 *       CDB_ view filtered by CON_ID for a PDB. The container's id is looked up by name on each
 *       call ({@code JdbcSession.containerId}), which also turns a missing or mounted PDB into the
 *       Oracle error the port promises rather than an empty answer the engine would take for "no
 *       tables". A non-container database has no CONTAINER_DATA to restrict: it answers {@link
 *       ContainerData#ALL} without a query.
 *   <li><b>Errors made, not translated.</b> ojdbc's exceptions pass unchanged, so {@code
 *       FailureClassifier} sees Oracle's codes; the gateway raises an error itself only where a
 *       view answers with no rows for what the port defines as a failure (a table without columns:
 *       ORA-00942), shaped as ojdbc shapes Oracle's, and swallows one, END_LOGMNR's ORA-01307,
 *       because ending no session is the state asked for.
 *   <li><b>The mining query.</b> Forward-only and read-only, with the query's fetch size and a
 *       timeout rounded up to whole seconds (JDBC takes seconds, and rounding down would turn a
 *       short timeout into none); the statement is closed here if executing fails, else by the
 *       cursor that owns it from then on.
 * </ul>
 */
public final class JdbcGateway implements LogMinerGateway, PreflightProbe {

  /** Rows per round trip of a snapshot chunk's SELECT. */
  private static final int CHUNK_FETCH_SIZE = 1_000;

  private final JdbcSession session;
  private final JdbcProbes probes;

  private JdbcGateway(JdbcSession session) {
    this.session = session;
    this.probes = new JdbcProbes(session);
  }

  /**
   * Connects with {@code cdc.database.url}, {@code cdc.database.user} and {@code
   * cdc.database.password}; LogMiner's local times are read in {@code cdc.database.time.zone}, or
   * when it is empty in the database's zone ({@link DatabaseState#zone()}). For the engine, {@link
   * #factory(CdcConfig)} wraps this in a {@link GatewayFactory}. The URL is Oracle's ({@code
   * jdbc:oracle:thin:@//host:port/service}) or the Oracle simulator's ({@code
   * jdbc:redoline:sim:...}), and the zone one {@code ZoneId} knows, as {@link CdcConfig} checked;
   * {@link JdbcDrivers} finds the URL's driver.
   *
   * @throws CdcException with {@code cdc.database.pdbs} set, when the session cannot mine them:
   *     CDC-4008 when it is not at CDB$ROOT, CDC-4003 when the user's CONTAINER_DATA hides a PDB
   *     from the dictionary views ({@link CaptureSessionChecks})
   * @throws SQLException as the driver reports a failed connection
   */
  public static JdbcGateway connect(CdcConfig config) throws SQLException {
    return connect(config, JdbcDrivers::connect);
  }

  /**
   * The engine's factory: each {@code connect()} opens a new gateway with {@link
   * #connect(CdcConfig)}.
   */
  public static GatewayFactory factory(CdcConfig config) {
    Objects.requireNonNull(config, "config == null");
    return () -> connect(config);
  }

  static JdbcGateway connect(CdcConfig config, JdbcSession.ConnectionSource source)
      throws SQLException {
    JdbcGateway gateway = new JdbcGateway(JdbcSession.open(config, source));
    try {
      CaptureSessionChecks.requireMinable(gateway, config);
      return gateway;
    } catch (SQLException | RuntimeException e) {
      gateway.close();
      throw e;
    }
  }

  /**
   * Wraps an open connection (the caller's pool or test container) and applies the NLS settings.
   * LogMiner's local times are read in the database's zone ({@link DatabaseState#zone()}).
   */
  public static JdbcGateway open(Connection connection) throws SQLException {
    return new JdbcGateway(JdbcSession.of(connection));
  }

  @Override
  public DatabaseState database() throws SQLException {
    return session.database();
  }

  @Override
  public List<RedoThreadState> threads() throws SQLException {
    return list(Sql.THREADS, ViewRows::thread);
  }

  @Override
  public List<OnlineLog> onlineLogs() throws SQLException {
    return list(Sql.ONLINE_LOGS, ViewRows::onlineLog);
  }

  @Override
  public List<ArchivedLog> archivedLogs(Scn after) throws SQLException {
    Objects.requireNonNull(after, "after == null");
    return list(Sql.ARCHIVED_LOGS, ViewRows::archivedLog, number(after));
  }

  @Override
  public List<ArchivedLog> archivedLogs(Scn after, Incarnation of) throws SQLException {
    Objects.requireNonNull(after, "after == null");
    return list(
        Sql.ARCHIVED_LOGS_OF_INCARNATION,
        ViewRows::archivedLog,
        number(after),
        number(of.resetlogsScn()),
        of.resetlogsTime());
  }

  @Override
  public List<IncarnationRow> incarnations() throws SQLException {
    return list(Sql.INCARNATIONS, ViewRows::incarnation);
  }

  @Override
  public List<ArchiveDestination> archiveDestinations() throws SQLException {
    return list(Sql.ARCHIVE_DESTINATIONS, ViewRows::destination);
  }

  @Override
  public List<PdbState> pdbs() throws SQLException {
    return list(Sql.PDBS, ViewRows::pdb);
  }

  @Override
  public SessionContainer sessionContainer() throws SQLException {
    return list(
            Sql.SESSION_CONTAINER,
            rs ->
                new SessionContainer(
                    Integer.parseInt(rs.getString("CON_ID").trim()), rs.getString("CON_NAME")))
        .get(0);
  }

  @Override
  public ContainerData containerData() throws SQLException {
    if (sessionContainer().conId() == 0) {
      return ContainerData
          .ALL; // a non-container database has no container data objects to restrict
    }
    return new ContainerData(
        list(
            Sql.CONTAINER_DATA,
            rs ->
                new ContainerData.Attribute(
                    "Y".equals(rs.getString("DEFAULT_ATTR")) ? null : rs.getString("OBJECT_NAME"),
                    "Y".equals(rs.getString("ALL_CONTAINERS")),
                    rs.getString("CONTAINER_NAME"))));
  }

  @Override
  public List<ActiveTransaction> activeTransactions(boolean allInstances) throws SQLException {
    return list(
        allInstances ? Sql.TRANSACTIONS_ALL_INSTANCES : Sql.TRANSACTIONS, ViewRows::transaction);
  }

  @Override
  public java.util.Set<Integer> instancesWritingRedo() throws SQLException {
    return java.util.Set.copyOf(list(Sql.REDO_WRITES_IN_PROGRESS, rs -> rs.getInt("INST_ID")));
  }

  @Override
  public List<DictionaryObject> objects(String container, String ownerRegex, String tableRegex)
      throws SQLException {
    Objects.requireNonNull(ownerRegex, "ownerRegex == null");
    Objects.requireNonNull(tableRegex, "tableRegex == null");
    if (container == null) {
      return list(Sql.OBJECTS, rs -> ViewRows.object(rs, null, 0), ownerRegex, tableRegex);
    }
    int conId = containerId(container, OracleError.PDB_NOT_OPEN.number());
    return list(
        Sql.CDB_OBJECTS,
        rs -> ViewRows.object(rs, container, conId),
        conId,
        ownerRegex,
        tableRegex);
  }

  @Override
  public boolean forceLogging() throws SQLException {
    return "YES".equals(list(Sql.FORCE_LOGGING, rs -> rs.getString("FORCE_LOGGING")).get(0));
  }

  @Override
  public List<NoLoggingSegment> noLoggingSegments(
      String container, String ownerRegex, String tableRegex) throws SQLException {
    Objects.requireNonNull(ownerRegex, "ownerRegex == null");
    Objects.requireNonNull(tableRegex, "tableRegex == null");
    JdbcSession.Mapping<NoLoggingSegment> segment =
        rs ->
            new NoLoggingSegment(
                new TableId(container, rs.getString("OWNER"), rs.getString("TABLE_NAME")),
                rs.getString("PARTITION_NAME"));
    if (container == null) {
      return list(Sql.NOLOGGING, segment, ownerRegex, tableRegex, ownerRegex, tableRegex);
    }
    int conId = containerId(container, OracleError.PDB_NOT_OPEN.number());
    return list(
        Sql.CDB_NOLOGGING, segment, conId, ownerRegex, tableRegex, conId, ownerRegex, tableRegex);
  }

  @Override
  public TableLayout tableLayout(TableId table) throws SQLException {
    Objects.requireNonNull(table, "table == null");
    List<Column> columns = new ArrayList<>();
    JdbcSession.Mapping<Column> column =
        rs ->
            new Column(
                rs.getString("COLUMN_NAME"),
                columns.size() + 1,
                ViewRows.columnType(rs),
                "Y".equals(rs.getString("NULLABLE")));
    JdbcSession.Mapping<String> keyColumn = rs -> rs.getString("COLUMN_NAME");
    List<String> key;
    if (table.pdb() == null) {
      session.forEach(Sql.COLUMNS, column, columns, table.owner(), table.table());
      key = list(Sql.PRIMARY_KEY, keyColumn, table.owner(), table.table());
    } else {
      int conId = containerId(table.pdb(), OracleError.DATABASE_NOT_OPEN.number());
      session.forEach(Sql.CDB_COLUMNS, column, columns, conId, table.owner(), table.table());
      key = list(Sql.CDB_PRIMARY_KEY, keyColumn, conId, table.owner(), table.table());
    }
    if (columns.isEmpty()) {
      throw JdbcSession.oracleError(
          OracleError.TABLE_OR_VIEW_MISSING.number(), "42000", "table or view does not exist");
    }
    // Version 1: the dictionary knows only the current layout; the engine numbers the versions it
    // keeps.
    return new TableLayout(table, 1, columns, key);
  }

  @Override
  public List<dev.redoline.logminer.internal.ChunkRead.Row> readChunk(
      dev.redoline.logminer.internal.ChunkRead read) throws SQLException {
    Objects.requireNonNull(read, "read == null");
    return ChunkReader.read(session.connection(), read, CHUNK_FETCH_SIZE);
  }

  @Override
  public void probeAsOf(TableId table, Scn scn) throws SQLException {
    ChunkReader.probe(
        session.connection(),
        Objects.requireNonNull(table, "table == null"),
        Objects.requireNonNull(scn));
  }

  @Override
  public void switchContainer(String pdb) throws SQLException {
    Objects.requireNonNull(pdb, "pdb == null");
    try (Statement st = session.connection().createStatement()) {
      st.execute("ALTER SESSION SET CONTAINER = " + ChunkReader.quote(pdb));
    }
  }

  @Override
  public LocalDateTime scnToTimestamp(Scn scn) throws SQLException {
    Objects.requireNonNull(scn, "scn == null");
    return list(Sql.SCN_TO_TIMESTAMP, rs -> ResultValues.dateTime(rs, 1), number(scn)).get(0);
  }

  @Override
  public Scn timestampToScn(LocalDateTime time) throws SQLException {
    Objects.requireNonNull(time, "time == null");
    return list(Sql.TIMESTAMP_TO_SCN, rs -> ResultValues.scn(rs.getBigDecimal(1)), time).get(0);
  }

  @Override
  public void addLogFile(String fileName, AddLogOption option) throws SQLException {
    Objects.requireNonNull(fileName, "fileName == null");
    Objects.requireNonNull(option, "option == null");
    call(Sql.addLogFile(option), fileName);
  }

  @Override
  public void removeLogFile(String fileName) throws SQLException {
    Objects.requireNonNull(fileName, "fileName == null");
    call(Sql.REMOVE_LOGFILE, fileName);
  }

  @Override
  public List<SessionLog> sessionLogs() throws SQLException {
    return list(Sql.SESSION_LOGS, ViewRows::sessionLog);
  }

  @Override
  public void startSession(SessionStart start) throws SQLException {
    Objects.requireNonNull(start, "start == null");
    if (start.endScn() == null) {
      call(Sql.startLogMiner(start.options(), false), number(start.startScn()));
    } else {
      call(
          Sql.startLogMiner(start.options(), true),
          number(start.startScn()),
          number(start.endScn()));
    }
  }

  @Override
  public void endSession() throws SQLException {
    try {
      call(Sql.END_LOGMNR);
    } catch (SQLException e) {
      if (e.getErrorCode() != OracleError.NO_ACTIVE_SESSION.number()) {
        throw e;
      }
    }
  }

  @Override
  public RowCursor query(MiningQuery query) throws SQLException {
    Objects.requireNonNull(query, "query == null");
    MiningSql sql = MiningSql.of(query);
    PreparedStatement statement =
        session
            .connection()
            .prepareStatement(sql.text(), ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_READ_ONLY);
    try {
      statement.setFetchSize(query.fetchSize());
      statement.setQueryTimeout(timeoutSeconds(query.timeout()));
      Binds.bind(statement, sql.binds());
      return new JdbcRowCursor(statement, statement.executeQuery());
    } catch (SQLException | RuntimeException e) {
      JdbcSession.closeQuietly(statement);
      throw e;
    }
  }

  /**
   * {@code setQueryTimeout} takes whole seconds: round up, so a short timeout never means "none".
   */
  static int timeoutSeconds(Duration timeout) {
    if (timeout.isZero()) {
      return 0;
    }
    long seconds = timeout.getSeconds() + (timeout.getNano() > 0 ? 1 : 0);
    return (int) Math.min(Integer.MAX_VALUE, seconds);
  }

  @Override
  public List<String> missingPrivileges() throws SQLException {
    return probes.missingPrivileges();
  }

  @Override
  public boolean allColumnLogging(TableId table) throws SQLException {
    Objects.requireNonNull(table, "table == null");
    return probes.allColumnLogging(table);
  }

  @Override
  public void close() {
    session.close();
  }

  private <T> List<T> list(String sql, JdbcSession.Mapping<T> mapping, Object... binds)
      throws SQLException {
    return session.list(sql, mapping, binds);
  }

  private void call(String sql, Object... binds) throws SQLException {
    session.call(sql, binds);
  }

  private int containerId(String container, int closedError) throws SQLException {
    return session.containerId(container, closedError);
  }
}
