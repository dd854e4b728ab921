package dev.redoline.logminer;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ConfigException;
import dev.redoline.core.ErrorCode;
import dev.redoline.logminer.jdbc.JdbcGateway;
import dev.redoline.logminer.jdbc.Preflight;
import dev.redoline.logminer.jdbc.PreflightProblem;
import dev.redoline.logminer.simulator.SimulatedOracle;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * A database to capture from, with the clock and the way of waiting that belong to it: a real
 * database runs on the system clock, a simulator on its own simulated clock, which moves forward
 * while the capture thread waits.
 *
 * <pre>{@code
 * Database db = Database.fromConfig(config);            // cdc.database.url=simulator:demo
 * CaptureEngine engine = CaptureEngine.builder().config(config).database(db).build();
 * }</pre>
 *
 * @param gateways opens connections
 * @param clock the clock of the engine's time decisions
 * @param sleeper how the capture thread waits
 */
public record Database(GatewayFactory gateways, Clock clock, Sleeper sleeper) {

  /** The URL prefix that selects the built-in simulator. */
  public static final String SIMULATOR_PREFIX = "simulator:";

  /** The URL prefix of Oracle's JDBC driver. */
  public static final String JDBC_PREFIX = "jdbc:oracle:";

  public Database {
    Objects.requireNonNull(gateways, "gateways == null");
    Objects.requireNonNull(clock, "clock == null");
    Objects.requireNonNull(sleeper, "sleeper == null");
  }

  /**
   * A simulator driven by the capture thread: simulated time moves forward only while the capture
   * waits, and with {@code realTime} the thread also waits that long on the wall clock (for demos).
   * The simulator is then touched by the capture thread alone, as it requires.
   */
  public static Database simulated(SimulatedOracle oracle, boolean realTime) {
    Objects.requireNonNull(oracle, "oracle == null");
    Sleeper advance = duration -> {
      if (realTime) {
        Sleeper.SYSTEM.sleep(duration);
      }
      oracle.advance(duration);
    };
    return new Database(oracle::connect, oracle.clock(), advance);
  }

  /**
   * The database {@code cdc.database.url} names. {@code simulator:<workload>[?seed=N]} runs the
   * built-in simulator in real time; {@code jdbc:oracle:...} a real database through the JDBC gateway.
   *
   * @throws ConfigException (CDC-4001) naming the URL when no gateway serves it
   */
  public static Database fromConfig(CdcConfig config) {
    String url = config.get(CdcConfig.DATABASE_URL);
    if (url.startsWith(SIMULATOR_PREFIX)) {
      try {
        return simulated(SimulatedOracle.forUrl(url), true);
      } catch (IllegalArgumentException e) {
        throw new ConfigException(ErrorCode.INVALID_CONFIGURATION, CdcConfig.DATABASE_URL.name(), url, e.getMessage());
      }
    }
    if (url.startsWith(JDBC_PREFIX)) {
      return new Database(JdbcGateway.factory(config), Clock.systemUTC(), Sleeper.SYSTEM);
    }
    throw new ConfigException(ErrorCode.INVALID_CONFIGURATION, CdcConfig.DATABASE_URL.name(), url,
        "must start with " + JDBC_PREFIX + " (an Oracle JDBC URL) or " + SIMULATOR_PREFIX + " (the built-in simulator)");
  }

  /**
   * Runs the preflight checks (archive log mode, supplemental logging, privileges, PDBs, capture
   * mode) on a connection of this database. A database that cannot be reached is a problem of
   * {@code cdc.database.url}, with the error's code.
   */
  public List<PreflightProblem> preflight(CdcConfig config) {
    try (LogMinerGateway db = gateways.connect()) {
      return Preflight.of(config).check(db);
    } catch (SQLException e) {
      Failure failure = FailureClassifier.classify(e);
      return List.of(new PreflightProblem(CdcConfig.DATABASE_URL.name(), failure.code(),
          "cannot run the preflight checks: " + failure.detail()));
    }
  }
}
