package dev.redoline.bench.decoder;

import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.decoder.internal.DecodeInput;
import dev.redoline.decoder.internal.DecodeResult;
import dev.redoline.decoder.internal.RedoDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Rows per second of {@link RedoDecoder} (scan plus typed conversion) on LogMiner-shaped SQL_REDO
 * of INSERT, UPDATE (two SET columns, full WHERE with ROWID) and DELETE (full WHERE with ROWID) at
 * 10, 30 and 100 columns of a realistic type mix (NUMBER ids and amounts, VARCHAR2, CHAR, DATE,
 * TIMESTAMP(6), TIMESTAMP WITH TIME ZONE, unconstrained NUMBER) with about 15% NULLs. One operation
 * is one row; a step of {@value #STEP} rows is decoded per invocation through {@link
 * RedoDecoder#decodeAll}, on the benchmark thread ({@code threads=1}) or on two decode threads
 * ({@code threads=2}). The setup prints the mean SQL_REDO size, so MB/s = rows/s x bytes.
 *
 * <p>Run: {@code mvn -o -q -B -pl cdc-decoder install -DskipTests && mvn -o -q -B -pl benchmarks
 * package && java -jar benchmarks/target/benchmarks.jar DecodeBenchmark -f 1 -wi 3 -i 5 -w 1s -r 1s
 * -rf json -rff /tmp/decoder.json}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DecodeBenchmark {

  /** Rows per decoded step: above the parallel threshold of 256. */
  static final int STEP = 1024;

  @Param({"10", "30", "100"})
  public int columns;

  @Param({"INSERT", "UPDATE", "DELETE"})
  public String operation;

  @Param({"1", "2"})
  public int threads;

  private RedoDecoder decoder;
  private List<DecodeInput> rows;

  @Setup(Level.Trial)
  public void setUp() {
    Random random = new Random(42);
    TableLayout layout = layout(columns);
    Operation op = Operation.valueOf(operation);
    rows = new ArrayList<>(STEP);
    long bytes = 0;
    for (int i = 0; i < STEP; i++) {
      String sql = RowTexts.render(random, layout, op);
      bytes += sql.getBytes(StandardCharsets.UTF_8).length;
      rows.add(
          DecodeInput.of(
              op,
              sql,
              layout,
              Scn.of(1000 + i),
              RedoAddress.start(1),
              0,
              "AAAR32AAHAAAAFbAAA",
              Instant.EPOCH));
    }
    System.out.printf(
        "%n%s %d columns: mean SQL_REDO %d bytes%n", operation, columns, bytes / STEP);
    decoder = RedoDecoder.builder().decodeThreads(threads).build();
    for (DecodeResult r : decoder.decodeAll(rows)) {
      r.orThrow(); // a benchmark of errors would measure the wrong thing
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    decoder.close();
  }

  @Benchmark
  @OperationsPerInvocation(STEP)
  public List<DecodeResult> decodeStep() {
    return decoder.decodeAll(rows);
  }

  static TableLayout layout(int columns) {
    TableLayout.Builder b = TableLayout.builder(TableId.of("INVENTORY", "ORDERS_" + columns), 1);
    for (int i = 0; i < columns; i++) {
      b.column(RowTexts.name(i), RowTexts.type(i), i != 0);
    }
    return b.primaryKey(RowTexts.name(0)).build();
  }
}
