package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.internal.FileTransactionJournal;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a sink that keeps only acknowledged output holds after many restarts of the {@code stress}
 * workload's capture (two redo threads, private strands, long transactions journaled): each run's
 * changes up to its last acknowledged position, run after run, as a Kafka topic holds the records
 * of committed transactions only. That sequence must be the one capture without restarts delivers,
 * change for change: no repeat, no gap, no two transactions swapped. Seeds 6 and 11 found a
 * journaled transaction delivered without its journaled changes: a run stopped inside the
 * transaction's first file-journal append, and the next run's append then made a file without a
 * header, which later loads skipped ({@code FileTransactionJournalTest}).
 */
class StressRestartSequenceTest {

  @TempDir Path spill;

  static LongStream seeds() {
    return LongStream.rangeClosed(Long.getLong("seed.from", 6), Long.getLong("seed.to", 9));
  }

  /** One delivered change, by what identifies it and its transaction's commit. */
  record Seen(String commit, String xid, long index, String address) {
    static Seen of(StreamEvent.ChangeEvent c) {
      return new Seen(
          c.commit().mark().toString(),
          c.commit().xid().toHex(),
          c.index(),
          c.change().address().toString());
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void acknowledgedOutputOfManyRuns_isTheOutputOfOneRun(long seed) throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=" + seed + "&huge=10");
    Position first = Position.start(Scn.of(oracle.currentScn()));
    Path journal = spill.resolve("journal");
    Random random = new Random(seed);
    Position acked = first;
    List<Seen> kept = new ArrayList<>();
    for (int run = 0; run < 10; run++) {
      try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("run" + run))) {
        h.journal(FileTransactionJournal.open(journal));
        h.set("cdc.buffer.journal.after.ms", String.valueOf(random.nextInt(3) * 1000))
            .set("cdc.heartbeat.interval.ms", "1000")
            .set("cdc.retry.backoff.initial.ms", "100");
        CaptureStream stream = h.open(acked);
        List<Seen> pending = new ArrayList<>();
        int target = 100 + random.nextInt(1500);
        int seen = 0;
        while (seen < target) {
          List<StreamEvent> batch =
              StressRestartPropertyTest.nextBatch(stream, "seed " + seed + " run " + run, h.ops);
          for (StreamEvent e : batch) {
            if (e instanceof StreamEvent.ChangeEvent c) {
              pending.add(Seen.of(c));
              seen++;
            }
            if (random.nextInt(5) == 0) {
              stream.acknowledge(e.position());
              acked = e.position();
              kept.addAll(pending);
              pending.clear();
            }
          }
        }
      }
    }
    List<Seen> once = new ArrayList<>();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("once"))) {
      CaptureStream stream = h.open(first);
      while (once.size() < kept.size()) {
        List<StreamEvent> batch =
            StressRestartPropertyTest.nextBatch(
                stream, "seed " + seed + " without restarts", h.ops);
        for (StreamEvent e : batch) {
          if (e instanceof StreamEvent.ChangeEvent c) {
            once.add(Seen.of(c));
          }
        }
        stream.acknowledge(batch.get(batch.size() - 1).position());
      }
    }
    int n = kept.size();
    int at = 0;
    while (at < n && kept.get(at).equals(once.get(at))) {
      at++;
    }
    assertThat(at)
        .as(
            "seed %s: first difference at %s of %s:%n kept %s%n once %s",
            seed,
            at,
            n,
            kept.subList(Math.max(0, at - 2), Math.min(n, at + 4)),
            once.subList(Math.max(0, at - 2), Math.min(once.size(), at + 4)))
        .isEqualTo(n);
  }
}
