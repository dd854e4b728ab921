package dev.redoline.bench.embedded;

import dev.redoline.bench.engine.PipelineBenchmark;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.Scn;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the embedded engine costs on top of the capture: the time to take a backlog through {@link
 * EmbeddedEngine} with a handler that does nothing, against the time the bare engine ({@link
 * PipelineBenchmark#mine}, a consumer that only acknowledges) takes on the same backlog. Both are
 * in this class so one JMH run measures both; the ratio is {@code bare / embedded} of the times
 * (equivalently, embedded changes/s over bare changes/s).
 *
 * <p>The backlog is {@code PipelineBenchmark}'s: inserts into a 10-column table, 5 per transaction,
 * written before the engine starts (not timed). {@code transactions}: 2,000 is {@code
 * PipelineBenchmark}'s own size (about 60 ms of mining at best, so the fixed costs of a run weigh a
 * lot: threads, the state files' first writes, the final offset write); 20,000 shows the steady
 * state. {@code offsets}: {@code grouped} is the default file offset store (writes grouped by
 * {@code cdc.offset.flush.interval.ms} / {@code .max.transactions}); {@code perTransaction} sets
 * {@code cdc.offset.flush.interval.ms=0}, a write and fsync after every transaction. One operation
 * is a whole run ({@link Mode#SingleShotTime}): engine start to the handler having seen every
 * change and the engine stopped (the final offset write included).
 *
 * <p>Run: {@code ./mvnw -q -B -pl benchmarks -am package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar EmbeddedOverheadBenchmark -rf json -rff /tmp/embedded.json}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = "-Xmx1g")
@Warmup(iterations = 5)
@Measurement(iterations = 10)
public class EmbeddedOverheadBenchmark {

  /**
   * A simulator with the backlog written, the engine's configuration and a fresh state directory.
   */
  @State(Scope.Thread)
  public static class Backlog {
    @Param({"2000", "20000"})
    public int transactions;

    SimulatedOracle oracle;
    Scn start;
    CdcConfig config;
    Path state;

    @Setup(Level.Iteration)
    public void write() throws IOException {
      oracle = PipelineBenchmark.orderDatabase();
      start = Scn.of(oracle.currentScn());
      PipelineBenchmark.writeOrders(oracle, transactions);
      config = CdcConfig.from(PipelineBenchmark.backlogSettings(oracle));
      state = Files.createTempDirectory("redoline-bench-state");
    }

    long changes() {
      return (long) transactions * PipelineBenchmark.CHANGES_PER_TRANSACTION;
    }
  }

  /** How the embedded engine stores offsets. */
  @State(Scope.Benchmark)
  public static class Offsets {
    @Param({"grouped", "perTransaction"})
    public String offsets;
  }

  /** The bare engine on the backlog. */
  @Benchmark
  public long bareEngine(Backlog backlog) throws InterruptedException {
    return PipelineBenchmark.mine(backlog.oracle, backlog.start, backlog.config, backlog.changes());
  }

  /** The embedded engine with a no-op handler on the same backlog. */
  @Benchmark
  public long embeddedNoOpHandler(Backlog backlog, Offsets offsets) throws InterruptedException {
    Map<String, String> settings = new HashMap<>(backlog.config.originals());
    settings.put("cdc.state.dir", backlog.state.toString());
    settings.put("cdc.start.scn", backlog.start.toString());
    if (offsets.offsets.equals("perTransaction")) {
      settings.put("cdc.offset.flush.interval.ms", "0");
    }
    long expected = backlog.changes();
    AtomicLong changes = new AtomicLong();
    CountDownLatch all = new CountDownLatch(1);
    EmbeddedEngine engine =
        EmbeddedEngine.builder()
            .config(settings)
            .database(
                Database.jdbc(backlog.config, backlog.oracle.clock(), backlog.oracle::advance))
            .handler(
                tx -> {
                  if (changes.addAndGet(tx.size()) >= expected) {
                    all.countDown();
                  }
                })
            .build();
    EngineRuns.runUntil(engine, all);
    return changes.get();
  }
}
