package dev.redoline.logminer.seam;

import dev.redoline.core.Position;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import dev.redoline.logminer.CaptureMetrics;
import java.time.Duration;
import java.util.List;

/**
 * A running capture as its sink consumes it: the committed changes in commit order, the
 * acknowledgements that move the restart position, and the few controls a sink passes on (an ad-hoc
 * snapshot, dropping a transaction). The embedded engine calls a handler per transaction, the
 * Connect task makes one record per change.
 *
 * <pre>{@code
 * try (CaptureStream stream = engine.open(storedPosition)) {
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
 * thread; it wakes a blocked {@code poll}, which then returns an empty list, and stops the capture
 * thread.
 *
 * <h2>Order and back-pressure</h2>
 *
 * Events come in commit order, each transaction whole as one {@link StreamEvent.TransactionEvent}
 * whose changes the sink reads from it. The stream holds a bounded number of changes ({@code
 * cdc.queue.max.records}): while the sink does not poll, capture waits.
 */
public interface CaptureStream extends AutoCloseable {

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

  /**
   * The last acknowledged position, or the start position before any acknowledgement. For a first
   * start without a stored position, {@code null} until the capture thread has connected and read
   * its start SCN.
   */
  Position acknowledged();

  /** Progress counters of the capture. */
  CaptureMetrics metrics();

  /**
   * Whether the capture holds a database connection now: false while it retries a transient error
   * (the first connection included), and after it stopped.
   */
  boolean connected();

  /** Whether the capture thread is still running. */
  boolean running();

  /**
   * Asks for an ad-hoc snapshot of {@code tables} while streaming, read from the capture's next
   * step on (docs/snapshots.md): their rows arrive as op {@code r} changes merged into the commit
   * order. A table the capture does not include is skipped with an ops event (CDC-4011). Positions
   * from the next event on carry the unfinished snapshot with its filter and last key, so a capture
   * opened at such a position continues it after its last delivered chunk.
   *
   * @param filter an SQL condition the rows must meet ({@code STATUS = 'NEW'}), or {@code null}
   * @throws IllegalArgumentException when {@code tables} is empty
   */
  void snapshot(List<TableId> tables, String filter);

  /**
   * Drops the open transaction {@code xid} from the buffer before the next step, with an ops event
   * ({@code TRANSACTION_DROPPED}) naming it and its size; its later rows and its end are skipped,
   * and positions stored from then on name it (docs/offsets-and-recovery.md, "Dropping a
   * transaction"). A transaction that is not open is an ops event {@code SIGNAL_SKIPPED}.
   */
  void dropTransaction(Xid xid);

  /** Stops capture and releases its resources. Idempotent. */
  @Override
  void close();
}
