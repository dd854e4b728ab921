package dev.redoline.bench.engine;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.StreamEvent;
import dev.redoline.logminer.CaptureEngine;
import dev.redoline.logminer.CaptureStream;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
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
 * Commit-to-consumer latency at a steady load: the time from a transaction's COMMIT in the
 * simulator to its last change reaching the consumer. The simulator runs in real time (simulated
 * time advances while the capture thread waits {@code cdc.mining.idle.ms} between caught-up
 * steps), with a background load of {@value #BACKGROUND_PER_TICK} small transactions per 100 ms;
 * each measured operation asks the workload to commit one marked transaction and waits for it.
 * JMH's sample mode reports the percentiles (p50, p99).
 *
 * <p>Run: {@code mvn -o -q -B install -DskipTests && java -jar benchmarks/target/benchmarks.jar
 * CommitLatencyBenchmark -f 1 -wi 2 -i 3 -rf json -rff /tmp/latency.json}
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = "-Xmx1g")
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 5)
public class CommitLatencyBenchmark {

  static final int BACKGROUND_PER_TICK = 5;

  /** A running capture over a simulator with background load, and the requests of marked commits. */
  @State(Scope.Benchmark)
  public static class Capture {
    final ConcurrentLinkedQueue<Long> requests = new ConcurrentLinkedQueue<>();
    CaptureStream stream;
    RealTime clock;
    long nextMarked = 1_000_000_000L;
    long background;

    @Setup(Level.Trial)
    public void start() throws IOException {
      SimulatedOracle oracle = SimulatedOracle.builder().seed(11).logBytes(64L << 20).build();
      oracle.createTable(PipelineBenchmark.layout());
      Scn start = Scn.of(oracle.currentScn());
      oracle.workload((o, step) -> {
        for (int i = 0; i < BACKGROUND_PER_TICK; i++) {
          commit(o, ++background);
        }
        for (Long id = requests.poll(); id != null; id = requests.poll()) {
          commit(o, id);
        }
      });
      clock = RealTime.start(oracle);
      CdcConfig config = CdcConfig.from(Map.of("cdc.database.url", oracle.url(), "cdc.tables.include",
          "SHOP.*", "cdc.buffer.spill.dir", Files.createTempDirectory("redoline-bench").toString(),
          "cdc.heartbeat.interval.ms", "0", "cdc.mining.idle.ms", "10"));
      stream = CaptureEngine.builder().config(config).database(Database.fromConfig(config)).build()
          .open(Position.start(start));
    }

    private static void commit(SimulatedOracle o, long id) {
      SimulatedTransaction tx = o.begin();
      tx.insert(PipelineBenchmark.ORDERS, id, "NEW", 1L, BigDecimal.ONE, "c", "s", null,
          LocalDateTime.of(2024, 3, 1, 9, 0), "EUR", 1L);
      tx.commit();
    }

    @TearDown(Level.Trial)
    public void stop() {
      stream.close();
      clock.close();
    }
  }

  /** One marked commit, from the request to its change at the consumer. */
  @Benchmark
  public long commitToConsumer(Capture capture) throws InterruptedException {
    long id = capture.nextMarked++;
    capture.requests.add(id);
    while (true) {
      for (StreamEvent event : capture.stream.poll(Duration.ofMillis(100))) {
        capture.stream.acknowledge(event.position());
        if (event instanceof StreamEvent.ChangeEvent c && Long.valueOf(id).equals(c.change().after().get(0))) {
          return id;
        }
      }
    }
  }
}
