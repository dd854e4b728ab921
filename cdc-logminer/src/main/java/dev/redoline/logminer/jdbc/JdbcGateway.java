package dev.redoline.logminer.jdbc;

import static dev.redoline.logminer.jdbc.ResultValues.number;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.Column;
import dev.redoline.core.ConfigException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.internal.OracleError;
import dev.redoline.core.internal.OracleNls;
import dev.redoline.core.Scn;
import dev.redoline.core.Secret;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.ActiveTransaction;
import dev.redoline.logminer.AddLogOption;
import dev.redoline.logminer.ArchiveDestination;
import dev.redoline.logminer.ArchivedLog;
import dev.redoline.logminer.ContainerData;
import dev.redoline.logminer.DatabaseState;
import dev.redoline.logminer.DictionaryObject;
import dev.redoline.logminer.GatewayFactory;
import dev.redoline.logminer.LogMinerGateway;
import dev.redoline.logminer.MiningQuery;
import dev.redoline.logminer.NoLoggingSegment;
import dev.redoline.logminer.OnlineLog;
import dev.redoline.logminer.PdbState;
import dev.redoline.logminer.RedoThreadState;
import dev.redoline.logminer.RowCursor;
import dev.redoline.logminer.SessionContainer;
import dev.redoline.logminer.SessionLog;
import dev.redoline.logminer.SessionStart;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * <p>Each port method runs the statements of {@link Sql} (the mining query is built by
 * {@link MiningSql}), with every value as a bind variable. The session's NLS settings
 * ({@link OracleNls#alterSessionStatements()}) are applied once, when the gateway is opened, so
 * that SQL_REDO literals have the one format the decoder reads. Errors are ojdbc's
 * {@link SQLException}s, unchanged, with three deliberate exceptions: ORA-01307 from END_LOGMNR
 * (no session to end) is ignored, and where a dictionary view answers "no rows" for something the
 * port defines as an error, the gateway raises that error as Oracle would have in the simulator:
 * ORA-00942 for a table without columns, ORA-65011 for an unknown container, ORA-65024 (objects)
 * or ORA-01109 (table layout) for a closed one. ORA-08180/08181 from the SCN-time mapping are
 * thrown as the port documents.
 *
 * <p>Not thread-safe, like the connection under it; {@link RowCursor#cancel()} may be called from
 * any thread.
 */
public final class JdbcGateway implements LogMinerGateway, PreflightProbe {

  private static final Logger LOG = LoggerFactory.getLogger(JdbcGateway.class);
  /** Rows per round trip of a snapshot chunk's SELECT. */
  private static final int CHUNK_FETCH_SIZE = 1_000;

  /** Asks ojdbc for offsets rather than region names, which old servers reject with ORA-01882. */
  static final String TIMEZONE_AS_REGION = "oracle.jdbc.timezoneAsRegion";

  /** Opens a JDBC connection; {@code DriverManager::getConnection} outside tests. */
  @FunctionalInterface
  interface ConnectionSource {
    Connection open(String url, Properties properties) throws SQLException;
  }

  @FunctionalInterface
  private interface Mapping<T> {
    T map(ResultSet rs) throws SQLException;
  }

  private final Connection connection;
  private final ZoneId zone;

  private JdbcGateway(Connection connection, ZoneId zone) {
    this.connection = connection;
    this.zone = zone;
  }

  /**
   * Connects with {@code cdc.database.url}, {@code cdc.database.user} and
   * {@code cdc.database.password}; LogMiner's local times are read in {@code cdc.database.time.zone},
   * or when it is empty in the database's zone ({@link DatabaseState#zone()}).
   * For the engine, {@link #factory(CdcConfig)} wraps this in a {@link GatewayFactory}. The URL is
   * Oracle's ({@code jdbc:oracle:thin:@//host:port/service}) or the Oracle simulator's
   * ({@code jdbc:redoline:sim:...}); {@link JdbcDrivers} finds its driver.
   *
   * @throws ConfigException (CDC-4001) when the URL is not one of those or the zone is unknown
   * @throws CdcException with {@code cdc.database.pdbs} set, when the session cannot mine them:
   *     CDC-4008 when it is not at CDB$ROOT, CDC-4003 when the user's CONTAINER_DATA hides a PDB
   *     from the dictionary views ({@link CaptureSessionChecks})
   * @throws SQLException as the driver reports a failed connection
   */
  public static JdbcGateway connect(CdcConfig config) throws SQLException {
    return connect(config, JdbcDrivers::connect);
  }

  /** The engine's factory: each {@code connect()} opens a new gateway with {@link #connect(CdcConfig)}. */
  public static GatewayFactory factory(CdcConfig config) {
    Objects.requireNonNull(config, "config == null");
    return () -> connect(config);
  }

  static JdbcGateway connect(CdcConfig config, ConnectionSource source) throws SQLException {
    Objects.requireNonNull(config, "config == null");
    String url = config.get(CdcConfig.DATABASE_URL);
    if (!JdbcDrivers.isDatabaseUrl(url)) {
      throw new ConfigException(ErrorCode.INVALID_CONFIGURATION, CdcConfig.DATABASE_URL.name(),
          url.indexOf('@') < 0 ? url : null, JdbcDrivers.EXPECTED);
    }
    ZoneId zone = zone(config.get(CdcConfig.DATABASE_TIME_ZONE));
    Properties properties = new Properties();
    properties.setProperty("user", config.get(CdcConfig.DATABASE_USER));
    Secret password = config.get(CdcConfig.DATABASE_PASSWORD);
    properties.setProperty("password", password.reveal());
    properties.setProperty(TIMEZONE_AS_REGION, "false");
    Connection connection = source.open(url, properties);
    try {
      JdbcGateway gateway = open(connection, zone);
      CaptureSessionChecks.requireMinable(gateway, config);
      return gateway;
    } catch (SQLException | RuntimeException e) {
      closeQuietly(connection);
      throw e;
    }
  }

  /**
   * Wraps an open connection (the caller's pool or test container) and applies the NLS settings.
   * LogMiner's local times are read in the database's zone ({@link DatabaseState#zone()}).
   */
  public static JdbcGateway open(Connection connection) throws SQLException {
    return open(Objects.requireNonNull(connection, "connection == null"), null);
  }

  private static JdbcGateway open(Connection connection, ZoneId zone) throws SQLException {
    for (String statement : OracleNls.alterSessionStatements()) {
      try (Statement st = connection.createStatement()) {
        st.execute(statement);
      }
    }
    return new JdbcGateway(connection, zone);
  }

  /**
   * The configured zone, or {@code null} (empty): the database's, read with every V$DATABASE row.
   * {@code CdcConfig} has already refused a zone {@link ZoneId#of} does not know.
   */
  private static ZoneId zone(String text) {
    return text.isBlank() ? null : ZoneId.of(text.trim());
  }

  @Override
  public DatabaseState database() throws SQLException {
    return list(Sql.DATABASE, rs -> ViewRows.database(rs, zone)).get(0);
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
  public List<ArchiveDestination> archiveDestinations() throws SQLException {
    return list(Sql.ARCHIVE_DESTINATIONS, ViewRows::destination);
  }

  @Override
  public List<PdbState> pdbs() throws SQLException {
    return list(Sql.PDBS, ViewRows::pdb);
  }

  @Override
  public SessionContainer sessionContainer() throws SQLException {
    return list(Sql.SESSION_CONTAINER, rs -> new SessionContainer(Integer.parseInt(rs.getString("CON_ID").trim()),
        rs.getString("CON_NAME"))).get(0);
  }

  @Override
  public ContainerData containerData() throws SQLException {
    if (sessionContainer().conId() == 0) {
      return ContainerData.ALL;   // a non-container database has no container data objects to restrict
    }
    return new ContainerData(list(Sql.CONTAINER_DATA, rs -> new ContainerData.Attribute(
        "Y".equals(rs.getString("DEFAULT_ATTR")) ? null : rs.getString("OBJECT_NAME"),
        "Y".equals(rs.getString("ALL_CONTAINERS")), rs.getString("CONTAINER_NAME"))));
  }

  @Override
  public List<ActiveTransaction> activeTransactions(boolean allInstances) throws SQLException {
    return list(allInstances ? Sql.TRANSACTIONS_ALL_INSTANCES : Sql.TRANSACTIONS, ViewRows::transaction);
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
    return list(Sql.CDB_OBJECTS, rs -> ViewRows.object(rs, container, conId), conId, ownerRegex, tableRegex);
  }

  @Override
  public boolean forceLogging() throws SQLException {
    return "YES".equals(list(Sql.FORCE_LOGGING, rs -> rs.getString("FORCE_LOGGING")).get(0));
  }

  @Override
  public List<NoLoggingSegment> noLoggingSegments(String container, String ownerRegex, String tableRegex)
      throws SQLException {
    Objects.requireNonNull(ownerRegex, "ownerRegex == null");
    Objects.requireNonNull(tableRegex, "tableRegex == null");
    Mapping<NoLoggingSegment> segment = rs -> new NoLoggingSegment(new TableId(container, rs.getString("OWNER"),
        rs.getString("TABLE_NAME")), rs.getString("PARTITION_NAME"));
    if (container == null) {
      return list(Sql.NOLOGGING, segment, ownerRegex, tableRegex, ownerRegex, tableRegex);
    }
    int conId = containerId(container, OracleError.PDB_NOT_OPEN.number());
    return list(Sql.CDB_NOLOGGING, segment, conId, ownerRegex, tableRegex, conId, ownerRegex, tableRegex);
  }

  @Override
  public TableLayout tableLayout(TableId table) throws SQLException {
    Objects.requireNonNull(table, "table == null");
    List<Column> columns = new ArrayList<>();
    Mapping<Column> column = rs -> new Column(rs.getString("COLUMN_NAME"), columns.size() + 1,
        ViewRows.columnType(rs), "Y".equals(rs.getString("NULLABLE")));
    Mapping<String> keyColumn = rs -> rs.getString("COLUMN_NAME");
    List<String> key;
    if (table.pdb() == null) {
      forEach(Sql.COLUMNS, column, columns, table.owner(), table.table());
      key = list(Sql.PRIMARY_KEY, keyColumn, table.owner(), table.table());
    } else {
      int conId = containerId(table.pdb(), OracleError.DATABASE_NOT_OPEN.number());
      forEach(Sql.CDB_COLUMNS, column, columns, conId, table.owner(), table.table());
      key = list(Sql.CDB_PRIMARY_KEY, keyColumn, conId, table.owner(), table.table());
    }
    if (columns.isEmpty()) {
      throw oracleError(OracleError.TABLE_OR_VIEW_MISSING.number(), "42000", "table or view does not exist");
    }
    // Version 1: the dictionary knows only the current layout; the engine numbers the versions it keeps.
    return new TableLayout(table, 1, columns, key);
  }

  @Override
  public List<dev.redoline.logminer.ChunkRead.Row> readChunk(dev.redoline.logminer.ChunkRead read)
      throws SQLException {
    Objects.requireNonNull(read, "read == null");
    return ChunkReader.read(connection, read, CHUNK_FETCH_SIZE);
  }

  @Override
  public void switchContainer(String pdb) throws SQLException {
    Objects.requireNonNull(pdb, "pdb == null");
    try (Statement st = connection.createStatement()) {
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
      call(Sql.startLogMiner(start.options(), true), number(start.startScn()), number(start.endScn()));
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
    PreparedStatement statement = connection.prepareStatement(sql.text(), ResultSet.TYPE_FORWARD_ONLY,
        ResultSet.CONCUR_READ_ONLY);
    try {
      statement.setFetchSize(query.fetchSize());
      statement.setQueryTimeout(timeoutSeconds(query.timeout()));
      Binds.bind(statement, sql.binds());
      return new JdbcRowCursor(statement, statement.executeQuery());
    } catch (SQLException | RuntimeException e) {
      closeQuietly(statement);
      throw e;
    }
  }

  /** {@code setQueryTimeout} takes whole seconds: round up, so a short timeout never means "none". */
  static int timeoutSeconds(Duration timeout) {
    if (timeout.isZero()) {
      return 0;
    }
    long seconds = timeout.getSeconds() + (timeout.getNano() > 0 ? 1 : 0);
    return (int) Math.min(Integer.MAX_VALUE, seconds);
  }

  @Override
  public List<String> missingPrivileges() throws SQLException {
    List<String> missing = new ArrayList<>();
    List<String> held = list(Sql.SESSION_PRIVILEGES, rs -> rs.getString("PRIVILEGE"));
    for (String privilege : Sql.REQUIRED_PRIVILEGES) {
      if (!held.contains(privilege)) {
        missing.add(privilege);
      }
    }
    if (list(Sql.LOGMNR_PACKAGE, rs -> rs.getInt(1)).get(0) == 0) {
      missing.add("EXECUTE on SYS.DBMS_LOGMNR");
    }
    List<String> views = new ArrayList<>(Sql.PROBED_VIEWS);
    if (database().cdb()) {
      views.addAll(Sql.PROBED_CDB_VIEWS);
    }
    for (String view : views) {
      if (!readable(view)) {
        missing.add("SELECT on " + view);
      }
    }
    return missing;
  }

  private boolean readable(String view) throws SQLException {
    try {
      list(Sql.probe(view), rs -> rs.getInt(1));
      return true;
    } catch (SQLException e) {
      if (e.getErrorCode() == OracleError.NO_SESSION_FOR_SELECT.number()) {
        return true;
      }
      if (deniedAccess(e)) {
        return false;
      }
      throw e;
    }
  }

  /** ORA-00942 or ORA-01031: the session may not read what it asked for. */
  static boolean deniedAccess(SQLException e) {
    return e.getErrorCode() == OracleError.TABLE_OR_VIEW_MISSING.number()
        || e.getErrorCode() == OracleError.INSUFFICIENT_PRIVILEGES.number();
  }

  @Override
  public boolean allColumnLogging(TableId table) throws SQLException {
    Objects.requireNonNull(table, "table == null");
    Mapping<Integer> count = rs -> rs.getInt(1);
    if (table.pdb() == null) {
      return list(Sql.ALL_COLUMN_LOGGING, count, table.owner(), table.table()).get(0) > 0;
    }
    int conId = containerId(table.pdb(), OracleError.DATABASE_NOT_OPEN.number());
    return list(Sql.CDB_ALL_COLUMN_LOGGING, count, conId, table.owner(), table.table()).get(0) > 0;
  }

  @Override
  public void close() {
    closeQuietly(connection);
  }

  /** The CON_ID of an open container; ORA-65011 when unknown, {@code closedError} when MOUNTED. */
  private int containerId(String container, int closedError) throws SQLException {
    List<Object[]> rows = list(Sql.CONTAINER, rs -> new Object[] {rs.getInt("CON_ID"), rs.getString("OPEN_MODE")},
        container);
    if (rows.isEmpty()) {
      throw oracleError(65011, "99999", "Pluggable database " + container + " does not exist.");
    }
    if ("MOUNTED".equals(rows.get(0)[1])) {
      throw closedError == OracleError.PDB_NOT_OPEN.number()
          ? oracleError(closedError, "99999", "Pluggable database " + container + " is not open.")
          : oracleError(closedError, "99999", "database not open");
    }
    return (Integer) rows.get(0)[0];
  }

  /** An error raised by the gateway itself, shaped as ojdbc shapes Oracle's. */
  static SQLException oracleError(int code, String sqlState, String text) {
    return new SQLException(String.format("ORA-%05d: %s", code, text), sqlState, code);
  }

  private <T> List<T> list(String sql, Mapping<T> mapping, Object... binds) throws SQLException {
    List<T> out = new ArrayList<>();
    forEach(sql, mapping, out, binds);
    return out;
  }

  private <T> void forEach(String sql, Mapping<T> mapping, List<T> out, Object... binds) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      Binds.bind(statement, List.of(binds));
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          out.add(mapping.map(rs));
        }
      }
    }
  }

  private void call(String sql, Object... binds) throws SQLException {
    try (PreparedStatement statement = connection.prepareCall(sql)) {
      Binds.bind(statement, List.of(binds));
      statement.execute();
    }
  }

  private static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      LOG.debug("Closing {} failed: {}", closeable.getClass().getSimpleName(), e.getMessage());
    }
  }
}
