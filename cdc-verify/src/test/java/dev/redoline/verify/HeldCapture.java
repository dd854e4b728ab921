package dev.redoline.verify;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.embedded.ChangeHandler;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.embedded.OffsetStore;
import dev.redoline.embedded.SchemaHistory;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
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

  /**
   * How long every wait of one capture may take together, from its construction, on a loaded
   * machine: below the build's 5-minute test timeout ({@code redoline.test.timeout}), so a wait
   * that never ends fails with what it waited for, not as a timeout that names nothing.
   */
  public static final Duration PATIENCE = Duration.ofSeconds(270);

  private final Object lock = new Object();
  private final SimulatedOracle oracle;
  private final Instant deadline;
  private volatile EmbeddedEngine engine;

  public HeldCapture(SimulatedOracle oracle) {
    this.oracle = oracle;
    this.deadline = Instant.now().plus(PATIENCE);
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
   * Stops the workload's traffic, then commits one last transaction (a customer row {@code 999999})
   * and returns an SCN below its commit: a copy whose applied SCN is above it holds every
   * transaction committed before the traffic stopped. Those committed after a verification's SCN
   * reach the copy after it, so only a verification from then on sees their effect. Transactions
   * the workload left open stay open and never commit.
   */
  public Scn stopTrafficWithLastCommit() {
    synchronized (lock) {
      stopTraffic();
      long before = oracle.currentScn();
      SimulatedTransaction last = oracle.begin();
      last.insert(
          TableId.of("SHOP", "CUSTOMERS"),
          999_999L,
          "last",
          null,
          LocalDateTime.now(oracle.clock()).withNano(0));
      last.commit();
      return Scn.of(before);
    }
  }

  /**
   * Waits until {@code done} holds (checked held), until {@link #PATIENCE} after this capture was
   * made; fails at once when the capture last started failed.
   */
  public void await(BooleanSupplier done, String what) throws InterruptedException {
    while (Instant.now().isBefore(deadline)) {
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
    throw new AssertionError(
        "no " + what + " within " + PATIENCE + " of the capture's start (every wait together)");
  }
}
