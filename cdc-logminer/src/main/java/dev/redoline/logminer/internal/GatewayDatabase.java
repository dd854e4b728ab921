package dev.redoline.logminer.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Scn;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.PreflightProblem;
import dev.redoline.logminer.Sleeper;
import dev.redoline.logminer.internal.jdbc.Preflight;
import dev.redoline.logminer.internal.jdbc.PreflightFixes;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * The one kind of {@link Database}: the connections it opens, its clock and how the capture thread
 * waits. Internal because the connections are the {@link LogMinerGateway} port, which users never
 * receive; the capture engine reads all three from here.
 *
 * @param gateways opens connections
 * @param clock the clock of the engine's time decisions
 * @param sleeper how the capture thread waits
 */
public record GatewayDatabase(GatewayFactory gateways, Clock clock, Sleeper sleeper)
    implements Database {

  public GatewayDatabase {
    Objects.requireNonNull(gateways, "gateways == null");
    Objects.requireNonNull(clock, "clock == null");
    Objects.requireNonNull(sleeper, "sleeper == null");
  }

  @Override
  public List<PreflightProblem> preflight(CdcConfig config) {
    LogMinerGateway connected;
    try {
      connected = gateways.connect();
    } catch (CdcException e) {
      return connectionProblem(config, e);
    } catch (SQLException e) {
      // nothing retries a validation: never CDC-1001, whose action promises a reconnect
      Failure failure = FailureClassifier.classifyValidationConnection(e);
      return List.of(
          new PreflightProblem(
              CdcConfig.DATABASE_URL.name(),
              failure.code(),
              "cannot connect to run the preflight checks: " + failure.detail()));
    }
    try (LogMinerGateway db = connected) {
      return Preflight.of(config).check(db);
    } catch (CdcException e) {
      return connectionProblem(config, e);
    } catch (SQLException e) {
      Failure failure = FailureClassifier.classify(e);
      return List.of(
          new PreflightProblem(
              CdcConfig.DATABASE_URL.name(),
              failure.code(),
              "cannot run the preflight checks: " + failure.detail()));
    }
  }

  /**
   * The session cannot mine the PDBs named (CDC-4008, CDC-4003): found as the connection opened.
   */
  private static List<PreflightProblem> connectionProblem(CdcConfig config, CdcException e) {
    if (e.errorCode() == ErrorCode.SESSION_NOT_IN_ROOT) {
      return List.of(
          PreflightProblem.fixedBy(
              CdcConfig.DATABASE_URL.name(),
              e.errorCode(),
              e.detail(),
              PreflightFixes.setting(
                  CdcConfig.DATABASE_URL, "<a URL of the container database's own service>")));
    }
    if (e.errorCode() == ErrorCode.MISSING_PRIVILEGE) {
      return List.of(
          PreflightProblem.fixedBy(
              CdcConfig.DATABASE_USER.name(),
              e.errorCode(),
              e.detail(),
              PreflightFixes.containerData(config.get(CdcConfig.DATABASE_USER))));
    }
    throw e;
  }

  @Override
  public void requireRedoFrom(CdcConfig config, Scn scn) {
    Objects.requireNonNull(scn, "scn == null");
    try (LogMinerGateway db = gateways.connect()) {
      RedoAvailability.require(db, config, scn, clock.instant());
    } catch (SQLException e) {
      throw FailureClassifier.classify(e).toException();
    }
  }
}
