package dev.redoline.bench.engine;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import java.io.IOException;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What {@code cdc.lob.enabled=true} (the default) costs when no captured table has a LOB column:
 * {@link PipelineBenchmark}'s backlog (10-column order rows, no LOB) mined end to end with LOB
 * assembly on and off. With it on, each DML change of a table without LOB columns costs one
 * identity-map lookup of its layout's LOB columns, and each row one more switch case; the ratio of
 * the two scores is that cost.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar LobOverheadBenchmark -f 1 -wi 3 -i 6}
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgs = "-Xmx1g")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 6, time = 2)
public class LobOverheadBenchmark {

  /** The backlog, and the engine's configuration with LOB assembly on or off. */
  @State(Scope.Thread)
  public static class Backlog {
    @Param({"true", "false"})
    public String lobEnabled;

    SimulatedOracle oracle;
    Scn start;
    CdcConfig config;

    @Setup(Level.Invocation)
    public void write() throws IOException {
      oracle = PipelineBenchmark.orderDatabase();
      start = Scn.of(oracle.currentScn());
      PipelineBenchmark.writeOrders(oracle, PipelineBenchmark.TRANSACTIONS);
      Map<String, String> settings = PipelineBenchmark.backlogSettings(oracle);
      settings.put("cdc.lob.enabled", lobEnabled);
      config = CdcConfig.from(settings);
    }
  }

  /** Mines the whole backlog and acknowledges every batch; one operation is one change. */
  @Benchmark
  @OperationsPerInvocation(PipelineBenchmark.CHANGES)
  public long mineBacklog(Backlog backlog) throws InterruptedException {
    return PipelineBenchmark.mine(
        backlog.oracle, backlog.start, backlog.config, PipelineBenchmark.CHANGES);
  }
}
