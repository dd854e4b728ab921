package dev.redoline.simulator;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs a database in real time: every 100 ms of wall time its clock moves by the wall time that
 * passed, running its workload, LGWR and archiving on the way, under the database's lock. For
 * demos, trials, a server, and tests whose client runs on the system clock (a Connect worker).
 *
 * <pre>{@code
 * try (RealTime running = RealTime.start(oracle)) {
 *   ... // a connector captures while the workload runs
 * }
 * }</pre>
 */
public final class RealTime implements AutoCloseable {

  /** How often the clock moves. */
  public static final Duration TICK = Duration.ofMillis(100);

  private final SimulatedOracle oracle;
  private final ScheduledExecutorService ticker;
  private long last = System.nanoTime();

  private RealTime(SimulatedOracle oracle) {
    this.oracle = oracle;
    this.ticker =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "redoline-simulator-clock");
              t.setDaemon(true);
              return t;
            });
  }

  /** Starts moving {@code oracle}'s clock with the wall clock; {@link #close()} stops it. */
  // The schedule's future is not kept: tick() reports what a workload throws itself, and close()
  // ends the schedule with its executor.
  @SuppressWarnings("FutureReturnValueIgnored")
  public static RealTime start(SimulatedOracle oracle) {
    RealTime rt = new RealTime(Objects.requireNonNull(oracle, "oracle == null"));
    oracle.drivenInRealTime(true);
    rt.ticker.scheduleWithFixedDelay(
        rt::tick, TICK.toMillis(), TICK.toMillis(), TimeUnit.MILLISECONDS);
    return rt;
  }

  private void tick() {
    long now = System.nanoTime();
    Duration passed = Duration.ofNanos(now - last);
    last = now;
    try {
      synchronized (oracle) {
        oracle.advance(passed);
        oracle.notifyAll(); // paced LogMiner calls wait for the clock
      }
    } catch (RuntimeException e) {
      // A workload that fails leaves the database as it was; say so where an operator looks.
      System.err.println(
          "redoline simulator: the workload failed at " + oracle.clock().instant() + ": " + e);
    }
  }

  /** Stops the clock; the database keeps its state. */
  @Override
  public void close() {
    oracle.drivenInRealTime(false);
    ticker.shutdownNow();
    try {
      ticker.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
