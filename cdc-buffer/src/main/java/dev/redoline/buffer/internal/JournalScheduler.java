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

/**
 * Decides when an open transaction is journaled and when its journal entry may go; does nothing
 * when the buffer has no journal.
 *
 * <pre>{@code
 * JournalScheduler journaling = new JournalScheduler(journal, clock, Duration.ofMinutes(5), 4);
 * journaling.noteAddress(row.address());          // every applied row
 * journaling.journalDue(open.all());              // after each applied step
 * journaling.committed(tx, new CommitMark(scn, address));
 * journaling.acknowledged(sinkMark);              // journal entries up to the mark are removed
 * }</pre>
 *
 * <p>A transaction is journaled when its oldest un-journaled row is older than
 * {@code journalAfter} (counted from opening or the last journaling), or that row's log is
 * {@code journalAfterLogs} or more logs behind the newest row seen on its redo thread; either way
 * the restart position could otherwise not move past it. A committed journaled transaction keeps
 * its entry until the sink acknowledges its commit, because a restart before that must rebuild it
 * from the journal: its early rows lie before the restart position.
 */
final class JournalScheduler {

  private final TransactionJournal journal;
  private final Clock clock;
  private final Duration journalAfter;
  private final int journalAfterLogs;
  private final Map<Integer, Long> latestSequence = new HashMap<>();
  private final Deque<PendingRemoval> journaledCommits = new ArrayDeque<>();

  /** {@code journal} may be null: then nothing is journaled. */
  JournalScheduler(TransactionJournal journal, Clock clock, Duration journalAfter,
      int journalAfterLogs) {
    this.journal = journal;
    this.clock = clock;
    this.journalAfter = journalAfter;
    this.journalAfterLogs = journalAfterLogs;
  }

  /** The transactions the journal holds from an earlier process; none without a journal. */
  List<JournaledTransaction> load() {
    return journal == null ? List.of() : journal.load();
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
      RedoAddress first = tx.firstUnjournaled();
      if (first == null || tx.held || tx.holdsLobFiles()) {
        continue;
      }
      Instant since = tx.journaled() ? tx.journaledAt() : tx.openedAt();
      boolean old = Duration.between(since, now).compareTo(journalAfter) >= 0;
      long newest = latestSequence.getOrDefault(first.thread(), first.sequence());
      long behind = newest - first.sequence();
      if (old || behind >= journalAfterLogs) {
        journal.append(tx.journalEntry());
        tx.journaledThrough(tx.lastAddress(), now);
      }
    }
  }

  /** {@code tx} committed at {@code mark}; its journal entry waits for the sink to acknowledge. */
  void committed(OpenTransaction tx, CommitMark mark) {
    if (tx.journaled()) {
      journaledCommits.add(new PendingRemoval(mark, tx.xid()));
    }
  }

  /** {@code tx} was rolled back or dropped as an orphan: nothing will ever need its entry. */
  void dropped(OpenTransaction tx) {
    if (tx.journaled() && journal != null) {
      journal.remove(tx.xid());
    }
  }

  /** Removes the entries of journaled transactions committed at or before {@code mark}. */
  void acknowledged(CommitMark mark) {
    while (!journaledCommits.isEmpty() && journaledCommits.peek().mark().compareTo(mark) <= 0) {
      journal.remove(journaledCommits.poll().xid());
    }
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
