package dev.redoline.logminer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.logminer.internal.StepPlan.StepLog;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a step ends, once {@link LogInventory} has chosen its logs: per thread, the address up to
 * which its redo is complete inside the session's SCN range, and the SCN up to which commits are
 * complete in every thread (the step's safe SCN), including the idle-thread rule that keeps one
 * quiet RAC instance from holding back the others for ever.
 *
 * <h2>Implementation notes</h2>
 *
 * <ul>
 *   <li><b>Thread ends.</b> A thread ends at its last written block only when all of its redo is
 *       inside the session: the horizon is not below CURRENT_SCN and its LAST_REDO_CHANGE# is at or
 *       below the horizon (DBZ-8055); at the end of a whole log when that log's NEXT_CHANGE# - 1
 *       is; else where it was.
 *   <li><b>Safe SCN.</b> The lowest, over open threads, of what each has written completely: its
 *       LAST_REDO_CHANGE#, a whole log's end, or, for a thread whose written redo stood still for
 *       the LGWR delay with no write in progress, the CURRENT_SCN of a moment that long ago; for a
 *       thread with a whole log that reaches past the horizon (archive_only: an idle thread that
 *       switched after the others), the horizon, lowered by the step below that thread's first
 *       COMMIT after its interval ({@link StepPlan#partlyRead}).
 * </ul>
 *
 * <p>Apply thread only; it keeps, per thread, the CURRENT_SCN samples taken since its written redo
 * last moved.
 */
final class StepBounds {

  /**
   * The logs a step reads: per thread the window from its cursor on, the earlier logs that only
   * cover the session's range, the threads' states, and the session's SCN range.
   */
  record Chosen(
      Map<Integer, List<StepLog>> windows,
      List<StepLog> earlier,
      Map<Integer, RedoThreadState> threads,
      Scn sessionStart,
      Scn horizon,
      boolean limited) {}

  /** One observation of CURRENT_SCN while a thread's end of written redo stood still. */
  private record Sample(Instant at, Scn currentScn) {}

  /**
   * A thread's end of written redo and the CURRENT_SCN samples taken since it last moved, oldest
   * first; only the newest sample older than the grace and the ones after it are kept.
   */
  private static final class Seen {
    final RedoAddress lastRedo;
    final ArrayDeque<Sample> samples = new ArrayDeque<>();

    Seen(RedoAddress lastRedo) {
      this.lastRedo = lastRedo;
    }

    void sample(Instant now, Scn currentScn, Duration grace) {
      samples.addLast(new Sample(now, currentScn));
      while (samples.size() > 1) {
        var it = samples.iterator();
        it.next();
        if (Duration.between(it.next().at(), now).compareTo(grace) < 0) {
          break;
        }
        samples.removeFirst();
      }
    }

    /**
     * The CURRENT_SCN of the newest sample taken at least the grace before {@code now}, or null.
     */
    Scn stillSince(Instant now, Duration grace) {
      Sample oldest = samples.peekFirst();
      return oldest != null && Duration.between(oldest.at(), now).compareTo(grace) >= 0
          ? oldest.currentScn()
          : null;
    }
  }

  /**
   * How long a thread's end of written redo must stay still before the thread counts as idle
   * ({@code cdc.mining.lgwr.max.delay.ms}): LGWR writes at least every three seconds and a COMMIT
   * waits for its write, so a commit that had its SCN before then is in the log by now, unless LGWR
   * stalled longer than this.
   */
  private final Duration idleThreadGrace;

  private final Map<Integer, Seen> seen = new HashMap<>();

  /**
   * Whether a thread's written redo moved after standing still for at least half the grace since
   * the last {@link #takeLateWrite}: see {@link #observe}.
   */
  private boolean lateWrite;

  StepBounds(Duration idleThreadGrace) {
    this.idleThreadGrace = idleThreadGrace;
  }

  /**
   * Notes the thread's end of written redo at {@code now}. An instance whose log writer is in a
   * write may be stalled in it: its thread is not idle, and stillness counts again from the first
   * look without a write.
   */
  void observe(RedoThreadState thread, Scn currentScn, boolean writing, Instant now) {
    Seen before = seen.get(thread.thread());
    if (before != null
        && !before.lastRedo.equals(thread.lastRedoAddress())
        && before.stillSince(now, idleThreadGrace.dividedBy(2)) != null) {
      lateWrite = true;
    }
    if (before == null || !before.lastRedo.equals(thread.lastRedoAddress()) || writing) {
      before = new Seen(thread.lastRedoAddress());
      seen.put(thread.thread(), before);
    }
    before.sample(now, currentScn, idleThreadGrace);
  }

  /**
   * Whether, since the last call, a thread's written redo moved after it had stood still for at
   * least half the grace (its redo seen unchanged over that long). Such a write may carry redo that
   * waited in the log buffer longer than the grace (a log writer that missed Oracle's timer without
   * being seen in a write): its SCNs can lie below a session start floor proven on the grace
   * ({@link SessionStartFloor}), so the next step must start at its logs' first SCN, or LogMiner
   * would leave that redo out. Mined, a commit in it is delivered late and reported ({@link
   * CommitSequencer}). Half the grace, because the floor's observation and this thread's samples
   * are taken a moment apart. An idle instance that starts writing again costs one step that starts
   * at its logs' first SCN.
   */
  boolean takeLateWrite() {
    boolean out = lateWrite;
    lateWrite = false;
    return out;
  }

  /**
   * The step over the chosen logs: per thread, the interval from its cursor to where its redo is
   * complete within the horizon, and the SCN up to which commits may be released.
   *
   * @param cursors per thread, the address of the last applied record
   * @param currentScn the connected instance's CURRENT_SCN, read after the thread addresses
   */
  StepPlan bound(Chosen chosen, Map<Integer, RedoAddress> cursors, Scn currentScn, Instant now) {
    Map<Integer, List<StepLog>> windows = chosen.windows();
    Map<Integer, RedoThreadState> threads = chosen.threads();
    Scn sessionStart = chosen.sessionStart();
    Scn horizon = chosen.horizon();
    List<StepLog> logs = new ArrayList<>(chosen.earlier());
    Map<Integer, RedoAddress> ends = new HashMap<>();
    Map<Integer, RedoAddress> starts = new HashMap<>();
    Set<Integer> live = new HashSet<>();
    Set<Integer> partlyRead = new HashSet<>();
    Scn safe = horizon;
    for (Map.Entry<Integer, List<StepLog>> entry : windows.entrySet()) {
      int thread = entry.getKey();
      RedoThreadState state = threads.get(thread);
      RedoAddress cursor = cursors.get(thread);
      RedoAddress end = cursor;
      Scn threadSafe = null;
      boolean reachesPast = false;
      for (StepLog log : entry.getValue()) {
        if (log.firstScn().compareTo(horizon) > 0) {
          break;
        }
        logs.add(log);
        RedoAddress logEnd = null;
        if (log.nextScn().equals(Scn.MAX)) {
          // The last written block ends the interval only when all of its redo is inside the
          // session: the horizon is not below CURRENT_SCN (no other thread's archive cut it) and
          // this thread's LAST_REDO_CHANGE# is at or below it (DBZ-8055).
          if (horizon.compareTo(currentScn) >= 0 && state.lastRedoScn().compareTo(horizon) <= 0) {
            logEnd = state.lastRedoAddress();
            threadSafe =
                threadSafe == null
                    ? writtenUpTo(state, now)
                    : Scn.max(threadSafe, writtenUpTo(state, now));
          }
        } else if (log.nextScn().minus(1).compareTo(horizon) <= 0) {
          logEnd = new RedoAddress(thread, log.sequence(), 0xFFFF_FFFFL, 0xFFFF);
          threadSafe = log.nextScn().minus(1);
        } else {
          reachesPast = true; // whole, but past the session's end: read up to it, not ended in it
        }
        if (logEnd != null && (end == null || logEnd.compareTo(end) > 0)) {
          end = logEnd;
        }
      }
      if (end != null
          && end.equals(state.lastRedoAddress())
          && logsReachLive(entry.getValue(), horizon, currentScn, state)) {
        live.add(thread);
      }
      if (end == null) {
        // A thread without a cursor that cannot advance yet is anchored at the start of its first
        // log, so later steps find its logs by sequence, not by the (aging) start SCN.
        end = new RedoAddress(thread, entry.getValue().get(0).sequence(), 0, 0);
      }
      if (cursor != null) {
        starts.put(thread, cursor);
      }
      ends.put(thread, end);
      if (reachesPast) {
        // Every commit of this thread up to the horizon is in the session; the step lowers the
        // safe SCN below any it sees after the interval (StepReader).
        partlyRead.add(thread);
        threadSafe = horizon;
      }
      if (threadSafe == null) {
        // No whole log advanced: this thread's future commits are at or above its cursor's log.
        Scn first = entry.getValue().get(0).firstScn();
        threadSafe = first.equals(Scn.ZERO) ? first : first.minus(1);
      }
      if (state.status() == RedoThreadState.Status.OPEN || !isLastLog(entry.getValue(), end)) {
        safe = Scn.min(safe, threadSafe);
      }
    }
    if (ends.isEmpty() || sessionStart.compareTo(horizon) >= 0) {
      return new StepPlan(List.of(), horizon, horizon, starts, Map.of(), Scn.ZERO, false, Set.of());
    }
    return new StepPlan(
        logs, sessionStart, horizon, starts, ends, safe, chosen.limited(), live, partlyRead);
  }

  /**
   * The SCN up to which the thread's commits are all written: its LAST_REDO_CHANGE#, or, for a
   * thread whose written redo has not moved for the idle-thread grace, the CURRENT_SCN of a moment
   * at least that long ago (any commit with a lower SCN would have been written since). Without
   * this, one idle RAC instance would hold back every other instance's commits for ever.
   */
  private Scn writtenUpTo(RedoThreadState state, Instant now) {
    Seen still = seen.get(state.thread());
    Scn idleSince = still == null ? null : still.stillSince(now, idleThreadGrace);
    return idleSince == null ? state.lastRedoScn() : Scn.max(state.lastRedoScn(), idleSince);
  }

  /** Whether the thread's interval reached its last written block this step. */
  private static boolean logsReachLive(
      List<StepLog> window, Scn horizon, Scn currentScn, RedoThreadState state) {
    StepLog last = window.get(window.size() - 1);
    return last.nextScn().equals(Scn.MAX)
        && last.firstScn().compareTo(horizon) <= 0
        && horizon.compareTo(currentScn) >= 0
        && state.lastRedoScn().compareTo(horizon) <= 0;
  }

  private static boolean isLastLog(List<StepLog> window, RedoAddress end) {
    return window.get(window.size() - 1).sequence() == end.sequence();
  }
}
