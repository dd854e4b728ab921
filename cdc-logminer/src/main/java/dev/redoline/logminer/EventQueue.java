package dev.redoline.logminer;

import dev.redoline.core.CdcException;
import dev.redoline.core.StreamEvent;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The bounded hand-off from the capture thread to the sink thread, counted in events (changes),
 * not transactions: when it is full the capture thread waits, so memory stays bounded whatever
 * the database does. A failure is queued behind the events already there, so the sink receives
 * every committed change mined before the stop.
 *
 * <p>One lock guards the events, the failure and the closed flag; a put, a failure and a close each
 * signal a waiting poll, so a sink blocked in {@link #poll} returns as soon as any of them happens
 * rather than at the end of its timeout.
 */
final class EventQueue {

  /** The most events one poll returns. */
  private static final int MAX_BATCH = 1024;

  private final int capacity;
  private final ArrayDeque<StreamEvent> events;
  private final ReentrantLock lock = new ReentrantLock();
  /** Signalled when an event, a failure or the close arrives. */
  private final Condition readable = lock.newCondition();
  /** Signalled when a poll made room, or on close. */
  private final Condition writable = lock.newCondition();
  private CdcException failure;
  private boolean closed;

  EventQueue(int capacity) {
    this.capacity = capacity;
    this.events = new ArrayDeque<>(Math.min(capacity, 4096));
  }

  /**
   * Capture thread: waits for room. After {@link #close()} the event is not kept: nobody reads the
   * stream any more, and since it is never acknowledged the next stream mines it again.
   */
  void put(StreamEvent event) throws InterruptedException {
    lock.lockInterruptibly();
    try {
      while (events.size() >= capacity && !closed) {
        writable.await();
      }
      if (!closed) {
        events.add(event);
        readable.signal();
      }
    } finally {
      lock.unlock();
    }
  }

  /** Capture thread: the capture stopped; the sink sees it after the queued events. */
  void fail(CdcException e) {
    lock.lock();
    try {
      failure = e;
      readable.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** Any thread: the stream is closed; a blocked poll returns empty, a blocked put returns. */
  void close() {
    lock.lock();
    try {
      closed = true;
      readable.signalAll();
      writable.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Sink thread: waits up to {@code timeout} for the first event, then takes what is ready; empty
   * once closed.
   *
   * @throws CdcException the capture's failure once the events before it are taken
   */
  List<StreamEvent> poll(Duration timeout) throws InterruptedException {
    long nanos = Math.max(0, timeout.toNanos());
    lock.lockInterruptibly();
    try {
      while (events.isEmpty() && failure == null && !closed && nanos > 0) {
        nanos = readable.awaitNanos(nanos);
      }
      if (closed) {
        return List.of();
      }
      if (events.isEmpty()) {
        if (failure != null) {
          throw failure;
        }
        return List.of();
      }
      List<StreamEvent> batch = new ArrayList<>(Math.min(events.size(), MAX_BATCH));
      while (!events.isEmpty() && batch.size() < MAX_BATCH) {
        batch.add(events.poll());
      }
      writable.signalAll();
      return batch;
    } finally {
      lock.unlock();
    }
  }

  int size() {
    lock.lock();
    try {
      return events.size();
    } finally {
      lock.unlock();
    }
  }
}
