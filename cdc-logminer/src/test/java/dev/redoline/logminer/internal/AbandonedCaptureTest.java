package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.CaptureMetrics;
import dev.redoline.logminer.Sleeper;
import dev.redoline.logminer.internal.jdbc.JdbcGateway;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.SimulatedOracle;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.SQLRecoverableException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 17 point 6(a): a capture abandoned without a clean close (its connections drop, its thread
 * freezes, nothing of it is closed), at seeded moments, inside a transaction and at a transaction's
 * end, with the database running on and switching logs while no capture runs, then started again
 * from the last acknowledged position against the same database, over the stress workload (RAC,
 * private strands, small logs, faults). What each run delivered up to its acknowledgement, plus the
 * last run, equals a clean capture of the same range: nothing lost, nothing repeated past the
 * acknowledged position. A failing seed is in the test name.
 */
class AbandonedCaptureTest {

  /** Abandoned runs per seed before the last, complete run. */
  private static final int ABANDONED_RUNS = 3;

  /** A bound on empty polls per run, so a lost change fails instead of hanging. */
  private static final int MAX_EMPTY_POLLS = 600;

  @TempDir Path spill;

  static LongStream seeds() {
    return LongStream.rangeClosed(Long.getLong("seed.from", 1), Long.getLong("seed.to", 4));
  }

  /** One capture of the database whose connections and thread the test can take away at once. */
  private static final class Capture {
    final CaptureStream stream;
    final List<LogMinerGateway> gateways = new CopyOnWriteArrayList<>();
    private final CountDownLatch frozen = new CountDownLatch(1);
    private volatile boolean killed;

    Capture(SimulatedOracle oracle, Position from, Path spill) {
      Map<String, String> settings = new HashMap<>();
      settings.put("cdc.buffer.spill.dir", spill.toString());
      settings.put("cdc.heartbeat.interval.ms", "0");
      settings.put("cdc.mining.idle.ms", "200");
      settings.put("cdc.queue.max.records", "64");
      settings.put("cdc.retry.backoff.initial.ms", "100");
      CdcConfig config = SimulatorGateways.config(oracle, settings);
      Sleeper sleeper =
          d -> {
            if (killed) {
              frozen.await(); // a crashed process does nothing more
            }
            synchronized (oracle) {
              oracle.advance(d);
            }
          };
      GatewayFactory factory =
          () -> {
            if (killed) {
              throw new SQLRecoverableException("IO Error: Connection reset", "08006", 17002);
            }
            LogMinerGateway g = killable(JdbcGateway.connect(config));
            gateways.add(g);
            return g;
          };
      this.stream =
          CaptureEngine.builder()
              .config(config)
              .database(new GatewayDatabase(factory, oracle.clock(), sleeper))
              .build()
              .open(from);
    }

    private LogMinerGateway killable(LogMinerGateway target) {
      return (LogMinerGateway)
          Proxy.newProxyInstance(
              LogMinerGateway.class.getClassLoader(),
              new Class<?>[] {LogMinerGateway.class},
              (proxy, method, args) -> {
                if (killed && !method.getName().equals("close")) {
                  throw new SQLRecoverableException("IO Error: Connection reset", "08006", 17002);
                }
                try {
                  return method.invoke(target, args);
                } catch (InvocationTargetException e) {
                  throw e.getCause();
                }
              });
    }

    /** The process dies: its connections drop, its thread stops where it is; nothing is closed. */
    void kill() {
      killed = true;
      gateways.forEach(LogMinerGateway::close);
    }

