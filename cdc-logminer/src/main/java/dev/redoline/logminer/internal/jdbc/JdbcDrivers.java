package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The one place that maps a database URL to a JDBC connection. Drivers are found with {@link
 * ServiceLoader} in the class loader that loaded the engine and in the thread's context class
 * loader, and called directly: {@code DriverManager} is not asked, because it only hands out
 * drivers whose class loader the caller's can see, which a Kafka Connect plugin's isolated loader
 * defeats. Oracle's ojdbc11 serves {@code jdbc:oracle:} URLs; the Oracle simulator (the {@code
 * cdc-simulator} artifact on the class path) serves {@code jdbc:redoline:sim:} URLs.
 */
public final class JdbcDrivers {

  /** The URL prefix of the Oracle simulator's driver. */
  static final String SIMULATOR_PREFIX = "jdbc:redoline:sim:";

  private JdbcDrivers() {}

  /**
   * Opens a connection with the first driver that accepts {@code url}.
   *
   * @throws SQLException with SQLSTATE 08001 naming the URL when no driver on the class path
   *     accepts it (for a simulator URL: cdc-simulator is missing), or as the driver reports a
   *     failure
   * @throws CdcException CDC-4091 when the driver that accepts the URL cannot load a class it needs
   */
  public static Connection connect(String url, Properties properties) throws SQLException {
    return connect(url, properties, drivers());
  }

  static Connection connect(String url, Properties properties, List<Driver> drivers)
      throws SQLException {
    for (Driver driver : drivers) {
      if (driver.acceptsURL(url)) {
        Connection c;
        try {
          c = driver.connect(url, properties);
        } catch (NoClassDefFoundError e) {
          throw classMissing(url, e);
        }
        if (c != null) {
          return c;
        }
      }
    }
    String missing =
        url.startsWith(SIMULATOR_PREFIX)
            ? "the Oracle simulator's driver (dev.redoline:cdc-simulator) is not on the class path"
            : "no JDBC driver on the class path accepts it (ojdbc11 serves jdbc:oracle: URLs)";
    throw new SQLException(
        "No suitable driver for " + CdcConfig.shown(CdcConfig.DATABASE_URL, url) + ": " + missing,
        "08001");
  }

  /**
   * The in-process simulator evaluates SQL with H2, which a Connect plugin directory holding only
   * the simulator's jar lacks; a server URL needs no H2 on this side.
   */
  private static CdcException classMissing(String url, NoClassDefFoundError e) {
    String missing = String.valueOf(e.getMessage()).replace('/', '.');
    String fix =
        url.startsWith(SIMULATOR_PREFIX) && !url.startsWith(SIMULATOR_PREFIX + "//")
            ? "the in-process simulator needs H2 (com.h2database:h2) beside cdc-simulator: in a Kafka Connect worker "
                + "deploy the trial archive redoline-connect-trial-<version>.zip instead of the plugin archive, or run a "
                + "simulator server and use jdbc:redoline:sim://<host>:<port>/<workload>"
            : "add the jar holding it beside the driver's jar (in a Kafka Connect worker, in the plugin's lib/)";
    return new CdcException(
        ErrorCode.DRIVER_CLASS_MISSING,
        CdcConfig.DATABASE_URL.name()
            + "='"
            + CdcConfig.shown(CdcConfig.DATABASE_URL, url)
            + "': the JDBC driver cannot load class "
            + missing
            + "; "
            + fix,
        e);
  }

  private static List<Driver> drivers() {
    Set<ClassLoader> loaders = new LinkedHashSet<>();
    loaders.add(JdbcDrivers.class.getClassLoader());
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    if (context != null) {
      loaders.add(context);
    }
    List<Driver> out = new ArrayList<>();
    Set<Class<?>> seen = new LinkedHashSet<>();
    for (ClassLoader loader : loaders) {
      java.util.Iterator<Driver> it = ServiceLoader.load(Driver.class, loader).iterator();
      while (true) {
        try {
          if (!it.hasNext()) {
            break;
          }
          Driver d = it.next();
          if (seen.add(d.getClass())) {
            out.add(d);
          }
        } catch (java.util.ServiceConfigurationError e) {
          // A broken driver entry on the class path: the others may still serve the URL.
        }
      }
    }
    return out;
  }
}
