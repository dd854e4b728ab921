package dev.redoline.core.internal;

import dev.redoline.core.Position;
import java.time.Duration;
import java.util.List;

/**
 * The committed changes of a capture, as a sink consumes them: the embedded engine calls a handler
 * per transaction, the Connect task makes one record per change.
 *
 * <pre>{@code
 * try (ChangeStream stream = engine.open(storedPosition)) {
 *   while (running) {
 *     for (StreamEvent event : stream.poll(Duration.ofMillis(500))) {
 *       handle(event);                          // a transaction: read its changes, then close it
 *       stream.acknowledge(event.position());
 *     }
 *   }
 * }
 * }</pre>
 *
 * <h2>Threads</h2>
 *
 * {@link #poll} is called by one sink thread, {@link #acknowledge} by one thread at a time (the
 * sink's, or the one it hands its acknowledgements to). {@link #close} may be called from any
 * thread; it wakes a blocked {@code poll}, which then returns an empty list.
 *
 * <h2>Order and back-pressure</h2>
 *
 * Events come in commit order, each transaction whole as one {@link StreamEvent.TransactionEvent}
 * whose changes the sink reads from it. The stream holds a bounded number of changes: while the
 * sink does not poll, capture waits.
 */
public interface ChangeStream extends AutoCloseable {

  /**
   * Waits up to {@code timeout} for events and returns those ready, in order; empty when none came.
   *
   * @throws dev.redoline.core.CdcException when the capture has stopped with an error; every later
   *     call throws it too
   * @throws InterruptedException when the calling thread is interrupted
   */
  List<StreamEvent> poll(Duration timeout) throws InterruptedException;

  /**
   * Records that every event up to the one carrying {@code position} is safely handled. A restart
   * from the last acknowledged position delivers nothing before it and skips nothing after it.
   * Takes effect before it returns, on the caller's thread: what the capture kept only for a
   * restart before this position (journal entries) is let go now, not when the capture next gets to
   * it.
   *
   * @throws dev.redoline.core.CdcException when what the position frees cannot be let go (the
   *     journal cannot be written); the next acknowledgement tries again
   */
  void acknowledge(Position position);

  /** The last acknowledged position, or the start position before any acknowledgement. */
  Position acknowledged();

  /** Stops capture and releases its resources. Idempotent. */
  @Override
  void close();
}
