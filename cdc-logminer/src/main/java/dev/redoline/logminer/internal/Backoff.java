package dev.redoline.logminer.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Exponential backoff within a total time budget, on an injected clock: the reconnect policy of
 * CDC-1001. The budget runs from the first failure after the last {@link #reset()}.
 *
 * <pre>{@code
 * Optional<Duration> wait = backoff.next();
 * if (wait.isEmpty()) stop(CDC-1001);     // the budget is spent
 * }</pre>
 */
final class Backoff {

  private final Duration initial;
  private final Duration max;
  private final Duration budget;
  private final Clock clock;
  private Instant firstFailure;
  private Duration nextDelay;

  Backoff(Duration initial, Duration max, Duration budget, Clock clock) {
    this.initial = initial;
    this.max = max;
    this.budget = budget;
    this.clock = clock;
    this.nextDelay = initial;
  }

  /** The wait before the next attempt, or empty when waiting would exceed the budget. */
  Optional<Duration> next() {
    Instant now = clock.instant();
    if (firstFailure == null) {
      firstFailure = now;
    }
    Duration spent = Duration.between(firstFailure, now);
    if (spent.plus(nextDelay).compareTo(budget) > 0) {
      Duration left = budget.minus(spent);
      if (left.isNegative() || left.isZero()) {
        return Optional.empty();
      }
      nextDelay = max;
      return Optional.of(left);
    }
    Duration delay = nextDelay;
    nextDelay = nextDelay.multipliedBy(2).compareTo(max) > 0 ? max : nextDelay.multipliedBy(2);
    return Optional.of(delay);
  }

  /** Called after a success: the next failure starts a new budget. */
  void reset() {
    firstFailure = null;
    nextDelay = initial;
  }

  /**
   * The failed attempt got past the point where the earlier ones failed: the next wait is the
   * initial one again, within the budget that still runs from the first failure.
   */
  void restartDelays() {
    nextDelay = initial;
  }

  /** How long the current run of failures has lasted. */
  Duration elapsed() {
    return firstFailure == null ? Duration.ZERO : Duration.between(firstFailure, clock.instant());
  }
}
