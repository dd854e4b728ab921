package dev.redoline.bench.verify;

import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.verify.Verifier;
import dev.redoline.verify.VerifyReport;
import dev.redoline.verify.VerifyTarget;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Verifying an equal table on the simulator, against reading it whole: the figures of
 * docs/performance-verify.md. The table has {@code rows} rows of four columns (ID NUMBER(12), NAME
 * VARCHAR2(40), AMOUNT NUMBER(12,2), CREATED DATE), written before the run (not timed); the target
 * is an in-memory copy of the same values.
 *
 * <ul>
 *   <li>{@link #verify}: one verification (chunks of {@code chunkRows} rows); the counter {@code
 *       sourceBytes} is what Oracle returned, {@code tableBytes} the table's values counted the
 *       same way (text in UTF-8);
 *   <li>{@link #readWhole}: every row read as of the SCN, as a comparison that pulls the rows
 *       would: its {@code sourceBytes} is the table's size.
 * </ul>
 *
 * <p>Run: {@code ./mvnw -q -B -pl benchmarks -am package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar VerifyCostBenchmark -rf json -rff /tmp/verify.json}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = "-Xmx6g")
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@State(Scope.Benchmark)
public class VerifyCostBenchmark {

  /** Rows per fetch of {@link #readWhole}. */
  static final int CHUNK_ROWS = 10_000;

  static final TableId TABLE = TableId.of("BENCH", "BIG");

  @Param({"1000000"})
  public int rows;

  /** Rows per chunk of {@link #verify}: an equal chunk costs the same whatever its size. */
  @Param({"10000"})
  public int chunkRows;

  private SimulatedOracle oracle;
  private List<Object[]> copy;
  private long tableBytes;

  /** What a run moved out of Oracle, beside the table's size. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.EVENTS)
  public static class Bytes {
    public long sourceBytes;
    public long tableBytes;

    @Setup(Level.Iteration)
    public void clear() {
      sourceBytes = 0;
      tableBytes = 0;
    }
  }

  @Setup(Level.Trial)
  public void write() {
    oracle = SimulatedOracle.builder().seed(1).build();
    oracle.createTable(
        TableLayout.builder(TABLE, 1)
            .column("ID", OracleType.number(12, 0), false)
            .column("NAME", OracleType.sized(Kind.VARCHAR2, 40), true)
            .column("AMOUNT", OracleType.number(12, 2), true)
            .column("CREATED", OracleType.of(Kind.DATE), true)
            .primaryKey("ID")
            .build());
    copy = new ArrayList<>(rows);
    for (int first = 1; first <= rows; first += 10_000) {
      SimulatedTransaction tx = oracle.begin();
      for (int id = first; id < first + 10_000 && id <= rows; id++) {
        Object[] row = {
          BigDecimal.valueOf(id),
          "customer number " + id,
          BigDecimal.valueOf(id * 37L % 100_000, 2),
          LocalDateTime.of(2024, 1, 1, 0, 0).plusMinutes(id)
        };
        tx.insert(TABLE, row);
        copy.add(row);
        for (Object v : row) {
          tableBytes += String.valueOf(v).getBytes(StandardCharsets.UTF_8).length;
        }
      }
      tx.commit();
    }
  }

  @Benchmark
  public VerifyReport verify(Bytes bytes) throws Exception {
    VerifyTarget target =
        new VerifyTarget() {
          @Override
          public Optional<Scn> appliedScn() {
            return Optional.empty();
          }

          @Override
          public void rows(TableLayout table, List<String> columns, RowReceiver receiver) {
            copy.forEach(receiver::row); // the columns are the table's four, in order
          }
        };
    VerifyReport report =
        Verifier.builder()
            .config(Map.of("cdc.database.url", oracle.url(), "cdc.tables.include", "BENCH.*"))
            .tables(List.of(TABLE))
            .target(target)
            .chunkRows(chunkRows)
            .build()
            .verify();
    if (!report.equal() || report.tables().get(0).sourceRows() != rows) {
      throw new IllegalStateException("not equal: " + report.toText());
    }
    bytes.sourceBytes = report.sourceBytes();
    bytes.tableBytes = tableBytes;
    return report;
  }

  @Benchmark
  public long readWhole(Bytes bytes) throws Exception {
    long read = 0;
    try (Connection c = DriverManager.getConnection(oracle.url());
        PreparedStatement st =
            c.prepareStatement(
                "SELECT \"ID\", \"NAME\", \"AMOUNT\", \"CREATED\" FROM \"BENCH\"."
                    + "\"BIG\" AS OF SCN ? ORDER BY \"ID\"")) {
      st.setFetchSize(CHUNK_ROWS);
      st.setObject(1, BigDecimal.valueOf(oracle.currentScn()));
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          read +=
              rs.getBigDecimal(1).stripTrailingZeros().toPlainString().length()
                  + rs.getString(2).length()
                  + rs.getBigDecimal(3).toPlainString().length()
                  + rs.getObject(4, LocalDateTime.class).toString().length();
        }
      }
    }
    bytes.sourceBytes = read;
    bytes.tableBytes = tableBytes;
    return read;
  }
}
