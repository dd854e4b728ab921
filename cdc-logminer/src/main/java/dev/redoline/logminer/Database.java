package dev.redoline.logminer;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.logminer.jdbc.JdbcGateway;
import dev.redoline.logminer.jdbc.Preflight;
import dev.redoline.logminer.jdbc.PreflightProblem;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * A database to capture from, with the clock and the way of waiting that belong to it. A real
 * database, or the Oracle simulator reached through its JDBC driver, runs on the system clock;
 * a test may pair a JDBC database with a simulated clock that moves while the capture thread
 * waits ({@link #jdbc(CdcConfig, Clock, Sleeper)}).
 *
 * <pre>{@code
 * Database db = Database.fromConfig(config);            // cdc.database.url=jdbc:redoline:sim:demo
 * CaptureEngine engine = CaptureEngine.builder().config(config).database(db).build();
 * }</pre>
 *
 * @param gateways opens connections
 * @param clock the clock of the engine's time decisions
 * @param sleeper how the capture thread waits
 */
public record Database(GatewayFactory gateways, Clock clock, Sleeper sleeper) {

  public Database {
    Objects.requireNonNull(gateways, "gateways == null");
    Objects.requireNonNull(clock, "clock == null");
    Objects.requireNonNull(sleeper, "sleeper == null");
  }

  /**
   * The database {@code cdc.database.url} names, through the JDBC gateway on the system clock:
   * Oracle ({@code jdbc:oracle:...}) or the Oracle simulator ({@code jdbc:redoline:sim:...}), which
   * {@link CdcConfig} has checked the URL is.
   *
   */
  public static Database fromConfig(CdcConfig config) {
    return new Database(JdbcGateway.factory(config), Clock.systemUTC(), Sleeper.SYSTEM);
  }

  /**
   * The database {@code cdc.database.url} names, through the JDBC gateway, with the engine's time
   * on {@code clock} and its waits done by {@code sleeper}: a scripted simulator's clock, say, with
   * {@code oracle::advance}, so that simulated time passes only while the capture thread waits.
   */
  public static Database jdbc(CdcConfig config, Clock clock, Sleeper sleeper) {
    return new Database(JdbcGateway.factory(config), clock, sleeper);
  }

  /**
   * Runs the preflight checks (archive log mode, supplemental logging, privileges, PDBs, capture
   * mode) on a connection of this database. A database that cannot be reached is a problem of
   * {@code cdc.database.url}, with the error's code.
   */
  public List<PreflightProblem> preflight(CdcConfig config) {
    try (LogMinerGateway db = gateways.connect()) {
      return Preflight.of(config).check(db);
    } catch (CdcException e) {
      // The session cannot mine the PDBs named (CDC-4008, CDC-4003): found as the connection opened.
      if (e.errorCode() == ErrorCode.SESSION_NOT_IN_ROOT) {
        return List.of(new PreflightProblem(CdcConfig.DATABASE_URL.name(), e.errorCode(), e.detail()));
      }
      if (e.errorCode() == ErrorCode.MISSING_PRIVILEGE) {
        return List.of(new PreflightProblem(CdcConfig.DATABASE_USER.name(), e.errorCode(), e.detail()));
      }
      throw e;
    } catch (SQLException e) {
      Failure failure = FailureClassifier.classify(e);
      return List.of(new PreflightProblem(CdcConfig.DATABASE_URL.name(), failure.code(),
          "cannot run the preflight checks: " + failure.detail()));
    }
  }
}
