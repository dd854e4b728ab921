package dev.redoline.logminer;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.logminer.StepPlan.StepLog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Plans a step from the database's log views (SEED.md, "Log inventory"): for every redo thread,
 * the logs from its cursor on, preferring the archived copy at one destination and adding online
 * logs for what is not archived yet ({@code online} mode), with continuity checked per thread.
 *
 * <h2>Implementation notes</h2>
 * <ul>
 *   <li><b>Threads.</b> PUBLIC threads are mined; PRIVATE and DISABLED ones are not. A CLOSED
 *       thread is mined up to its last log, whose redo ends at its checkpoint.
 *   <li><b>Copies.</b> Logs are keyed by (thread, sequence): the archived copy at the chosen
 *       destination wins over the online group of the same sequence (adding both would fail with
 *       ORA-01289).
 *   <li><b>Gaps.</b> A sequence with only deleted copies (STATUS 'D') stops with CDC-2002; one with
 *       no copy at all stops with CDC-2001, unless it is newer than every archived sequence of its
 *       thread and older than the current log: then it is being archived right now, and the plan
 *       says to wait ({@link Wait}).
 *   <li><b>Horizon.</b> Each thread contributes the SCN up to which its chosen logs hold all of its
 *       redo: the database's CURRENT_SCN (read after the thread addresses) when the window reaches
 *       the current log, else the last chosen log's NEXT_CHANGE# - 1. The session's end SCN is the
 *       lowest of these, so no thread's interval holds a record LogMiner would not return.
 * </ul>
 */
final class LogInventory {

  /** Capture modes of {@code cdc.capture.mode}. */
  enum Mode { ONLINE, ARCHIVE_ONLY }

  /** The views a plan is made from, read in this order: threads, then CURRENT_SCN. */
  record Snapshot(List<RedoThreadState> threads, Scn currentScn, List<OnlineLog> online,
      List<ArchivedLog> archived, List<ArchiveDestination> destinations) {}

  /** The outcome: a plan, or a reason to wait for archiving and look again. */
  sealed interface Outcome permits Planned, Wait {}

  /** A step to mine. */
  record Planned(StepPlan plan) implements Outcome {}

  /** A log is being archived: look again shortly (not a gap yet). */
  record Wait(String reason) implements Outcome {}

  private final Mode mode;
  private final String destinationName;

  LogInventory(Mode mode, String destinationName) {
    this.mode = mode;
    this.destinationName = destinationName;
  }

  /**
   * Plans the next step.
   *
   * @param cursors per thread, the address of the last applied record
   * @param startScn where threads without a cursor start
   * @param windowLogs at most this many logs per thread
   * @return a plan with no logs when there is nothing new to mine
   */
  Outcome plan(Snapshot snapshot, Map<Integer, RedoAddress> cursors, Scn startScn, int windowLogs) {
    int destId = destination(snapshot.destinations());
    Map<Integer, List<StepLog>> windows = new TreeMap<>();
    Map<Integer, Scn> reach = new HashMap<>();
    Map<Integer, RedoThreadState> byThread = new HashMap<>();
    boolean limited = false;
    for (RedoThreadState thread : snapshot.threads()) {
      if (thread.enabled() != RedoThreadState.Enabled.PUBLIC) {
        continue;
      }
      byThread.put(thread.thread(), thread);
      List<StepLog> chain = chain(thread, snapshot, destId, cursors.get(thread.thread()), startScn);
      if (chain == null) {
        return new Wait("thread " + thread.thread() + ": the log after sequence "
            + lastArchived(snapshot, thread.thread(), destId) + " is being archived");
      }
      if (chain.isEmpty()) {
        continue;
      }
      List<StepLog> window = chain.subList(0, Math.min(windowLogs, chain.size()));
      limited |= window.size() < chain.size();
      windows.put(thread.thread(), window);
      StepLog last = window.get(window.size() - 1);
      boolean reachesCurrent = last.nextScn().equals(Scn.MAX);
      if (reachesCurrent || thread.status() == RedoThreadState.Status.OPEN || window.size() < chain.size()) {
        reach.put(thread.thread(), reachesCurrent ? snapshot.currentScn() : last.nextScn().minus(1));
      }
    }
    Scn horizon = snapshot.currentScn();
    for (Scn r : reach.values()) {
      horizon = Scn.min(horizon, r);
    }
    return new Planned(bound(windows, byThread, cursors, horizon, snapshot.currentScn(), limited));
  }

