package dev.redoline.logminer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.Position;
import dev.redoline.logminer.seam.StreamEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The bounded hand-off from the capture thread to the sink thread, counted in changes, not events:
 * a transaction weighs as many as it has ({@code cdc.queue.max.records} bounds the changes
 * waiting), every other event one. When it is full the capture thread waits, so memory stays
 * bounded whatever the database does. A transaction heavier than the whole queue is let in once the
 * queue is empty, alone, so it still flows: its changes are in the buffer's memory budget already,
 * or stream from its spill file. A failure is queued behind the events already there, so the sink
 * receives every committed change mined before the stop.
 *
 * <p>One lock guards the events, their weight, the failure and the closed flag; a put, a failure
 * and a close each signal a waiting poll, so a sink blocked in {@link #poll} returns as soon as any
 * of them happens rather than at the end of its timeout. A transaction the sink never takes (the
 * queue closed first) is closed here, so its spill file goes.
 */
final class EventQueue {

  /** The most events one poll returns. */
  private static final int MAX_BATCH = 1024;

  private final int capacity;
  private final ArrayDeque<StreamEvent> events;

  /** The changes (and other events) waiting: what {@link #capacity} bounds. */
  private long weight;

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

  /** Clock millis when the last transaction was queued; -1 before the first. */
  private volatile long lastChangeMillis = -1;

  /** How far the last transaction queued was behind its commit time, in ms; -1 before the first. */
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

  /** How much of the queue's capacity {@code event} takes. */
  private static long weight(StreamEvent event) {
    return event instanceof StreamEvent.TransactionEvent tx ? Math.max(1, tx.commit().size()) : 1;
  }

  /**
   * Capture thread: waits for room. The counters move first, so a sink that has taken the event
   * also sees it counted. After {@link #close()} the event is not kept (a transaction is closed):
   * nobody reads the stream any more, and since it is never acknowledged the next stream mines it
   * again.
   */
  void put(StreamEvent event) throws InterruptedException {
    if (event instanceof StreamEvent.TransactionEvent tx) {
      long now = clock.millis();
      bytes.addAndGet(tx.heapBytes());
      changesQueued += tx.commit().size();
      commitsQueued++;
      lastChangeMillis = now;
      behindSourceMillis = Math.max(0, now - tx.commit().time().toEpochMilli());
    }
    lastQueued = event.position();
    long w = weight(event);
    boolean kept = false;
    try {
      lock.lockInterruptibly();
      try {
        while (!events.isEmpty() && weight + w > capacity && !closed) {
          writable.await();
        }
        if (!closed) {
          events.add(event);
          weight += w;
          kept = true;
          readable.signal();
        }
      } finally {
        lock.unlock();
      }
    } finally {
      if (!kept) {
        discarded(event);
      }
    }
  }

  private void discarded(StreamEvent event) {
    if (event instanceof StreamEvent.TransactionEvent tx) {
      bytes.addAndGet(-tx.heapBytes());
    }
    event.release();
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
    List<StreamEvent> left;
    lock.lock();
    try {
      closed = true;
      left = new ArrayList<>(events);
      events.clear();
      weight = 0;
      readable.signalAll();
      writable.signalAll();
    } finally {
      lock.unlock();
    }
    left.forEach(this::discarded);
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
        weight -= weight(event);
        if (event instanceof StreamEvent.TransactionEvent tx) {
          taken += tx.heapBytes();
        }
      }
      bytes.addAndGet(-taken);
      writable.signalAll();
      return batch;
    } finally {
      lock.unlock();
    }
  }

  /** The changes (and other events) waiting, as the capacity counts them. */
  int size() {
    lock.lock();
    try {
      return (int) Math.min(Integer.MAX_VALUE, weight);
    } finally {
      lock.unlock();
    }
  }

  int remainingCapacity() {
    lock.lock();
    try {
      return (int) Math.max(0, capacity - weight);
    } finally {
      lock.unlock();
    }
  }

  /** The buffer's heap estimate of the changes waiting. */
  long bytes() {
    return bytes.get();
  }

  /** Changes queued since the stream opened, in their transactions. */
  long changesQueued() {
    return changesQueued;
  }

  /** Transactions (and snapshot chunks) queued since the stream opened. */
  long commitsQueued() {
    return commitsQueued;
  }

  /** Clock millis when the last transaction was queued, -1 before the first. */
  long lastChangeMillis() {
    return lastChangeMillis;
  }

  /**
   * Queueing time minus the commit time of the last transaction queued, in ms; -1 before the first.
   */
  long behindSourceMillis() {
    return behindSourceMillis;
  }

  /** The position of the last event queued, or {@code null} before the first. */
  Position lastQueued() {
    return lastQueued;
  }
}
