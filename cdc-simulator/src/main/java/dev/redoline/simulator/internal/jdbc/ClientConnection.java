package dev.redoline.simulator.internal.jdbc;

import dev.redoline.simulator.SimulatorDriver;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A JDBC {@link Connection} to the simulator over a {@link Backend}. Auto-commit is on and stays on
 * (the simulated database takes no writes); statements are {@link ClientStatement}s. After the
 * backend lost the session, or after {@link Connection#close()}, every call fails with ORA-17008
 * "Closed Connection", and {@code isClosed()} is true.
 */
public final class ClientConnection implements Proxies.Handler {

  private final Backend backend;
  private final String url;
  private volatile boolean closed;

  private ClientConnection(Backend backend, String url) {
    this.backend = backend;
    this.url = url;
  }

  public static Connection create(Backend backend, String url) {
    return Proxies.of(Connection.class, new ClientConnection(backend, url));
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

  @Override
  public Object call(Object proxy, String name, Object[] args) throws SQLException {
    switch (name) {
      case "createStatement":
      case "prepareStatement":
      case "prepareCall":
        backend();
        return Proxies.of(
            CallableStatement.class,
            new ClientStatement(
                this, (Connection) proxy, args.length > 0 ? (String) args[0] : null));
      case "close":
      case "abort":
        if (!closed) {
          closed = true;
          backend.close();
        }
        return null;
      case "isClosed":
        return closed();
      case "isValid":
        return !closed();
      case "getAutoCommit":
        return true;
      case "setAutoCommit":
      case "commit":
      case "rollback":
      case "setReadOnly":
      case "setClientInfo":
      case "setNetworkTimeout":
      case "setSchema":
      case "setCatalog":
      case "setHoldability":
      case "setTransactionIsolation":
        backend();
        return null;
      case "isReadOnly":
        return true;
      case "getTransactionIsolation":
        return Connection.TRANSACTION_READ_COMMITTED;
      case "getHoldability":
        return ResultSet.CLOSE_CURSORS_AT_COMMIT;
      case "getNetworkTimeout":
        return 0;
      case "getSchema":
      case "getCatalog":
        return null;
      case "nativeSQL":
        return args[0];
      case "getMetaData":
        return Proxies.of(DatabaseMetaData.class, this::metadata);
      case "toString":
        return "SimulatorConnection[" + url + "]";
      default:
        return UNSERVED;
    }
  }

  private Object metadata(Object proxy, String name, Object[] args) {
    return switch (name) {
      case "getURL" -> url;
      case "getDatabaseProductName" -> "Oracle";
      case "getDatabaseProductVersion" ->
          "Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 (simulated)";
      case "getDatabaseMajorVersion" -> 19;
      case "getDatabaseMinorVersion" -> 0;
      case "getDriverName" -> "Redoline Oracle simulator";
      case "getDriverVersion" -> SimulatorDriver.VERSION;
      case "getDriverMajorVersion" -> 0;
      case "getDriverMinorVersion" -> 1;
      case "getUserName" -> "C##REDOLINE";
      case "getJDBCMajorVersion" -> 4;
      case "getJDBCMinorVersion" -> 2;
      default -> UNSERVED;
    };
  }
}