  private StepPlan bound(Map<Integer, List<StepLog>> windows, Map<Integer, RedoThreadState> threads,
      Map<Integer, RedoAddress> cursors, Scn horizon, Scn currentScn, boolean limited) {
    List<StepLog> logs = new ArrayList<>();
    Map<Integer, RedoAddress> ends = new HashMap<>();
    Map<Integer, RedoAddress> starts = new HashMap<>();
    Scn startScn = Scn.MAX;
    Scn safe = horizon;
    for (Map.Entry<Integer, List<StepLog>> entry : windows.entrySet()) {
      int thread = entry.getKey();
      RedoThreadState state = threads.get(thread);
      RedoAddress cursor = cursors.get(thread);
      RedoAddress end = cursor;
      Scn threadSafe = null;
      for (StepLog log : entry.getValue()) {
        if (log.firstScn().compareTo(horizon) > 0) {
          break;
        }
        logs.add(log);
        startScn = Scn.min(startScn, log.firstScn());
        if (log.nextScn().equals(Scn.MAX)) {
          if (horizon.equals(currentScn)) {
            end = state.lastRedoAddress();
            threadSafe = state.lastRedoScn();
          }
        } else if (log.nextScn().minus(1).compareTo(horizon) <= 0) {
          end = new RedoAddress(thread, log.sequence(), 0xFFFF_FFFFL, 0xFFFF);
          threadSafe = log.nextScn().minus(1);
        }
      }
      if (end == null) {
        continue;
      }
      if (cursor != null) {
        starts.put(thread, cursor);
      }
      ends.put(thread, end);
      if (threadSafe == null) {
        // No whole log advanced: this thread's future commits are at or above its cursor's log.
        Scn first = entry.getValue().get(0).firstScn();
        threadSafe = first.equals(Scn.ZERO) ? first : first.minus(1);
      }
      if (state.status() == RedoThreadState.Status.OPEN || !isLastLog(entry.getValue(), end)) {
        safe = Scn.min(safe, threadSafe);
      }
    }
    if (logs.isEmpty() || startScn.compareTo(horizon) >= 0) {
      return new StepPlan(List.of(), horizon, horizon, starts, Map.of(), Scn.ZERO, false);
    }
    return new StepPlan(logs, startScn, horizon, starts, ends, safe, limited);
  }

  private static boolean isLastLog(List<StepLog> window, RedoAddress end) {
    return window.get(window.size() - 1).sequence() == end.sequence();
  }

