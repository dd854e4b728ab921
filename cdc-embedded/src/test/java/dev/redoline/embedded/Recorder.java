package dev.redoline.embedded;

import dev.redoline.core.Change;
import dev.redoline.core.CommitMark;
import dev.redoline.core.Xid;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/** A handler that records what it was given, and lets a test wait for it without sleeping. */
final class Recorder implements ChangeHandler {

  /** The most a test waits for a condition: a bound that fails a stuck test, not a timing. */
  static final Duration PATIENCE = Duration.ofSeconds(30);

  /** One handled transaction. */
  record Handled(Xid xid, CommitMark mark, List<Change> changes) {}

  private static final ReentrantLock LOCK = new ReentrantLock();
  private static final Condition CHANGED = LOCK.newCondition();

  final List<Handled> handled = new ArrayList<>();

  @Override
  public void handle(CommittedTransaction tx) {
    List<Change> changes = new ArrayList<>();
    tx.changes().forEach(changes::add);
    LOCK.lock();
    try {
      handled.add(new Handled(tx.xid(), tx.commit().mark(), changes));
      CHANGED.signalAll();
    } finally {
      LOCK.unlock();
    }
  }

  List<Handled> handled() {
    LOCK.lock();
    try {
      return new ArrayList<>(handled);
    } finally {
      LOCK.unlock();
    }
  }

  List<Xid> xids() {
    return handled().stream().map(Handled::xid).toList();
  }

  void awaitCount(int n) {
    await(() -> handled().size() >= n, "handled transactions: " + n);
  }

  /** Wakes waiters after a state change made outside a handler. */
  static void signal() {
    LOCK.lock();
    try {
      CHANGED.signalAll();
    } finally {
      LOCK.unlock();
    }
  }

  /** Waits until {@code condition} holds, re-checking on every signal and every 50 ms. */
  static void await(BooleanSupplier condition, String what) {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    LOCK.lock();
    try {
      while (!condition.getAsBoolean()) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new AssertionError("gave up waiting for " + what);
        }
        CHANGED.await(Math.min(left, TimeUnit.MILLISECONDS.toNanos(50)), TimeUnit.NANOSECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted waiting for " + what, e);
    } finally {
      LOCK.unlock();
    }
  }
}
