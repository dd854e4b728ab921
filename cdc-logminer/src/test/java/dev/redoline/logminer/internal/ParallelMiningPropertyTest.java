package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.internal.PositionState;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same redo captured with {@code cdc.mining.sessions} 1, 2 and 4 delivers the same sequence:
 * every change, with its commit and its position, in the same order, also when the captures with 2
 * and 4 sessions are stopped at random points and restarted from what they acknowledged (then with
 * every position as one session's stopped at the same changes; against the capture never stopped,
 * positions differ only in where their steps ended: the resume SCN and addresses). Even seeds run
 * the {@code stress} workload (two RAC threads switching logs at different SCNs, private strands,
 * LOB statements, CSF rows, long and large transactions); odd seeds a random workload on one or two
 * threads with savepoint rollbacks, an ADD COLUMN in the middle (the DDL cut) and a transaction of
 * a few hundred rows. The workload runs first, then stops: the captures read the same archived
 * backlog and online logs, up to a marker transaction committed last. Some seeds also give each
 * step a 2 KiB memory budget, so the steps go through step files.
 *
 * <p>A second test puts statements next to and across log switches (LOB transactions longer than a
 * log, rows continued over CSF rows, array DELETEs) in logs of 16 KiB, for 3 seeds.
 *
 * <p>8 seeds in the build (each captures its workload five times); {@code -Dparallel.seed.to=50}
 * sweeps the 50 of docs/performance-catchup.md, or more. A failing seed is in the name.
 */
class ParallelMiningPropertyTest {

  private static final TableId MARK = TableId.of("SHOP", "MARK");

  /** A bound on empty polls per run, so a lost change fails instead of hanging. */
  private static final int MAX_EMPTY_POLLS = 600;

  @TempDir Path spill;

  static LongStream seeds() {
    return LongStream.rangeClosed(
        Long.getLong("parallel.seed.from", 1), Long.getLong("parallel.seed.to", 8));
  }

