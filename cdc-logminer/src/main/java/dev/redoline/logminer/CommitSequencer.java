package dev.redoline.logminer;

import dev.redoline.buffer.PublishedTransaction;
import dev.redoline.core.CommitMark;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * Holds committed transactions until every thread's redo is complete up to their commit SCN, then
 * releases them in commit order: (commit SCN, thread, address).
 *
 * <p>RAC threads flush independently, so a step can see thread 1's commit at SCN 105 before
 * thread 2's commit at SCN 100 reaches its log. Publishing at once would deliver them out of
 * order, and a restart positioned after SCN 105 would then drop the other. A transaction is
 * therefore released only once its commit SCN is at or below the step's safe SCN (see
 * {@link StepPlan#safeScn()}), and later ones wait for a later step.
 */
final class CommitSequencer {

  /** A committed transaction and the redo it holds back until delivered. */
  record Ready(PublishedTransaction published, RedoAddress holdsAddress, Scn holdsScn) {
    CommitMark mark() {
      return published.transaction().commit().mark();
    }
  }

  private final PriorityQueue<Ready> waiting = new PriorityQueue<>(Comparator.comparing(Ready::mark));

  void add(Ready ready) {
    waiting.add(ready);
  }

  /** Removes and returns, in commit order, the transactions committed at or below {@code safeScn}. */
  List<Ready> release(Scn safeScn) {
    List<Ready> released = new ArrayList<>();
    while (!waiting.isEmpty() && waiting.peek().mark().scn().compareTo(safeScn) <= 0) {
      released.add(waiting.poll());
    }
    return released;
  }

  /** Visits the transactions still waiting. */
  void forEachWaiting(Consumer<Ready> visitor) {
    waiting.forEach(visitor);
  }

  int size() {
    return waiting.size();
  }

  /** Releases every waiting transaction's resources (spill files) without delivering it. */
  void discard() {
    waiting.forEach(r -> r.published().close());
    waiting.clear();
  }
}
