package dev.redoline.bench.engine;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.SimulatedOracle;
import java.io.IOException;
import java.time.Duration;
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
 * time advances while the capture thread waits {@code cdc.mining.idle.ms} between caught-up steps),
 * with a background load of {@value MarkedCommits#BACKGROUND_PER_TICK} small transactions per 100
 * ms; each measured operation asks the workload to commit one marked transaction and waits for it.
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

  /**
   * A running capture over a simulator with background load, and the requests of marked commits.
   */
  @State(Scope.Benchmark)
  public static class Capture {
    MarkedCommits db;
    CaptureStream stream;
    RealTime clock;
    long nextMarked = 1_000_000_000L;

    @Setup(Level.Trial)
    public void start() throws IOException {
      db = new MarkedCommits();
      SimulatedOracle oracle = db.oracle;
      Scn start = Scn.of(db.startScn);
      clock = RealTime.start(oracle);
      CdcConfig config = CdcConfig.from(PipelineBenchmark.captureSettings(oracle));
      stream =
          CaptureEngine.builder()
              .config(config)
              .database(Database.fromConfig(config))
              .build()
              .open(Position.start(start));
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
    capture.db.request(id);
    while (true) {
      for (StreamEvent event : capture.stream.poll(Duration.ofMillis(100))) {
        capture.stream.acknowledge(event.position());
        if (event instanceof StreamEvent.TransactionEvent tx) {
          try (tx) {
            for (var it = tx.changes(); it.hasNext(); ) {
              if (Long.valueOf(id).equals(it.next().change().after().get(0))) {
                return id;
              }
            }
          }
        }
      }
    }
  }
}
