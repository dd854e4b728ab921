package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock that moves only when a test moves it, in UTC: the one manual clock of every module's
 * tests (shared through cdc-core's test-jar).
 *
 * <pre>{@code
 * ManualClock clock = new ManualClock();          // 2026-01-01T00:00:00Z
 * clock.advance(Duration.ofSeconds(10));
 * clock.advance(Duration.ofSeconds(-30));         // a host clock stepping back
 * }</pre>
 */
public final class ManualClock extends Clock {

  /** Where a clock made without a start begins. */
  public static final Instant DEFAULT_START = Instant.parse("2026-01-01T00:00:00Z");

  private volatile Instant now;

  public ManualClock() {
    this(DEFAULT_START);
  }

  public ManualClock(Instant start) {
    this.now = Checks.notNull(start, "start");
  }

  /** Moves the clock by {@code duration}, backwards when it is negative. */
  public void advance(Duration duration) {
    now = now.plus(duration);
  }

  /** Sets the clock to {@code instant}. */
  public void set(Instant instant) {
    now = Checks.notNull(instant, "instant");
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return now;
  }
}
