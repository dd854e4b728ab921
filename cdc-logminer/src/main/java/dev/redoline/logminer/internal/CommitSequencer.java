package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.PublishedTransaction;
import dev.redoline.core.Commit;
import dev.redoline.core.CommitMark;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * Holds committed transactions until every thread's redo is complete up to their commit SCN, then
 * releases them in commit order: (commit SCN, thread, address).
 *
 * <p>RAC threads flush independently, so a step can see thread 1's commit at SCN 105 before thread
 * 2's commit at SCN 100 reaches its log. Publishing at once would deliver them out of order, and a
 * restart positioned after SCN 105 would then drop the other. A transaction is therefore released
 * only once its commit SCN is at or below the step's safe SCN (see {@link StepPlan#safeScn()}), and
 * later ones wait for a later step.
 *
 * <p>The safe SCN of a thread that wrote nothing for a while rests on LGWR's write delay ({@code
 * cdc.mining.lgwr.max.delay.ms}). A thread written later than that (a stalled log device) can bring
 * a commit below one already released; it cannot be taken back, so it is released with the next
 * step and reported ({@link #takeLate()}), never held or dropped.
 */
final class CommitSequencer {

  /**
   * A committed transaction and the redo it holds back until delivered: from the first row of it
   * this run read, which is its COMMIT for a transaction reloaded from the journal and read no
   * further (a restart before its delivery must read that COMMIT again; the journal keeps the
   * rest). {@code partial}: a first start read it only from the oldest online log on ({@link
   * Commit.Partial#FIRST_START}).
   */
  record Ready(
      PublishedTransaction published, RedoAddress holdsAddress, Scn holdsScn, boolean partial) {

    Ready {
      java.util.Objects.requireNonNull(holdsAddress, "holdsAddress == null");
      java.util.Objects.requireNonNull(holdsScn, "holdsScn == null");
    }

    /** A transaction read from its beginning. */
    Ready(PublishedTransaction published, RedoAddress holdsAddress, Scn holdsScn) {
      this(published, holdsAddress, holdsScn, false);
    }

    CommitMark mark() {
      return published.commit().mark();
    }
  }

  /** A transaction that arrived after a later commit was released. */
  record Late(Ready ready, CommitMark releasedPast) {

    /** One line for the ops event: what arrived late, behind what, and the setting to raise. */
    String describe(Duration lgwrMaxDelay) {
      Commit commit = ready.published().commit();
      return "transaction "
          + commit.xid()
          + " of thread "
          + commit.address().thread()
          + " committed at SCN "
          + commit.scn()
          + " reached its log after the commit at SCN "
          + releasedPast.scn()
          + " was delivered, "
          + "and is delivered now, out of commit order: that thread's redo was written later than "
          + "cdc.mining.lgwr.max.delay.ms ("
          + lgwrMaxDelay.toMillis()
          + " ms) allows. Raise it above the "
          + "longest LGWR write stall of the database";
    }
  }

  private final PriorityQueue<Ready> waiting =
      new PriorityQueue<>(Comparator.comparing(Ready::mark));
  private final List<Late> late = new ArrayList<>();

  /** The highest commit released since the last {@link #discard()}; null before the first. */
  private CommitMark released;

  void add(Ready ready) {
    if (released != null && ready.mark().compareTo(released) < 0) {
      late.add(new Late(ready, released));
    }
    waiting.add(ready);
  }

  /** Returns and forgets the transactions that arrived below an already released commit. */
  List<Late> takeLate() {
    if (late.isEmpty()) {
      return List.of();
    }
    List<Late> taken = List.copyOf(late);
    late.clear();
    return taken;
  }

  /**
   * Removes and returns, in commit order, the transactions committed at or below {@code safeScn}.
   */
  List<Ready> release(Scn safeScn) {
    List<Ready> out = new ArrayList<>();
    while (!waiting.isEmpty() && waiting.peek().mark().scn().compareTo(safeScn) <= 0) {
      Ready next = waiting.poll();
      out.add(next);
      if (released == null || next.mark().compareTo(released) > 0) {
        released = next.mark();
      }
    }
    return out;
  }

  /** Visits the transactions still waiting. */
  void forEachWaiting(Consumer<Ready> visitor) {
    waiting.forEach(visitor);
  }

  int size() {
    return waiting.size();
  }

  /**
   * Releases every waiting transaction's resources (spill files, LOB files) without delivering it.
   * The redo is mined again from the cursors, so what was released before is no longer a reference.
   */
  void discard() {
    waiting.forEach(r -> r.published().discard());
    waiting.clear();
    late.clear();
    released = null;
  }
}
