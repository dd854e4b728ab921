package dev.redoline.logminer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one mining step reads: the logs to add, the SCN bounds of the LogMiner session, and the
 * address interval per thread (docs/architecture.md#positions, rule 2).
 *
 * <p>Rows of thread {@code t} are applied when their address is in {@code (cursors[t], ends[t]]}.
 * The SCN bounds only choose what LogMiner reads: {@code startScn} is the FIRST_CHANGE# of each
 * cursor's log, so late strand records after a cursor are never below it (or a higher SCN proven
 * safe, {@link #startingAt}), and {@code endScn} is at or above the SCN of every record inside the
 * intervals. Commits with an SCN at or below {@code safeScn} are complete in every thread and may
 * be published in commit order; later ones wait for the next step.
 *
 * @param logs the logs to add, per thread in sequence order
 * @param startScn START_LOGMNR's startScn
 * @param endScn START_LOGMNR's endScn
 * @param cursors per thread, the exclusive start of the interval (absent: the thread is read from
 *     {@code startScn})
 * @param ends per thread, the inclusive end of the interval
 * @param safeScn the highest commit SCN that may be published after this step
 * @param limitedByWindow whether more logs were available than the window allowed
 * @param liveEnds the threads whose interval ends at their last written block (V$THREAD's
 *     LAST_REDO_SEQUENCE# and LAST_REDO_BLOCK), not at a whole log or held at the cursor
 * @param partlyRead the threads with a whole (archived) log in the session that reaches past {@code
 *     endScn}: their interval cannot end inside it (the rows at or below {@code endScn} are no
 *     address prefix of it), but every commit of theirs at or below {@code endScn} is a row the
 *     session returns. {@code safeScn} counts them safe up to {@code endScn}; the step lowers it
 *     below the lowest COMMIT it sees of theirs after their interval ({@link StepReader}).
 */
record StepPlan(
    List<StepLog> logs,
    Scn startScn,
    Scn endScn,
    Map<Integer, RedoAddress> cursors,
    Map<Integer, RedoAddress> ends,
    Scn safeScn,
    boolean limitedByWindow,
    Set<Integer> liveEnds,
    Set<Integer> partlyRead) {

  StepPlan {
    logs = List.copyOf(logs);
    cursors = Map.copyOf(cursors);
    ends = Map.copyOf(ends);
    liveEnds = Set.copyOf(liveEnds);
    partlyRead = Set.copyOf(partlyRead);
  }

  StepPlan(
      List<StepLog> logs,
      Scn startScn,
      Scn endScn,
      Map<Integer, RedoAddress> cursors,
      Map<Integer, RedoAddress> ends,
      Scn safeScn,
      boolean limitedByWindow,
      Set<Integer> liveEnds) {
    this(logs, startScn, endScn, cursors, ends, safeScn, limitedByWindow, liveEnds, Set.of());
  }

  /** This plan with the safe SCN lowered to {@code scn} when that is lower. */
  StepPlan safeAtMost(Scn scn) {
    return scn.compareTo(safeScn) >= 0
        ? this
        : new StepPlan(
            logs, startScn, endScn, cursors, ends, scn, limitedByWindow, liveEnds, partlyRead);
  }

  /**
   * This plan with LogMiner started at {@code scn} when that is above its start, with the same
   * logs, intervals and safe SCN (see {@link SessionStartFloor}). The start stays below the end
   * SCN, because START_LOGMNR refuses a range whose end is not above its start (ORA-01281).
   */
  StepPlan startingAt(Scn scn) {
    if (endScn.compareTo(startScn) <= 0) {
      return this;
    }
    Scn start = Scn.min(Scn.max(startScn, scn), endScn.minus(1));
    return start.equals(startScn)
        ? this
        : new StepPlan(
            logs, start, endScn, cursors, ends, safeScn, limitedByWindow, liveEnds, partlyRead);
  }

  /**
   * Whether every record of {@code log} is at or before its thread's cursor: the log is read only
   * so that the session's SCN range is covered, and none of its rows is applied.
   */
  boolean readAgainOnly(StepLog log) {
    RedoAddress cursor = cursors.get(log.thread());
    return cursor != null
        && new RedoAddress(log.thread(), log.sequence(), 0xFFFF_FFFFL, 0xFFFF).compareTo(cursor)
            <= 0;
  }

  /** Whether a row at {@code address} lies inside this step's interval of its thread. */
  boolean inInterval(RedoAddress address) {
    RedoAddress end = ends.get(address.thread());
    if (end == null || address.compareTo(end) > 0) {
      return false;
    }
    RedoAddress cursor = cursors.get(address.thread());
    return cursor == null || address.compareTo(cursor) > 0;
  }

  /** One log the step adds to the session. */
  record StepLog(
      int thread, long sequence, Scn firstScn, Scn nextScn, String fileName, boolean online) {}
}
