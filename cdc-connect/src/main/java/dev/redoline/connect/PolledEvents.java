package dev.redoline.connect;

import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import dev.redoline.logminer.seam.StreamEvent.TransactionEvent;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;

/**
 * What the task polled from the capture and has not made into records yet, taken one item at a
 * time: the next change of the transaction being read (streamed from it, so a large one is never
 * held whole), or the next event between transactions. A transaction is closed, and its spill file
 * deleted, once its last change is taken. Used on the task's poll thread only.
 */
final class PolledEvents implements AutoCloseable {

  private final ArrayDeque<StreamEvent> pending = new ArrayDeque<>();

  /** The transaction being read, and its changes; both null between transactions. */
  private TransactionEvent reading;

  private Iterator<ChangeEvent> changes;

  /** Whether nothing polled is left: the task may poll the capture again. */
  boolean isEmpty() {
    return pending.isEmpty() && reading == null;
  }

  void add(List<StreamEvent> events) {
    pending.addAll(events);
  }

  /**
   * The next change or event between transactions ({@code SchemaEvent}, {@code Heartbeat}), or
   * {@code null} when nothing is left. A transaction none of whose changes comes out (all delivered
   * before a restart) yields nothing.
   *
   * @throws dev.redoline.core.CdcException when a transaction's spill file cannot be read
   */
  StreamEvent next() {
    while (true) {
      if (reading != null) {
        if (changes.hasNext()) {
          return changes.next();
        }
        closeReading();
        continue;
      }
      StreamEvent event = pending.poll();
      if (!(event instanceof TransactionEvent tx)) {
        return event;
      }
      reading = tx;
      changes = tx.changes();
    }
  }

  private void closeReading() {
    TransactionEvent tx = reading;
    reading = null;
    changes = null;
    tx.close();
  }

  /** Forgets what is left; the transactions' spill files go. */
  @Override
  public void close() {
    if (reading != null) {
      closeReading();
    }
    for (StreamEvent e = pending.poll(); e != null; e = pending.poll()) {
      e.release();
    }
  }
}
