package dev.redoline.bench.buffer;

import dev.redoline.buffer.BufferMetrics;
import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.Change;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Xid;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Bytes per buffered change: accounted heap bytes per change held in memory, and spill-file bytes
 * per change on disk, reported as JMH auxiliary counters of a 100,000-change transaction (the timed
 * score is the cost of buffering and rolling it back twice, in milliseconds).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar BufferFootprintBenchmark -f 1 -rf json
 * -rff /tmp/buffer-footprint.json}
 */
@State(Scope.Benchmark)
// Exactly one measured invocation: JMH adds EVENTS counters up over invocations and iterations,
// so with more the per-change figures come out as multiples of the real ones. Do not pass -i.
@BenchmarkMode(Mode.SingleShotTime)
@Warmup(iterations = 1)
@Measurement(iterations = 1)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BufferFootprintBenchmark {

  /** Changes in the measured transaction. */
  static final int CHANGES = 100_000;

  private Change[] changes;
  private Path dir;

  /** The counters JMH reports next to the score. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Footprint {
    public double heapBytesPerChange;
    public double diskBytesPerChange;
  }

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    dir = Files.createTempDirectory("buffer-footprint");
    changes = OrderInserts.changes(CHANGES);
  }

  @Benchmark
  public void bufferAndMeasure(Footprint footprint) {
    footprint.heapBytesPerChange = measure(Long.MAX_VALUE).memoryBytes() / (double) CHANGES;
    footprint.diskBytesPerChange = measure(0).diskBytes() / (double) CHANGES;
  }

  private BufferMetrics measure(long budget) {
    TransactionBuffer buffer =
        TransactionBuffer.builder()
            .spillDirectory(dir)
            .memoryBudgetBytes(budget)
            .spillBufferBytes(65536)
            .build();
    buffer.open();
    Xid xid = new Xid(1, 1, 1);
    for (Change change : changes) {
      buffer.add(xid, change);
    }
    BufferMetrics metrics = buffer.metrics();
    buffer.rollback(xid, new RedoAddress(1, 9, 0, 0));
    buffer.close();
    return metrics;
  }
}