  /** What is compared: the change, its commit's mark and its position. */
  record Delivered(Change change, Object commit, Position position) {
    /**
     * The change, its commit and its index in it: what a consumer is handed, whatever the step
     * ends.
     */
    List<Object> identity() {
      return List.of(
          change,
          commit,
          PositionState.of(position).lastCommit(),
          PositionState.of(position).lastIndex());
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
    long killSeed = seed * 17;
    List<Delivered> restartedOne =
        capture(
            oracle, start, 1, smallSteps, new Random(killSeed), "restarted1", new ArrayList<>());
    List<Delivered> restarted =
        capture(
            oracle,
            start,
            sessions,
            smallSteps,
            new Random(killSeed),
            "restarted",
            new ArrayList<>());
    assertThat(one).as("seed %s: the marker", seed).isNotEmpty();
    assertThat(two).as("seed %s: 2 sessions", seed).containsExactlyElementsOf(one);
    assertThat(four).as("seed %s: 4 sessions", seed).containsExactlyElementsOf(one);
    // Stopped and restarted at the same changes, N sessions deliver what one session does, every
    // position whole: the sessions change nothing of where a step ends.
    assertThat(restarted)
        .as("seed %s: %s sessions, stopped and restarted as one session was", seed, sessions)
        .containsExactlyElementsOf(restartedOne);
    // Against the capture never stopped, only the resume addresses and resume SCN may differ: a
    // capture that starts again starts its window at one log, so its steps end elsewhere, and
    // those fields name where the step ended (docs/performance-catchup.md).
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

  /**
   * Statements next to and across log switches, in 16 KiB logs: each round starts a log, then an
   * array DELETE of 100 or more rows (one redo record, one SCN), a row whose SQL_REDO goes on over
   * CSF rows, and a LOB insert whose LOB rows hold over 17 KB, more than a log, so its transaction
   * always continues in the next log. The steps' ranges are cut among these rows (at a log's
   * FIRST_CHANGE# or inside a log); 2 and 4 sessions must return every row one session does, and
   * one session every row of every DELETE.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("switchSeeds")
  void statementsAcrossALogSwitch_deliverAsOneSession(long seed) throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(seed)
            .logBytes(16L << 10)
            .lobWriteChunk(1000)
            .scnTiePercent(20)
            .build();
    oracle.createTable(CaptureEngineTest.orders());
    oracle.createTable(LobCaptureScenarioTest.docs());
    oracle.createTable(wide());
    oracle.createTable(mark());
    startScn = oracle.currentScn();
    Random random = new Random(seed);
    long id = 0;
    int deleted = 0;
    for (int round = 0; round < 24; round++) {
      // From a fresh log, one more row each round: the switches fall at another place each time.
      oracle.switchLogfile(1);
      SimulatedTransaction rows = oracle.begin();
      List<String> rowIds = new ArrayList<>();
      for (int i = 0; i < 100 + round; i++) {
        rowIds.add(rows.insert(CaptureEngineTest.ORDERS, ++id, "S" + (id % 7)));
      }
      rows.commit();
      SimulatedTransaction array = oracle.begin();
      array.deleteArray(CaptureEngineTest.ORDERS, rowIds);
      array.commit();
      deleted += rowIds.size();
      SimulatedTransaction docs = oracle.begin();
      docs.insert(
          WIDE,
          ++id,
          ascii(2000 + random.nextInt(2000), id),
          ascii(3000 + random.nextInt(1000), id + 1));
      docs.insert(
          LobCaptureScenarioTest.DOCS,
          ++id,
          "d" + id,
          LobCaptureScenarioTest.text(9000 + random.nextInt(6000), (int) id),
          LobCaptureScenarioTest.bytes(8000 + random.nextInt(6000), (int) id),
          null,
          null);
      docs.commit();
      oracle.advance(Duration.ofMillis(50 + random.nextInt(150)));
    }
    endWithMarker(oracle);
    Scn start = Scn.of(startScn);
    List<Delivered> one = capture(oracle, start, 1, false, null, "one", new ArrayList<>());
    assertThat(one.stream().filter(d -> d.change().operation() == Operation.DELETE))
        .as("seed %s: every row of every array DELETE", seed)
        .hasSize(deleted);
    List<Delivered> two = capture(oracle, start, 2, false, null, "two", new ArrayList<>());
    List<Delivered> four = capture(oracle, start, 4, false, null, "four", new ArrayList<>());
    assertThat(two).as("seed %s: 2 sessions", seed).containsExactlyElementsOf(one);
    assertThat(four).as("seed %s: 4 sessions", seed).containsExactlyElementsOf(one);
  }

  /**
   * Array DELETEs during which the log switches (as when their rows fill it), their rows sharing
   * the first row's SCN: the later rows of each land in the next log with an SCN below that log's
   * FIRST_CHANGE#. That is the only log switch of each round, so every log boundary falls inside
   * such a statement, and the ranges of 2 and 4 sessions, cut at FIRST_CHANGE#s where a step's logs
   * divide evenly, fall on those boundaries; the rows below a log's FIRST_CHANGE# must still be
   * returned, by the range that holds their SCN, as one session over the whole step does.
   */
  @ParameterizedTest(name = "seed {0}")
  @MethodSource("switchSeeds")
  void arrayDmlRowsInTheNextLogBelowItsFirstScn_deliverAsOneSession(long seed) throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(seed).logBytes(4L << 20).scnTiePercent(20).build();
    oracle.createTable(CaptureEngineTest.orders());
    oracle.createTable(mark());
    startScn = oracle.currentScn();
    Random random = new Random(seed);
    long id = 0;
    for (int round = 0; round < 24; round++) {
      SimulatedTransaction rows = oracle.begin();
      List<String> rowIds = new ArrayList<>();
      for (int i = 0; i < 20 + random.nextInt(40); i++) {
        rowIds.add(rows.insert(CaptureEngineTest.ORDERS, ++id, "S" + (id % 7)));
      }
      rows.commit();
      SimulatedTransaction array = oracle.begin();
      array.deleteArray(CaptureEngineTest.ORDERS, rowIds, 1 + random.nextInt(rowIds.size() - 1));
      array.commit();
      oracle.advance(Duration.ofMillis(50));
    }
    endWithMarker(oracle);
    Scn start = Scn.of(startScn);
    List<Delivered> one = capture(oracle, start, 1, false, null, "one", new ArrayList<>());
    Map<Long, Scn> firstScns = new HashMap<>();
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      db.archivedLogs(Scn.ZERO).forEach(l -> firstScns.put(l.sequence(), l.firstScn()));
    }
    long logsEntered =
        one.stream()
            .map(Delivered::change)
            .filter(c -> c.scn().compareTo(firstScns.get(c.address().sequence())) < 0)
            .map(c -> c.address().sequence())
            .distinct()
            .count();
    // One session returns them from every log, the first of a step too (a step that begins after
    // a whole log starts its session at that log's FIRST_CHANGE#): from all 24.
    assertThat(logsEntered)
        .as("seed %s: logs whose rows below their FIRST_CHANGE# one session delivered", seed)
        .isEqualTo(24);
    for (int sessions : new int[] {2, 4}) {
      assertThat(capture(oracle, start, sessions, false, null, "n" + sessions, new ArrayList<>()))
          .as("seed %s: %s sessions", seed, sessions)
          .containsExactlyElementsOf(one);
    }
  }

  static LongStream switchSeeds() {
    return LongStream.rangeClosed(1, 3);
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
    endWithMarker(oracle);
    return oracle;
  }

  /**
   * Stops the workload and commits the marker the captures stop at, then switches past every online
   * group: the workload's logs are an archived backlog, no longer online.
   */
  private static void endWithMarker(SimulatedOracle oracle) {
    oracle.workload((db, step) -> {});
    SimulatedTransaction marker = oracle.begin();
    marker.insert(MARK, 1L);
    marker.commit();
    for (int i = 0; i < 5; i++) {
      oracle.switchAllLogfiles();
      oracle.advance(Duration.ofMillis(200));
    }
    oracle.advance(Duration.ofSeconds(1));
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

  private static final TableId WIDE = TableId.of("SHOP", "WIDE");

  /** Two VARCHAR2(4000) columns: an insert of both is over 4000 bytes of SQL_REDO, so CSF rows. */
  private static TableLayout wide() {
    return TableLayout.builder(WIDE, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("A", OracleType.sized(OracleType.Kind.VARCHAR2, 4000), true)
        .column("B", OracleType.sized(OracleType.Kind.VARCHAR2, 4000), true)
        .primaryKey("ID")
        .build();
  }

  /** {@code n} ASCII characters with a quote now and then: as many bytes as characters. */
  private static String ascii(int n, long seed) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append("ab 'cd,xyz".charAt((int) ((i * 7 + seed) % 10)));
    }
    return sb.toString();
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
      try (ScenarioHarness h = new ScenarioHarness(oracle, dir)) {
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
