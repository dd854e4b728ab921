package dev.redoline.logminer.internal;

import dev.redoline.logminer.internal.StepPlan.StepLog;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * The LogMiner session on one connection: which logs are added, and when the session was begun.
 *
 * <p>Each step calls {@link #start}: when the step needs other logs than those added, or the
 * session is older than {@code cdc.mining.session.max.age.ms} (LogMiner's memory grows with a
 * session's age), the logs are added anew, the first with {@link AddLogOption#NEW}, which ends the
 * previous session. START_LOGMNR runs every step, because its SCN bounds are the step's and its
 * options never carry over.
 */
final class MiningSession {

  /** START_LOGMNR options: the online catalog, and no ROWID clause (the ROW_ID column keeps it). */
  static final Set<MiningOption> OPTIONS =
      Set.of(MiningOption.DICT_FROM_ONLINE_CATALOG, MiningOption.NO_ROWID_IN_STMT);

  private final Clock clock;
  private final Duration maxAge;
  private List<StepLog> added = List.of();
  private Instant begun;
  private int restarts;

  MiningSession(Clock clock, Duration maxAge) {
    this.clock = clock;
    this.maxAge = maxAge;
  }

  /** Adds the plan's logs if needed and starts LogMiner with the plan's SCN bounds. */
  void start(LogMinerGateway db, StepPlan plan) throws SQLException {
    boolean old = begun != null && Duration.between(begun, clock.instant()).compareTo(maxAge) >= 0;
    if (old || !added.equals(plan.logs())) {
      if (old) {
        restarts++;
      }
      added = List.of();
      boolean first = true;
      for (StepLog log : plan.logs()) {
        db.addLogFile(log.fileName(), first ? AddLogOption.NEW : AddLogOption.ADDFILE);
        first = false;
      }
      added = plan.logs();
      begun = clock.instant();
    }
    db.startSession(new SessionStart(plan.startScn(), plan.endScn(), OPTIONS));
  }

  /** Forgets the session: after a reconnect, or after an error that may have broken it. */
  void reset() {
    added = List.of();
    begun = null;
  }

  /** How long the current session has lived, zero when there is none. */
  Duration age() {
    return begun == null ? Duration.ZERO : Duration.between(begun, clock.instant());
  }

  /** How many times the session was restarted for its age. */
  int restarts() {
    return restarts;
  }
}
