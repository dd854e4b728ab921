package dev.redoline.logminer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.logminer.internal.StepPlan.StepLog;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Plans a step from the database's log views (docs/architecture.md#a-step): for every redo thread,
 * the logs from its cursor on, preferring the archived copy at one destination and adding online
 * logs for what is not archived yet ({@code online} mode), with continuity checked per thread.
 *
 * <h2>Implementation notes</h2>
 *
 * <ul>
 *   <li><b>Threads.</b> Every thread is mined, PRIVATE and DISABLED ones too: a thread that turned
 *       so keeps the redo it wrote, and LogMiner without its logs returns partial results with no
 *       error (Utilities, "Directing LogMiner Operations"). A CLOSED thread is mined up to its last
 *       log, whose redo ends at its checkpoint; one with no log after the cursor adds nothing.
 *   <li><b>Copies.</b> Logs are keyed by (thread, sequence): the archived copy at the chosen
 *       destination wins over the online group of the same sequence (adding both would fail with
 *       ORA-01289).
 *   <li><b>Gaps.</b> A sequence with only deleted copies (STATUS 'D') stops with CDC-2002. One with
 *       no copy at all may be being archived right now (a log appears in V$ARCHIVED_LOG only once
 *       ARCn has copied it, and archiving processes can finish out of order), so the plan says to
 *       wait ({@link Wait}); the engine stops with CDC-2001 when it is still missing after {@link
 *       CaptureSettings#ARCHIVE_WAIT_POLLS} polls.
 *   <li><b>Coverage.</b> LogMiner needs the logs of every thread over the session's whole SCN
 *       range, so a thread whose cursor is in a later log than another's also gets its earlier logs
 *       down to the session start; their rows are at or below its cursor and not applied.
 *   <li><b>Horizon.</b> Each thread contributes the SCN up to which its chosen logs hold all of its
 *       redo: when the window reaches the current log, the connected instance's CURRENT_SCN (read
 *       after the thread addresses) or the thread's LAST_REDO_CHANGE# if higher (on RAC another
 *       instance's redo can be above this instance's SCN), else the last chosen log's NEXT_CHANGE#
 *       - 1 ({@link StepBounds} ends each thread inside it). An open thread with nothing available
 *       after its cursor (archive_only, its current log not archived yet) contributes the end of
 *       its last available log, or the SCN before the start when no archived log holds the start
 *       yet: the step then waits, as a single thread does, instead of starting a session that lacks
 *       that thread's logs (ORA-01291). The session's end SCN is the lowest of these, so no
 *       thread's interval holds a record LogMiner would not return.
 * </ul>
 */
final class LogInventory {

  /** Capture modes of {@code cdc.capture.mode}. */
  enum Mode {
    ONLINE,
    ARCHIVE_ONLY
  }

  /** The views a plan is made from, read in this order: threads, then CURRENT_SCN. */
  record Snapshot(
      List<RedoThreadState> threads,
      Scn currentScn,
      List<OnlineLog> online,
      List<ArchivedLog> archived,
      List<ArchiveDestination> destinations,
      Set<Integer> writingInstances) {}

  /** The outcome: a plan, or a reason to wait for archiving and look again. */
  sealed interface Outcome permits Planned, Wait {}

  /** A step to mine. */
  record Planned(StepPlan plan) implements Outcome {}

  /** A log is being archived: look again shortly (not a gap yet). */
  record Wait(String reason) implements Outcome {}

  /**
   * What may still be writing redo at the end of a log the cursor ended: per thread and sequence,
   * the lowest SCN a statement open there can have (the lowest SCN of the last rows of the
   * transactions open there whose last row is in that log: a statement during which the log
   * switched is the last of its transaction in that log, and its rows in the next log keep its
   * SCN). Empty when no such transaction is open; {@link Scn#ZERO} when it is not known.
   */
  @FunctionalInterface
  interface OpenAtLogEnd {

    /** Nothing known: a statement may continue past the end of any log. */
    OpenAtLogEnd UNKNOWN = (thread, sequence) -> Optional.of(Scn.ZERO);

    Optional<Scn> lowestScn(int thread, long sequence);
  }

  private final Mode mode;
  private final String destinationName;
  private final StepBounds bounds;

