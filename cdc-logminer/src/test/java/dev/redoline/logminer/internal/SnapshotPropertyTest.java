package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.Row;
import dev.redoline.core.SnapshotMark;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.SimulatedOracle;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Snapshots merged with the stream: a table with rows from before the capture, under a seeded load
 * while it is snapshotted in chunks, with the consumer crashing at random points and restarting
 * from its last acknowledged position. A consumer that applies the events in order (READ, INSERT
 * and UPDATE put the row, DELETE removes it) and keeps its state as of its acknowledgements ends
 * with exactly the simulator's table contents, for every seed. Simulated time passes while the
 * capture waits and while each chunk is read (load goes on during the snapshot), and the undo
 * retention is shorter than the whole snapshot but longer than one chunk's read. Each run also asks
 * for an ad-hoc snapshot of the table (all rows, or a filtered part) at a random point while it
 * streams.
 *
 * <p>A second property takes no initial snapshot ({@code cdc.snapshot.mode=no_data}): the rows that
 * exist come only through one ad-hoc snapshot (all rows, or a filtered part) asked for once at the
 * first start, so when a crash interrupts it, only its progress in the acknowledged position can
 * bring the missing rows after the restart.
 */
class SnapshotPropertyTest {

  /** A bound on empty polls per run, so a lost row fails instead of hanging. */
  private static final int MAX_EMPTY_POLLS = 400;

  /**
   * Simulated time one chunk read takes: the load runs meanwhile ({@code -Dsnapshot.read.ms} for
   * sweeps).
   */
  private static final Duration CHUNK_READ =
      Duration.ofMillis(Long.getLong("snapshot.read.ms", 2000));

  /**
   * When that time passes, for sweeps ({@code -Dsnapshot.read.when}): {@code before} the read (the
   * default; its SCN was taken already), {@code after} it, or {@code probe}: before the read and
   * before the FLASHBACK probe of the preflight as well, which shifts every later step.
   */
  private static final String READ_WHEN = System.getProperty("snapshot.read.when", "before");

  private static final Duration UNDO_RETENTION = Duration.ofSeconds(8);

  /** Simulated time the replica may take to converge once the load is over. */
  private static final Duration SETTLE_BOUND = Duration.ofMinutes(2);

  @TempDir Path spill;

  static LongStream seeds() {
    return LongStream.rangeClosed(Long.getLong("seed.from", 1), Long.getLong("seed.to", 40));
  }

  /** A consumer's copy of the table, with the state it committed at its last acknowledgement. */
  private static final class Replica {
    Map<Long, String> working = new TreeMap<>();
    Map<Long, String> committed = new TreeMap<>();
    int snapshotRows;
    boolean sawLast;

    void apply(StreamEvent.ChangeEvent c) {
      if (!c.change().table().equals(SnapshotWorkload.ITEMS)) {
        return;
      }
      switch (c.change().operation()) {
        case READ, INSERT, UPDATE ->
            working.put(id(c.change().after()), SnapshotWorkload.text(c.change().after()));
        case DELETE -> working.remove(id(c.change().before()));
        default -> throw new AssertionError("unexpected " + c.change());
      }
      if (c.snapshot() != null) {
        snapshotRows++;
        sawLast |= c.snapshot().place() == SnapshotMark.Place.LAST;
      }
    }

    void acknowledge() {
      committed = new TreeMap<>(working);
    }

    void crash() {
      working = new TreeMap<>(committed);
    }

    private static long id(Row row) {
      return (Long) row.get(0);
    }
  }

