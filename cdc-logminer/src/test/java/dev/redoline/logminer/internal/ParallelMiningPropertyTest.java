package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same redo captured with {@code cdc.mining.sessions} 1, 2 and 4 delivers the same sequence:
 * every change, with its commit and its position, in the same order, also when the captures with 2
 * and 4 sessions are stopped at random points and restarted from what they acknowledged. Even seeds
 * run the {@code stress} workload (two RAC threads switching logs at different SCNs, private
 * strands, LOB statements, CSF rows, long and large transactions); odd seeds a random workload on
 * one or two threads with savepoint rollbacks, an ADD COLUMN in the middle (the DDL cut) and a
 * transaction of a few hundred rows. The workload runs first, then stops: the captures read the
 * same archived backlog and online logs, up to a marker transaction committed last. Some seeds also
 * give each step a 2 KiB memory budget, so the steps go through step files.
 *
 * <p>50 seeds by default; {@code -Dparallel.seed.to=N} sweeps more. A failing seed is in the name.
 */
class ParallelMiningPropertyTest {

  private static final TableId MARK = TableId.of("SHOP", "MARK");

  /** A bound on empty polls per run, so a lost change fails instead of hanging. */
  private static final int MAX_EMPTY_POLLS = 600;

  @TempDir Path spill;

  static LongStream seeds() {
    return LongStream.rangeClosed(
        Long.getLong("parallel.seed.from", 1), Long.getLong("parallel.seed.to", 50));
  }

