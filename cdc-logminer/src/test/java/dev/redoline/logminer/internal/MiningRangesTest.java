package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.logminer.internal.StepPlan.StepLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MiningRangesTest {

  private static StepLog log(int thread, long seq, long first, long next, boolean online) {
    return new StepLog(
        thread,
        seq,
        Scn.of(first),
        online && next == 0 ? Scn.MAX : Scn.of(next),
        "/arch/" + thread + "_" + seq,
        online);
  }

  private static StepPlan plan(List<StepLog> logs, long start, long end) {
    return new StepPlan(
        logs,
        Scn.of(start),
        Scn.of(end),
        Map.of(),
        Map.of(1, new RedoAddress(1, 9, 1, 0)),
        Scn.of(end),
        false,
        Set.of());
  }

  @Test
  void oneSessionOrOnlineLogsOnly_isNotSplit() {
    StepPlan twoLogs =
        plan(List.of(log(1, 1, 100, 200, false), log(1, 2, 200, 300, false)), 100, 299);
    assertThat(MiningRanges.split(twoLogs, 1)).containsExactly(twoLogs);
    StepPlan onlineOnly = plan(List.of(log(1, 2, 200, 0, true)), 200, 250);
    assertThat(MiningRanges.split(onlineOnly, 4)).containsExactly(onlineOnly);
  }

  @Test
  void oneArchivedLogAndTheOnlineLog_areSharedBySCN() {
    StepLog archived = log(1, 1, 100, 200, false);
    StepLog online = log(1, 2, 200, 0, true);
    StepPlan plan = plan(List.of(archived, online), 100, 250);
    List<StepPlan> ranges = MiningRanges.split(plan, 4);
    assertThat(ranges)
        .extracting(StepPlan::startScn)
        .containsExactly(Scn.of(100), Scn.of(150), Scn.of(200), Scn.of(225));
    assertThat(ranges)
        .extracting(StepPlan::endScn)
        .containsExactly(Scn.of(149), Scn.of(199), Scn.of(224), Scn.of(250));
    // A range adds the later logs too: they may hold its SCNs below their FIRST_CHANGE#.
    assertThat(ranges)
        .extracting(StepPlan::logs)
        .containsExactly(
            List.of(archived, online), List.of(archived, online), List.of(online), List.of(online));
  }

  @Test
  void theLogReadAgainBeforeTheCursor_isNotCounted_theLogAfterItIsShared() {
    // The step began after a whole log 1: its session starts at log 1's FIRST_CHANGE# (rows of log
    // 2 may lie below 200), but every row of log 1 is at or before the cursor.
    StepLog readAgain = log(1, 1, 100, 200, false);
    StepLog applied = log(1, 2, 200, 300, false);
    StepPlan plan =
        new StepPlan(
            List.of(readAgain, applied),
            Scn.of(100),
            Scn.of(299),
            Map.of(1, new RedoAddress(1, 1, 0xFFFF_FFFFL, 0xFFFF)),
            Map.of(1, new RedoAddress(1, 2, 0xFFFF_FFFFL, 0xFFFF)),
            Scn.of(299),
            false,
            Set.of());
    assertThat(plan.readAgainOnly(readAgain)).isTrue();
    assertThat(plan.readAgainOnly(applied)).isFalse();
    List<StepPlan> ranges = MiningRanges.split(plan, 2);
    // Cut inside log 2, not at its FIRST_CHANGE# (which would leave the first session nothing to
    // apply but the rows of log 2 below it).
    assertThat(ranges).extracting(StepPlan::startScn).containsExactly(Scn.of(100), Scn.of(249));
    assertThat(ranges).extracting(StepPlan::endScn).containsExactly(Scn.of(248), Scn.of(299));
    assertThat(ranges)
        .extracting(StepPlan::logs)
        .containsExactly(List.of(readAgain, applied), List.of(applied));
  }

  @Test
  void ranges_coverEverySCNOnce_andEachAddsEveryLogHoldingOneOfItsSCNs() {
    // two RAC threads switching at different SCNs, and an online log per thread
    List<StepLog> logs =
        List.of(
            log(1, 1, 100, 180, false),
            log(1, 2, 180, 260, false),
            log(1, 3, 260, 340, false),
            log(1, 4, 340, 0, true),
            log(2, 7, 90, 210, false),
            log(2, 8, 210, 300, false),
            log(2, 9, 300, 0, true));
    StepPlan plan = plan(logs, 100, 400);
    List<StepPlan> ranges = MiningRanges.split(plan, 4);
    assertThat(ranges.size()).isBetween(2, 4);
    assertThat(ranges.get(0).startScn()).isEqualTo(plan.startScn());
    assertThat(ranges.get(ranges.size() - 1).endScn()).isEqualTo(plan.endScn());
    for (int k = 1; k < ranges.size(); k++) {
      assertThat(ranges.get(k).startScn()).isEqualTo(ranges.get(k - 1).endScn().plus(1));
    }
    for (long scn = 100; scn <= 400; scn++) {
      List<StepPlan> holding = new ArrayList<>();
      for (StepPlan r : ranges) {
        if (r.startScn().compareTo(Scn.of(scn)) <= 0 && r.endScn().compareTo(Scn.of(scn)) >= 0) {
          holding.add(r);
        }
      }
      assertThat(holding).as("SCN %s", scn).hasSize(1);
      for (StepLog l : logs) {
        boolean holds =
            l.firstScn().compareTo(Scn.of(scn)) <= 0 && l.nextScn().compareTo(Scn.of(scn)) > 0;
        if (holds) {
          assertThat(holding.get(0).logs()).as("SCN %s in %s", scn, l).contains(l);
        }
      }
    }
    // start SCN of each range lies in one of its logs per thread (START_LOGMNR needs it)
    for (StepPlan r : ranges) {
      assertThat(r.endScn()).isGreaterThan(r.startScn());
      assertThat(r.logs())
          .anyMatch(
              l ->
                  l.firstScn().compareTo(r.startScn()) <= 0
                      && l.nextScn().compareTo(r.startScn()) > 0);
    }
  }
}
