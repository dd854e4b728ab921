package dev.redoline.logminer;

import java.time.Duration;

/**
 * How the capture thread waits (between steps once caught up, and before reconnecting). The default
 * parks the thread; tests and the simulator substitute one that advances a simulated clock instead,
 * so no test waits on the wall clock.
 */
@FunctionalInterface
public interface Sleeper {

  /** Parks the calling thread for {@code duration}. */
  Sleeper SYSTEM = duration -> Thread.sleep(Math.max(0, duration.toMillis()));

  void sleep(Duration duration) throws InterruptedException;
}
