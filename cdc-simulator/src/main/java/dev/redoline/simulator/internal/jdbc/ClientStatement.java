package dev.redoline.simulator.internal.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A JDBC statement (plain, prepared or callable) to the simulator: its text, its binds by position,
 * its fetch size and query timeout. {@code cancel()} may come from any thread and stops the running
 * fetch with ORA-01013, as ojdbc's does.
 */
public final class ClientStatement implements Proxies.Handler {

  /** ojdbc's default fetch size. */
  static final int DEFAULT_FETCH_SIZE = 10;

  private final ClientConnection connection;
  private final Connection connectionProxy;
  private final String preparedSql;
  private final TreeMap<Integer, Object> binds = new TreeMap<>();
  private int fetchSize = DEFAULT_FETCH_SIZE;
  private int queryTimeoutSeconds;
  private volatile ResultSet current;
  private volatile long currentCursor;
  private boolean closed;

  ClientStatement(ClientConnection connection, Connection connectionProxy, String preparedSql) {
    this.connection = connection;
    this.connectionProxy = connectionProxy;
    this.preparedSql = preparedSql;
  }

  @Override
  public Object call(Object proxy, String name, Object[] args) throws SQLException {
    if (name.startsWith("set")
        && args.length >= 2
        && args[0] instanceof Integer index
        && !name.equals("setFetchSize")) {
      requireOpen();
      binds.put(index, name.equals("setNull") ? null : args[1]);
      return null;
    }
    switch (name) {
      case "executeQuery":
        if (!execute(proxy, args)) {
          throw new SQLException("The statement returned no rows: " + sql(args), "99999", 17166);
        }
        return current;
      case "execute":
        return execute(proxy, args);
      case "executeUpdate":
      case "executeLargeUpdate":
        execute(proxy, args);
        return name.equals("executeUpdate") ? (Object) 0 : (Object) 0L;
      case "getResultSet":
        return current;
      case "getUpdateCount":
        return current == null ? 0 : -1;
      case "getMoreResults":
        return false;
      case "clearParameters":
        binds.clear();
        return null;
      case "setFetchSize":
        fetchSize = (Integer) args[0] <= 0 ? DEFAULT_FETCH_SIZE : (Integer) args[0];
        return null;
      case "getFetchSize":
        return fetchSize;
      case "setQueryTimeout":
        queryTimeoutSeconds = Math.max(0, (Integer) args[0]);
        return null;
      case "getQueryTimeout":
        return queryTimeoutSeconds;
      case "setMaxRows":
      case "setEscapeProcessing":
      case "closeOnCompletion":
      case "setPoolable":
        return null;
      case "cancel":
        long cursor = currentCursor;
        if (cursor != 0) {
          connection.backend().cancel(cursor);
        }
        return null;
      case "getConnection":
        return connectionProxy;
      case "close":
        closeCurrent();
        closed = true;
        return null;
      case "isClosed":
        return closed;
      case "toString":
        return "SimulatorStatement[" + preparedSql + "]";
      default:
        return UNSERVED;
    }
  }

  private String sql(Object[] args) throws SQLException {
    String sql = args.length > 0 && args[0] instanceof String s ? s : preparedSql;
    if (sql == null) {
      throw new SQLException("No SQL to execute", "99999", 17104);
    }
    return sql;
  }

  private boolean execute(Object proxy, Object[] args) throws SQLException {
    requireOpen();
    String sql = sql(args);
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
    current = ClientResultSet.create(backend, executed, fetchSize, (java.sql.Statement) proxy);
    return true;
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
