package dev.redoline.bench.embedded;

import dev.redoline.bench.engine.MarkedCommits;
import dev.redoline.bench.engine.PipelineBenchmark;
import dev.redoline.core.Change;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.SimulatedOracle;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Commit-to-handler latency of the embedded engine at a steady load: from the moment a marked
 * transaction is asked for until the engine's {@code ChangeHandler} is called with it, with the
 * default settings (file offset store with grouped writes, {@code cdc.mining.target.latency.ms}
 * 1000 ms). The simulator runs in real time (simulated time advances while the capture waits {@code
 * cdc.mining.idle.ms}) with {@value MarkedCommits#BACKGROUND_PER_TICK} background transactions per
 * tick; the marked one is committed at the next tick, so the figure includes the wait for it. JMH's
 * sample mode reports p50/p99; the target is p99 within the target latency plus 100 ms.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar HandlerLatencyBenchmark -f 1 -wi 2 -i 3
 * -rf json -rff /tmp/handler-latency.json}
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = "-Xmx1g")
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
public class HandlerLatencyBenchmark {

  /** A running embedded engine over a simulator with background load. */
  @State(Scope.Benchmark)
  public static class Engine {
    MarkedCommits db;
    final Map<Long, CountDownLatch> waiting = new ConcurrentHashMap<>();
    EmbeddedEngine engine;
    RealTime clock;
    long nextMarked = 1_000_000_000L;

    @Setup(Level.Trial)
    public void start() throws IOException {
      db = new MarkedCommits();
      SimulatedOracle oracle = db.oracle;
      long start = db.startScn;
      clock = RealTime.start(oracle);
      Map<String, String> settings = PipelineBenchmark.captureSettings(oracle);
      settings.put("cdc.start.scn", Long.toString(start));
      settings.put("cdc.state.dir", Files.createTempDirectory("redoline-bench-state").toString());
      engine =
          EmbeddedEngine.builder()
              .config(settings)
              .handler(
                  tx -> {
                    for (Change c : tx.changes()) {
                      CountDownLatch latch = waiting.remove(c.after().get(0));
                      if (latch != null) {
                        latch.countDown();
                      }
                    }
                  })
              .build();
      engine.start();
    }

    @TearDown(Level.Trial)
    public void stop() throws InterruptedException {
      engine.stop();
      engine.awaitTermination(Duration.ofMinutes(1));
      clock.close();
    }
  }

  /** One marked commit, from the request to the handler's call with it. */
  @Benchmark
  public long commitToHandler(Engine engine) throws InterruptedException {
    long id = engine.nextMarked++;
    CountDownLatch handled = new CountDownLatch(1);
    engine.waiting.put(id, handled);
    engine.db.request(id);
    if (!handled.await(1, TimeUnit.MINUTES)) {
      throw new IllegalStateException(
          "transaction " + id + " not handled within a minute: " + engine.engine.state());
    }
    return id;
  }
}
