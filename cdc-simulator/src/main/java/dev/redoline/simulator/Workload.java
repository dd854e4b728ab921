package dev.redoline.simulator;

import java.time.Duration;

/**
 * Traffic that runs as simulated time passes: {@link SimulatedOracle#advance(Duration)} calls
 * {@link #run} for each step of at most 100 ms. Implement it to drive your own schema.
 *
 * <pre>{@code
 * oracle.workload((db, step) -> {
 *   SimulatedTransaction tx = db.begin();
 *   tx.insert(events, System.identityHashCode(step), "tick");
 *   tx.commit();
 * });
 * oracle.advance(Duration.ofSeconds(10));   // 100 transactions
 * }</pre>
 */
@FunctionalInterface
public interface Workload {

  /** Runs the traffic of one step of {@code step} simulated time. */
  void run(SimulatedOracle oracle, Duration step);
}
