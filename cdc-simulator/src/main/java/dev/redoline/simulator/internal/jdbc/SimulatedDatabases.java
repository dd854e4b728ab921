package dev.redoline.simulator.internal.jdbc;

import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.internal.oracle.Database;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import dev.redoline.simulator.internal.workload.Workloads;
import java.lang.ref.WeakReference;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;

/**
 * The databases of this JVM that the driver can connect to: those a caller registered with {@link
 * SimulatedOracle#url()} (held weakly: the caller owns them), and the workload databases ({@code
 * demo}, {@code stress}), made on first use and then kept, running in real time, for as long as the
 * JVM runs, so that a capture stopped without a clean close and started again finds the database
 * where it left it.
 */
public final class SimulatedDatabases {

  private static final Map<String, WeakReference<Database>> REGISTERED = new HashMap<>();
  private static final Map<String, SimulatedOracle> WORKLOADS = new HashMap<>();
  private static long next;

  private SimulatedDatabases() {}

  public static synchronized String register(Database oracle) {
    if (oracle.registeredName() == null) {
      REGISTERED.values().removeIf(ref -> ref.get() == null);
      oracle.registeredName("db-" + (++next));
      REGISTERED.put(oracle.registeredName(), new WeakReference<>(oracle));
    }
    return SimulatorUrl.PREFIX + oracle.registeredName();
  }

  /** The database a URL of this JVM names; ORA-12514 (no such service) when there is none. */
  public static synchronized Database resolve(SimulatorUrl url) throws SQLException {
    WeakReference<Database> ref = REGISTERED.get(url.database());
    if (ref != null) {
      Database o = ref.get();
      if (o == null) {
        throw OracleErrors.error(12514);
      }
      return o;
    }
    if (!Workloads.NAMES.contains(url.database())) {
      throw OracleErrors.error(12514);
    }
    SimulatedOracle o = WORKLOADS.get(url.sharingKey());
    if (o == null) {
      o =
          Workloads.create(
              url.database(),
              url.seed(),
              Instant.now().truncatedTo(ChronoUnit.MILLIS),
              url.seedRows(),
              url.hugeEvery());
      o.logMinerPace(url.pace());
      RealTime.start(o);
      WORKLOADS.put(url.sharingKey(), o);
    }
    return of(o);
  }

  /**
   * The database behind an API object, registered under its name by {@link SimulatedOracle#url}.
   */
  public static synchronized Database of(SimulatedOracle oracle) {
    String url = oracle.url();
    return REGISTERED.get(url.substring(SimulatorUrl.PREFIX.length())).get();
  }
}
