package dev.redoline.bench.embedded;

import dev.redoline.bench.engine.PipelineBenchmark;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.Scn;
import dev.redoline.embedded.ChangeHandler;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import java.io.IOException;
import java.nio.file.Files;
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
 * Snapshots through the embedded engine, beside the stream-only figure of the same run. The table
 * is {@code PipelineBenchmark}'s (10 columns), {@code rows} rows written before the engine starts
 * (not timed), as 5-row transactions.
 *
 * <ul>
 *   <li>{@link #snapshot}: a first start ({@code cdc.snapshot.mode=initial}) delivering every row
 *       as op {@code r}: snapshot rows per second is {@code rows} over the time.
 *   <li>{@link #streamOnly}: the same rows as the backlog of a stream ({@code no_data}, started
 *       before they were written): the stream-only figure.
 *   <li>{@link #streamWithAdHocSnapshot}: that stream while an ad-hoc snapshot of the table, asked
 *       for at the start, is merged into it; the time until both are delivered, against {@link
 *       #streamOnly}, is the chunk-merge overhead on the stream.
 * </ul>
 *
 * <p>One operation is a whole run ({@link Mode#SingleShotTime}), engine start to the handler having
 * seen every expected change and the engine stopped.
 *
 * <p>Run: {@code ./mvnw -q -B -pl benchmarks -am package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar SnapshotBenchmark -rf json -rff /tmp/snapshot.json}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = "-Xmx1g")
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class SnapshotBenchmark {

  /** A simulator with the rows written, the start SCN before them and a fresh state directory. */
  @State(Scope.Thread)
  public static class Table {
    @Param({"10000", "50000"})
    public int rows;

    @Param({"5000"})
    public int chunkRows;

    SimulatedOracle oracle;
    Scn before;
    Map<String, String> settings;

    @Setup(Level.Iteration)
    public void write() throws IOException {
      oracle = PipelineBenchmark.orderDatabase();
      before = Scn.of(oracle.currentScn());
      PipelineBenchmark.writeOrders(oracle, rows / PipelineBenchmark.CHANGES_PER_TRANSACTION);
      settings = PipelineBenchmark.backlogSettings(oracle);
      settings.put("cdc.state.dir", Files.createTempDirectory("redoline-bench-state").toString());
      settings.put("cdc.snapshot.chunk.rows", Integer.toString(chunkRows));
    }
  }

  /** Every row as a snapshot row, on a first start. */
  @Benchmark
  public long snapshot(Table t) throws InterruptedException {
    Map<String, String> s = new HashMap<>(t.settings);
    s.put("cdc.start.scn", "current");
    return run(t, s, t.rows, 0, false);
  }

  /** The same rows as a stream's backlog. */
  @Benchmark
  public long streamOnly(Table t) throws InterruptedException {
    Map<String, String> s = new HashMap<>(t.settings);
    s.put("cdc.start.scn", t.before.toString());
    s.put("cdc.snapshot.mode", "no_data");
    return run(t, s, 0, t.rows, false);
  }

  /** The backlog stream with an ad-hoc snapshot of the whole table merged into it. */
  @Benchmark
  public long streamWithAdHocSnapshot(Table t) throws InterruptedException {
    Map<String, String> s = new HashMap<>(t.settings);
    s.put("cdc.start.scn", t.before.toString());
    s.put("cdc.snapshot.mode", "no_data");
    return run(t, s, t.rows, t.rows, true);
  }

  /** Runs an engine until {@code reads} snapshot rows and {@code streamed} changes have arrived. */
  private static long run(
      Table t, Map<String, String> settings, long reads, long streamed, boolean adHoc)
      throws InterruptedException {
    AtomicLong readSeen = new AtomicLong();
    AtomicLong streamedSeen = new AtomicLong();
    CountDownLatch all = new CountDownLatch(1);
    ChangeHandler handler =
        tx -> {
          for (Change change : tx.changes()) {
            (change.operation() == Operation.READ ? readSeen : streamedSeen).incrementAndGet();
          }
          if (readSeen.get() >= reads && streamedSeen.get() >= streamed) {
            all.countDown();
          }
        };
    EmbeddedEngine engine =
        EmbeddedEngine.builder()
            .config(settings)
            .handler(handler)
            .database(
                Database.jdbc(
                    dev.redoline.core.CdcConfig.from(settings),
                    t.oracle.clock(),
                    t.oracle::advance))
            .build();
    EngineRuns.runUntil(
        engine,
        all,
        started -> {
          if (adHoc) {
            started.snapshot(PipelineBenchmark.ORDERS.toString());
          }
        });
    return readSeen.get() + streamedSeen.get();
  }
}
