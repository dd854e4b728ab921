package dev.redoline.logminer.internal;

import dev.redoline.bench.engine.PipelineBenchmark;
import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.decoder.internal.RedoDecoder;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What {@code cdc.lob.enabled=true} adds per redo row of a step when no captured table has a LOB
 * column: exactly the calls the step applier makes with LOB assembly on (the decode pre-pass over
 * the step, then per DML row the end of the transaction's LOB statement and the check whether the
 * change is held back), on {@link PipelineBenchmark}'s 10-column order rows. With it off none of
 * them run, so this time is the whole difference; set it against the engine's cost per change
 * ({@code PipelineBenchmark}). In the benchmark module's copy of the engine's package, because the
 * assembler is package-private.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar LobAssemblyCostBenchmark -f 1 -wi 3 -i
 * 5}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgs = "-Xmx512m")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class LobAssemblyCostBenchmark {

  /** Rows in one step of the benchmark. */
  public static final int ROWS = 1_000;

  /**
   * A step of INSERT rows of one transaction, their decoded changes, and an assembler over a
   * buffer.
   */
  @State(Scope.Thread)
  public static class Step {
    final List<RedoRow> rows = new ArrayList<>();
    final List<Change> changes = new ArrayList<>();
    TableLayout layout;
    TransactionBuffer buffer;
    LobAssembler lobs;
    RedoDecoder decoder;

    @Setup
    public void build() throws IOException {
      layout = PipelineBenchmark.layout();
      buffer =
          TransactionBuffer.builder()
              .spillDirectory(Files.createTempDirectory("redoline-bench"))
              .build();
      buffer.open();
      lobs = new LobAssembler(buffer, 16 << 20, 1 << 20, true);
      decoder = RedoDecoder.builder().build();
      Xid xid = new Xid(3, 7, 900);
      for (int i = 0; i < ROWS; i++) {
        RedoAddress address = new RedoAddress(1, 10, 100 + i, 16);
        rows.add(
            new RedoRow(
                Scn.of(5000 + i),
                null,
                null,
                LocalDateTime.of(2024, 3, 1, 9, 0),
                null,
                null,
                xid,
                RedoRow.INSERT,
                "INSERT",
                false,
                "SHOP",
                "ORDERS",
                "AAAR3sAAEAAAACXAAA",
                "APP",
                address,
                0,
                false,
                73206,
                1,
                73206,
                "insert ...",
                null,
                null,
                0,
                null,
                null,
                null));
        Row after =
            Row.of(
                (long) i,
                "NEW",
                7L,
                java.math.BigDecimal.ONE,
                "Customer",
                "Street",
                "note",
                LocalDateTime.of(2024, 3, 1, 9, 0),
                "EUR",
                1L);
        changes.add(
            new Change(
                Operation.INSERT,
                layout.table(),
                1,
                null,
                after,
                Scn.of(5000 + i),
                address,
                0,
                "AAAR3sAAEAAAACXAAA",
                Instant.EPOCH));
      }
    }

    @TearDown
    public void close() {
      buffer.close();
      decoder.close();
    }
  }

  /** The assembler's share of one step, per row. */
  @Benchmark
  @OperationsPerInvocation(ROWS)
  public int perRow(Step step) {
    List<DecodedRow> pieces =
        step.lobs.decode(step.rows, r -> step.layout, step.decoder, r -> false);
    int held = pieces.size();
    for (int i = 0; i < ROWS; i++) {
      RedoRow row = step.rows.get(i);
      step.lobs.end(row.xid());
      held += step.lobs.holds(row, step.changes.get(i), () -> step.layout) ? 1 : 0;
    }
    return held;
  }
}
