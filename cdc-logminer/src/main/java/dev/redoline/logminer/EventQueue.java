package dev.redoline.logminer;

import dev.redoline.buffer.TransactionBuffer;
import dev.redoline.core.CdcException;
import dev.redoline.core.Position;
import dev.redoline.core.StreamEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bounded hand-off from the capture thread to the sink thread, counted in events (changes),
 * not transactions: when it is full the capture thread waits, so memory stays bounded whatever
 * the database does. A failure is queued behind the events already there, so the sink receives
 * every committed change mined before the stop.
 */
final class EventQueue {

  /** The most events one poll returns. */
  private static final int MAX_BATCH = 1024;

  private final ArrayBlockingQueue<StreamEvent> events;
  private final Clock clock;
  private volatile CdcException failure;

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
    this.events = new ArrayBlockingQueue<>(capacity);
    this.clock = clock;
  }

  /**
   * Capture thread: waits for room. The counters move first, so a sink that has taken the event
   * also sees it counted.
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
    events.put(event);
  }

  /** Capture thread: the capture stopped; the sink sees it after the queued events. */
  void fail(CdcException e) {
    failure = e;
  }

  /** Sink thread: waits up to {@code timeout} for the first event, then takes what is ready. */
  List<StreamEvent> poll(Duration timeout) throws InterruptedException {
    StreamEvent first = events.poll(Math.max(0, timeout.toNanos()), TimeUnit.NANOSECONDS);
    if (first == null) {
      CdcException stopped = failure;
      if (stopped != null && events.isEmpty()) {
        throw stopped;
      }
      return List.of();
    }
    List<StreamEvent> batch = new ArrayList<>();
    batch.add(first);
    events.drainTo(batch, MAX_BATCH - 1);
    long taken = 0;
    for (StreamEvent event : batch) {
      if (event instanceof StreamEvent.ChangeEvent change) {
        taken += TransactionBuffer.accountedBytes(change.change());
      }
    }
    bytes.addAndGet(-taken);
    return batch;
  }

  int size() {
    return events.size();
  }

  int remainingCapacity() {
    return events.remainingCapacity();
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
