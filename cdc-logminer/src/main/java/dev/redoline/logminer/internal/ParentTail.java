package dev.redoline.logminer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Incarnation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.logminer.internal.StepPlan.StepLog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The step that mines what is left of a parent incarnation after an OPEN RESETLOGS
 * (docs/offsets-and-recovery.md#resetlogs): from each thread's cursor to the end of the last
 * archived log of the parent that holds redo below the RESETLOGS SCN, with the session's end SCN
 * just below it. The parent's redo at or above that SCN was discarded by the RESETLOGS, so the end
 * SCN alone leaves it out and the thread's interval may end at the end of a log whatever that log
 * holds above; every commit the session returns is in the new incarnation's past, so the safe SCN
 * is the end SCN.
 *
 * <p>The parent's online logs were archived by the RESETLOGS, so only V$ARCHIVED_LOG rows of the
 * parent are planned from, at the destination the capture mines from (any destination when it is
 * not named there). A needed sequence that is deleted stops with CDC-2002, one that no view lists
 * with CDC-2001: the parent's redo cannot come back once the logs of both are gone.
 */
final class ParentTail {

  private ParentTail() {}

  /**
   * The tail step, or {@code null} when every thread's cursor is already past the parent's redo
   * below the RESETLOGS SCN.
   *
   * @param parent the incarnation the cursors are in
   * @param next the current incarnation, opened from {@code parent}
   * @param cursors per thread, the last applied address in {@code parent}
   * @param startScn where threads without a cursor start
   * @param archived V$ARCHIVED_LOG rows of {@code parent}
   * @param destId the archive destination mined from, or -1 for any
   */
  static StepPlan plan(
      Incarnation parent,
      Incarnation next,
      Map<Integer, RedoAddress> cursors,
      Scn startScn,
      List<ArchivedLog> archived,
      int destId) {
    Scn end = next.resetlogsScn().minus(1);
    Map<Integer, TreeMap<Long, ArchivedLog>> byThread = new TreeMap<>();
    for (ArchivedLog a : archived) {
      if ((destId < 0 || a.destId() == destId) && !a.standbyDest()) {
        byThread
            .computeIfAbsent(a.thread(), t -> new TreeMap<>())
            .merge(a.sequence(), a, (x, y) -> x.deleted() ? y : x);
      }
    }
    Set<Integer> threads = new TreeSet<>(byThread.keySet());
    threads.addAll(cursors.keySet());
    Map<Integer, RedoAddress> ends = new HashMap<>();
    Map<Integer, Long> firstNeeded = new HashMap<>();
    Scn sessionStart = Scn.MAX;
    for (int thread : threads) {
      TreeMap<Long, ArchivedLog> logs = byThread.getOrDefault(thread, new TreeMap<>());
      long first = first(logs, cursors.get(thread), startScn);
      Long last = lastBelow(logs, end);
      if (last == null || first > last) {
        continue; // nothing of this thread's parent redo below the RESETLOGS SCN is unread
      }
      ArchivedLog firstLog = require(parent, thread, logs, first);
      firstNeeded.put(thread, first);
      sessionStart = Scn.min(sessionStart, firstLog.firstScn());
      ends.put(thread, new RedoAddress(thread, last, 0xFFFF_FFFFL, 0xFFFF));
    }
    if (ends.isEmpty()) {
      return null;
    }
    // LogMiner needs every thread's logs over the session's whole range: a thread whose cursor is
    // in a later log also gets its earlier logs down to the session start (read, not applied).
    List<StepLog> chosen = new ArrayList<>();
    for (int thread : threads) {
      TreeMap<Long, ArchivedLog> logs = byThread.getOrDefault(thread, new TreeMap<>());
      Long last = lastBelow(logs, end);
      if (last == null) {
        continue;
      }
      long from = firstNeeded.getOrDefault(thread, last);
      while (from > 1
          && logs.containsKey(from - 1)
          && logs.get(from).firstScn().compareTo(sessionStart) > 0) {
        from--;
      }
      for (long seq = from; seq <= last; seq++) {
        ArchivedLog log = require(parent, thread, logs, seq);
        if (log.nextScn().compareTo(sessionStart) > 0) {
          chosen.add(new StepLog(thread, seq, log.firstScn(), log.nextScn(), log.name(), false));
        }
      }
    }
    Map<Integer, RedoAddress> starts = new HashMap<>();
    ends.keySet()
        .forEach(
            t -> {
              if (cursors.get(t) != null) {
                starts.put(t, cursors.get(t));
              }
            });
    return new StepPlan(chosen, sessionStart, end, starts, ends, end, false, Set.of(), Set.of());
  }

  /** The sequence a thread's unread redo starts in: its cursor's log, or the log of the start. */
  private static long first(TreeMap<Long, ArchivedLog> logs, RedoAddress cursor, Scn startScn) {
    if (cursor != null && cursor.sequence() > 0) {
      boolean endOfLog = cursor.block() == 0xFFFF_FFFFL && cursor.offset() == 0xFFFF;
      return endOfLog ? cursor.sequence() + 1 : cursor.sequence();
    }
    for (ArchivedLog log : logs.values()) {
      if (log.nextScn().compareTo(startScn) > 0) {
        return log.sequence();
      }
    }
    return Long.MAX_VALUE;
  }

  /** The last sequence holding redo at or below {@code end}, or null. */
  private static Long lastBelow(TreeMap<Long, ArchivedLog> logs, Scn end) {
    Long last = null;
    for (ArchivedLog log : logs.values()) {
      if (log.firstScn().compareTo(end) <= 0) {
        last = log.sequence();
      }
    }
    return last;
  }

  private static ArchivedLog require(
      Incarnation parent, int thread, TreeMap<Long, ArchivedLog> logs, long sequence) {
    ArchivedLog log = logs.get(sequence);
    if (log != null && !log.deleted() && log.name() != null) {
      return log;
    }
    String what =
        "thread "
            + thread
            + " sequence "
            + sequence
            + " of incarnation "
            + parent
            + ", needed to deliver what that incarnation committed below the RESETLOGS SCN,";
    throw log != null && log.deleted()
        ? new CdcException(ErrorCode.LOG_PURGED, what + " is deleted (" + log.name() + ")")
        : new CdcException(ErrorCode.LOG_SEQUENCE_GAP, what + " is not archived");
  }
}
