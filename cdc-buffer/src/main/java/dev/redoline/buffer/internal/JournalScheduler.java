package dev.redoline.buffer.internal;

import dev.redoline.core.CommitMark;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Decides when an open transaction is journaled and when its journal entry may go; does nothing
 * when the buffer has no journal.
 *
 * <pre>{@code
 * JournalScheduler journaling = new JournalScheduler(journal, clock, Duration.ofMinutes(5), 4);
 * journaling.noteAddress(row.address());          // every applied row
 * journaling.journalDue(open.all());              // after each applied step
 * journaling.committed(tx, new CommitMark(scn, address));
 * journaling.acknowledged(sinkMark, true);        // journal entries up to the mark are removed
 * }</pre>
 *
 * <p>A transaction is journaled when its oldest un-journaled row is older than {@code journalAfter}
 * (counted from opening or the last journaling), or that row's log is {@code journalAfterLogs} or
 * more logs behind the newest row seen on its redo thread; either way the restart position could
 * otherwise not move past it. While the engine holds rows of it back (a DML row whose LOB rows are
 * still being read), only what was read before the first of them is journaled, and the restart
 * position stays at that row: a restart reads the held rows again together, never part of them. A
 * committed journaled transaction keeps its entry until the sink acknowledges its commit, because a
 * restart before that must rebuild it from the journal: its early rows lie before the restart
 * position.
 *
 * <h2>Threads</h2>
 *
 * Every method runs on the apply thread but {@link #acknowledged}, which runs on the sink's thread
 * as the acknowledgement arrives, while the apply thread may be anywhere (a long mining query
 * included): the entry goes then, not at the next step. The invariant, kept by {@link #lock}: the
 * journal, the commits waiting for their acknowledgement and the acknowledged mark are touched only
 * with the lock held, so the journal sees one call at a time (its implementations need not be
 * thread-safe) and a commit is either acknowledged already when it is noted (its entry goes at
 * once) or waits in {@link #journaledCommits} for the acknowledgement that covers it, never
 * neither. The open transactions' own state stays with the apply thread. An acknowledgement may
 * wait for an append in progress; an append never waits for the sink.
 */
final class JournalScheduler {

  private final TransactionJournal journal;
  private final Clock clock;
  private final Duration journalAfter;
  private final int journalAfterLogs;
  private final Map<Integer, Long> latestSequence = new HashMap<>();

  /**
   * Guards {@link #journal}, {@link #journaledCommits} and {@link #acknowledged}: see "Threads".
   */
  private final ReentrantLock lock = new ReentrantLock();

  /** Journaled transactions committed and not yet acknowledged, in apply order. */
  private final Deque<PendingRemoval> journaledCommits = new ArrayDeque<>();

  /** The highest commit the sink acknowledged, or {@code null} before the first. */
  private CommitMark acknowledged;

  /**
   * Whether the transaction at {@link #acknowledged} was acknowledged whole (its last change), not
   * in its middle: until then its entry stays, because a restart from the middle rebuilds it.
   */
  private boolean acknowledgedWhole;

  /** {@code journal} may be null: then nothing is journaled. */
  JournalScheduler(
      TransactionJournal journal, Clock clock, Duration journalAfter, int journalAfterLogs) {
    this.journal = journal;
    this.clock = clock;
    this.journalAfter = journalAfter;
    this.journalAfterLogs = journalAfterLogs;
  }

  /** The transactions the journal holds from an earlier process; none without a journal. */
  List<JournaledTransaction> load() {
    if (journal == null) {
      return List.of();
    }
    lock.lock();
    try {
      return journal.load();
    } finally {
      lock.unlock();
    }
  }

  /** Tracks the newest log sequence of each redo thread, to tell how far behind a row is. */
  void noteAddress(RedoAddress address) {
    latestSequence.merge(address.thread(), address.sequence(), Math::max);
  }

  /** Appends to the journal every open transaction that is due, after each applied step. */
  void journalDue(Collection<OpenTransaction> open) {
    if (journal == null) {
      return;
    }
    Instant now = clock.instant();
    for (OpenTransaction tx : open) {
      if (!tx.journalable()) {
        continue;
      }
      RedoAddress first = tx.firstUnjournaled();
      Instant since = tx.journaled() ? tx.journaledAt() : tx.openedAt();
      boolean old = Duration.between(since, now).compareTo(journalAfter) >= 0;
      long newest = latestSequence.getOrDefault(first.thread(), first.sequence());
      long behind = newest - first.sequence();
      if (old || behind >= journalAfterLogs) {
        append(tx.journalEntry());
        tx.markJournaled(now);
      }
    }
  }

  private void append(JournalEntry entry) {
    lock.lock();
    try {
      journal.append(entry);
    } finally {
      lock.unlock();
    }
  }

  /**
   * {@code tx} committed at {@code mark}; its journal entry waits for the sink to acknowledge, or
   * goes now when the sink acknowledged the commit already (a transaction read again after a
   * restart from a position past its commit).
   */
  void committed(OpenTransaction tx, CommitMark mark) {
    if (!tx.journaled() || journal == null) {
      return;
    }
    lock.lock();
    try {
      if (covers(acknowledged, acknowledgedWhole, mark)) {
        journal.remove(tx.xid());
      } else {
        journaledCommits.add(new PendingRemoval(mark, tx.xid()));
      }
    } finally {
      lock.unlock();
    }
  }

  /** {@code tx} was rolled back or dropped as an orphan: nothing will ever need its entry. */
  void dropped(OpenTransaction tx) {
    if (tx.journaled() && journal != null) {
      lock.lock();
      try {
        journal.remove(tx.xid());
      } finally {
        lock.unlock();
      }
    }
  }

  /**
   * Sink's thread: removes the entries of journaled transactions committed before {@code mark}, and
   * of the one at {@code mark} when {@code whole} (its last change acknowledged; a position in its
   * middle still needs the entry for a restart there). An acknowledgement that adds nothing to one
   * before changes nothing.
   */
  void acknowledged(CommitMark mark, boolean whole) {
    lock.lock();
    try {
      if (acknowledged != null
          && (mark.compareTo(acknowledged) < 0
              || mark.compareTo(acknowledged) == 0 && (acknowledgedWhole || !whole))) {
        return;
      }
      // In apply order, which on RAC is not commit order: every waiting commit is looked at.
      for (java.util.Iterator<PendingRemoval> it = journaledCommits.iterator(); it.hasNext(); ) {
        PendingRemoval pending = it.next();
        if (covers(mark, whole, pending.mark())) {
          journal.remove(pending.xid());
          it.remove();
        }
      }
      // only now: a removal that failed is tried again by the next acknowledgement
      acknowledged = mark;
      acknowledgedWhole = whole;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Whether an acknowledgement at {@code ack} ({@code whole} or not) covers the commit {@code at}.
   */
  private static boolean covers(CommitMark ack, boolean whole, CommitMark at) {
    if (ack == null) {
      return false;
    }
    int order = at.compareTo(ack);
    return order < 0 || order == 0 && whole;
  }

  /**
   * The restart position {@code open} requires: per thread the earliest redo row that some open
   * transaction's journal mark does not cover, and the lowest SCN of rows applied after the marks.
   */
  ResumePoint resumePoint(Collection<OpenTransaction> open) {
    Map<Integer, RedoAddress> addresses = new HashMap<>();
    Scn scn = null;
    for (OpenTransaction tx : open) {
      RedoAddress first = tx.firstUnjournaled();
      if (first == null) {
        continue;
      }
      addresses.merge(first.thread(), first, (a, b) -> a.compareTo(b) <= 0 ? a : b);
      Scn txScn = tx.unjournaledScn();
      scn = scn == null ? txScn : Scn.min(scn, txScn);
    }
    return addresses.isEmpty()
        ? ResumePoint.NONE
        : new ResumePoint(Optional.ofNullable(scn), addresses);
  }

  private record PendingRemoval(CommitMark mark, Xid xid) {}
}
