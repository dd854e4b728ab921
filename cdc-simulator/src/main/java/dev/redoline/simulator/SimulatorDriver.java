package dev.redoline.simulator;

import dev.redoline.simulator.internal.jdbc.Backend;
import dev.redoline.simulator.internal.jdbc.ClientConnection;
import dev.redoline.simulator.internal.jdbc.LocalBackend;
import dev.redoline.simulator.internal.jdbc.RemoteBackend;
import dev.redoline.simulator.internal.jdbc.SimulatedDatabases;
import dev.redoline.simulator.internal.jdbc.SimulatorUrl;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The JDBC driver of the Oracle simulator, found through {@link java.util.ServiceLoader} (and
 * registered with {@link DriverManager}) for two kinds of URL:
 *
 * <ul>
 *   <li>{@code jdbc:redoline:sim:<workload>[?seed=N&db=NAME&instance=N]}: a database in this JVM.
 *       {@code demo} and {@code stress} are made on first use and run in real time; every
 *       connection naming the same workload, seed and {@code db} shares one database, so a capture
 *       abandoned without a clean close and started again finds it where it left it. A name from
 *       {@link SimulatedOracle#url()} reaches that caller's scripted database.
 *   <li>{@code jdbc:redoline:sim://127.0.0.1:<port>/<database>[?instance=N]}: a {@link
 *       SimulatorServer} in its own process.
 *   <li>{@code jdbc:redoline:sim:replay?file=<recording>}: a capture recording answering as the
 *       database it was recorded from ({@link
 *       dev.redoline.simulator.internal.replay.ReplayDatabase}).
 * </ul>
 *
 * <p>The simulator answers what a LogMiner client sends as Oracle would: the V$ and dictionary
 * views, DBMS_LOGMNR calls, ALTER SESSION, and SELECTs on V$LOGMNR_CONTENTS, evaluated verbatim by
 * an SQL engine. Errors are {@link SQLException}s with the ORA number as vendor code and Oracle's
 * message, {@link java.sql.SQLRecoverableException} where the connection is gone. User and password
 * are not checked.
 */
public final class SimulatorDriver implements Driver {

  /** The driver's version, as {@code DatabaseMetaData} reports it. */
  public static final String VERSION = "0.1";

  /** How long a server connection may take to open. */
  private static final int CONNECT_TIMEOUT_MILLIS = 10_000;

  static {
    try {
      DriverManager.registerDriver(new SimulatorDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** What {@link java.util.ServiceLoader} and {@link DriverManager} instantiate. */
  public SimulatorDriver() {}

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    if (dev.redoline.simulator.internal.replay.ReplayDatabase.accepts(url)) {
      return dev.redoline.simulator.internal.replay.ReplayDatabase.connect(url);
    }
    SimulatorUrl parsed;
    try {
      parsed = SimulatorUrl.parse(url);
    } catch (IllegalArgumentException e) {
      throw new SQLException(e.getMessage(), "08001", 17067, e);
    }
    Backend backend;
    if (parsed.remote()) {
      backend = RemoteBackend.connect(parsed, CONNECT_TIMEOUT_MILLIS);
    } else {
      backend = LocalBackend.open(SimulatedDatabases.resolve(parsed), parsed.instance());
    }
    return ClientConnection.create(backend, url);
  }

  @Override
  public boolean acceptsURL(String url) {
    return SimulatorUrl.accepts(url);
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
    return new DriverPropertyInfo[0];
  }

  @Override
  public int getMajorVersion() {
    return 0;
  }

  @Override
  public int getMinorVersion() {
    return 1;
  }

  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException(
        "The simulator's driver logs nothing through java.util.logging");
  }
}
