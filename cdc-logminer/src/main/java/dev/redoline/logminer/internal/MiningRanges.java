package dev.redoline.logminer.internal;

import dev.redoline.core.Scn;
import dev.redoline.logminer.internal.StepPlan.StepLog;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * Splits one step's SCN range into contiguous ranges, one per LogMiner session ({@code
 * cdc.mining.sessions}), so that each session returns exactly the rows one session over the whole
 * step returns with an SCN in its range, in the same order: concatenated in range order, they are
 * the one session's rows.
 *
 * <h2>Why that holds</h2>
 *
 * LogMiner returns the records of its added logs whose SCN lies within START_LOGMNR's bounds (both
 * included), ordered by SCN across threads. Range {@code k} is {@code [b(k), b(k+1) - 1]}, the
 * first starting at the step's start SCN and the last ending at its end SCN, so every SCN of the
 * step is in exactly one range; its session adds every log of the step that may hold an SCN of the
 * range, whatever its thread: a RAC thread whose log switched at another SCN than the others' has
 * that log added to each range it spans, and each session reads only its part. A log may hold SCNs
 * below its FIRST_CHANGE#: the rows of an array DML that the log switch fell inside keep the
 * statement's SCN in the next log (and in the one after, for a statement larger than a log), so a
 * range's session also adds every later log of the step ({@code nextScn > low} is the only test).
 * The pieces of a statement continued over CSF rows, a statement's LOB rows after it and a record
 * at the end of a log share their record's SCN or follow it in SCN order, so they stay together and
 * in order.
 *
 * <p>Boundaries cut the step's logs, taken in FIRST_CHANGE# order, into ranges of about as many
 * logs each (the logs wholly at or before their thread's cursor, added only so that the session's
 * SCN range is covered, are not counted: the first range reads them): at a log's FIRST_CHANGE# when
 * the logs divide evenly, else at an SCN inside a log in proportion to the part of its SCN span the
 * step reads (so a step of one or two large logs is shared too: a session adds the log and keeps
 * only the SCNs of its range, the rest of the log's records are skipped, not decoded). Online logs
 * are shared as archived ones are, the log being written included, up to the step's end SCN: a
 * capture behind at several times one session's pace reaches the online logs with seconds of redo
 * in them, more than one session reads in the time it has. A step without an archived log (a
 * capture that keeps up) is mined by one session.
 *
 * <p>Whatever the boundaries, the step itself (its logs, bounds and intervals, hence where it ends
 * and the positions it records) is the one-session step's: only who mines which SCNs differs.
 */
final class MiningRanges {

  private MiningRanges() {}

  /**
   * The plans of up to {@code sessions} ranges of {@code plan}, in SCN order; a single plan, the
   * given one, when the step is not split.
   */
  static List<StepPlan> split(StepPlan plan, int sessions) {
    // The logs read again only to cover the start (at or before their thread's cursor) hold no
    // row to apply: the boundaries share the others.
    List<StepLog> logs =
        plan.logs().stream()
            .filter(log -> !plan.readAgainOnly(log))
            .sorted(Comparator.comparing(StepLog::firstScn))
            .toList();
    if (sessions <= 1 || logs.isEmpty() || logs.stream().allMatch(StepLog::online)) {
      return List.of(plan);
    }
    TreeSet<Scn> bounds = new TreeSet<>();
    for (int k = 1; k < sessions; k++) {
      Scn b = boundary(plan, logs, (double) k * logs.size() / sessions);
      if (b.compareTo(plan.endScn()) < 0) {
        bounds.add(b);
      }
    }
    List<StepPlan> ranges = new ArrayList<>();
    Scn low = plan.startScn();
    for (Scn b : bounds) {
      // START_LOGMNR refuses an end SCN not above its start (ORA-01281): each range spans two SCNs
      // at least
      if (b.compareTo(low.plus(1)) > 0) {
        ranges.add(range(plan, low, b.minus(1)));
        low = b;
      }
    }
    if (ranges.isEmpty()) {
      return List.of(plan);
    }
    ranges.add(range(plan, low, plan.endScn()));
    return List.copyOf(ranges);
  }

  /**
   * The SCN at {@code at} logs from the first: a log's FIRST_CHANGE#, or inside the log in
   * proportion to the part of its SCN span the step reads (up to the step's end SCN for the log
   * being written).
   */
  private static Scn boundary(StepPlan plan, List<StepLog> logs, double at) {
    int index = (int) at;
    StepLog log = logs.get(index);
    double part = at - index;
    Scn low = Scn.max(log.firstScn(), plan.startScn());
    Scn high = Scn.min(log.nextScn(), plan.endScn());
    if (part == 0 || high.compareTo(low) <= 0) {
      return part == 0 ? log.firstScn() : low;
    }
    return low.plus((long) (part * (high.bits() - low.bits())));
  }

  /**
   * The range {@code [low, high]} of {@code plan}: every log of the step that may hold one of its
   * SCNs, which is every log ending above {@code low}, those starting above {@code high} included
   * (their rows of a statement continued from an earlier log keep its SCN, below their
   * FIRST_CHANGE#).
   */
  private static StepPlan range(StepPlan plan, Scn low, Scn high) {
    List<StepLog> logs = new ArrayList<>();
    for (StepLog log : plan.logs()) {
      if (log.nextScn().compareTo(low) > 0) {
        logs.add(log);
      }
    }
    return new StepPlan(
        logs,
        low,
        high,
        plan.cursors(),
        plan.ends(),
        plan.safeScn(),
        plan.limitedByWindow(),
        plan.liveEnds());
  }
}