  LogInventory(Mode mode, String destinationName, Duration idleThreadGrace) {
    this.mode = mode;
    this.destinationName = destinationName;
    this.bounds = new StepBounds(idleThreadGrace);
  }

  /**
   * Whether a thread's redo was written late since the last call ({@link
   * StepBounds#takeLateWrite}).
   */
  boolean takeLateWrite() {
    return bounds.takeLateWrite();
  }

  /**
   * Plans the next step.
   *
   * @param cursors per thread, the address of the last applied record
   * @param startScn where threads without a cursor start
   * @param windowLogs at most this many logs per thread
   * @return a plan with no logs when there is nothing new to mine
   */
  Outcome plan(
      Snapshot snapshot,
      Map<Integer, RedoAddress> cursors,
      Scn startScn,
      int windowLogs,
      Instant now) {
    return plan(snapshot, cursors, startScn, windowLogs, now, OpenAtLogEnd.UNKNOWN);
  }

  /**
   * Plans the next step, reading a log the cursor ended again only from the lowest SCN a statement
   * open at its end can have ({@code open}), and not at all when none is open there.
   */
  Outcome plan(
      Snapshot snapshot,
      Map<Integer, RedoAddress> cursors,
      Scn startScn,
      int windowLogs,
      Instant now,
      OpenAtLogEnd open) {
    int destId = destination(snapshot.destinations());
    Map<Integer, List<StepLog>> windows = new TreeMap<>();
    Map<Integer, ThreadLogs> logsByThread = new HashMap<>();
    Map<Integer, Scn> reach = new HashMap<>();
    Map<Integer, RedoThreadState> byThread = new HashMap<>();
    Map<Integer, Waiting> behind = new HashMap<>();
    Scn live = snapshot.currentScn();
    boolean limited = false;
    for (RedoThreadState thread : snapshot.threads()) {
      byThread.put(thread.thread(), thread);
      bounds.observe(
          thread,
          snapshot.currentScn(),
          snapshot.writingInstances().contains(thread.instance()),
          now);
      ThreadLogs logs = logs(thread, snapshot, destId);
      RedoAddress cursor = cursors.get(thread.thread());
      long first = firstSequence(thread.thread(), logs, cursor, startScn, thread);
      List<StepLog> chain = new ArrayList<>();
      long missing = first < 0 ? -1 : chain(logs, first, thread.thread(), destId, chain);
      if (missing > 0) {
        return new Wait(gap(thread.thread(), logs, missing, destId, snapshot.archived()));
      }
      if (chain.isEmpty()) {
        if (thread.status() == RedoThreadState.Status.OPEN) {
          // Nothing after the cursor is available yet (archive_only: the current log is not
          // archived). The thread still writes, so the session may not pass the end of what is
          // available, and it needs this thread's logs over its whole range.
          Waiting waiting = waiting(logs, cursor, startScn, thread);
          reach.put(thread.thread(), waiting.knownUpTo());
          behind.put(thread.thread(), waiting);
          logsByThread.put(thread.thread(), logs);
        }
        continue;
      }
      int size = Math.min(windowLogs, chain.size());
      while (size < chain.size() && spansOneScn(chain.subList(0, size))) {
        size++; // logs switched back to back: alone they leave the session an empty SCN range
      }
      List<StepLog> window = chain.subList(0, size);
      limited |= window.size() < chain.size();
      windows.put(thread.thread(), window);
      logsByThread.put(thread.thread(), logs);
      StepLog last = window.get(window.size() - 1);
      boolean reachesCurrent = last.nextScn().equals(Scn.MAX);
      if (reachesCurrent) {
        live = Scn.max(live, thread.lastRedoScn());
      } else if (thread.status() == RedoThreadState.Status.OPEN || window.size() < chain.size()) {
        reach.put(thread.thread(), last.nextScn().minus(1));
      }
    }
    // The live end: CURRENT_SCN of the connected instance, raised to the LAST_REDO_CHANGE# of any
    // thread whose written redo is above it (RAC instances learn each other's SCNs lazily), so
    // every record up to a thread's last written block is inside the session's SCN range.
    Scn horizon = live;
    for (Scn r : reach.values()) {
      horizon = Scn.min(horizon, r);
    }
    Scn sessionStart = Scn.MAX;
    for (List<StepLog> window : windows.values()) {
      sessionStart = Scn.min(sessionStart, window.get(0).firstScn());
    }
    // LogMiner needs every thread's logs over the session's whole SCN range: threads whose cursor
    // is in a later log also get the earlier logs down to the session start (read, not applied).
    List<StepLog> earlier = new ArrayList<>();
    if (!windows.isEmpty() && sessionStart.compareTo(horizon) < 0) {
      sessionStart = reachBack(windows, cursors, logsByThread, behind, sessionStart, open);
      for (Map.Entry<Integer, List<StepLog>> entry : windows.entrySet()) {
        StepLog first = entry.getValue().get(0);
        Wait wait =
            cover(
                entry.getKey(),
                logsByThread.get(entry.getKey()),
                first.sequence() - 1,
                first.firstScn(),
                sessionStart,
                destId,
                earlier);
        if (wait != null) {
          return wait;
        }
      }
      for (Map.Entry<Integer, Waiting> entry : behind.entrySet()) {
        Waiting w = entry.getValue();
        Wait wait =
            cover(
                entry.getKey(),
                logsByThread.get(entry.getKey()),
                w.lastSequence(),
                w.knownUpTo().plus(1),
                sessionStart,
                destId,
                earlier);
        if (wait != null) {
          return wait;
        }
      }
    }
    return new Planned(
        bounds.bound(
            new StepBounds.Chosen(windows, earlier, byThread, sessionStart, horizon, limited),
            cursors,
            snapshot.currentScn(),
            now));
  }