  /** What is compared: the change, its commit's mark and its position. */
  record Delivered(Change change, Object commit, Position position) {
    /**
     * The change, its commit and its index in it: what a consumer is handed, whatever the step
     * ends.
     */
    List<Object> identity() {
      return List.of(change, commit, position.lastCommit(), position.lastIndex());
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void oneTwoAndFourSessions_deliverTheSameSequence(long seed) throws Exception {
    Random random = new Random(seed * 31);
    SimulatedOracle oracle = workload(seed, random);
    Scn start = Scn.of(startScn);
    boolean smallSteps = random.nextInt(3) == 0;
    List<Delivered> one = capture(oracle, start, 1, smallSteps, null, "one", new ArrayList<>());
    List<OpsEvent> ops = new ArrayList<>();
    List<Delivered> two = capture(oracle, start, 2, smallSteps, null, "two", ops);
    List<Delivered> four = capture(oracle, start, 4, smallSteps, null, "four", new ArrayList<>());
    int sessions = random.nextBoolean() ? 2 : 4;
    List<Delivered> restarted =
        capture(
            oracle,
            start,
            sessions,
            smallSteps,
            new Random(seed * 17),
            "restarted",
            new ArrayList<>());
    assertThat(one).as("seed %s: the marker", seed).isNotEmpty();
    assertThat(two).as("seed %s: 2 sessions", seed).containsExactlyElementsOf(one);
    assertThat(four).as("seed %s: 4 sessions", seed).containsExactlyElementsOf(one);
    // After a restart the steps start again from one log, so where a later restart would resume
    // (the position's resume addresses) follows other step ends; what was delivered may not.
    assertThat(restarted.stream().map(Delivered::identity).toList())
        .as("seed %s: %s sessions, stopped and restarted", seed, sessions)
        .containsExactlyElementsOf(one.stream().map(Delivered::identity).toList());
    assertThat(ops)
        .as("seed %s: the archived backlog is mined in parallel", seed)
        .anyMatch(
            e ->
                e.type() == OpsEvent.Type.PARALLEL_MINING
                    && e.message().startsWith("parallel mining started"));
  }

  private long startScn;

  private SimulatedOracle workload(long seed, Random random) {
    SimulatedOracle oracle;
    int threads;
    if (seed % 2 == 0) {
      oracle = SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=" + seed + "&huge=3600");
      threads = 2;
      oracle.createTable(mark());
      startScn = oracle.currentScn();
      runSwitching(oracle, random, threads, 600 + random.nextInt(600));
    } else {
      threads = 1 + random.nextInt(2);
      oracle = SimulatedOracle.builder().seed(seed).threads(threads).logBytes(16L << 10).build();
      oracle.createTable(CaptureEngineTest.orders());
      oracle.createTable(mark());
      startScn = oracle.currentScn();
      oracle.workload(
          new RandomWorkload(seed, CaptureEngineTest.ORDERS, threads, 8 + random.nextInt(8)));
      runSwitching(oracle, random, threads, 1500);
      oracle.workload((db, step) -> {}); // its open transactions stay open
      oracle
          .schema()
          .addColumn(
              CaptureEngineTest.ORDERS, "NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 40));
      SimulatedTransaction large = oracle.newTransaction().thread(threads).begin();
      for (int i = 0; i < 100 + random.nextInt(200); i++) {
        large.insert(CaptureEngineTest.ORDERS, 1_000_000L + i, "BULK", "n" + i);
        if (i % 50 == 0) {
          oracle.switchLogfile(1 + random.nextInt(threads));
        }
      }
      large.commit();
    }
    oracle.workload((db, step) -> {});
    SimulatedTransaction marker = oracle.begin();
    marker.insert(MARK, 1L);
    marker.commit();
    // Switched past every online group: the workload's logs are an archived backlog, no longer
    // online
    for (int i = 0; i < 5; i++) {
      oracle.switchAllLogfiles();
      oracle.advance(Duration.ofMillis(200));
    }
    oracle.advance(Duration.ofSeconds(1));
    return oracle;
  }

  /** Runs the workload for {@code millis}, switching a random thread's log every 100 to 300 ms. */
  private static void runSwitching(SimulatedOracle oracle, Random random, int threads, int millis) {
    for (int done = 0; done < millis; ) {
      int slice = 100 + random.nextInt(200);
      oracle.advance(Duration.ofMillis(slice));
      oracle.switchLogfile(1 + random.nextInt(threads));
      done += slice;
    }
  }

  private static TableLayout mark() {
    return TableLayout.builder(MARK, 1)
        .column("ID", OracleType.number(10, 0), false)
        .primaryKey("ID")
        .build();
  }

  /**
   * Captures from {@code start} until the marker arrives; with {@code kills}, stopped after a
   * random number of changes and restarted from the last acknowledged position, up to 3 times.
   */
  private List<Delivered> capture(
      SimulatedOracle oracle,
      Scn start,
      int sessions,
      boolean smallSteps,
      Random kills,
      String name,
      List<OpsEvent> ops)
      throws Exception {
    List<Delivered> delivered = new ArrayList<>();
    Position acked = Position.start(start);
    int stops = kills == null ? 0 : kills.nextInt(4);
    for (int run = 0; ; run++) {
      boolean last = run >= stops;
      int stopAfter = last ? Integer.MAX_VALUE : 1 + kills.nextInt(300);
      Path dir = spill.resolve(name + run);
      try (EngineHarness h = new EngineHarness(oracle, dir)) {
        // A target no step misses: every window doubles the same way, so the steps (and the
        // positions, which name where each step ended) are the same whatever the sessions.
        h.set("cdc.mining.sessions", String.valueOf(sessions))
            .set("cdc.mining.idle.ms", "50")
            .set("cdc.mining.target.latency.ms", "3600000");
        if (smallSteps) {
          h.set("cdc.mining.step.memory.max.bytes", "2048");
        }
        CaptureStream stream = h.open(acked);
        List<Delivered> runOutput = new ArrayList<>();
        int keep = 0;
        int seen = 0;
        int empty = 0;
        boolean marked = false;
        while (!marked && seen < stopAfter) {
          List<StreamEvent> batch = StreamEvents.flatten(stream.poll(Duration.ofMillis(20)));
          if (batch.isEmpty()) {
            assertThat(stream.running())
                .as("%s run %s: capture stopped; ops %s", name, run, h.ops)
                .isTrue();
            assertThat(++empty)
                .as("%s run %s: no progress after %s changes; ops %s", name, run, seen, h.ops)
                .isLessThan(MAX_EMPTY_POLLS);
            continue;
          }
          empty = 0;
          for (StreamEvent e : batch) {
            if (e instanceof StreamEvent.ChangeEvent c) {
              runOutput.add(new Delivered(c.change(), c.commit().mark(), c.position()));
              seen++;
              marked = c.change().table().equals(MARK);
              if (kills == null || kills.nextInt(4) == 0 || marked) {
                stream.acknowledge(c.position());
                acked = c.position();
                keep = runOutput.size();
              }
              if (marked || seen >= stopAfter) {
                break;
              }
            }
          }
        }
        ops.addAll(h.ops);
        delivered.addAll(runOutput.subList(0, keep));
        if (marked) {
          break;
        }
      }
      try (var left = Files.list(dir)) {
        assertThat(left.filter(f -> f.getFileName().toString().startsWith("step-")))
            .as("step files left")
            .isEmpty();
      }
    }
    return delivered;
  }
}
