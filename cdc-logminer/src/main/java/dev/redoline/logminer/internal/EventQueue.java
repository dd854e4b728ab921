package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.CdcException;
import dev.redoline.core.Position;
import dev.redoline.core.internal.StreamEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
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
  private final Clock clock;

  // What was queued, for the streaming metrics; written by the capture thread only (bytes by both).
  private volatile long changesQueued;
  private volatile long commitsQueued;
  /** Clock millis when the last change was queued; -1 before the first. */
  private volatile long lastChangeMillis = -1;
  /** How far the last change queued was behind its database time, in ms; -1 before the first. */
  private volatile long behindSourceMillis = -1;
  private volatile Position lastQueued;
  /** The buffer's heap estimate of the changes waiting in the queue. */
  private final AtomicLong bytes = new AtomicLong();

  EventQueue(int capacity) {
    this(capacity, Clock.systemUTC());
  }

  EventQueue(int capacity, Clock clock) {
    this.capacity = capacity;
    this.events = new ArrayDeque<>(Math.min(capacity, 4096));
    this.clock = clock;
  }

  /**
   * Capture thread: waits for room. The counters move first, so a sink that has taken the event
   * also sees it counted. After {@link #close()} the event is not kept: nobody reads the stream any
   * more, and since it is never acknowledged the next stream mines it again.
   */
  void put(StreamEvent event) throws InterruptedException {
    if (event instanceof StreamEvent.ChangeEvent change) {
      long now = clock.millis();
      bytes.addAndGet(TransactionBuffer.accountedBytes(change.change()));
      changesQueued++;
      commitsQueued += change.last() ? 1 : 0;
      lastChangeMillis = now;
      behindSourceMillis = Math.max(0, now - change.change().timestamp().toEpochMilli());
    }
    lastQueued = event.position();
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
      long taken = 0;
      while (!events.isEmpty() && batch.size() < MAX_BATCH) {
        StreamEvent event = events.poll();
        batch.add(event);
        if (event instanceof StreamEvent.ChangeEvent change) {
          taken += TransactionBuffer.accountedBytes(change.change());
        }
      }
      bytes.addAndGet(-taken);
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

  int remainingCapacity() {
    lock.lock();
    try {
      return capacity - events.size();
    } finally {
      lock.unlock();
    }
  }

  /** The buffer's heap estimate of the changes waiting. */
  long bytes() {
    return bytes.get();
  }

  /** Change events queued since the stream opened. */
  long changesQueued() {
    return changesQueued;
  }

  /** Transactions whose last change was queued since the stream opened. */
  long commitsQueued() {
    return commitsQueued;
  }

  /** Clock millis when the last change was queued, -1 before the first. */
  long lastChangeMillis() {
    return lastChangeMillis;
  }

  /** Queueing time minus the database time of the last change queued, in ms; -1 before the first. */
  long behindSourceMillis() {
    return behindSourceMillis;
  }

  /** The position of the last event queued, or {@code null} before the first. */
  Position lastQueued() {
    return lastQueued;
  }
}