  /** The ad-hoc filter the properties use: a part of the seeded rows. */
  private static final String FILTER = "ID <= 30";

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void snapshotMergedWithStream_replaysToTheTableContents_acrossRestarts(long seed)
      throws Exception {
    replaysToTheTableContents(seed, false);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void adHocSnapshotInterruptedByRestarts_continuesFromThePosition_andReplaysToTheTableContents(
      long seed) throws Exception {
    replaysToTheTableContents(seed, true);
  }

  /**
   * One seeded run of either property; {@code adHocOnly}: no initial snapshot, one ad-hoc snapshot
   * asked for at the first start and never again.
   */
  private void replaysToTheTableContents(long seed, boolean adHocOnly) throws Exception {
    Random random = new Random(seed * 31);
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(seed).undoRetention(UNDO_RETENTION).build();
    int seeded = 40 + random.nextInt(80);
    int chunkRows = 4 + random.nextInt(5);
    SnapshotWorkload workload = new SnapshotWorkload(oracle, seed, seeded, 20 + random.nextInt(20));
    oracle.workload(workload);
    Instant begun = oracle.clock().instant();
    Replica replica = new Replica();
    Position acked = null;
    // adHocOnly: at least one crash, which may interrupt the ad-hoc snapshot
    int crashes = adHocOnly ? 1 + random.nextInt(3) : random.nextInt(4);
    List<OpsEvent> ops = new java.util.concurrent.CopyOnWriteArrayList<>();
    // adHocOnly: the rows a consumer must end with (the filter's part when it has one)
    String filter = adHocOnly && random.nextBoolean() ? FILTER : null;
    java.util.function.LongPredicate wanted =
        adHocOnly && filter != null ? id -> id <= 30 : id -> true;
    Map<String, String> mode = adHocOnly ? Map.of("cdc.snapshot.mode", "no_data") : Map.of();
    for (int run = 0; ; run++) {
      boolean last = run >= crashes;
      int crashAfter = last ? Integer.MAX_VALUE : 1 + random.nextInt(seeded);
      // an ad-hoc snapshot of the table while streaming, at a random point of this run
      int adHocAt = adHocOnly ? -1 : random.nextInt(2 * seeded);
      CaptureStream stream =
          engine(oracle, run, chunkRows, ops, new AtomicInteger(), mode).open(acked);
      if (adHocOnly && run == 0) {
        stream.snapshot(List.of(SnapshotWorkload.ITEMS), filter);
      }
      try {
        int seen = 0;
        int empty = 0;
        Instant settledFrom = null;
        while (seen < crashAfter) {
          if (last
              && workload.finished()
              && (replica.sawLast || completed(ops))
              && part(replica.working, wanted).equals(part(contents(oracle), wanted))) {
            break;
          }
          // Once the load is over only ticks come: the replica must converge within a bound of
          // simulated
          // time, which passes only as the capture works (counting polls would depend on thread
          // timing).
          if (last && workload.finished()) {
            settledFrom = settledFrom == null ? oracle.clock().instant() : settledFrom;
            assertThat(Duration.between(settledFrom, oracle.clock().instant()))
                .as(
                    "seed %s: the replica never " + "equals the table; differing %s; ops %s",
                    seed,
                    difference(part(replica.working, wanted), part(contents(oracle), wanted)),
                    ops)
                .isLessThan(SETTLE_BOUND);
          }
          List<StreamEvent> batch = StreamEvents.flatten(stream.poll(Duration.ofMillis(20)));
          if (batch.isEmpty()) {
            assertThat(stream.running()).as("seed %s: capture stopped; ops %s", seed, ops).isTrue();
            assertThat(++empty)
                .as(
                    "seed %s run %s: no progress; replica %s rows, table %s rows; differing %s; "
                        + "finished %s, last seen %s; %s; ops %s",
                    seed,
                    run,
                    replica.working.size(),
                    contents(oracle).size(),
                    difference(replica.working, contents(oracle)),
                    workload.finished(),
                    replica.sawLast,
                    stream.metrics(),
                    ops)
                .isLessThan(MAX_EMPTY_POLLS);
            continue;
          }
          empty = 0;
          for (StreamEvent event : batch) {
            if (event instanceof StreamEvent.ChangeEvent c) {
              replica.apply(c);
              if (adHocOnly && c.snapshot() != null) {
                assertThat((Long) c.change().after().get(0))
                    .as("seed %s: the filter holds after restarts", seed)
                    .matches(wanted::test);
              }
              if (++seen == adHocAt) {
                stream.snapshot(
                    List.of(SnapshotWorkload.ITEMS), random.nextBoolean() ? null : "ID <= 30");
              }
            }
            if (random.nextInt(3) == 0 || seen >= crashAfter) {
              stream.acknowledge(event.position());
              acked = event.position();
              replica.acknowledge();
            }
            if (seen >= crashAfter) {
              break;
            }
          }
        }
      } finally {
        stream.close();
      }
      if (last) {
        break;
      }
      replica.crash();
    }
    assertThat(part(replica.working, wanted))
        .as("seed %s", seed)
        .isEqualTo(part(contents(oracle), wanted));
    assertThat(replica.snapshotRows)
        .as("seed %s: every seeded row came through the snapshot", seed)
        .isGreaterThanOrEqualTo(1);
    assertThat(Duration.between(begun, oracle.clock().instant()))
        .as("the snapshot outlasts the undo retention")
        .isGreaterThan(UNDO_RETENTION);
    assertThat(ops).noneMatch(e -> e.message().contains("ORA-01555"));
  }

  @Test
  void adHocSnapshotWhileStreaming_deliversTheFilteredRowsInCommitOrder() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(5).build();
    SnapshotWorkload workload = new SnapshotWorkload(oracle, 5, 40, 30);
    oracle.workload(workload);
    List<OpsEvent> ops = new java.util.concurrent.CopyOnWriteArrayList<>();
    Map<String, String> more = Map.of("cdc.snapshot.mode", "no_data");
    CaptureStream stream = engine(oracle, 0, 8, ops, new AtomicInteger(), more).open(null);
    Replica replica = new Replica();
    List<StreamEvent.ChangeEvent> reads = new ArrayList<>();
    try {
      boolean asked = false;
      int empty = 0;
      while (!(workload.finished() && replica.sawLast)) {
        List<StreamEvent> batch = StreamEvents.flatten(stream.poll(Duration.ofMillis(20)));
        empty = batch.isEmpty() ? empty + 1 : 0;
        assertThat(empty).as("ops %s", ops).isLessThan(MAX_EMPTY_POLLS);
        for (StreamEvent e : batch) {
          if (e instanceof StreamEvent.ChangeEvent c) {
            replica.apply(c);
            if (c.snapshot() != null) {
              reads.add(c);
            }
            if (!asked) {
              // streaming has begun: ask for the rows with ID 10 or less
              stream.snapshot(List.of(SnapshotWorkload.ITEMS), "ID <= 10");
              asked = true;
            }
          }
          stream.acknowledge(e.position());
        }
      }
    } finally {
      stream.close();
    }
    assertThat(reads)
        .isNotEmpty()
        .allSatisfy(c -> assertThat((Long) c.change().after().get(0)).isLessThanOrEqualTo(10));
    assertThat(reads.get(0).snapshot().place()).isEqualTo(SnapshotMark.Place.FIRST);
    assertThat(reads.get(reads.size() - 1).snapshot().place()).isEqualTo(SnapshotMark.Place.LAST);
    assertThat(reads)
        .allSatisfy(
            c -> {
              assertThat(c.change().operation()).isEqualTo(Operation.READ);
              assertThat(c.change().scn())
                  .isEqualTo(c.snapshot().scn())
                  .isEqualTo(c.commit().scn());
              // the capture's own snapshots are not tracked (no_data); the ad-hoc one is, with its
              // filter
              assertThat(PositionState.of(c.position()).snapshot().tracked()).isFalse();
            });
    StreamEvent.ChangeEvent beforeLast = reads.get(reads.size() - 2);
    assertThat(PositionState.of(beforeLast.position()).snapshot().adHoc())
        .singleElement()
        .satisfies(
            a -> {
              assertThat(a.table()).isEqualTo(SnapshotWorkload.ITEMS);
              assertThat(a.filter()).isEqualTo("ID <= 10");
            });
    // the last chunk's last row completes it: the position no longer carries it
    assertThat(PositionState.of(reads.get(reads.size() - 1).position()).snapshot().adHoc())
        .isEmpty();
  }

