package dev.redoline.simulator.internal.oracle;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Objects;

/** A clock that moves only when told to: the simulator's notion of time. */
public final class SimulatedClock extends Clock {

  private final ZoneId zone;
  private Instant now;

  public SimulatedClock(Instant start, ZoneId zone) {
    this.now = Objects.requireNonNull(start, "start == null");
    this.zone = Objects.requireNonNull(zone, "zone == null");
  }

  public void advance(Duration duration) {
    if (duration.isNegative()) {
      throw new IllegalArgumentException("duration must not be negative: " + duration);
    }
    now = now.plus(duration);
  }

  @Override
  public ZoneId getZone() {
    return zone;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    SimulatedClock copy = new SimulatedClock(now, zone);
    return copy;
  }

  @Override
  public Instant instant() {
    return now;
  }
}
