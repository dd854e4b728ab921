package dev.redoline.logminer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Xid;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Holds the cursor of a thread mined to its last written block at the start of that block, and
 * remembers the rows of the block a step applied, so the next step reads the whole block again and
 * skips those rows (docs/logminer.md#scn-order-and-redo-addresses).
 *
 * <pre>
 * block 80 of the last written log, as V$THREAD showed it: [commit 1]
 * written after the step read V$THREAD, one LGWR write:  [commit 1][A: SCN 905][B: SCN 870]
 * the step's session ends at SCN 900: it returns B, not A
 * cursor at B: A is below every later step's cursor, lost  -> cursor held before block 80
 * next step: block 80 read again; commit 1 and B skipped, A applied
 * </pre>
 *
 * <h2>Why the block</h2>
 *
 * The records of one LGWR write are not in SCN order (a private strand copied at its commit lands
 * after records with higher SCNs, and several public strands are written one after the other), and
 * LGWR may write a partly filled block again after the step read V$THREAD. Every record written
 * before that read has an SCN at or below the session's end SCN (CURRENT_SCN is read after
 * V$THREAD) and is returned; a record written after it lands in the block V$THREAD named or a later
 * one. So a row of that block that the step did not return was written after the read, whatever its
 * SCN, and the next step, whose end SCN is read later still, returns it. No row below the held
 * cursor is ever passed over. The rows remembered are those above the held cursor; a stored
 * position keeps the held cursor alone, so a restart applies the block's rows again, as it applies
 * every row of an open transaction above its resume point, and skips the commits it delivered.
 *
 * <p>Apply thread only.
 */
final class HeldBlocks {

  /** What tells a row apart from the other rows of its redo record. */
  private record Applied(
      RedoAddress address, int ssn, int operationCode, boolean rollback, Xid xid) {

    static Applied of(RedoRow row) {
      return new Applied(row.address(), row.ssn(), row.operationCode(), row.rollback(), row.xid());
    }
  }

  /** Per thread, the rows above its cursor that a step applied. */
  private final Map<Integer, Set<Applied>> applied = new HashMap<>();

  /** Whether a step already applied {@code row}: it lies in a held block, read again. */
  boolean applied(RedoRow row) {
    Set<Applied> rows = applied.get(row.address().thread());
    return rows != null && rows.contains(Applied.of(row));
  }

  /**
   * The cursors after the step of {@code plan}: where the step ended each thread, but a thread that
   * ended in its last written block stays before that block (never below its cursor before the
   * step). The rows of {@code lastBlocks} the step applied are remembered.
   *
   * @param cursors the cursors before the step
   * @param ends where the step ended each thread: every row up to there is applied
   * @param lastBlocks the rows the step kept in the threads' last written blocks
   */
  Map<Integer, RedoAddress> cursorsAfter(
      StepPlan plan,
      Map<Integer, RedoAddress> cursors,
      Map<Integer, RedoAddress> ends,
      List<RedoRow> lastBlocks) {
    Map<Integer, RedoAddress> after = new HashMap<>();
    for (Map.Entry<Integer, RedoAddress> entry : ends.entrySet()) {
      int thread = entry.getKey();
      RedoAddress end = entry.getValue();
      RedoAddress cursor = end;
      if (plan.liveEnds().contains(thread)) {
        RedoAddress block = plan.ends().get(thread);
        RedoAddress beforeBlock =
            StepReader.predecessor(new RedoAddress(thread, block.sequence(), block.block(), 0));
        cursor = end.compareTo(beforeBlock) < 0 ? end : beforeBlock;
        RedoAddress before = cursors.get(thread);
        if (before != null && before.compareTo(cursor) > 0) {
          cursor = before;
        }
      }
      after.put(thread, cursor);
      Set<Applied> kept = new HashSet<>();
      for (Applied a : applied.getOrDefault(thread, Set.of())) {
        if (a.address().compareTo(cursor) > 0) {
          kept.add(a); // read again by this step and skipped, or not read again yet
        }
      }
      for (RedoRow row : lastBlocks) {
        if (row.address().thread() == thread
            && row.address().compareTo(cursor) > 0
            && row.address().compareTo(end) <= 0) {
          kept.add(Applied.of(row));
        }
      }
      if (kept.isEmpty()) {
        applied.remove(thread);
      } else {
        applied.put(thread, kept);
      }
    }
    return after;
  }

  /** Forgets every held row: the cursors were set from a stored position or a new incarnation. */
  void reset() {
    applied.clear();
  }
}
