package dev.redoline.embedded;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.CommitMark;
import dev.redoline.core.Row;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.Xid;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * A handler that records what it was given, and lets a test wait for it without sleeping. A {@link
 * StreamedLob} value is read during the call, as a handler must, and recorded as its content
 * ({@code String} or {@link Bytes}); {@link #streamedValues} counts them.
 */
final class Recorder implements ChangeHandler {

  /** The most a test waits for a condition: a bound that fails a stuck test, not a timing. */
  static final Duration PATIENCE = Duration.ofSeconds(30);

  /** One handled transaction. */
  record Handled(Xid xid, CommitMark mark, List<Change> changes) {}

  private static final ReentrantLock LOCK = new ReentrantLock();
  private static final Condition CHANGED = LOCK.newCondition();

  final List<Handled> handled = new ArrayList<>();

  /** How many StreamedLob values were read, in every image of every change. */
  final java.util.concurrent.atomic.AtomicInteger streamedValues =
      new java.util.concurrent.atomic.AtomicInteger();

  @Override
  public void handle(CommittedTransaction tx) throws IOException {
    List<Change> changes = new ArrayList<>();
    for (Change c : tx.changes()) {
      changes.add(
          new Change(
              c.operation(),
              c.table(),
              c.layoutVersion(),
              read(c.before()),
              read(c.after()),
              c.scn(),
              c.address(),
              c.ssn(),
              c.rowId(),
              c.timestamp()));
    }
    LOCK.lock();
    try {
      handled.add(new Handled(tx.xid(), tx.commit().mark(), changes));
      CHANGED.signalAll();
    } finally {
      LOCK.unlock();
    }
  }

  /** The row with each StreamedLob replaced by its content, read now. */
  private Row read(Row row) throws IOException {
    if (row == null) {
      return null;
    }
    Row.Builder b = row.toBuilder();
    for (int i = 0; i < row.size(); i++) {
      if (row.get(i) instanceof StreamedLob lob) {
        streamedValues.incrementAndGet();
        b.set(i, content(lob));
      }
    }
    return b.build();
  }

  /** A StreamedLob's content: a String for a character LOB, Bytes for a BLOB. */
  static Object content(StreamedLob lob) throws IOException {
    if (lob.isCharacter()) {
      StringWriter out = new StringWriter();
      try (Reader reader = lob.openReader()) {
        reader.transferTo(out);
      }
      return out.toString();
    }
    try (InputStream in = lob.openStream()) {
      return Bytes.of(in.readAllBytes());
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
    await(condition, what, PATIENCE);
  }

  /** Waits as {@link #await(BooleanSupplier, String)} does, up to {@code patience}. */
  static void await(BooleanSupplier condition, String what, Duration patience) {
    long deadline = System.nanoTime() + patience.toNanos();
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
