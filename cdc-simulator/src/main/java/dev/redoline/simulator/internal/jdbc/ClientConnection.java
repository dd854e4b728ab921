package dev.redoline.simulator.internal.jdbc;

import dev.redoline.simulator.SimulatorDriver;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * A JDBC {@link Connection} to the simulator over a {@link Backend}. Auto-commit is on and stays on
 * (the simulated database takes no writes); statements are {@link ClientStatement}s. After the
 * backend lost the session, or after {@link Connection#close()}, every call fails with ORA-17008
 * "Closed Connection", and {@code isClosed()} is true. Methods it does not override fail as {@link
 * UnsupportedConnection} says.
 */
public final class ClientConnection extends UnsupportedConnection {

  private final Backend backend;
  private final String url;
  private volatile boolean closed;

  private ClientConnection(Backend backend, String url) {
    this.backend = backend;
    this.url = url;
  }

  public static Connection create(Backend backend, String url) {
    return new ClientConnection(backend, url);
  }

  Backend backend() throws SQLException {
    if (closed()) {
      throw OracleErrors.error(17008);
    }
    return backend;
  }

  boolean closed() {
    return closed || !backend.usable();
  }

  // Statements: plain, prepared and callable are one class; the result set type and concurrency
  // asked for are what the driver serves anyway (forward-only, read-only).

  private ClientStatement statement(String sql) throws SQLException {
    backend();
    return new ClientStatement(this, sql);
  }

  @Override
  public Statement createStatement() throws SQLException {
    return statement(null);
  }

  @Override
  public Statement createStatement(int type, int concurrency) throws SQLException {
    return statement(null);
  }

  @Override
  public PreparedStatement prepareStatement(String sql) throws SQLException {
    return statement(sql);
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int type, int concurrency)
      throws SQLException {
    return statement(sql);
  }

  @Override
  public CallableStatement prepareCall(String sql) throws SQLException {
    return statement(sql);
  }

  @Override
  public CallableStatement prepareCall(String sql, int type, int concurrency) throws SQLException {
    return statement(sql);
  }

  // Life cycle.

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      backend.close();
    }
  }

  @Override
  public void abort(Executor executor) {
    close();
  }

  @Override
  public boolean isClosed() {
    return closed();
  }

  @Override
  public boolean isValid(int timeoutSeconds) {
    return !closed();
  }

  // Settings a client may make: accepted on an open connection, and nothing changes (the
  // simulated database takes no writes, so no transaction setting matters).

  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    backend();
  }

  @Override
  public void commit() throws SQLException {
    backend();
  }

  @Override
  public void rollback() throws SQLException {
    backend();
  }

  @Override
  public void rollback(Savepoint savepoint) throws SQLException {
    backend();
  }

  @Override
  public void setReadOnly(boolean readOnly) throws SQLException {
    backend();
  }

  @Override
  public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
    backend();
  }

  @Override
  public void setSchema(String schema) throws SQLException {
    backend();
  }

  @Override
  public void setCatalog(String catalog) throws SQLException {
    backend();
  }

  @Override
  public void setHoldability(int holdability) throws SQLException {
    backend();
  }

  @Override
  public void setTransactionIsolation(int level) throws SQLException {
    backend();
  }

  @Override
  public void setClientInfo(String name, String value) throws SQLClientInfoException {
    clientInfo();
  }

  @Override
  public void setClientInfo(Properties properties) throws SQLClientInfoException {
    clientInfo();
  }

  /** Client info is accepted on an open connection; the error of a closed one is ORA-17008. */
  private void clientInfo() throws SQLClientInfoException {
    try {
      backend();
    } catch (SQLException e) {
      throw new SQLClientInfoException(
          e.getMessage(), e.getSQLState(), e.getErrorCode(), Map.of(), e);
    }
  }

  // What a client reads of the connection.

  @Override
  public boolean getAutoCommit() {
    return true;
  }

  @Override
  public boolean isReadOnly() {
    return true;
  }

  @Override
  public int getTransactionIsolation() {
    return Connection.TRANSACTION_READ_COMMITTED;
  }

  @Override
  public int getHoldability() {
    return ResultSet.CLOSE_CURSORS_AT_COMMIT;
  }

  @Override
  public int getNetworkTimeout() {
    return 0;
  }

  @Override
  public String getSchema() {
    return null;
  }

  @Override
  public String getCatalog() {
    return null;
  }

  @Override
  public String nativeSQL(String sql) {
    return sql;
  }

  @Override
  public DatabaseMetaData getMetaData() {
    return new MetaData(this, url);
  }

  @Override
  public String toString() {
    return "SimulatorConnection[" + url + "]";
  }

  /** What the driver tells of the database and of itself; the rest is unsupported. */
  private static final class MetaData extends UnsupportedDatabaseMetaData {
    private final Connection connection;
    private final String url;

    MetaData(Connection connection, String url) {
      this.connection = connection;
      this.url = url;
    }

    @Override
    public Connection getConnection() {
      return connection;
    }

    @Override
    public String getURL() {
      return url;
    }

    @Override
    public String getDatabaseProductName() {
      return "Oracle";
    }

    @Override
    public String getDatabaseProductVersion() {
      return "Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 (simulated)";
    }

    @Override
    public int getDatabaseMajorVersion() {
      return 19;
    }

    @Override
    public int getDatabaseMinorVersion() {
      return 0;
    }

    @Override
    public String getDriverName() {
      return "Redoline Oracle simulator";
    }

    @Override
    public String getDriverVersion() {
      return SimulatorDriver.VERSION;
    }

    @Override
    public int getDriverMajorVersion() {
      return 0;
    }

    @Override
    public int getDriverMinorVersion() {
      return 1;
    }

    @Override
    public String getUserName() {
      return "C##REDOLINE";
    }

    @Override
    public int getJDBCMajorVersion() {
      return 4;
    }

    @Override
    public int getJDBCMinorVersion() {
      return 2;
    }

    @Override
    public String toString() {
      return "SimulatorDatabaseMetaData[" + url + "]";
    }
  }
}
