package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LogInventoryTest.archive;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.RedoAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The figures a capture that is behind is seen by: the archived backlog from the cursors on, the
 * sessions and their rows a second, and the estimated time to catch up.
 */
class CatchUpStatsTest {

  /** Blocks x block size of every log {@link LogInventoryTest#archive} makes. */
  private static final long LOG_BYTES = 100 * 512;

  /** Sequences 1 to 5 of thread 1 and 1 to 3 of thread 2, each archived at two destinations. */
  private static List<ArchivedLog> listing() {
    List<ArchivedLog> logs = new ArrayList<>();
    for (int dest = 1; dest <= 2; dest++) {
      for (long seq = 1; seq <= 5; seq++) {
        logs.add(archive(1, seq, dest, ArchivedLog.Status.A));
      }
      for (long seq = 1; seq <= 3; seq++) {
        logs.add(archive(2, seq, dest, ArchivedLog.Status.A));
      }
    }
    return logs;
  }

  @Test
  void backlog_countsEachLogOnceFromTheCursorsLogOn() {
    CatchUpStats stats = new CatchUpStats();
    stats.backlog(listing(), Map.of());
    assertThat(stats.backlogLogs())
        .as("no cursor: every log, once per destination pair")
        .isEqualTo(8);
    assertThat(stats.backlogBytes()).isEqualTo(8 * LOG_BYTES);

    stats.backlog(listing(), Map.of(1, new RedoAddress(1, 4, 10, 0)));
    assertThat(stats.backlogLogs())
        .as("thread 1 from sequence 4 (the log it is in), thread 2 all")
        .isEqualTo(2 + 3);

    stats.backlog(
        listing(),
        Map.of(
            1, new RedoAddress(1, 4, 0xFFFF_FFFFL, 0xFFFF),
            2, new RedoAddress(2, 3, 0xFFFF_FFFFL, 0xFFFF)));
    assertThat(stats.backlogLogs())
        .as("a cursor at the end of a log has mined it: thread 1's sequence 5 is left")
        .isEqualTo(1);
    assertThat(stats.backlogBytes()).isEqualTo(LOG_BYTES);
  }

  @Test
  void stepMined_rowsPerSecondPerSessionAndAnEstimateAtTheArchivedPace() {
    CatchUpStats stats = new CatchUpStats();
    assertThat(stats.sessions()).isEqualTo(1);
    assertThat(stats.estimatedCatchUpMillis()).as("no archived log mined yet").isEqualTo(-1);

    stats.backlog(listing(), Map.of());
    stats.stepMined(List.of(), 5_000, Duration.ofMillis(500), 0, Duration.ofSeconds(1));
    assertThat(stats.rowsPerSecond()).containsExactly(10_000);
    assertThat(stats.estimatedCatchUpMillis())
        .as("a step of online logs only says nothing of the archived pace")
        .isEqualTo(-1);

    stats.stepMined(
        List.of(
            new ParallelMining.RangeRead(2_000, Duration.ofSeconds(1)),
            new ParallelMining.RangeRead(3_000, Duration.ofMillis(1_500))),
        5_000,
        Duration.ofMillis(1_500),
        4 * LOG_BYTES,
        Duration.ofSeconds(2));
    assertThat(stats.sessions()).isEqualTo(2);
    assertThat(stats.rowsPerSecond()).containsExactly(2_000, 2_000);
    // 8 logs at 2 logs a second
    assertThat(stats.estimatedCatchUpMillis()).isEqualTo(4_000);

    // A step at 4 logs a second weighs a quarter: 0.75 x 2 + 0.25 x 4 = 2.5 logs a second.
    stats.stepMined(List.of(), 1_000, Duration.ofSeconds(1), 4 * LOG_BYTES, Duration.ofSeconds(1));
    assertThat(stats.sessions()).as("back to one session").isEqualTo(1);
    assertThat(stats.rowsPerSecond()).containsExactly(1_000);
    assertThat(stats.estimatedCatchUpMillis()).isEqualTo(3_200);
  }
}