    /** After the test: lets the frozen thread go and ends it. */
    void release() {
      frozen.countDown();
      stream.close();
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void abandonedCaptures_restartedOnTheSameDatabase_loseNothingAndRepeatNothing(long seed)
      throws Exception {
    Random random = new Random(seed * 31 + 7);
    SimulatedOracle oracle = SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=" + seed);
    Position start = Position.start(Scn.of(oracle.currentScn()));
    List<String> delivered = new ArrayList<>();
    List<Capture> abandoned = new ArrayList<>();
    Position acked = start;
    try {
      for (int run = 0; run < ABANDONED_RUNS; run++) {
        Capture capture = new Capture(oracle, acked, spill.resolve("run" + run));
        abandoned.add(capture);
        // run 0 stops inside a transaction, run 1 at a transaction's end, run 2 wherever the seed
        // says
        Boolean insideTransaction = run == 0 ? Boolean.TRUE : run == 1 ? Boolean.FALSE : null;
        acked =
            takeUntilAbandoned(
                capture.stream, 100 + random.nextInt(500), insideTransaction, delivered, seed, run);
        capture.kill();
        synchronized (oracle) {
          oracle.advance(
              Duration.ofSeconds(1 + random.nextInt(20))); // the database runs on, logs switch
        }
      }
      synchronized (oracle) {
        oracle.workload((o, step) -> {});
        oracle.switchAllLogfiles();
        oracle.advance(Duration.ofSeconds(15)); // every log archived at both destinations
      }
      List<String> reference = captureWhole(oracle, start, spill.resolve("reference"), seed);
      assertThat(reference.size())
          .as("the workload committed something")
          .isGreaterThan(delivered.size());
      Capture last = new Capture(oracle, acked, spill.resolve("last"));
      abandoned.add(last);
      takeUntil(last.stream, reference.size() - delivered.size(), delivered, seed);

      assertThat(delivered)
          .as("seed %s: abandoned runs then the last run, against a clean capture", seed)
          .containsExactlyElementsOf(reference);
    } finally {
      abandoned.forEach(Capture::release);
    }
  }

  /**
   * Takes changes until at least {@code count}, then one more up to the wanted kind of boundary
   * ({@code insideTransaction}: a change that is not its transaction's last; {@code false}: a last
   * change; {@code null}: any); acknowledges the last taken change and returns its position.
   */
  private static Position takeUntilAbandoned(
      CaptureStream stream,
      int count,
      Boolean insideTransaction,
      List<String> delivered,
      long seed,
      int run)
      throws InterruptedException {
    int taken = 0;
    int empty = 0;
    while (true) {
      List<StreamEvent> batch = StreamEvents.flatten(stream.poll(Duration.ofMillis(50)));
      if (batch.isEmpty()) {
        assertThat(++empty)
            .as("seed %s run %s: no progress; %s", seed, run, stream.metrics())
            .isLessThan(MAX_EMPTY_POLLS);
        continue;
      }
      empty = 0;
      for (StreamEvent event : batch) {
        if (event instanceof StreamEvent.ChangeEvent c) {
          delivered.add(describe(c));
          taken++;
          boolean last = c.index() == c.commit().size() - 1;
          if (taken >= count && (insideTransaction == null || insideTransaction != last)) {
            stream.acknowledge(c.position());
            return c.position();
          }
        }
      }
      stream.acknowledge(batch.get(batch.size() - 1).position());
    }
  }

  private static void takeUntil(CaptureStream stream, int count, List<String> delivered, long seed)
      throws InterruptedException {
    int before = delivered.size();
    for (int empty = 0; delivered.size() - before < count; ) {
      boolean progress = pollOnce(stream, delivered);
      empty = progress ? 0 : empty + 1;
      assertThat(empty)
          .as(
              "seed %s last run: %s of %s changes; %s",
              seed, delivered.size() - before, count, stream.metrics())
          .isLessThan(MAX_EMPTY_POLLS);
    }
  }

  /**
   * A clean capture of everything from {@code start} up to the database's current SCN (its workload
   * stopped): done once it has published up to that SCN and handed over every queued event.
   */
  private static List<String> captureWhole(
      SimulatedOracle oracle, Position start, Path spill, long seed) throws InterruptedException {
    Scn end;
    synchronized (oracle) {
      end = Scn.of(oracle.currentScn());
    }
    Capture clean = new Capture(oracle, start, spill);
    List<String> out = new ArrayList<>();
    try {
      for (int empty = 0; ; ) {
        if (pollOnce(clean.stream, out)) {
          empty = 0;
          continue;
        }
        CaptureMetrics m = clean.stream.metrics();
        if (m.deliveredScn().compareTo(end) >= 0 && m.queued() == 0) {
          return out;
        }
        assertThat(++empty)
            .as(
                "seed %s reference: %s changes, not caught up with SCN %s; %s",
                seed, out.size(), end, m)
            .isLessThan(MAX_EMPTY_POLLS);
      }
    } finally {
      clean.release();
    }
  }

  /**
   * One poll: its changes described into {@code into}, the batch acknowledged; whether it had
   * events.
   */
  private static boolean pollOnce(CaptureStream stream, List<String> into)
      throws InterruptedException {
    List<StreamEvent> batch = StreamEvents.flatten(stream.poll(Duration.ofMillis(50)));
    for (StreamEvent event : batch) {
      if (event instanceof StreamEvent.ChangeEvent c) {
        into.add(describe(c));
      }
    }
    if (!batch.isEmpty()) {
      stream.acknowledge(batch.get(batch.size() - 1).position());
    }
    return !batch.isEmpty();
  }

  private static String describe(StreamEvent.ChangeEvent c) {
    return c.commit().xid()
        + " "
        + c.commit().mark()
        + " #"
        + c.index()
        + " "
        + ScenarioHarness.describe(c.change());
  }
}
