package dev.redoline.bench.embedded;

import dev.redoline.bench.engine.PipelineBenchmark;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.embedded.EngineState;
import dev.redoline.logminer.Database;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the embedded engine costs on top of the capture: changes per second through
 * {@link EmbeddedEngine} with a handler that does nothing, on exactly the backlog
 * {@link PipelineBenchmark#mineBacklog} mines (the bare engine, a consumer that only
 * acknowledges). Both are in this class so one JMH run measures both and the ratio
 * {@code embedded / bare} comes from the same run, machine state and backlog.
 *
 * <p>{@code offsets}: {@code grouped} is the default file offset store (writes grouped by
 * {@code cdc.offset.flush.interval.ms} / {@code .max.transactions}); {@code perTransaction} sets
 * {@code cdc.offset.flush.interval.ms=0}, a write and fsync after every transaction, as before
 * grouping existed. One invocation starts an engine on a fresh simulator holding the backlog and
 * ends when the handler has seen every change and the engine has stopped (the final offset
 * write included); writing the backlog is not timed.
 *
 * <p>Run: {@code ./mvnw -q -B -pl benchmarks -am package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar "EmbeddedOverheadBenchmark" -f 1 -wi 3 -i 5 -rf json -rff
 * /tmp/embedded.json}
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgs = "-Xmx1g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class EmbeddedOverheadBenchmark {

  /** How the embedded engine stores offsets. */
  @State(Scope.Benchmark)
  public static class Offsets {
    @Param({"grouped", "perTransaction"})
    public String offsets;
  }

  /** A state directory per invocation, so every run starts without a stored position. */
  @State(Scope.Thread)
  public static class StateDir {
    Path dir;

    @Setup(Level.Invocation)
    public void create() throws IOException {
      dir = Files.createTempDirectory("redoline-bench-state");
    }
  }

  /** The bare engine on the backlog: {@link PipelineBenchmark#mineBacklog}, measured here too. */
  @Benchmark
  @OperationsPerInvocation(PipelineBenchmark.CHANGES)
  public long bareEngine(PipelineBenchmark.Backlog backlog) throws InterruptedException {
    return new PipelineBenchmark().mineBacklog(backlog);
  }

  /** The embedded engine with a no-op handler on the same backlog; one operation is one change. */
  @Benchmark
  @OperationsPerInvocation(PipelineBenchmark.CHANGES)
  public long embeddedNoOpHandler(PipelineBenchmark.Backlog backlog, StateDir state, Offsets offsets)
      throws InterruptedException {
    Map<String, String> settings = new HashMap<>(backlog.config.originals());
    settings.put("cdc.state.dir", state.dir.toString());
    settings.put("cdc.start.scn", backlog.start.toString());
    if (offsets.offsets.equals("perTransaction")) {
      settings.put("cdc.offset.flush.interval.ms", "0");
    }
    AtomicLong changes = new AtomicLong();
    CountDownLatch all = new CountDownLatch(1);
    EmbeddedEngine engine = EmbeddedEngine.builder().config(settings)
        .database(Database.simulated(backlog.oracle, false))
        .handler(tx -> {
          if (changes.addAndGet(tx.size()) >= PipelineBenchmark.CHANGES) {
            all.countDown();
          }
        })
        .build();
    engine.start();
    while (!all.await(100, TimeUnit.MILLISECONDS)) {
      if (engine.state() == EngineState.FAILED) {
        throw new IllegalStateException("the engine failed: " + engine.failure());
      }
    }
    engine.stop();
    engine.awaitTermination(Duration.ofMinutes(1));
    return changes.get();
  }
}
