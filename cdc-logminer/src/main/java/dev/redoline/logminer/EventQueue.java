package dev.redoline.logminer;

import dev.redoline.core.CdcException;
import dev.redoline.core.StreamEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;

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
  private volatile CdcException failure;

  EventQueue(int capacity) {
    this.events = new ArrayBlockingQueue<>(capacity);
  }

  /** Capture thread: waits for room. */
  void put(StreamEvent event) throws InterruptedException {
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
    return batch;
  }

  int size() {
    return events.size();
  }
}