  @Test
  void undoTooSmallForAChunk_retriesSmallerThenStopsWithItsCode() throws Exception {
    undoTooSmall();
  }

  /**
   * Review 2, item b8: the LOB form of "snapshot too old" (ORA-22924) is the same shortage of undo.
   */
  @Test
  void b8_lobSnapshotTooOldInAChunk_retriesSmallerThenStopsLikeOra01555() throws Exception {
    refusal = new SQLException("ORA-22924: snapshot too old", "99999", 22924);
    undoTooSmall();
  }

  /** What a refused chunk read raises. */
  private SQLException refusal =
      new SQLException(
          "ORA-01555: snapshot too old: rollback segment number 3 with "
              + "name \"_SYSSMU3$\" too small",
          "72000",
          1555);

  private void undoTooSmall() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(9).build();
    new SnapshotWorkload(oracle, 9, 30, 0);
    List<OpsEvent> ops = new java.util.concurrent.CopyOnWriteArrayList<>();
    AtomicInteger refusals = new AtomicInteger(3);
    CaptureStream stream = engine(oracle, 0, 8, ops, refusals).open(null);
    List<StreamEvent.ChangeEvent> reads = new ArrayList<>();
    try {
      int empty = 0;
      while (reads.isEmpty()
          || reads.get(reads.size() - 1).snapshot().place() != SnapshotMark.Place.LAST) {
        List<StreamEvent> batch = StreamEvents.flatten(stream.poll(Duration.ofMillis(20)));
        empty = batch.isEmpty() ? empty + 1 : 0;
        assertThat(empty).as("ops %s", ops).isLessThan(MAX_EMPTY_POLLS);
        // the ITEMS rows only: the TICKS table's snapshot may follow in the same batch
        batch.stream()
            .filter(e -> e instanceof StreamEvent.ChangeEvent)
            .map(e -> (StreamEvent.ChangeEvent) e)
            .filter(c -> c.change().table().equals(SnapshotWorkload.ITEMS))
            .forEach(reads::add);
      }
    } finally {
      stream.close();
    }
    // three refusals: 8 -> 4 -> 2 -> 1 row per chunk, then the rest at one row a chunk
    assertThat(ops.stream().filter(e -> e.type() == OpsEvent.Type.SNAPSHOT_RETRY)).hasSize(3);
    assertThat(reads)
        .extracting(c -> (Long) c.change().after().get(0))
        .containsExactlyElementsOf(LongStream.rangeClosed(1, 30).boxed().toList());
    // after the third refusal, one row per chunk: each row is a chunk of its own
    assertThat(reads).allSatisfy(c -> assertThat(c.commit().size()).isEqualTo(1));

