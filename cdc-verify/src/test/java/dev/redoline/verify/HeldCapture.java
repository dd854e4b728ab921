package dev.redoline.verify;

import dev.redoline.core.CdcConfig;
import dev.redoline.embedded.ChangeHandler;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.embedded.OffsetStore;
import dev.redoline.embedded.SchemaHistory;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;

/**
 * A simulated Oracle captured by the embedded engine, for the tests that verify a copy while the
 * capture runs. One lock covers the workload's writes (the simulator advances only while the
 * capture waits), the handler's applies and whatever a test does {@link #held}: the in-process
 * simulator's tables are not read beside a write (Oracle's are), and a store read under the lock is
 * one state at its SCN. The capture keeps mining while a test holds the lock.
 *
 * <pre>{@code
 * HeldCapture capture = new HeldCapture(SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=29"));
 * EmbeddedEngine engine = capture.start(capture.settings(dir), store::apply, OffsetStore.inMemory());
 * capture.await(() -> store.commits() > 100, "100 transactions");
 * VerifyReport report = capture.held(verifier::verify);
 * }</pre>
 */
public final class HeldCapture {

  /** How long the capture may take to deliver what is waited for on a loaded machine. */
  public static final Duration PATIENCE = Duration.ofMinutes(8);

  private final Object lock = new Object();
  private final SimulatedOracle oracle;
  private volatile EmbeddedEngine engine;

  public HeldCapture(SimulatedOracle oracle) {
    this.oracle = oracle;
  }

  public SimulatedOracle oracle() {
    return oracle;
  }

  /**
   * The capture's settings: every SHOP table, from the current SCN (the rows already there come as
   * the initial snapshot), state and spill under {@code dir}, no heartbeats.
   */
  public Map<String, String> settings(Path dir) {
    Map<String, String> settings = new HashMap<>();
    settings.put("cdc.database.url", oracle.url());
    settings.put("cdc.tables.include", "SHOP.*");
    settings.put("cdc.start.scn", "current");
    settings.put("cdc.state.dir", dir.resolve("state").toString());
    settings.put("cdc.buffer.spill.dir", dir.resolve("spill").toString());
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.put("cdc.mining.idle.ms", "200");
    return settings;
  }

  /** Starts a capture with {@code settings} whose transactions {@code handler} applies held. */
  public EmbeddedEngine start(
      Map<String, String> settings, ChangeHandler handler, OffsetStore offsets) {
    EmbeddedEngine started =
        EmbeddedEngine.builder()
            .config(settings)
            .handler(
                tx -> {
                  synchronized (lock) {
                    handler.handle(tx);
                  }
                })
            .database(
                Database.jdbc(
                    CdcConfig.from(settings),
                    oracle.clock(),
                    d -> {
                      synchronized (lock) {
                        oracle.advance(d);
                      }
                    }))
            .schemaHistory(SchemaHistory.inMemory())
            .offsetStore(offsets)
            .build();
    this.engine = started;
    started.start();
    return started;
  }

  /** Runs {@code work} with the workload and the handler held. */
  public <T> T held(Callable<T> work) throws Exception {
    synchronized (lock) {
      return work.call();
    }
  }

  /** Stops the workload's traffic: the capture then delivers what is left and idles. */
  public void stopTraffic() {
    synchronized (lock) {
      oracle.workload((db, step) -> {});
    }
  }

  /**
   * Waits until {@code done} holds (checked held), within {@link #PATIENCE}; fails at once when the
   * capture last started failed.
   */
  public void await(BooleanSupplier done, String what) throws InterruptedException {
    Instant end = Instant.now().plus(PATIENCE);
    while (Instant.now().isBefore(end)) {
      EmbeddedEngine started = engine;
      if (started != null && started.failure() != null) {
        throw new AssertionError("the capture failed waiting for " + what, started.failure());
      }
      synchronized (lock) {
        if (done.getAsBoolean()) {
          return;
        }
      }
      Thread.sleep(50);
    }
    throw new AssertionError("no " + what + " within " + PATIENCE);
  }
}
