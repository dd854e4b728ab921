package dev.redoline.logminer.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Decides when a growing backlog is worth a warning ({@code cdc.backlog.growth.warn.ms}): the
 * capture thread reports the backlog after each step, in archived logs not yet mined and in time
 * behind; an episode begins at the level the backlog last stood at and lasts while the backlog
 * stays above it. Once an episode has lasted the period, one warning; the episode ends (and the
 * next may warn again) when the backlog is back down to where it began.
 *
 * <p>The time behind counts as higher only past a minute more: it is measured from each step's last
 * row, so it moves by seconds from step to step on a capture that keeps up.
 */
final class BacklogGrowth {

  /** How much more the time behind must be than at the episode's start to count as grown. */
  static final Duration TIME_SLACK = Duration.ofMinutes(1);

  private final Duration warnAfter;
  private Level base;
  private boolean warned;

  /** {@code warnAfter}: zero never warns. */
  BacklogGrowth(Duration warnAfter) {
    this.warnAfter = warnAfter;
  }

  /**
   * The backlog after a step, at {@code now}: the warning's message when the backlog has now stayed
   * above its episode's start for the period, the first time in the episode; empty otherwise.
   */
  Optional<String> observe(long logs, Duration behind, Instant now) {
    if (warnAfter.isZero()) {
      return Optional.empty();
    }
    Level level = new Level(logs, behind, now);
    if (base == null || !level.above(base)) {
      base = level;
      warned = false;
      return Optional.empty();
    }
    Duration lasted = Duration.between(base.at(), now);
    if (warned || lasted.compareTo(warnAfter) < 0) {
      return Optional.empty();
    }
    warned = true;
    return Optional.of(
        "the backlog has grown for "
            + lasted
            + " (cdc.backlog.growth.warn.ms "
            + warnAfter.toMillis()
            + "): archived logs not yet mined "
            + base.logs()
            + " -> "
            + logs
            + ", time behind "
            + base.behind()
            + " -> "
            + behind
            + " since "
            + base.at()
            + "; the capture mines slower than the database writes redo: "
            + "check the mining step times, raise cdc.mining.sessions or narrow the captured tables");
  }

  private record Level(long logs, Duration behind, Instant at) {
    boolean above(Level earlier) {
      return logs > earlier.logs || behind.compareTo(earlier.behind.plus(TIME_SLACK)) > 0;
    }
  }
}
