package dev.redoline.logminer.internal;

import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.Workload;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A scenario's database activity as a workload: one action per simulated tick (100 ms), in order,
 * with idle ticks in between so the engine mines steps between actions.
 *
 * <pre>{@code
 * new ScenarioScript()
 *     .then(o -> long[0] = o.newTransaction().privateStrand().begin())
 *     .idle(10)                                   // about five engine steps
 *     .then(o -> long[0].commit())
 *     .attach(oracle);
 * }</pre>
 *
 * <p>Actions run on the capture thread (inside the engine's sleep), so what they share with the
 * test thread is published through {@link #finished()} or the delivered events.
 */
final class ScenarioScript implements Workload {

  /** Ticks with nothing to do between the default actions: at a 200 ms idle, one engine step. */
  private static final int DEFAULT_GAP = 2;

  /** Each action says whether it is done; one that is not runs again at the next tick. */
  private final Deque<Predicate<SimulatedOracle>> actions = new ArrayDeque<>();

  private volatile boolean finished;

  /** The next action, followed by {@value #DEFAULT_GAP} idle ticks. */
  ScenarioScript then(Consumer<SimulatedOracle> action) {
    actions.add(
        o -> {
          action.accept(o);
          return true;
        });
    return idle(DEFAULT_GAP);
  }

  /**
   * Holds the script, tick after tick, until {@code condition} holds (typically something the test
   * thread saw delivered): later actions then happen strictly after it.
   */
  ScenarioScript awaitCondition(BooleanSupplier condition) {
    actions.add(o -> condition.getAsBoolean());
    return this;
  }

  /** {@code ticks} ticks with nothing happening. */
  ScenarioScript idle(int ticks) {
    for (int i = 0; i < ticks; i++) {
      actions.add(o -> true);
    }
    return this;
  }

  ScenarioScript attach(SimulatedOracle oracle) {
    oracle.workload(this);
    return this;
  }

  /** Whether every action has run. */
  boolean finished() {
    return finished;
  }

  @Override
  public void run(SimulatedOracle oracle, Duration step) {
    Predicate<SimulatedOracle> next = actions.peek();
    if (next == null) {
      finished = true;
      return;
    }
    if (next.test(oracle)) {
      actions.poll();
    }
  }
}
