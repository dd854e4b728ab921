package dev.redoline.embedded;

import dev.redoline.core.Position;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Groups the delivery thread's offset writes: the position of each handled transaction is kept, and
 * written to the {@link OffsetStore} once {@code cdc.offset.flush.interval.ms} has passed or {@code
 * cdc.offset.flush.max.transactions} transactions were handled since the last write (checked also
 * while the stream is quiet, so a pending position does not wait for the next transaction), before
 * a retry, and on stop.
 *
 * <pre>{@code
 * OffsetFlusher flusher = new OffsetFlusher(store, Duration.ofSeconds(1), 10_000, clock, stored);
 * Position written = flusher.handled(position);   // non-null when this call wrote
 * Position last = flusher.flush();                // writes what is pending, if anything
 * }</pre>
 *
 * <h2>Why</h2>
 *
 * {@link FileOffsetStore} replaces and syncs a file per write, which costs more than handling a
 * small transaction; one write per transaction made the offset file the embedded engine's
 * bottleneck. Grouping trades that for a bounded re-delivery window: after a crash, the
 * transactions handled since the last write (at most an interval's or the count's worth) are
 * delivered again, whole, in order. An interval of 0 or a count of 1 writes after every
 * transaction, as before. The capture is told a position is safe only after it is written, so the
 * journal and the restart point never run ahead of the file. Delivery thread only.
 */
final class OffsetFlusher {

  /** {@code cdc.offset.flush.interval.ms} and {@code cdc.offset.flush.max.transactions}. */
  record Policy(Duration interval, long maxTransactions) {
    static Policy of(dev.redoline.core.CdcConfig config) {
      return new Policy(
          Duration.ofMillis(config.get(dev.redoline.core.CdcConfig.OFFSET_FLUSH_INTERVAL_MS)),
          config.get(dev.redoline.core.CdcConfig.OFFSET_FLUSH_MAX_TRANSACTIONS));
    }
  }

  private final OffsetStore store;
  private final Duration interval;
  private final long maxTransactions;
  private final Clock clock;
  private Position stored;
  private Position pending;
  private long handledSinceWrite;
  private Instant lastWrite;

  /**
   * @param stored the position the store holds now, or {@code null}
   */
  OffsetFlusher(
      OffsetStore store, Duration interval, long maxTransactions, Clock clock, Position stored) {
    this.store = store;
    this.interval = interval;
    this.maxTransactions = maxTransactions;
    this.clock = clock;
    this.stored = stored;
    this.lastWrite = clock.instant();
  }

  /**
   * Notes that everything up to {@code position} is handled, and writes it when due.
   *
   * @return the position written now, or {@code null} when it is only pending
   */
  Position handled(Position position) {
    return note(position, true);
  }

  /**
   * Notes a position between transactions (a layout or a heartbeat): written when due, but not
   * counted as a transaction, since nothing is delivered to the handler again for it.
   *
   * @return the position written now, or {@code null} when it is only pending
   */
  Position moved(Position position) {
    return note(position, false);
  }

  private Position note(Position position, boolean transaction) {
    if (position.equals(stored)) {
      return null;
    }
    pending = position;
    if (transaction) {
      handledSinceWrite++;
    }
    if (interval.isZero()
        || handledSinceWrite >= maxTransactions
        || !Duration.between(lastWrite, clock.instant()).minus(interval).isNegative()) {
      return flush();
    }
    return null;
  }

  /** Writes the pending position, if any; returns it, or {@code null} when nothing was pending. */
  Position flush() {
    Position next = pending;
    if (next == null || next.equals(stored)) {
      pending = null;
      return null;
    }
    store.store(next);
    stored = next;
    pending = null;
    handledSinceWrite = 0;
    lastWrite = clock.instant();
    return next;
  }

  /** The last position written. */
  Position stored() {
    return stored;
  }

  /**
   * Whether a handled position waits to be written and the interval has passed since the last
   * write.
   */
  boolean due() {
    return pending != null
        && !Duration.between(lastWrite, clock.instant()).minus(interval).isNegative();
  }
}
