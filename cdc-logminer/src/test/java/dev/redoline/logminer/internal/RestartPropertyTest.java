package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Row;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.SimulatedOracle;
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
 * docs/architecture.md#testing: random workloads, the consumer crashing at random points (between
 * transactions, inside one, with unacknowledged events in flight), restarts from the last
 * acknowledged position. What survives of each run (its events up to its last acknowledgement) plus
 * everything of the last run must equal the committed transactions in commit order: no loss, no
 * duplicate past the acknowledged position. A failing seed is in the test name.
 *
 * <p>50 seeds in the build, 200 with {@code -Pthorough} (or any range with {@code
 * -Drestart.seed.from=N -Drestart.seed.to=M}). A seed draws one or two threads, zero to three
 * crashes, where each crash falls (after 1 to 12 changes) and how often the consumer acknowledges
 * (every 1 to 3 changes). Seeds 1 to 50 hold every pair of thread count and crash count at least
 * four times (seed 1 to 200: at least 22 times), with crashes after every count from 1 to 12 and
 * every acknowledgement interval; the other 150 seeds repeat those cases on other workloads. The
 * 200 took 374 s on a 2-core machine running other builds (load about 19), the module's longest
 * test; the full sweep is the thorough profile's.
 */
class RestartPropertyTest {

  /** A bound on empty polls per run, so a lost change fails instead of hanging. */
  private static final int MAX_EMPTY_POLLS = 400;

  @TempDir Path spill;

  static LongStream seeds() {
    return LongStream.rangeClosed(
        Long.getLong("restart.seed.from", 1), Long.getLong("restart.seed.to", 50));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void restarts_deliverCommittedTransactionsExactlyOnce(long seed) throws Exception {
    Random random = new Random(seed * 7919);
    int threads = 1 + random.nextInt(2);
    SimulatedOracle oracle = SimulatedOracle.builder().seed(seed).threads(threads).build();
    oracle.createTable(CaptureEngineTest.orders());
    RandomWorkload workload =
        new RandomWorkload(seed, CaptureEngineTest.ORDERS, threads, 12 + random.nextInt(12));
    oracle.workload(workload);
    List<RandomWorkload.Expected> delivered = new ArrayList<>();
    Position acked = Position.start(dev.redoline.core.Scn.of(oracle.currentScn()));
    int crashes = random.nextInt(4);
    for (int run = 0; ; run++) {
      boolean last = run >= crashes;
      int crashAfter = last ? Integer.MAX_VALUE : 1 + random.nextInt(12);
      int ackEvery = 1 + random.nextInt(3);
      try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("run" + run))) {
        h.set("cdc.queue.max.records", "16");
        CaptureStream stream = h.open(acked);
        List<RandomWorkload.Expected> runOutput = new ArrayList<>();
        int keep = 0;
        int seen = 0;
        int empty = 0;
        while (seen < crashAfter) {
          if (last
              && workload.finished()
              && delivered.size() + runOutput.size() >= workload.expectedChanges()) {
            break;
          }
          List<StreamEvent> batch = StreamEvents.flatten(stream.poll(Duration.ofMillis(20)));
          if (batch.isEmpty()) {
            assertThat(stream.running()).as("capture stopped: see ops " + h.ops).isTrue();
            assertThat(++empty)
                .as(
                    "seed %s run %s: no progress; delivered %s of %s (finished=%s); %s; ops %s",
                    seed,
                    run,
                    delivered.size() + runOutput.size(),
                    workload.expectedChanges(),
                    workload.finished(),
                    stream.metrics(),
                    h.ops)
                .isLessThan(MAX_EMPTY_POLLS);
            continue;
          }
          empty = 0;
          for (StreamEvent event : batch) {
            if (event instanceof StreamEvent.ChangeEvent c) {
              runOutput.add(expected(c));
              seen++;
              if (seen % ackEvery == 0 || seen >= crashAfter) {
                if (seen < crashAfter || random.nextBoolean()) {
                  stream.acknowledge(c.position());
                  acked = c.position();
                  keep = runOutput.size();
                }
              }
              if (seen >= crashAfter) {
                break;
              }
            }
          }
        }
        delivered.addAll(last ? runOutput : runOutput.subList(0, keep));
        if (last) {
          break;
        }
      }
    }
    List<RandomWorkload.Expected> expected = new ArrayList<>();
    workload.committed.forEach(expected::addAll);
    assertThat(delivered).as("seed %s", seed).containsExactlyElementsOf(expected);
  }

  private static RandomWorkload.Expected expected(StreamEvent.ChangeEvent c) {
    Row after = c.change().after();
    return new RandomWorkload.Expected(
        c.change().operation(), (Long) after.get(0), (String) after.get(1));
  }
}
