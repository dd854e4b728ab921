package dev.redoline.bench.embedded;

import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.embedded.EngineState;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** One timed run of an embedded engine: start, wait for its handler to have seen it all, stop. */
final class EngineRuns {

  private EngineRuns() {}

  /**
   * {@link #runUntil(EmbeddedEngine, CountDownLatch, Consumer)} with nothing asked at the start.
   */
  static void runUntil(EmbeddedEngine engine, CountDownLatch done) throws InterruptedException {
    runUntil(engine, done, started -> {});
  }

  /**
   * Starts {@code engine}, hands it to {@code atStart}, waits until the handler counts {@code done}
   * down and stops it, its final offset write included; fails at once when the engine does.
   */
  static void runUntil(EmbeddedEngine engine, CountDownLatch done, Consumer<EmbeddedEngine> atStart)
      throws InterruptedException {
    engine.start();
    atStart.accept(engine);
    while (!done.await(100, TimeUnit.MILLISECONDS)) {
      if (engine.state() == EngineState.FAILED) {
        throw new IllegalStateException("the engine failed: " + engine.failure());
      }
    }
    engine.stop();
    engine.awaitTermination(Duration.ofMinutes(1));
  }
}
