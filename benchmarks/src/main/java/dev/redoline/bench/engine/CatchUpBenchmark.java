package dev.redoline.bench.engine;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.LogMinerPace;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Catch-up with several LogMiner sessions ({@code cdc.mining.sessions}), on the simulator with
 * LogMiner's pace on ({@link LogMinerPace}): every figure is simulated time, which the paced
 * LogMiner moves as it serves rows, so it is the database's pace that is measured, not this
 * machine's (the engine's own work takes no simulated time). Not a JMH benchmark for that reason:
 * JMH measures this machine's wall clock.
 *
 * <ul>
 *   <li><b>backlog</b>: {@code -Dchanges} (1,000,000) changes in transactions of 5, archived in 4
 *       MiB logs before the engine starts, drained with 1, 2 and 4 sessions; the time from the
 *       engine's start to its last change.
 *   <li><b>steady</b>: a load of {@code -Dload} (3) times one session's pace, {@code -Dpace}
 *       (1,000) LogMiner rows a second per session, so 3,000 rows a second (START and COMMIT rows
 *       count as the pace model counts them: about 2,140 changes a second in transactions of 5),
 *       for {@code -Dseconds} (120) of database time, captured as it is written with 1 and 4
 *       sessions; the lag of the last change delivered in each 10 s.
 * </ul>
 *
 * <p>{@code -Dtarget.ms} sets {@code cdc.mining.target.latency.ms}: 30,000 for the backlog, the
 * product's default (1,000) for the steady load. {@code -Dbacklog.sessions=1,2,4} and {@code
 * -Dsteady.sessions=1,4} choose the session counts.
 *
 * <p>Run: {@code ./mvnw -q -B -o install -DskipTests && java -Xmx8g -cp
 * benchmarks/target/benchmarks.jar dev.redoline.bench.engine.CatchUpBenchmark backlog steady}
 */
public final class CatchUpBenchmark {

  private static final int CHANGES_PER_TRANSACTION = PipelineBenchmark.CHANGES_PER_TRANSACTION;

  /**
   * The rows LogMiner makes for one transaction of the workload, each costing the pace the same:
   * its START, its inserts and its COMMIT.
   */
  private static final int ROWS_PER_TRANSACTION = CHANGES_PER_TRANSACTION + 2;

  /** The steady load, in multiples of one session's pace. */
  private static final double LOAD_FACTOR = Double.parseDouble(System.getProperty("load", "3"));

  private CatchUpBenchmark() {}

  public static void main(String[] args) throws Exception {
    List<String> parts = args.length == 0 ? List.of("backlog", "steady") : List.of(args);
    if (parts.contains("backlog")) {
      backlog(Long.getLong("changes", 1_000_000));
    }
    if (parts.contains("steady")) {
      steady(Integer.getInteger("pace", 1_000), Integer.getInteger("seconds", 120));
    }
  }

  private static void backlog(long changes) throws Exception {
    long wallBegun = System.nanoTime();
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(7)
            .logBytes(4L << 20)
            .logMinerPace(LogMinerPace.PUBLIC_FIGURES)
            .build();
    oracle.createTable(PipelineBenchmark.layout());
    Scn start = Scn.of(oracle.currentScn());
    PipelineBenchmark.writeOrders(oracle, (int) (changes / CHANGES_PER_TRANSACTION));
    oracle.switchAllLogfiles();
    oracle.advance(Duration.ofSeconds(30)); // past the archive delay: the whole backlog is archived
    System.out.printf(
        "CATCHUP backlog: %d changes written in %.1f s of wall time%n",
        changes, (System.nanoTime() - wallBegun) / 1e9);
    double one = 0;
    for (int sessions : sessions("backlog.sessions", "1,2,4")) {
      Instant begun = oracle.clock().instant();
      long wall = System.nanoTime();
      long seen = PipelineBenchmark.mine(oracle, start, config(oracle, sessions, "30000"), changes);
      double took = Duration.between(begun, oracle.clock().instant()).toMillis() / 1000.0;
      one = sessions == 1 ? took : one;
      double rowsPerSecond = seen / took;
      System.out.printf(
          "CATCHUP backlog sessions=%d: %d changes in %.1f s of database time (%.0f changes/s, "
              + "%.2f of one session's time); database CPU %.1f CPU-s, %.0f%% of its %d CPUs; per session at most "
              + "%.0f MiB of LogMiner memory (modelled); %.1f s of wall time%n",
          sessions,
          seen,
          took,
          rowsPerSecond,
          took / one,
          rows(seen) / LogMinerPace.PUBLIC_FIGURES.changesPerSecond(),
          100.0
              * rows(seen)
              / LogMinerPace.PUBLIC_FIGURES.changesPerSecond()
              / took
              / LogMinerPace.PUBLIC_FIGURES.databaseCpus(),
          LogMinerPace.PUBLIC_FIGURES.databaseCpus(),
          modelledMiB(took, rows(seen) / sessions),
          (System.nanoTime() - wall) / 1e9);
    }
  }

  /** The rows LogMiner makes for {@code changes} changes of the workload. */
  private static long rows(long changes) {
    return changes * ROWS_PER_TRANSACTION / CHANGES_PER_TRANSACTION;
  }

