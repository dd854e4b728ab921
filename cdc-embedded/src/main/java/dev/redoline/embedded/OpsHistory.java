package dev.redoline.embedded;

import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.OpsListener;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The latest ops events of an engine, for a {@link BugReportBundle}: install it as the engine's
 * {@link EmbeddedEngine.Builder#ops(OpsListener) ops listener} (or call it from your own).
 *
 * <pre>{@code
 * OpsHistory history = new OpsHistory(200);
 * EmbeddedEngine engine = EmbeddedEngine.builder().config(settings).handler(handler).ops(history).build();
 * }</pre>
 */
public final class OpsHistory implements OpsListener {

  private final int capacity;
  private final ArrayDeque<OpsEvent> events = new ArrayDeque<>();

  /** Keeps the latest {@code capacity} events. */
  public OpsHistory(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1: " + capacity);
    }
    this.capacity = capacity;
  }

  @Override
  public synchronized void onEvent(OpsEvent event) {
    if (events.size() == capacity) {
      events.removeFirst();
    }
    events.addLast(event);
  }

  /** The events kept, oldest first. */
  public synchronized List<OpsEvent> events() {
    return List.copyOf(events);
  }
}