  /**
   * Whether a window of whole logs covers a single SCN: its first log's FIRST_CHANGE# is its last
   * log's NEXT_CHANGE# - 1 (logs switched back to back, nothing written between). Such a window
   * would end the session where it starts, a step with nothing to read planned again and again; the
   * window takes the next log too.
   */
  private static boolean spansOneScn(List<StepLog> window) {
    StepLog last = window.get(window.size() - 1);
    return !last.nextScn().equals(Scn.MAX)
        && last.nextScn().minus(1).compareTo(window.get(0).firstScn()) <= 0;
  }

  /**
   * Per thread, the usable log holding {@code scn} (FIRST_CHANGE# at or below it, NEXT_CHANGE#
   * above it): the log a capture starting at {@code scn} reads first on that thread. A thread with
   * no such log is left out (the plan then says why).
   */
  Map<Integer, StepLog> logsHolding(Snapshot snapshot, Scn scn) {
    int destId = destination(snapshot.destinations());
    Map<Integer, StepLog> holding = new TreeMap<>();
    for (RedoThreadState thread : snapshot.threads()) {
      for (StepLog log : logs(thread, snapshot, destId).usable().values()) {
        if (log.firstScn().compareTo(scn) <= 0 && log.nextScn().compareTo(scn) > 0) {
          holding.put(thread.thread(), log);
        }
      }
    }
    return holding;
  }