  /**
   * The simulator's model of one LogMiner session's memory: 8 MiB, 64 KiB a second of the session's
   * life, 16 bytes a record read (docs/simulator.md).
   */
  private static double modelledMiB(double seconds, long records) {
    return (8.0 * (1 << 20) + 64.0 * 1024 * seconds + 16.0 * records) / (1 << 20);
  }

  private static void steady(int pace, int seconds) throws Exception {
    for (int sessions : sessions("steady.sessions", "1,4")) {
      LogMinerPace paced =
          LogMinerPace.PUBLIC_FIGURES
              .withChangesPerSecond(pace)
              .withRedoBytesPerSecond(
                  LogMinerPace.PUBLIC_FIGURES.redoBytesPerSecond()
                      * pace
                      / LogMinerPace.PUBLIC_FIGURES.changesPerSecond());
      SimulatedOracle oracle =
          SimulatedOracle.builder().seed(11).logBytes(1L << 20).logMinerPace(paced).build();
      oracle.createTable(PipelineBenchmark.layout());
      Scn start = Scn.of(oracle.currentScn());
      // The pace counts every row LogMiner makes, START and COMMIT too: a transaction of 5
      // inserts is 7 rows. The load is three times one session's pace in those rows, spread
      // evenly over the workload's 100 ms ticks (a fraction of a transaction carried over).
      double transactionsPerTick = LOAD_FACTOR * pace / 10.0 / ROWS_PER_TRANSACTION;
      double[] owed = {0};
      long[] nextId = {1};
      oracle.workload(
          (db, step) -> {
            owed[0] += transactionsPerTick;
            int now = (int) owed[0];
            owed[0] -= now;
            for (int t = 0; t < now; t++) {
              SimulatedTransaction tx = db.begin();
              for (int c = 0; c < CHANGES_PER_TRANSACTION; c++) {
                long id = nextId[0]++;
                tx.insert(
                    PipelineBenchmark.ORDERS,
                    id,
                    "NEW",
                    id % 1000,
                    java.math.BigDecimal.valueOf(id, 2),
                    "Customer " + id,
                    "Street " + (id % 97),
                    "note",
                    java.time.LocalDateTime.of(2024, 3, 1, 9, 0),
                    "EUR",
                    id % 3);
              }
              tx.commit();
            }
          });
      Instant begun = oracle.clock().instant();
      Instant end = begun.plusSeconds(seconds);
      CaptureEngine engine =
          CaptureEngine.builder()
              .config(config(oracle, sessions, null))
              .database(
                  Database.jdbc(config(oracle, sessions, null), oracle.clock(), oracle::advance))
              .build();
      StringBuilder lags = new StringBuilder();
      long window = 10;
      double lastLag = 0;
      try (CaptureStream stream = engine.open(Position.start(start))) {
        while (oracle.clock().instant().isBefore(end)) {
          List<StreamEvent> batch = stream.poll(Duration.ofMillis(100));
          for (StreamEvent event : batch) {
            if (event instanceof StreamEvent.TransactionEvent tx) {
              try (tx) {
                for (var it = tx.changes(); it.hasNext(); it.next()) {
                  // drained
                }
                lastLag =
                    Duration.between(tx.commit().time(), oracle.clock().instant()).toMillis()
                        / 1000.0;
              }
            }
          }
          if (!batch.isEmpty()) {
            stream.acknowledge(batch.get(batch.size() - 1).position());
          }
          long at = Duration.between(begun, oracle.clock().instant()).toSeconds();
          if (at >= window) {
            lags.append(String.format(" t=%ds lag=%.1fs", window, lastLag));
            window += 10;
          }
        }
      }
      System.out.printf(
          "CATCHUP steady sessions=%d: load %.0f LogMiner rows/s (%.0f changes/s), one session's"
              + " pace %d rows/s;%s%n",
          sessions,
          LOAD_FACTOR * pace,
          LOAD_FACTOR * pace * CHANGES_PER_TRANSACTION / ROWS_PER_TRANSACTION,
          pace,
          lags);
    }
  }

  /** The session counts a part runs with: {@code -D<key>=1,4}. */
  private static int[] sessions(String key, String fallback) {
    return java.util.Arrays.stream(System.getProperty(key, fallback).split(","))
        .mapToInt(Integer::parseInt)
        .toArray();
  }

  /**
   * The engine's settings; {@code targetMs}: {@code cdc.mining.target.latency.ms} unless {@code
   * -Dtarget.ms} is given, null for the product's default.
   */
  private static CdcConfig config(SimulatedOracle oracle, int sessions, String targetMs)
      throws IOException {
    Path spill = Files.createTempDirectory("redoline-catchup");
    Map<String, String> settings = new HashMap<>();
    settings.put("cdc.database.url", oracle.url());
    settings.put("cdc.tables.include", "SHOP.*");
    settings.put("cdc.buffer.spill.dir", spill.toString());
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.put("cdc.mining.idle.ms", "100");
    settings.put("cdc.mining.sessions", Integer.toString(sessions));
    // A backlog drained in bulk wants large steps (a target of seconds); the steady load runs at
    // the product's default unless told otherwise.
    String target = System.getProperty("target.ms", targetMs);
    if (target != null) {
      settings.put("cdc.mining.target.latency.ms", target);
    }
    return CdcConfig.from(settings);
  }
}
