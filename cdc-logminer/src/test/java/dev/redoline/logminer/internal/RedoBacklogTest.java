package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The redo a thread has written after the capture's cursor, in log switches and bytes. */
class RedoBacklogTest {

  private static final LocalDateTime T = LocalDateTime.of(2024, 3, 1, 9, 0);

  private static RedoThreadState thread(long lastSequence, long lastBlock) {
    return new RedoThreadState(
        1,
        RedoThreadState.Status.OPEN,
        RedoThreadState.Enabled.PUBLIC,
        1,
        lastSequence,
        Scn.of(100),
        Scn.of(1),
        Scn.ZERO,
        lastSequence,
        lastBlock,
        Scn.of(900),
        T);
  }

  private static ArchivedLog archived(long sequence, long blocks) {
    return new ArchivedLog(
        "/arch/1_" + sequence + ".arc",
        1,
        1,
        sequence,
        Scn.of(sequence * 100),
        Scn.of(sequence * 100 + 100),
        T,
        blocks,
        512,
        ArchivedLog.Status.A,
        false,
        false,
        false,
        Scn.of(1));
  }

  private static OnlineLog online(long sequence) {
    return new OnlineLog(
        1,
        1,
        sequence,
        50L * 1024 * 1024,
        512,
        "/redo/g1.log",
        false,
        OnlineLog.Status.CURRENT,
        Scn.of(sequence * 100),
        T,
        Scn.MAX);
  }

  private static LogInventory.Snapshot listing(RedoThreadState thread, List<ArchivedLog> archived) {
    return new LogInventory.Snapshot(
        List.of(thread), Scn.of(950), List.of(online(5)), archived, List.of(), Set.of(1));
  }

  @Test
  void cursorTwoLogsBack_countsTheRestOfItsLogTheWholeNextAndTheCurrentUpToItsLastBlock() {
    RedoThreadState t = thread(5, 100);
    var figures =
        RedoBacklog.of(
            t,
            new RedoAddress(1, 3, 10, 0),
            listing(t, List.of(archived(3, 1000), archived(4, 2000))));

    assertThat(figures.logsBehind()).isEqualTo(2);
    assertThat(figures.bytesBehind()).isEqualTo((1000 - 10) * 512L + 2000 * 512L + 100 * 512L);
  }

  @Test
  void cursorInTheCurrentLog_countsUpToItsLastBlock() {
    RedoThreadState t = thread(5, 100);

    var figures = RedoBacklog.of(t, new RedoAddress(1, 5, 40, 16), listing(t, List.of()));

    assertThat(figures.logsBehind()).isZero();
    assertThat(figures.bytesBehind()).isEqualTo(60 * 512L);
  }

  @Test
  void aLogNoLongerListed_makesTheBytesUnknown() {
    RedoThreadState t = thread(5, 100);

    var figures =
        RedoBacklog.of(t, new RedoAddress(1, 3, 10, 0), listing(t, List.of(archived(4, 2000))));

    assertThat(figures.logsBehind()).isEqualTo(2);
    assertThat(figures.bytesBehind()).isEqualTo(-1);
  }

  @Test
  void noCursorYet_noBacklog() {
    RedoThreadState t = thread(5, 100);

    assertThat(RedoBacklog.of(t, null, listing(t, List.of())).logsBehind()).isZero();
  }
}
