package dev.redoline.simulator.internal.jdbc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.TreeMap;

/**
 * A JDBC statement (plain, prepared or callable) to the simulator: its text, its binds by position,
 * its fetch size and query timeout. {@code cancel()} may come from any thread and stops the running
 * fetch with ORA-01013, as ojdbc's does. Methods it does not override (named parameters, OUT
 * parameters, streams and LOB binds, batches, generated keys) fail as {@link UnsupportedStatement}
 * says.
 *
 * <h2>Implementation notes</h2>
 *
 * Every bind setter by position keeps its value as given ({@link #bind}): the backend converts
 * them, as the SQL engine or the simulator's own evaluation reads them. A NULL bind of any type is
 * a null value.
 */
public final class ClientStatement extends UnsupportedStatement {

  /** ojdbc's default fetch size. */
  static final int DEFAULT_FETCH_SIZE = 10;

  private final ClientConnection connection;
  private final String preparedSql;
  private final TreeMap<Integer, Object> binds = new TreeMap<>();
  private int fetchSize = DEFAULT_FETCH_SIZE;
  private int queryTimeoutSeconds;
  private volatile ResultSet current;
  private volatile long currentCursor;
  private boolean closed;

  ClientStatement(ClientConnection connection, String preparedSql) {
    this.connection = connection;
    this.preparedSql = preparedSql;
  }

  // Running it.

  @Override
  public ResultSet executeQuery() throws SQLException {
    return executeQuery(preparedSql);
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    if (!execute(sql)) {
      throw new SQLException("The statement returned no rows: " + sql, "99999", 17166);
    }
    return current;
  }

  @Override
  public boolean execute() throws SQLException {
    return execute(preparedSql);
  }

  @Override
  public int executeUpdate() throws SQLException {
    execute(preparedSql);
    return 0;
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    execute(sql);
    return 0;
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    execute(preparedSql);
    return 0L;
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    execute(sql);
    return 0L;
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    requireOpen();
    if (sql == null) {
      throw new SQLException("No SQL to execute", "99999", 17104);
    }
    closeCurrent();
    List<Object> values = new ArrayList<>();
    if (!binds.isEmpty()) {
      for (int i = 1; i <= binds.lastKey(); i++) {
        values.add(binds.get(i));
      }
    }
    Backend backend = connection.backend();
    Backend.Executed executed = backend.execute(sql, values, queryTimeoutSeconds);
    if (!executed.hasRows()) {
      return false;
    }
    currentCursor = executed.cursor();
    current = ClientResultSet.create(backend, executed, fetchSize, this);
    return true;
  }

  @Override
  public ResultSet getResultSet() {
    return current;
  }

  @Override
  public int getUpdateCount() {
    return current == null ? 0 : -1;
  }

  @Override
  public boolean getMoreResults() {
    return false;
  }

  @Override
  public boolean getMoreResults(int current) {
    return false;
  }

  @Override
  public void cancel() throws SQLException {
    long cursor = currentCursor;
    if (cursor != 0) {
      connection.backend().cancel(cursor);
    }
  }

  // Binds by position.

  /** Keeps {@code value} as the bind at {@code index} (1-based). */
  private void bind(int index, Object value) throws SQLException {
    requireOpen();
    binds.put(index, value);
  }

  @Override
  public void clearParameters() {
    binds.clear();
  }

  @Override
  public void setNull(int index, int sqlType) throws SQLException {
    bind(index, null);
  }

  @Override
  public void setNull(int index, int sqlType, String typeName) throws SQLException {
    bind(index, null);
  }

  @Override
  public void setBoolean(int index, boolean value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setByte(int index, byte value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setShort(int index, short value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setInt(int index, int value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setLong(int index, long value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setFloat(int index, float value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setDouble(int index, double value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setBigDecimal(int index, BigDecimal value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setString(int index, String value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setNString(int index, String value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setBytes(int index, byte[] value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setDate(int index, Date value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setDate(int index, Date value, Calendar calendar) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setTime(int index, Time value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setTime(int index, Time value, Calendar calendar) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setTimestamp(int index, Timestamp value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setTimestamp(int index, Timestamp value, Calendar calendar) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setObject(int index, Object value) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setObject(int index, Object value, int sqlType) throws SQLException {
    bind(index, value);
  }

  @Override
  public void setObject(int index, Object value, int sqlType, int scale) throws SQLException {
    bind(index, value);
  }

  // Settings.

  @Override
  public void setFetchSize(int rows) {
    fetchSize = rows <= 0 ? DEFAULT_FETCH_SIZE : rows;
  }

  @Override
  public int getFetchSize() {
    return fetchSize;
  }

  @Override
  public void setQueryTimeout(int seconds) {
    queryTimeoutSeconds = Math.max(0, seconds);
  }

  @Override
  public int getQueryTimeout() {
    return queryTimeoutSeconds;
  }

  @Override
  public void setMaxRows(int max) {
    // Accepted and not applied, as before: no client of the simulator limits its rows this way.
  }

  @Override
  public void setEscapeProcessing(boolean enable) {
    // The simulator's SQL has no JDBC escapes to process.
  }

  @Override
  public void closeOnCompletion() {
    // Statements are closed by their users, with the connection at the latest.
  }

  @Override
  public void setPoolable(boolean poolable) {
    // No statement cache to pool in.
  }

  // Life cycle and the rest of Statement.

  @Override
  public Connection getConnection() {
    return connection;
  }

  @Override
  public void close() throws SQLException {
    closeCurrent();
    closed = true;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public String toString() {
    return "SimulatorStatement[" + preparedSql + "]";
  }

  private void requireOpen() throws SQLException {
    if (closed) {
      throw new SQLException("Closed Statement", "99999", 17009);
    }
    connection.backend();
  }

  private void closeCurrent() throws SQLException {
    ResultSet rs = current;
    current = null;
    currentCursor = 0;
    if (rs != null) {
      rs.close();
    }
  }
}