    refusals.set(Integer.MAX_VALUE);
    CaptureStream failing = engine(oracle, 1, 8, ops, refusals).open(null);
    try {
      assertThatThrownBy(
              () -> {
                for (int i = 0; i < MAX_EMPTY_POLLS; i++) {
                  failing.poll(Duration.ofMillis(20));
                }
              })
          .isInstanceOfSatisfying(
              CdcException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SNAPSHOT_UNDO_TOO_SMALL));
    } finally {
      failing.close();
    }
  }

  /**
   * Whether a snapshot of the table was delivered whole. Its last record carries the mark {@code
   * last}; but a snapshot that finds no row left (all deleted, or none the filter takes) has no
   * record to carry it, so the capture's own word counts too.
   */
  private static boolean completed(List<OpsEvent> ops) {
    return ops.stream()
        .anyMatch(e -> e.message().endsWith("snapshot of " + SnapshotWorkload.ITEMS + " complete"));
  }

  /** The rows of {@code rows} whose ID is {@code wanted}. */
  private static Map<Long, String> part(
      Map<Long, String> rows, java.util.function.LongPredicate wanted) {
    Map<Long, String> out = new TreeMap<>();
    rows.forEach(
        (id, row) -> {
          if (wanted.test(id)) {
            out.put(id, row);
          }
        });
    return out;
  }

  /** The entries of either map that the other lacks or holds otherwise, for a failure message. */
  private static Map<Long, String> difference(Map<Long, String> replica, Map<Long, String> table) {
    Map<Long, String> out = new TreeMap<>();
    table.forEach(
        (id, row) -> {
          if (!row.equals(replica.get(id))) {
            out.put(id, "table " + row + " replica " + replica.get(id));
          }
        });
    replica.forEach(
        (id, row) -> {
          if (!table.containsKey(id)) {
            out.put(id, "replica only " + row);
          }
        });
    return out;
  }

  /**
   * The table's rows now. The capture thread's waits move simulated time, and with it the workload,
   * outside the database's lock; a read that meets the workload in the middle of a change is taken
   * again (once the stream is closed, nothing moves).
   */
  static Map<Long, String> contents(SimulatedOracle oracle) {
    for (int attempt = 1; ; attempt++) {
      Map<Long, String> out = new TreeMap<>();
      try {
        synchronized (oracle) {
          for (Row row : oracle.rows(SnapshotWorkload.ITEMS)) {
            out.put((Long) row.get(0), SnapshotWorkload.text(row));
          }
        }
        return out;
      } catch (java.util.ConcurrentModificationException e) {
        if (attempt == 100) {
          throw e;
        }
      }
    }
  }

  private CaptureEngine engine(
      SimulatedOracle oracle, int run, int chunkRows, List<OpsEvent> ops, AtomicInteger refusals) {
    return engine(oracle, run, chunkRows, ops, refusals, Map.of());
  }

  /**
   * A capture of {@code oracle} whose chunk reads take {@link #CHUNK_READ} of simulated time; the
   * first {@code refusals} reads fail with {@link #refusal} (ORA-01555 unless a test sets another).
   */
  private CaptureEngine engine(
      SimulatedOracle oracle,
      int run,
      int chunkRows,
      List<OpsEvent> ops,
      AtomicInteger refusals,
      Map<String, String> more) {
    Map<String, String> settings = new HashMap<>(more);
    settings.put("cdc.buffer.spill.dir", spill.resolve("run" + run).toString());
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.put("cdc.mining.idle.ms", "200");
    settings.put("cdc.queue.max.records", "16");
    settings.put("cdc.snapshot.chunk.rows", Integer.toString(chunkRows));
    CdcConfig config = SimulatorGateways.config(oracle, settings);
    GatewayDatabase database = (GatewayDatabase) SimulatorGateways.database(oracle, config);
    GatewayFactory slowReads =
        () -> slowChunkReads(database.gateways().connect(), oracle, refusals);
    return CaptureEngine.builder()
        .config(config)
        .database(database)
        .gateways(slowReads)
        .ops(ops::add)
        .build();
  }

  private LogMinerGateway slowChunkReads(
      LogMinerGateway db, SimulatedOracle oracle, AtomicInteger refusals) {
    return (LogMinerGateway)
        Proxy.newProxyInstance(
            LogMinerGateway.class.getClassLoader(),
            new Class<?>[] {LogMinerGateway.class},
            (proxy, method, args) -> {
              boolean read = method.getName().equals("readChunk");
              if (read && refusals.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
                throw refusal;
              }
              boolean slow =
                  read || (READ_WHEN.equals("probe") && method.getName().equals("probeAsOf"));
              if (slow && !READ_WHEN.equals("after")) {
                synchronized (oracle) { // contents() reads the table under this lock
                  oracle.advance(CHUNK_READ);
                }
              }
              try {
                return method.invoke(db, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              } finally {
                if (slow && READ_WHEN.equals("after")) {
                  synchronized (oracle) {
                    oracle.advance(CHUNK_READ);
                  }
                }
              }
            });
  }
}
