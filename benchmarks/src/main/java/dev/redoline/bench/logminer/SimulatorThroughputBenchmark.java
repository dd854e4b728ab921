package dev.redoline.bench.logminer;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.logminer.internal.AddLogOption;
import dev.redoline.logminer.internal.ArchivedLog;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.MiningOption;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.OnlineLog;
import dev.redoline.logminer.internal.RowCursor;
import dev.redoline.logminer.internal.SessionStart;
import dev.redoline.logminer.internal.jdbc.JdbcGateway;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatorServer;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Throughput of the Oracle simulator itself, so that pipeline benchmarks know how much of their
 * time is the simulator's. The workload is {@code jdbc:redoline:sim:stress} (two RAC threads, about
 * 40 orders a second with 1-4 lines and stock updates, long-running and private-strand
 * transactions, a 5,000-update transaction every 30 s, savepoint rollbacks, 256 KiB logs), with its
 * seeded faults removed.
 *
 * <ul>
 *   <li>{@code mine}: one whole mining pass as the engine's JDBC gateway makes it, through the
 *       simulator's driver in this JVM (connect, ADD_LOGFILE of every log, START_LOGMNR, the
 *       gateway's SELECT on V$LOGMNR_CONTENTS evaluated by the SQL engine, every row of 60
 *       simulated seconds of traffic, rendered SQL_REDO included). The {@code rows} counter is rows
 *       per second.
 *   <li>{@code mineRemote}: the same pass through a simulator server on the loopback address.
 *   <li>{@code generate}: the workload API producing redo: one operation is 100 ms of simulated
 *       traffic; the {@code scns} counter is SCNs taken per second, about one per redo record.
 * </ul>
 *
 * <p>Run: {@code mvn -o -q -B -pl cdc-logminer install -DskipTests && mvn -o -q -B -pl benchmarks
 * package && java -jar benchmarks/target/benchmarks.jar SimulatorThroughputBenchmark -f 1 -wi 3 -i
 * 5 -rf json -rff /tmp/simulator.json}
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SimulatorThroughputBenchmark {

  /** A simulator holding 60 simulated seconds of stress traffic, every log archived. */
  @State(Scope.Benchmark)
  public static class Mined {
    SimulatedOracle oracle;
    CdcConfig config;
    CdcConfig remoteConfig;
    SimulatorServer server;

    @Setup(Level.Trial)
    public void setUp() {
      oracle = SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=42");
      oracle.faults().clear();
      oracle.advance(Duration.ofSeconds(60));
      oracle.workload((db, step) -> {});
      oracle.switchAllLogfiles();
      oracle.advance(Duration.ofSeconds(10));
      config =
          CdcConfig.from(Map.of("cdc.database.url", oracle.url(), "cdc.tables.include", "SHOP.*"));
      try {
        server = SimulatorServer.start(oracle, "stress", 0, false);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      remoteConfig =
          CdcConfig.from(Map.of("cdc.database.url", server.url(), "cdc.tables.include", "SHOP.*"));
    }

    @TearDown(Level.Trial)
    public void stop() {
      server.close();
    }
  }

  /** A fresh stress simulator per iteration, so redo does not pile up across iterations. */
  @State(Scope.Thread)
  public static class Live {
    SimulatedOracle oracle;

    @Setup(Level.Iteration)
    public void setUp() {
      oracle = SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=42");
      oracle.faults().clear();
    }
  }

  /** Rows or records counted per second next to the operation rate. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Counters {
    public long rows;
    public long scns;
  }

  @Benchmark
  public long mine(Mined state, Counters counters) throws SQLException {
    return minePass(state.config, counters);
  }

  @Benchmark
  public long mineRemote(Mined state, Counters counters) throws SQLException {
    return minePass(state.remoteConfig, counters);
  }

  private static long minePass(CdcConfig config, Counters counters) throws SQLException {
    long n = 0;
    long hash = 0;
    try (LogMinerGateway db = JdbcGateway.connect(config)) {
      Set<String> added = new HashSet<>();
      for (ArchivedLog a : db.archivedLogs(Scn.ZERO)) {
        if (a.destId() == 1 && added.add(a.thread() + ":" + a.sequence())) {
          db.addLogFile(a.name(), AddLogOption.ADDFILE);
        }
      }
      for (OnlineLog l : db.onlineLogs()) {
        if (l.status() == OnlineLog.Status.CURRENT && added.add(l.thread() + ":" + l.sequence())) {
          db.addLogFile(l.fileName(), AddLogOption.ADDFILE);
        }
      }
      db.startSession(
          SessionStart.of(Scn.of(1_000_001), null, MiningOption.DICT_FROM_ONLINE_CATALOG));
      try (RowCursor rows = db.query(MiningQuery.builder().captureAllObjects().build())) {
        for (RedoRow r = rows.next(); r != null; r = rows.next()) {
          n++;
          hash += r.sqlRedo().length();
        }
      }
    }
    counters.rows += n;
    return hash;
  }

  @Benchmark
  public long generate(Live state, Counters counters) {
    long before = state.oracle.currentScn();
    state.oracle.advance(Duration.ofMillis(100));
    long scns = state.oracle.currentScn() - before; // one SCN per redo record, plus switches
    counters.scns += scns;
    return scns;
  }
}
