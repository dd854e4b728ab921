package dev.redoline.bench.buffer;

import dev.redoline.buffer.internal.PublishedTransaction;
import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.Change;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Changes per second through begin, add and commit (reading the published changes back), for small
 * (5-change) and large (100,000-change) transactions, in memory and spilled (zero budget). A
 * spilled large transaction's score also gives the spill write-plus-read rate: multiply by the
 * bytes per spilled change printed in the setup line.
 *
 * <p>Run: {@code mvn -o -q -B -pl cdc-buffer install -DskipTests && mvn -o -q -B -pl benchmarks
 * package && java -jar benchmarks/target/benchmarks.jar BufferThroughputBenchmark -f 1 -wi 3 -i 5
 * -rf json -rff /tmp/buffer-throughput.json}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class BufferThroughputBenchmark {

  /** Changes in the transactions of one invocation. */
  static final int CHANGES_PER_INVOCATION = 100_000;

  private static final Instant TIME = Instant.parse("2026-01-01T00:00:00Z");

  @Param({"5", "100000"})
  public int transactionSize;

  @Param({"memory", "spilled"})
  public String mode;

  private Path dir;
  private TransactionBuffer buffer;
  private Change[] changes;
  private long sequence;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    dir = Files.createTempDirectory("buffer-bench");
    buffer =
        TransactionBuffer.builder()
            .spillDirectory(dir)
            .memoryBudgetBytes(mode.equals("memory") ? Long.MAX_VALUE : 0)
            .spillBufferBytes(65536)
            .build();
    buffer.open();
    changes = OrderInserts.changes(CHANGES_PER_INVOCATION);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    buffer.close();
    Files.deleteIfExists(dir);
  }

  @Benchmark
  @OperationsPerInvocation(CHANGES_PER_INVOCATION)
  public void beginAddCommit(Blackhole bh) {
    for (int first = 0; first < CHANGES_PER_INVOCATION; first += transactionSize) {
      Xid xid = new Xid(1, (int) (sequence & 0xFFFF), 1 + (sequence >>> 16));
      sequence++;
      buffer.begin(xid, Scn.of(1), new RedoAddress(1, 7, first, 0), TIME, "APP");
      for (int i = first; i < first + transactionSize; i++) {
        buffer.add(xid, changes[i]);
      }
      PublishedTransaction tx =
          buffer.commit(xid, Scn.of(2), new RedoAddress(1, 8, first, 0), TIME).orElseThrow();
      try (tx) {
        for (Change change : tx.changes()) {
          bh.consume(change);
        }
      }
    }
  }
}
