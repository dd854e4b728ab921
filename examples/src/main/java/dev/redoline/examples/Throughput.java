package dev.redoline.examples;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Scn;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.embedded.EngineMetrics;
import dev.redoline.embedded.OffsetStore;
import dev.redoline.embedded.SchemaHistory;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A measured run: transactions/s and changes/s through the embedded engine with a handler that does
 * nothing, on the {@code stress} workload. The simulator first generates a backlog of {@code
 * seconds} of simulated traffic (default 120), then the engine captures it as fast as it can; the
 * clock runs from {@code start()} until the handler sees the last backlog commit.
 *
 * <pre>
 * ./mvnw -q -B -pl examples exec:java -Dexec.mainClass=dev.redoline.examples.Throughput -Dexec.args=120
 * </pre>
 *
 * <p>The handler does not read the changes, so the engine skips them for it: what is measured is
 * mining, decoding, buffering, queueing and delivery, plus one durable offset write (fsync) per
 * transaction, which is the engine's own cost.
 */
public final class Throughput {

  private Throughput() {}

  public static void main(String[] args) throws Exception {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 120;
    SimulatedOracle oracle = SimulatedOracle.forUrl("jdbc:redoline:sim:stress");
    String start = Long.toString(oracle.currentScn());
    oracle.advance(Duration.ofSeconds(seconds));
    Scn end = Scn.of(oracle.currentScn());
    Path state = Files.createTempDirectory("redoline-throughput-");
    CountDownLatch done = new CountDownLatch(1);
    Map<String, String> settings =
        Map.of(
            "cdc.database.url",
            oracle.url(),
            "cdc.tables.include",
            "SHOP.*",
            "cdc.start.scn",
            start,
            "cdc.state.dir",
            state.toString(),
            "cdc.buffer.spill.dir",
            state.resolve("spill").toString());
    EmbeddedEngine engine =
        EmbeddedEngine.builder()
            .config(settings)
            .handler(
                tx -> {
                  if (!tx.commit().scn().isBefore(end)) {
                    done.countDown();
                  }
                })
            .database(Database.jdbc(CdcConfig.from(settings), oracle.clock(), oracle::advance))
            .offsetStore(
                args.length > 1 && args[1].equals("memory")
                    ? OffsetStore.inMemory()
                    : dev.redoline.embedded.FileOffsetStore.open(state.resolve("offsets.json")))
            .schemaHistory(SchemaHistory.inMemory())
            .build();
    long began = System.nanoTime();
    engine.start();
    if (!done.await(10, TimeUnit.MINUTES)) {
      System.err.println("did not catch up within 10 minutes: " + engine.metrics());
    }
    double took = (System.nanoTime() - began) / 1e9;
    EngineMetrics m = engine.metrics();
    engine.stop();
    engine.awaitTermination(Duration.ofSeconds(30));
    System.out.printf(
        java.util.Locale.ROOT,
        "backlog %d s of stress traffic: %d transactions, %d changes in %.2f s: "
            + "%.0f transactions/s, %.0f changes/s (offsets: %s)%n",
        seconds,
        m.transactions(),
        m.changes(),
        took,
        m.transactions() / took,
        m.changes() / took,
        args.length > 1 ? args[1] : "file");
    System.exit(0);
  }
}