  /**
   * The thread's logs from the one holding its cursor (or {@code startScn}) to its last, each
   * sequence once; {@code null} when the next one is being archived.
   */
  private List<StepLog> chain(RedoThreadState thread, Snapshot snapshot, int destId, RedoAddress cursor,
      Scn startScn) {
    int t = thread.thread();
    TreeMap<Long, StepLog> usable = new TreeMap<>();
    TreeMap<Long, ArchivedLog> deleted = new TreeMap<>();
    long lastArchived = 0;
    for (ArchivedLog a : snapshot.archived()) {
      if (a.thread() != t || a.destId() != destId || a.standbyDest()) {
        continue;
      }
      if (a.status() == ArchivedLog.Status.A && a.name() != null) {
        usable.put(a.sequence(), new StepLog(t, a.sequence(), a.firstScn(), a.nextScn(), a.name(), false));
        lastArchived = Math.max(lastArchived, a.sequence());
      } else if (a.deleted()) {
        deleted.put(a.sequence(), a);
      }
    }
    long current = 0;
    for (OnlineLog o : snapshot.online()) {
      if (o.thread() != t || o.status() == OnlineLog.Status.UNUSED) {
        continue;
      }
      current = Math.max(current, o.sequence());
      if (mode == Mode.ONLINE && !usable.containsKey(o.sequence())) {
        usable.put(o.sequence(), new StepLog(t, o.sequence(), o.firstScn(), o.nextScn(), o.fileName(), true));
      }
    }
    long first = firstSequence(t, usable, deleted, cursor, startScn, thread);
    if (first < 0) {
      return List.of();
    }
    long last = mode == Mode.ONLINE ? Math.max(current, lastArchived) : lastArchived;
    List<StepLog> chain = new ArrayList<>();
    for (long seq = first; seq <= last; seq++) {
      StepLog log = usable.get(seq);
      if (log != null) {
        chain.add(log);
        continue;
      }
      ArchivedLog gone = deleted.get(seq);
      if (gone != null) {
        throw new CdcException(ErrorCode.LOG_PURGED, "thread " + t + " sequence " + seq + " (SCN " + gone.firstScn()
            + " to " + gone.nextScn() + ") is deleted at archive destination " + destId);
      }
      if (seq > lastArchived && seq < current) {
        return null;
      }
      throw new CdcException(ErrorCode.LOG_SEQUENCE_GAP, "thread " + t + " sequence " + seq
          + " is neither online nor archived at destination " + destId + " (needed after sequence " + (seq - 1)
          + (chain.isEmpty() ? "" : ", SCN " + chain.get(chain.size() - 1).nextScn()) + ")");
    }
    return chain;
  }

  private long firstSequence(int t, TreeMap<Long, StepLog> usable, TreeMap<Long, ArchivedLog> deleted,
      RedoAddress cursor, Scn startScn, RedoThreadState thread) {
    if (cursor != null && cursor.sequence() > 0) {
      return cursor.sequence();
    }
    for (StepLog log : usable.values()) {
      if (log.nextScn().compareTo(startScn) > 0) {
        if (log.firstScn().compareTo(startScn) > 0 && log.sequence() > 1
            && !usable.containsKey(log.sequence() - 1) && thread.enableScn().compareTo(startScn) < 0) {
          ArchivedLog gone = deleted.get(log.sequence() - 1);
          throw gone != null
              ? new CdcException(ErrorCode.LOG_PURGED, "thread " + t + " sequence " + gone.sequence() + " (SCN "
                  + gone.firstScn() + " to " + gone.nextScn() + ") holding start SCN " + startScn + " is deleted")
              : new CdcException(ErrorCode.LOG_SEQUENCE_GAP, "thread " + t + ": no log holds start SCN " + startScn
                  + "; the oldest available is sequence " + log.sequence() + " from SCN " + log.firstScn());
        }
        return log.sequence();
      }
    }
    return -1;
  }

  private long lastArchived(Snapshot snapshot, int thread, int destId) {
    long last = 0;
    for (ArchivedLog a : snapshot.archived()) {
      if (a.thread() == thread && a.destId() == destId && a.status() == ArchivedLog.Status.A) {
        last = Math.max(last, a.sequence());
      }
    }
    return last;
  }

  private int destination(List<ArchiveDestination> destinations) {
    ArchiveDestination chosen = null;
    for (ArchiveDestination d : destinations) {
      boolean match = destinationName.isEmpty() ? d.usableLocal() : d.name().equalsIgnoreCase(destinationName);
      if (match && (chosen == null || d.destId() < chosen.destId())) {
        chosen = d;
      }
    }
    if (chosen == null && !destinationName.isEmpty()) {
      throw new CdcException(ErrorCode.INVALID_CONFIGURATION, "cdc.archive.destination='" + destinationName
          + "': no such archive destination; V$ARCHIVE_DEST_STATUS has " + destinations.stream()
              .map(ArchiveDestination::name).toList());
    }
    return chosen == null ? -1 : chosen.destId();
  }
}
