package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.Row;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A table that starts being captured while the capture runs, under a seeded load from its first
 * moment: created while streaming ({@code CREATE TABLE} matching {@code cdc.tables.include}), or
 * already there and included by a wider {@code cdc.tables.include} across a restart. Its first
 * streamed insert or update never comes before its first snapshot chunk (deletes may, see {@link
 * FirstChunks}), and a consumer applying the events in order ends with the simulator's table
 * contents, for every seed.
 */
class SnapshotLaterTablePropertyTest {

  /** A bound on polls once the load is over, so a lost row fails instead of hanging. */
  private static final int MAX_SETTLE_POLLS = 600;

  @TempDir Path spill;

  static LongStream seeds() {
    return LongStream.rangeClosed(Long.getLong("seed.from", 1), Long.getLong("seed.to", 20));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aTableCreatedWhileStreaming_isSnapshottedBeforeItsFirstStreamedChange(long seed)
      throws Exception {
    Random random = new Random(seed * 17);
    SimulatedOracle oracle = SimulatedOracle.builder().seed(seed).build();
    SnapshotWorkload workload =
        new SnapshotWorkload(
            oracle, seed, 10 + random.nextInt(40), 15 + random.nextInt(15), 3 + random.nextInt(20));
    oracle.workload(workload);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.snapshot.chunk.rows", Integer.toString(3 + random.nextInt(6)));
      h.open(null);
      List<StreamEvent.ChangeEvent> items = settle(h, workload, seed);
      assertFirstChunkFirst(items, seed);
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void aTableIncludedByAWiderIncludeAcrossARestart_isSnapshottedBeforeItsFirstStreamedChange(
      long seed) throws Exception {
    Random random = new Random(seed * 19);
    SimulatedOracle oracle = SimulatedOracle.builder().seed(seed).build();
    SnapshotWorkload workload =
        new SnapshotWorkload(
            oracle, seed, 10 + random.nextInt(40), 20 + random.nextInt(15), 3 + random.nextInt(5));
    oracle.workload(workload);
    Position acked;
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("narrow"))) {
      h.set("cdc.tables.include", SnapshotWorkload.TICKS.toString());
      h.open(null);
      // the table exists and its load has begun while the capture does not include it
      int ticksAfter = 5 + random.nextInt(10);
      h.awaitEvents(events -> workload.created() && events.size() > ticksAfter);
      acked = h.events.get(h.events.size() - 1).position();
    }
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("wide"))) {
      h.set("cdc.snapshot.chunk.rows", Integer.toString(3 + random.nextInt(6)));
      h.open(acked);
      List<StreamEvent.ChangeEvent> items = settle(h, workload, seed);
      assertFirstChunkFirst(items, seed);
    }
  }

  /** The ITEMS events until the load is over and a replay of them equals the table; the events. */
  private static List<StreamEvent.ChangeEvent> settle(
      ScenarioHarness h, SnapshotWorkload workload, long seed) throws InterruptedException {
    Map<Long, String> replica = new TreeMap<>();
    List<StreamEvent.ChangeEvent> items = new ArrayList<>();
    int settling = 0;
    while (!(workload.finished() && replica.equals(SnapshotPropertyTest.contents(h.oracle)))) {
      if (workload.finished()) {
        assertThat(++settling)
            .as("seed %s: the replica never equals the table; ops %s", seed, h.ops)
            .isLessThan(MAX_SETTLE_POLLS);
      }
      List<StreamEvent> batch = StreamEvents.flatten(h.stream.poll(Duration.ofMillis(20)));
      assertThat(h.stream.running()).as("seed %s: capture stopped; ops %s", seed, h.ops).isTrue();
      for (StreamEvent event : batch) {
        if (event instanceof StreamEvent.ChangeEvent c
            && c.change().table().equals(SnapshotWorkload.ITEMS)) {
          items.add(c);
          switch (c.change().operation()) {
            case READ, INSERT, UPDATE ->
                replica.put(id(c.change().after()), SnapshotWorkload.text(c.change().after()));
            case DELETE -> replica.remove(id(c.change().before()));
            default -> throw new AssertionError("unexpected " + c.change());
          }
        }
      }
      if (!batch.isEmpty()) {
        h.stream.acknowledge(batch.get(batch.size() - 1).position());
      }
    }
    return items;
  }

  private static void assertFirstChunkFirst(List<StreamEvent.ChangeEvent> items, long seed) {
    assertThat(items).as("seed %s: the table's events", seed).isNotEmpty();
    // deletes may come first: a consumer holding rows of an earlier run must get them
    int firstRead = 0;
    while (firstRead < items.size()
        && items.get(firstRead).change().operation() == Operation.DELETE) {
      firstRead++;
    }
    assertThat(firstRead)
        .as(
            "seed %s: the table's first insert or update or read, of %s",
            seed, items.stream().map(c -> c.change().operation()).toList())
        .isLessThan(items.size());
    assertThat(items.get(firstRead).change().operation())
        .as(
            "seed %s: the first event of the table but deletes, of %s",
            seed, items.stream().map(c -> c.change().operation()).toList())
        .isEqualTo(Operation.READ);
    int firstStreamed = firstRead;
    while (firstStreamed < items.size()
        && items.get(firstStreamed).change().operation() == Operation.READ) {
      firstStreamed++;
    }
    // every streamed change after the first chunk is above its SCN
    if (firstStreamed < items.size()) {
      assertThat(items.get(firstStreamed).commit().scn())
          .as("seed %s", seed)
          .isGreaterThan(items.get(firstRead).commit().scn());
    }
  }

  private static long id(Row row) {
    return (Long) row.get(0);
  }
}
