package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Secret;
import dev.redoline.core.internal.OracleError;
import dev.redoline.core.internal.OracleNls;
import dev.redoline.logminer.internal.DatabaseState;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One JDBC connection made ready for the gateway: opened from the configuration (URL, user,
 * password, the driver property that keeps time zones as offsets) or taken from the caller, its
 * session's NLS settings applied ({@link OracleNls#alterSessionStatements()}) so that SQL_REDO
 * literals have the one format the decoder reads, and the way every statement of the gateway and
 * its probes runs on it: a prepared statement with every value bound. A reconnect is a new session
 * ({@link JdbcGateway#factory}); closing never throws.
 */
final class JdbcSession implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(JdbcSession.class);

  /** Asks ojdbc for offsets rather than region names, which old servers reject with ORA-01882. */
  static final String TIMEZONE_AS_REGION = "oracle.jdbc.timezoneAsRegion";

  /** Opens a JDBC connection; {@code DriverManager::getConnection} outside tests. */
  @FunctionalInterface
  interface ConnectionSource {
    Connection open(String url, Properties properties) throws SQLException;
  }

  /** Maps the current row of a result set. */
  @FunctionalInterface
  interface Mapping<T> {
    T map(ResultSet rs) throws SQLException;
  }

  private final Connection connection;
  private final ZoneId zone;

  /**
   * The recording this session's statements go to, or {@code null} ({@code cdc.recording.dir}
   * empty).
   */
  private final RecordingSink recording;

  private boolean released;

  private JdbcSession(Connection connection, ZoneId zone, RecordingSink recording) {
    this.connection = connection;
    this.zone = zone;
    this.recording = recording;
  }

  /**
   * Connects as {@link JdbcGateway#connect(CdcConfig)} documents, to a URL {@link CdcConfig} has
   * checked is Oracle's or the simulator's.
   */
  static JdbcSession open(CdcConfig config, ConnectionSource source) throws SQLException {
    Objects.requireNonNull(config, "config == null");
    String url = config.get(CdcConfig.DATABASE_URL);
    ZoneId zone = zone(config.get(CdcConfig.DATABASE_TIME_ZONE));
    Properties properties = new Properties();
    properties.setProperty("user", config.get(CdcConfig.DATABASE_USER));
    Secret password = config.get(CdcConfig.DATABASE_PASSWORD);
    properties.setProperty("password", password.reveal());
    properties.setProperty(TIMEZONE_AS_REGION, "false");
    Connection connection = source.open(url, properties);
    RecordingSink recording = RecordingSink.acquire(config);
    try {
      // every statement after this point, the session's NLS settings included, is recorded
      Connection used =
          recording == null ? connection : RecordingConnection.wrap(connection, recording);
      return setUp(used, zone, recording);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(connection);
      if (recording != null) {
        recording.release();
      }
      throw e;
    }
  }

  /**
   * An open connection (the caller's pool or test container) with the NLS settings applied;
   * LogMiner's local times are then read in the database's zone.
   */
  static JdbcSession of(Connection connection) throws SQLException {
    return setUp(Objects.requireNonNull(connection, "connection == null"), null, null);
  }

  private static JdbcSession setUp(Connection connection, ZoneId zone, RecordingSink recording)
      throws SQLException {
    for (String statement : OracleNls.alterSessionStatements()) {
      try (Statement st = connection.createStatement()) {
        st.execute(statement);
      }
    }
    return new JdbcSession(connection, zone, recording);
  }

  /**
   * The configured zone, or {@code null} (empty): the database's, read with every V$DATABASE row.
   * {@code CdcConfig} has already refused a zone {@link ZoneId#of} does not know.
   */
  private static ZoneId zone(String text) {
    return text.isBlank() ? null : ZoneId.of(text.trim());
  }

  /**
   * The connection, for the statements that are not a plain query or call (the mining query,
   * chunks).
   */
  Connection connection() {
    return connection;
  }

  /**
   * {@code cdc.database.time.zone}, or {@code null} to read LogMiner's local times in the
   * database's zone.
   */
  ZoneId zone() {
    return zone;
  }

  /** The rows of a query, each mapped. */
  <T> List<T> list(String sql, Mapping<T> mapping, Object... binds) throws SQLException {
    List<T> out = new ArrayList<>();
    forEach(sql, mapping, out, binds);
    return out;
  }

  /**
   * Adds the rows of a query, each mapped, to {@code out} (a mapping may read what was added so
   * far).
   */
  <T> void forEach(String sql, Mapping<T> mapping, List<T> out, Object... binds)
      throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      Binds.bind(statement, List.of(binds));
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          out.add(mapping.map(rs));
        }
      }
    }
  }

  /** Runs a PL/SQL call. */
  void call(String sql, Object... binds) throws SQLException {
    try (PreparedStatement statement = connection.prepareCall(sql)) {
      Binds.bind(statement, List.of(binds));
      statement.execute();
    }
  }

  /** V$DATABASE, its zone {@link #zone()} or the database's. */
  DatabaseState database() throws SQLException {
    return list(Sql.DATABASE, rs -> ViewRows.database(rs, zone)).get(0);
  }

  /** The CON_ID of an open container; ORA-65011 when unknown, {@code closedError} when MOUNTED. */
  int containerId(String container, int closedError) throws SQLException {
    List<Object[]> rows =
        list(
            Sql.CONTAINER,
            rs -> new Object[] {rs.getInt("CON_ID"), rs.getString("OPEN_MODE")},
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

  @Override
  public void close() {
    closeQuietly(connection);
    if (recording != null && !released) {
      released = true;
      recording.release();
    }
  }

  static void closeQuietly(AutoCloseable closeable) {
    try {
      closeable.close();
    } catch (Exception e) {
      LOG.debug("Closing {} failed: {}", closeable.getClass().getSimpleName(), e.getMessage());
    }
  }
}
