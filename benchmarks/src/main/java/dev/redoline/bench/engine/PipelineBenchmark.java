package dev.redoline.bench.engine;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * End-to-end throughput of the capture engine: changes per second from the simulator's redo through
 * inventory, LogMiner session, step reading, decoding, the transaction buffer, commit sequencing
 * and positions, to a consumer that only acknowledges. Each invocation mines a backlog of {@value
 * #TRANSACTIONS} committed transactions of {@value #CHANGES_PER_TRANSACTION} changes (an order
 * table of 10 columns) written before the engine starts, so the engine runs flat out; building the
 * backlog is not timed. Compare with {@code SimulatorThroughputBenchmark.mine} (the simulator
 * alone): the ratio is the engine's overhead.
 *
 * <p>Run: {@code mvn -o -q -B install -DskipTests && java -jar benchmarks/target/benchmarks.jar
 * PipelineBenchmark -f 1 -wi 3 -i 5 -rf json -rff /tmp/pipeline.json}
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgs = "-Xmx1g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class PipelineBenchmark {

  public static final int TRANSACTIONS = 2_000;
  public static final int CHANGES_PER_TRANSACTION = 5;
  public static final int CHANGES = TRANSACTIONS * CHANGES_PER_TRANSACTION;
  public static final TableId ORDERS = TableId.of("SHOP", "ORDERS");

  /** A simulator with the backlog written, and the engine's configuration. */
  @State(Scope.Thread)
  public static class Backlog {
    public SimulatedOracle oracle;
    public Scn start;
    public CdcConfig config;

    @Setup(Level.Invocation)
    public void write() throws IOException {
      oracle = orderDatabase();
      start = Scn.of(oracle.currentScn());
      writeOrders(oracle, TRANSACTIONS);
      config = CdcConfig.from(backlogSettings(oracle));
    }
  }

  /** A simulator with the empty 10-column order table ({@link #layout()}) and 64 MiB logs. */
  public static SimulatedOracle orderDatabase() {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(7).logBytes(64L << 20).build();
    oracle.createTable(layout());
    return oracle;
  }

  /**
   * The settings every benchmark's capture of {@code oracle} starts from: its SHOP tables, a fresh
   * spill directory, no heartbeats, and 10 ms between caught-up steps. A mutable map, for the
   * benchmark's own settings.
   */
  public static Map<String, String> captureSettings(SimulatedOracle oracle) throws IOException {
    Map<String, String> settings = new HashMap<>();
    settings.put("cdc.database.url", oracle.url());
    settings.put("cdc.tables.include", "SHOP.*");
    settings.put("cdc.buffer.spill.dir", Files.createTempDirectory("redoline-bench").toString());
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.put("cdc.mining.idle.ms", "10");
    return settings;
  }

  /**
   * {@link #captureSettings} for mining a backlog of {@link #writeOrders}: at most four of the 64
   * MiB logs a step.
   */
  public static Map<String, String> backlogSettings(SimulatedOracle oracle) throws IOException {
    Map<String, String> settings = captureSettings(oracle);
    settings.put("cdc.mining.max.logs.per.step", "4");
    return settings;
  }

  /**
   * Commits {@code transactions} transactions of {@value #CHANGES_PER_TRANSACTION} inserts into the
   * 10-column order table: the backlog of this benchmark, and of the Connect and embedded ones that
   * compare themselves with it.
   */
  public static void writeOrders(SimulatedOracle oracle, int transactions) {
    long id = 0;
    for (int t = 0; t < transactions; t++) {
      SimulatedTransaction tx = oracle.begin();
      for (int c = 0; c < CHANGES_PER_TRANSACTION; c++) {
        id++;
        tx.insert(
            ORDERS,
            id,
            "NEW",
            (id * 7) % 1000,
            java.math.BigDecimal.valueOf(id, 2),
            "Customer " + id,
            "Street " + (id % 97),
            id % 5 == 0 ? null : "note",
            java.time.LocalDateTime.of(2024, 3, 1, 9, 0),
            "EUR",
            id % 3);
      }
      tx.commit();
    }
    oracle.flushAll();
  }

  public static TableLayout layout() {
    return TableLayout.builder(ORDERS, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("STATUS", OracleType.sized(OracleType.Kind.VARCHAR2, 10), true)
        .column("QTY", OracleType.number(6, 0), true)
        .column("AMOUNT", OracleType.number(12, 2), true)
        .column("CUSTOMER", OracleType.sized(OracleType.Kind.VARCHAR2, 100), true)
        .column("STREET", OracleType.sized(OracleType.Kind.VARCHAR2, 100), true)
        .column("NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 200), true)
        .column("CREATED", OracleType.of(OracleType.Kind.DATE), true)
        .column("CURRENCY", OracleType.sized(OracleType.Kind.CHAR, 3), true)
        .column("PRIORITY", OracleType.number(1, 0), true)
        .primaryKey("ID")
        .build();
  }

  /** Mines the whole backlog and acknowledges every batch; one operation is one change. */
  @Benchmark
  @OperationsPerInvocation(CHANGES)
  public long mineBacklog(Backlog backlog) throws InterruptedException {
    return mine(backlog.oracle, backlog.start, backlog.config, CHANGES);
  }

  /**
   * Mines a backlog of {@code expected} changes written after {@code start} with the bare engine,
   * acknowledging every batch; returns the number of changes seen.
   */
  public static long mine(SimulatedOracle oracle, Scn start, CdcConfig config, long expected)
      throws InterruptedException {
    CaptureEngine engine =
        CaptureEngine.builder()
            .config(config)
            .database(Database.jdbc(config, oracle.clock(), oracle::advance))
            .build();
    long changes = 0;
    try (CaptureStream stream = engine.open(Position.start(start))) {
      while (changes < expected) {
        List<StreamEvent> batch = stream.poll(Duration.ofMillis(100));
        for (StreamEvent event : batch) {
          if (event instanceof StreamEvent.TransactionEvent tx) {
            try (tx) {
              for (var it = tx.changes(); it.hasNext(); it.next()) {
                changes++;
              }
            }
          }
        }
        if (!batch.isEmpty()) {
          stream.acknowledge(batch.get(batch.size() - 1).position());
        }
      }
    }
    return changes;
  }
}
