package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.logminer.internal.LogInventory.Mode;
import dev.redoline.logminer.internal.LogInventory.Planned;
import dev.redoline.logminer.internal.LogInventory.Snapshot;
import dev.redoline.logminer.internal.LogInventory.Wait;
import dev.redoline.logminer.internal.StepPlan.StepLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LogInventoryTest {

  private static final List<ArchiveDestination> DESTS =
      List.of(
          new ArchiveDestination(1, "LOG_ARCHIVE_DEST_1", "VALID", "LOCAL"),
          new ArchiveDestination(2, "LOG_ARCHIVE_DEST_2", "VALID", "LOCAL"));

  /**
   * Thread 1: archived sequences 1..3 (SCN 100-400) at both destinations, online 3 (archived) and 4
   * (current).
   */
  private static final java.time.Instant T0 = java.time.Instant.parse("2026-01-01T00:00:00Z");

  /** Oracle's LGWR rule, the default of cdc.mining.lgwr.max.delay.ms. */
  private static final java.time.Duration LGWR = java.time.Duration.ofSeconds(3);

  private final List<ArchivedLog> archived = new ArrayList<>();
  private final List<OnlineLog> online = new ArrayList<>();
  private final List<RedoThreadState> threads = new ArrayList<>();

  LogInventoryTest() {
    for (int seq = 1; seq <= 3; seq++) {
      for (int dest = 1; dest <= 2; dest++) {
        archived.add(archive(1, seq, dest, ArchivedLog.Status.A));
      }
    }
    online.add(onlineLog(1, 3, OnlineLog.Status.INACTIVE));
    online.add(onlineLog(1, 4, OnlineLog.Status.CURRENT));
    threads.add(thread(1, 4, 450, RedoThreadState.Status.OPEN));
  }

  static ArchivedLog archive(int thread, long seq, int dest, ArchivedLog.Status status) {
    return new ArchivedLog(
        "/arch" + dest + "/t" + thread + "_" + seq + ".arc",
        dest,
        thread,
        seq,
        Scn.of(seq * 100),
        Scn.of(seq * 100 + 100),
        null,
        100,
        512,
        status,
        false,
        false,
        false,
        Scn.of(1));
  }

  static OnlineLog onlineLog(int thread, long seq, OnlineLog.Status status) {
    Scn next = status == OnlineLog.Status.CURRENT ? Scn.MAX : Scn.of(seq * 100 + 100);
    return new OnlineLog(
        (int) seq,
        thread,
        seq,
        1 << 20,
        512,
        "/redo/t" + thread + "_g" + seq + ".log",
        status != OnlineLog.Status.CURRENT,
        status,
        Scn.of(seq * 100),
        null,
        next);
  }

  static RedoThreadState thread(
      int thread, long currentSeq, long lastRedoScn, RedoThreadState.Status status) {
    return new RedoThreadState(
        thread,
        status,
        RedoThreadState.Enabled.PUBLIC,
        thread,
        currentSeq,
        Scn.of(lastRedoScn),
        Scn.of(1),
        Scn.ZERO,
        currentSeq,
        77,
        Scn.of(lastRedoScn),
        null);
  }

  private Snapshot snapshot(long currentScn) {
    return new Snapshot(threads, Scn.of(currentScn), online, archived, DESTS, java.util.Set.of());
  }

  private StepPlan plan(
      Mode mode, Map<Integer, RedoAddress> cursors, long startScn, int window, long currentScn) {
    LogInventory.Outcome outcome =
        new LogInventory(mode, "", LGWR)
            .plan(snapshot(currentScn), cursors, Scn.of(startScn), window, T0);
    assertThat(outcome).isInstanceOf(Planned.class);
    return ((Planned) outcome).plan();
  }

  @Test
  void plan_prefersArchivedCopyAtFirstDestinationAndAddsCurrentOnline() {
    StepPlan plan = plan(Mode.ONLINE, Map.of(), 150, 16, 460);
    assertThat(plan.logs())
        .extracting(StepLog::sequence, StepLog::online)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1L, false),
            org.assertj.core.groups.Tuple.tuple(2L, false),
            org.assertj.core.groups.Tuple.tuple(3L, false),
            org.assertj.core.groups.Tuple.tuple(4L, true));
    assertThat(plan.logs().get(0).fileName()).isEqualTo("/arch1/t1_1.arc");
    assertThat(plan.startScn()).isEqualTo(Scn.of(100));
    assertThat(plan.endScn()).isEqualTo(Scn.of(460));
    assertThat(plan.ends()).containsEntry(1, new RedoAddress(1, 4, 77, 0xFFFF));
    assertThat(plan.safeScn()).isEqualTo(Scn.of(450));
    assertThat(plan.limitedByWindow()).isFalse();
  }

  /** The cursor at the end of sequence 2: the step before ended at that whole log. */
  private static final Map<Integer, RedoAddress> AFTER_LOG_2 =
      Map.of(1, new RedoAddress(1, 2, 0xFFFF_FFFFL, 0xFFFF));

  private StepPlan planAfterLog2(LogInventory.OpenAtLogEnd open) {
    LogInventory.Outcome outcome =
        new LogInventory(Mode.ONLINE, "", LGWR)
            .plan(snapshot(460), AFTER_LOG_2, Scn.ZERO, 1, T0, open);
    assertThat(outcome).isInstanceOf(Planned.class);
    return ((Planned) outcome).plan();
  }

  @Test
  void plan_afterAWholeLogWithNothingOpenThereReadsNoLogAgain() {
    StepPlan plan = planAfterLog2((thread, sequence) -> java.util.Optional.empty());
    assertThat(plan.logs()).extracting(StepLog::sequence).containsExactly(3L);
    assertThat(plan.startScn()).isEqualTo(Scn.of(300));
  }

  @Test
  void plan_afterAWholeLogReadsItAgainFromTheLowestStatementOpenAtItsEnd() {
    java.util.List<Long> asked = new ArrayList<>();
    StepPlan plan =
        planAfterLog2(
            (thread, sequence) -> {
              asked.add(thread * 1000L + sequence);
              return java.util.Optional.of(Scn.of(270));
            });
    assertThat(asked).as("thread 1, the log its cursor ended").containsExactly(1002L);
    assertThat(plan.logs()).extracting(StepLog::sequence).containsExactlyInAnyOrder(2L, 3L);
    assertThat(plan.startScn()).isEqualTo(Scn.of(270));
    assertThat(
            plan.readAgainOnly(
                plan.logs().stream().filter(l -> l.sequence() == 2).findFirst().orElseThrow()))
        .isTrue();
    // What the two-argument plan does, knowing nothing of open statements: the whole log again.
    StepPlan unknown = plan(Mode.ONLINE, AFTER_LOG_2, 0, 1, 460);
    assertThat(unknown.startScn()).isEqualTo(Scn.of(200));
    assertThat(planAfterLog2((t, q) -> java.util.Optional.of(Scn.ZERO)).startScn())
        .as("an SCN not known reads the whole log")
        .isEqualTo(Scn.of(200));
  }

  @Test
  void plan_afterAWholeLogAStatementBegunInTheLogBeforeReachesIntoIt() {
    StepPlan plan = planAfterLog2((thread, sequence) -> java.util.Optional.of(Scn.of(150)));
    assertThat(plan.logs()).extracting(StepLog::sequence).containsExactlyInAnyOrder(1L, 2L, 3L);
    assertThat(plan.startScn()).isEqualTo(Scn.of(150));
    // Sequence 1 gone at every destination: the start falls back to the cursor's log.
    archived.removeIf(a -> a.sequence() == 1);
    StepPlan fallback = planAfterLog2((thread, sequence) -> java.util.Optional.of(Scn.of(150)));
    assertThat(fallback.logs()).extracting(StepLog::sequence).containsExactlyInAnyOrder(2L, 3L);
    assertThat(fallback.startScn()).isEqualTo(Scn.of(200));
  }

  @Test
  void plan_windowEndsAtLastWholeLog() {
    StepPlan plan = plan(Mode.ONLINE, Map.of(1, new RedoAddress(1, 2, 10, 0)), 0, 1, 460);
    assertThat(plan.logs()).extracting(StepLog::sequence).containsExactly(2L);
    assertThat(plan.startScn()).isEqualTo(Scn.of(200));
    assertThat(plan.endScn()).isEqualTo(Scn.of(299));
    assertThat(plan.ends()).containsEntry(1, new RedoAddress(1, 2, 0xFFFF_FFFFL, 0xFFFF));
    assertThat(plan.cursors()).containsEntry(1, new RedoAddress(1, 2, 10, 0));
    assertThat(plan.limitedByWindow()).isTrue();
    assertThat(plan.inInterval(new RedoAddress(1, 2, 10, 0))).isFalse();
    assertThat(plan.inInterval(new RedoAddress(1, 2, 10, 1))).isTrue();
    assertThat(plan.inInterval(new RedoAddress(1, 3, 0, 0))).isFalse();
  }

  @Test
  void plan_archiveOnlyStopsAtLastArchived() {
    StepPlan plan = plan(Mode.ARCHIVE_ONLY, Map.of(1, new RedoAddress(1, 2, 10, 0)), 0, 16, 460);
    assertThat(plan.logs()).extracting(StepLog::sequence).containsExactly(2L, 3L);
    assertThat(plan.logs()).noneMatch(StepLog::online);
    assertThat(plan.endScn()).isEqualTo(Scn.of(399));
  }

  @Test
  void plan_racHorizonIsTheLowestThreadReach() {
    threads.add(thread(2, 2, 430, RedoThreadState.Status.OPEN));
    archived.add(archive(2, 1, 1, ArchivedLog.Status.A));
    online.add(onlineLog(2, 2, OnlineLog.Status.CURRENT));
    StepPlan plan =
        plan(
            Mode.ONLINE,
            Map.of(1, new RedoAddress(1, 1, 5, 0), 2, new RedoAddress(2, 1, 5, 0)),
            0,
            2,
            460);
    // Thread 1's window (sequences 1-2) reaches SCN 299; thread 2 reaches the current SCN.
    assertThat(plan.endScn()).isEqualTo(Scn.of(299));
    assertThat(plan.ends()).containsEntry(1, new RedoAddress(1, 2, 0xFFFF_FFFFL, 0xFFFF));
    // Thread 2's current log straddles the horizon: it ends at its last whole log (sequence 1).
    assertThat(plan.ends()).containsEntry(2, new RedoAddress(2, 1, 0xFFFF_FFFFL, 0xFFFF));
    assertThat(plan.logs())
        .extracting(StepLog::thread, StepLog::sequence)
        .contains(org.assertj.core.groups.Tuple.tuple(2, 2L));
    assertThat(plan.safeScn()).isEqualTo(Scn.of(199));
  }

  @Test
  void plan_safeScnIsLowestFlushedThread() {
    threads.add(thread(2, 2, 420, RedoThreadState.Status.OPEN));
    archived.add(archive(2, 1, 1, ArchivedLog.Status.A));
    online.add(onlineLog(2, 2, OnlineLog.Status.CURRENT));
    StepPlan plan =
        plan(
            Mode.ONLINE,
            Map.of(1, new RedoAddress(1, 4, 5, 0), 2, new RedoAddress(2, 2, 5, 0)),
            0,
            4,
            460);
    assertThat(plan.endScn()).isEqualTo(Scn.of(460));
    assertThat(plan.safeScn()).isEqualTo(Scn.of(420));
  }

  @Test
  void plan_purgedArchiveStopsWith2002() {
    archived.replaceAll(
        a -> a.sequence() == 2 ? archive(1, 2, a.destId(), ArchivedLog.Status.D) : a);
    assertThatThrownBy(() -> plan(Mode.ONLINE, Map.of(1, new RedoAddress(1, 1, 5, 0)), 0, 16, 460))
        .isInstanceOfSatisfying(
            CdcException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.LOG_PURGED);
              assertThat(e.detail())
                  .isEqualTo(
                      "thread 1 sequence 2 (SCN 200 to 300) is deleted at archive destination 1");
            });
  }

  @Test
  void plan_missingSequenceIsWaitedFor() {
    archived.removeIf(a -> a.sequence() == 2);
    LogInventory.Outcome outcome =
        new LogInventory(Mode.ONLINE, "", LGWR)
            .plan(snapshot(460), Map.of(1, new RedoAddress(1, 1, 5, 0)), Scn.ZERO, 16, T0);
    assertThat(outcome)
        .isEqualTo(
            new Wait(
                "thread 1 sequence 2 (SCN 200 to 300) is neither archived at "
                    + "destination 1 nor online; archived there: [1, 3], online: [4]"));
  }

  /**
   * Issue 16 item 18: the CDC-2001 detail (the wait's reason, once it lasts) names every missing
   * sequence and the SCN range they held, not the first sequence and the capture's start SCN.
   */
  @Test
  void messagesThatSayWhatHappened_gapNamesEveryMissingSequenceAndItsScnRange() {
    archived.removeIf(a -> a.sequence() == 2 || a.sequence() == 3);
    online.removeIf(o -> o.sequence() == 3);
    LogInventory.Outcome outcome =
        new LogInventory(Mode.ONLINE, "", LGWR)
            .plan(snapshot(460), Map.of(1, new RedoAddress(1, 2, 5, 0)), Scn.of(150), 16, T0);
    assertThat(outcome)
        .isEqualTo(
            new Wait(
                "thread 1 sequences 2 to 3 (SCN 200 to 400) are neither archived at "
                    + "destination 1 nor online; archived there: [1], online: [4]"));
  }

  /**
   * Sequences never archived at the configured destination while V$ARCHIVED_LOG lists them at
   * another: the gap's SCN range still starts at the lower bound the views give, not "below".
   */
  @Test
  void messagesThatSayWhatHappened_gapAtTheConfiguredDestinationTakesItsBoundsFromAnyDestination() {
    archived.removeIf(a -> a.destId() == 2);
    online.removeIf(o -> o.sequence() == 3);
    LogInventory.Outcome outcome =
        new LogInventory(Mode.ONLINE, "LOG_ARCHIVE_DEST_2", LGWR)
            .plan(snapshot(460), Map.of(1, new RedoAddress(1, 2, 5, 0)), Scn.of(250), 16, T0);
    assertThat(outcome)
        .isEqualTo(
            new Wait(
                "thread 1 sequences 2 to 3 (SCN 200 to 400) are neither archived at "
                    + "destination 2 nor online; archived there: [], online: [4]"));
  }

  @Test
  void plan_racThreadBehindGetsEarlierLogsOfOtherThreads() {
    threads.add(thread(2, 1, 430, RedoThreadState.Status.OPEN));
    online.add(onlineLog(2, 1, OnlineLog.Status.CURRENT));
    // Thread 1 is at sequence 4 (SCN 400-); thread 2's cursor is in its sequence 1 (SCN 100-).
    StepPlan plan =
        plan(
            Mode.ONLINE,
            Map.of(1, new RedoAddress(1, 4, 5, 0), 2, new RedoAddress(2, 1, 5, 0)),
            0,
            4,
            460);
    assertThat(plan.startScn()).isEqualTo(Scn.of(100));
    assertThat(plan.logs())
        .extracting(StepLog::thread, StepLog::sequence)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple(1, 1L),
            org.assertj.core.groups.Tuple.tuple(1, 2L),
            org.assertj.core.groups.Tuple.tuple(1, 3L),
            org.assertj.core.groups.Tuple.tuple(1, 4L),
            org.assertj.core.groups.Tuple.tuple(2, 1L));
    assertThat(plan.ends()).containsEntry(1, new RedoAddress(1, 4, 77, 0xFFFF));
    assertThat(plan.cursors()).containsEntry(1, new RedoAddress(1, 4, 5, 0));
  }

  @Test
  void plan_waitsForLogBeingArchived() {
    // Sequence 4 was just switched out: not archived yet and its group not listed; 5 is current.
    online.removeIf(o -> o.sequence() == 4);
    online.add(onlineLog(1, 5, OnlineLog.Status.CURRENT));
    LogInventory.Outcome outcome =
        new LogInventory(Mode.ONLINE, "", LGWR)
            .plan(snapshot(560), Map.of(1, new RedoAddress(1, 3, 5, 0)), Scn.ZERO, 16, T0);
    assertThat(outcome).isInstanceOf(Wait.class);
    assertThat(((Wait) outcome).reason()).startsWith("thread 1 sequence 4 (SCN 400 to 500)");
  }

  @Test
  void plan_startScnInPurgedLogStops() {
    archived.replaceAll(
        a -> a.sequence() == 1 ? archive(1, 1, a.destId(), ArchivedLog.Status.D) : a);
    assertThatThrownBy(() -> plan(Mode.ONLINE, Map.of(), 150, 16, 460))
        .isInstanceOfSatisfying(
            CdcException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOG_PURGED));
  }

  @Test
  void plan_namedDestinationIsUsedOrRejected() {
    LogInventory.Outcome outcome =
        new LogInventory(Mode.ONLINE, "log_archive_dest_2", LGWR)
            .plan(snapshot(460), Map.of(), Scn.of(150), 16, T0);
    assertThat(((Planned) outcome).plan().logs().get(0).fileName()).isEqualTo("/arch2/t1_1.arc");
    assertThatThrownBy(
            () ->
                new LogInventory(Mode.ONLINE, "LOG_ARCHIVE_DEST_9", LGWR)
                    .plan(snapshot(460), Map.of(), Scn.of(150), 16, T0))
        .hasMessageContaining("cdc.archive.destination='LOG_ARCHIVE_DEST_9'");
  }

  @Test
  void plan_closedThreadDoesNotHoldBackHorizon() {
    threads.add(thread(2, 1, 150, RedoThreadState.Status.CLOSED));
    archived.add(archive(2, 1, 1, ArchivedLog.Status.A));
    StepPlan plan = plan(Mode.ONLINE, Map.of(1, new RedoAddress(1, 1, 5, 0)), 0, 16, 460);
    assertThat(plan.endScn()).isEqualTo(Scn.of(460));
    assertThat(plan.safeScn()).isEqualTo(Scn.of(450));
    assertThat(plan.ends()).containsKey(2);
  }

  @Test
  void plan_nothingNewWhenArchiveOnlyIsCaughtUp() {
    StepPlan plan = plan(Mode.ARCHIVE_ONLY, Map.of(1, new RedoAddress(1, 4, 5, 0)), 0, 16, 460);
    assertThat(plan.logs()).isEmpty();
  }

  @Test
  void plan_idleRacThreadStopsHoldingBackCommits() {
    threads.add(thread(2, 2, 300, RedoThreadState.Status.OPEN));
    archived.add(archive(2, 1, 1, ArchivedLog.Status.A));
    online.add(onlineLog(2, 2, OnlineLog.Status.CURRENT));
    LogInventory inventory = new LogInventory(Mode.ONLINE, "", LGWR);
    Map<Integer, RedoAddress> cursors =
        Map.of(1, new RedoAddress(1, 4, 5, 0), 2, new RedoAddress(2, 2, 5, 0));
    StepPlan first = ((Planned) inventory.plan(snapshot(460), cursors, Scn.ZERO, 4, T0)).plan();
    assertThat(first.safeScn()).isEqualTo(Scn.of(300));
    // Neither thread writes for 3 s: their commits up to the SCN current when they last wrote (460)
    // are all in the logs, so thread 2's LAST_REDO_CHANGE# (300) no longer holds commits back.
    StepPlan later =
        ((Planned) inventory.plan(snapshot(470), cursors, Scn.ZERO, 4, T0.plusSeconds(3))).plan();
    assertThat(later.safeScn()).isEqualTo(Scn.of(460));
  }
}