  /**
   * The session start lowered below the first log of each thread whose cursor ended a whole log
   * (the step before ended there) to the lowest SCN a statement still writing redo at that log's
   * end can have, when every thread has the logs to cover it; else {@code sessionStart}. A
   * statement during which the log switched (an array DML) keeps its SCN for the rows written to
   * the next log, below that log's FIRST_CHANGE#: START_LOGMNR's startScn keeps only records at or
   * above it, so a session starting at the next log's FIRST_CHANGE# would leave them out. They
   * follow the cursor by address, so they are applied; the rows of the logs read again are at or
   * before the cursor and dropped by address (docs/logminer.md#scn-order-and-redo-addresses).
   *
   * <p>Such a statement is the last of a transaction open at the cursor, and that transaction's
   * last row is in the log the cursor ended ({@code open}): with none open there, nothing is read
   * again; else the session starts at the lowest SCN of those last rows (below the log's
   * FIRST_CHANGE# for a statement begun in an earlier log), and at the log's FIRST_CHANGE# when
   * that SCN is not known, or the logs below it are gone. When the cursor's log is gone (an archive
   * deleted once mined), the start stays where it was.
   */
  private static Scn reachBack(
      Map<Integer, List<StepLog>> windows,
      Map<Integer, RedoAddress> cursors,
      Map<Integer, ThreadLogs> logsByThread,
      Map<Integer, Waiting> behind,
      Scn sessionStart,
      OpenAtLogEnd open) {
    Scn lowest = sessionStart;
    Scn atLogStart = sessionStart;
    for (Map.Entry<Integer, List<StepLog>> entry : windows.entrySet()) {
      RedoAddress cursor = cursors.get(entry.getKey());
      if (cursor == null || cursor.sequence() >= entry.getValue().get(0).sequence()) {
        continue;
      }
      Optional<Scn> statement = open.lowestScn(entry.getKey(), cursor.sequence());
      if (statement.isEmpty()) {
        continue; // no statement open at the switch: nothing of it below the next log
      }
      StepLog ended = logsByThread.get(entry.getKey()).usable().get(cursor.sequence());
      if (ended == null) {
        return sessionStart;
      }
      Scn known = statement.get().equals(Scn.ZERO) ? ended.firstScn() : statement.get();
      lowest = Scn.min(lowest, known);
      atLogStart = Scn.min(atLogStart, Scn.max(known, ended.firstScn()));
    }
    if (covered(windows, logsByThread, behind, lowest)) {
      return lowest;
    }
    return covered(windows, logsByThread, behind, atLogStart) ? atLogStart : sessionStart;
  }

  /** Whether every thread has the logs to cover a session starting at {@code start}. */
  private static boolean covered(
      Map<Integer, List<StepLog>> windows,
      Map<Integer, ThreadLogs> logsByThread,
      Map<Integer, Waiting> behind,
      Scn start) {
    for (Map.Entry<Integer, List<StepLog>> entry : windows.entrySet()) {
      StepLog first = entry.getValue().get(0);
      if (!coverable(
          logsByThread.get(entry.getKey()), first.sequence() - 1, first.firstScn(), start)) {
        return false;
      }
    }
    for (Map.Entry<Integer, Waiting> entry : behind.entrySet()) {
      Waiting w = entry.getValue();
      if (!coverable(
          logsByThread.get(entry.getKey()), w.lastSequence(), w.knownUpTo().plus(1), start)) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@link #cover} would find every log it needs, with no wait and no deleted archive. */
  private static boolean coverable(ThreadLogs logs, long from, Scn covered, Scn sessionStart) {
    for (long seq = from; seq > 0 && sessionStart.compareTo(covered) < 0; seq--) {
      StepLog log = logs.usable().get(seq);
      if (log == null) {
        return false;
      }
      covered = log.firstScn();
    }
    return true;
  }

  /**
   * Adds {@code thread}'s logs from sequence {@code from} down until they cover the session from
   * {@code sessionStart} ({@code covered} is where the logs above {@code from} begin); their rows
   * are read, not applied. A wait when one of them is neither archived nor online any more.
   */
  private static Wait cover(
      int thread,
      ThreadLogs logs,
      long from,
      Scn covered,
      Scn sessionStart,
      int destId,
      List<StepLog> earlier) {
    for (long seq = from; seq > 0 && sessionStart.compareTo(covered) < 0; seq--) {
      StepLog log = logs.usable().get(seq);
      if (log == null) {
        ArchivedLog gone = logs.deleted().get(seq);
        if (gone != null) {
          throw purged(thread, gone, destId);
        }
        return new Wait(
            "thread " + thread + ": sequence " + seq + " is not archived yet and no longer online");
      }
      earlier.add(log);
      covered = log.firstScn();
    }
    return null;
  }

  /**
   * An open thread with nothing available after its cursor: its redo is known up to {@code
   * knownUpTo}, the end of its last available log {@code lastSequence} (0 when none).
   */
  private record Waiting(Scn knownUpTo, long lastSequence) {}

  private static Waiting waiting(
      ThreadLogs logs, RedoAddress cursor, Scn startScn, RedoThreadState thread) {
    long upTo = cursor != null && cursor.sequence() > 0 ? cursor.sequence() : Long.MAX_VALUE;
    var last = logs.usable().floorEntry(upTo);
    if (last == null) {
      // No log of this thread is available: it has no redo below its enable SCN, nothing is known
      // above.
      return new Waiting(before(Scn.min(startScn, thread.enableScn())), 0);
    }
    Scn end = last.getValue().nextScn().minus(1);
    // When no available log holds the start yet, nothing of this thread at or after it can be
    // mined.
    return new Waiting(
        end.compareTo(startScn) < 0 ? Scn.min(end, before(startScn)) : end, last.getKey());
  }

  private static Scn before(Scn scn) {
    return scn.equals(Scn.ZERO) ? scn : scn.minus(1);
  }

  /** One thread's usable logs by sequence (archived copy preferred) and its deleted archives. */
  private record ThreadLogs(
      TreeMap<Long, StepLog> usable, TreeMap<Long, ArchivedLog> deleted, long last) {
    List<Long> archivedSequences() {
      return usable.values().stream().filter(l -> !l.online()).map(StepLog::sequence).toList();
    }

    List<Long> onlineSequences() {
      return usable.values().stream().filter(StepLog::online).map(StepLog::sequence).toList();
    }
  }

  private ThreadLogs logs(RedoThreadState thread, Snapshot snapshot, int destId) {
    int t = thread.thread();
    TreeMap<Long, StepLog> usable = new TreeMap<>();
    TreeMap<Long, ArchivedLog> deleted = new TreeMap<>();
    long lastArchived = 0;
    for (ArchivedLog a : snapshot.archived()) {
      if (a.thread() != t || a.destId() != destId || a.standbyDest()) {
        continue;
      }
      if (a.status() == ArchivedLog.Status.A && a.name() != null) {
        usable.put(
            a.sequence(), new StepLog(t, a.sequence(), a.firstScn(), a.nextScn(), a.name(), false));
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
        usable.put(
            o.sequence(),
            new StepLog(t, o.sequence(), o.firstScn(), o.nextScn(), o.fileName(), true));
      }
    }
    return new ThreadLogs(
        usable, deleted, mode == Mode.ONLINE ? Math.max(current, lastArchived) : lastArchived);
  }

  /**
   * Collects the thread's logs from sequence {@code first} to its last, each sequence once, into
   * {@code chain}; returns the first sequence that is neither archived nor online (a log being
   * archived, waited for), or -1 when none is missing.
   */
  private long chain(ThreadLogs logs, long first, int t, int destId, List<StepLog> chain) {
    for (long seq = first; seq <= logs.last(); seq++) {
      StepLog log = logs.usable().get(seq);
      if (log != null) {
        chain.add(log);
        continue;
      }
      ArchivedLog gone = logs.deleted().get(seq);
      if (gone != null) {
        throw purged(t, gone, destId);
      }
      return seq;
    }
    return -1;
  }

  /**
   * What a gap is, for the wait and for CDC-2001 when it lasts: every missing sequence from {@code
   * firstMissing} to the next log the destination still has, and the SCN range they held, from the
   * NEXT_CHANGE# of the log before them to the FIRST_CHANGE# of the log after them. An end the
   * destination no longer knows is taken from V$ARCHIVED_LOG at any destination ({@code listed}: a
   * sequence missing here may be archived elsewhere); one no view knows is left open.
   */
  private static String gap(
      int t, ThreadLogs logs, long firstMissing, int destId, List<ArchivedLog> listed) {
    long lastMissing = firstMissing;
    while (lastMissing < logs.last() && known(logs, lastMissing + 1) == null) {
      lastMissing++;
    }
    Span before = known(logs, firstMissing - 1);
    Span firstGone = listed(listed, t, firstMissing);
    Scn lower = before != null ? before.next() : firstGone != null ? firstGone.first() : null;
    Span after = known(logs, lastMissing + 1);
    Span lastGone = listed(listed, t, lastMissing);
    Scn upper = after != null ? after.first() : lastGone != null ? lastGone.next() : null;
    String range =
        lower != null && upper != null
            ? "SCN " + lower + " to " + upper
            : lower != null
                ? "SCN from " + lower
                : upper != null ? "SCN below " + upper : "SCN range unknown";
    boolean one = firstMissing == lastMissing;
    return "thread "
        + t
        + (one ? " sequence " + firstMissing : " sequences " + firstMissing + " to " + lastMissing)
        + " ("
        + range
        + ") "
        + (one ? "is" : "are")
        + " neither archived at destination "
        + destId
        + " nor online; archived there: "
        + logs.archivedSequences()
        + ", online: "
        + logs.onlineSequences();
  }

  /**
   * FIRST_CHANGE# and NEXT_CHANGE# of a sequence some view still lists (a deleted archive too), or
   * null.
   */
  private static Span known(ThreadLogs logs, long sequence) {
    StepLog log = logs.usable().get(sequence);
    if (log != null) {
      return new Span(log.firstScn(), log.nextScn());
    }
    ArchivedLog gone = logs.deleted().get(sequence);
    return gone == null ? null : new Span(gone.firstScn(), gone.nextScn());
  }

  /**
   * FIRST_CHANGE# and NEXT_CHANGE# of a sequence V$ARCHIVED_LOG lists at any destination, or null.
   */
  private static Span listed(List<ArchivedLog> archived, int thread, long sequence) {
    for (ArchivedLog a : archived) {
      if (a.thread() == thread && a.sequence() == sequence) {
        return new Span(a.firstScn(), a.nextScn());
      }
    }
    return null;
  }

  /** A log's FIRST_CHANGE# and NEXT_CHANGE#. */
  private record Span(Scn first, Scn next) {}

  private static CdcException purged(int thread, ArchivedLog gone, int destId) {
    return new CdcException(
        ErrorCode.LOG_PURGED,
        "thread "
            + thread
            + " sequence "
            + gone.sequence()
            + " (SCN "
            + gone.firstScn()
            + " to "
            + gone.nextScn()
            + ") is deleted at archive destination "
            + destId);
  }

  private long firstSequence(
      int t, ThreadLogs logs, RedoAddress cursor, Scn startScn, RedoThreadState thread) {
    if (cursor != null && cursor.sequence() > 0) {
      // A cursor at the end of a log (a step that ended at a whole log) has read all of it.
      boolean endOfLog = cursor.block() == 0xFFFF_FFFFL && cursor.offset() == 0xFFFF;
      return endOfLog ? cursor.sequence() + 1 : cursor.sequence();
    }
    for (StepLog log : logs.usable().values()) {
      if (log.nextScn().compareTo(startScn) > 0) {
        if (log.firstScn().compareTo(startScn) > 0
            && log.sequence() > 1
            && !logs.usable().containsKey(log.sequence() - 1)
            && thread.enableScn().compareTo(startScn) < 0) {
          ArchivedLog gone = logs.deleted().get(log.sequence() - 1);
          throw gone != null
              ? new CdcException(
                  ErrorCode.LOG_PURGED,
                  "thread "
                      + t
                      + " sequence "
                      + gone.sequence()
                      + " (SCN "
                      + gone.firstScn()
                      + " to "
                      + gone.nextScn()
                      + ") holding start SCN "
                      + startScn
                      + " is deleted")
              : new CdcException(
                  ErrorCode.LOG_SEQUENCE_GAP,
                  "thread "
                      + t
                      + ": no log holds start SCN "
                      + startScn
                      + "; the oldest available is sequence "
                      + log.sequence()
                      + " from SCN "
                      + log.firstScn());
        }
        return log.sequence();
      }
    }
    return -1;
  }

  private int destination(List<ArchiveDestination> destinations) {
    ArchiveDestination chosen = null;
    for (ArchiveDestination d : destinations) {
      boolean match =
          destinationName.isEmpty() ? d.usableLocal() : d.name().equalsIgnoreCase(destinationName);
      if (match && (chosen == null || d.destId() < chosen.destId())) {
        chosen = d;
      }
    }
    if (chosen == null && !destinationName.isEmpty()) {
      throw new CdcException(
          ErrorCode.INVALID_CONFIGURATION,
          "cdc.archive.destination='"
              + destinationName
              + "': no such archive destination; V$ARCHIVE_DEST_STATUS has "
              + destinations.stream().map(ArchiveDestination::name).toList());
    }
    return chosen == null ? -1 : chosen.destId();
  }
}
