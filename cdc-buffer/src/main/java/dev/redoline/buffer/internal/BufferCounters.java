package dev.redoline.buffer.internal;

import dev.redoline.buffer.BufferMetrics;
import dev.redoline.core.Scn;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Event counters of a buffer since it opened, and the {@link BufferMetrics} snapshot built from
 * them and the open transactions.
 *
 * <pre>{@code
 * BufferCounters counters = new BufferCounters();
 * counters.committed++;
 * BufferMetrics now = counters.snapshot(open, memory.bytes(), clock);
 * }</pre>
 *
 * <p>The fields are plain counters written by the apply thread only, so they need no atomics.
 */
final class BufferCounters {

  long committed;
  long rolledBack;
  long orphans;
  long partialRollbacks;
  long unmatchedUndoRows;
  long spills;

  /** The state of {@code open} with these counters; walks every open transaction. */
  BufferMetrics snapshot(OpenTransactionIndex open, long memoryBytes, Clock clock) {
    long changes = 0;
    long disk = 0;
    int spilled = 0;
    int journaled = 0;
    Instant oldestOpen = null;
    Scn oldestScn = null;
    for (OpenTransaction tx : open.all()) {
      changes += tx.size();
      disk += tx.diskBytes();
      spilled += tx.spilled() ? 1 : 0;
      journaled += tx.journaled() ? 1 : 0;
      if (oldestOpen == null || tx.openedAt().isBefore(oldestOpen)) {
        oldestOpen = tx.openedAt();
      }
      oldestScn = oldestScn == null ? tx.startScn() : Scn.min(oldestScn, tx.startScn());
    }
    Optional<Duration> age =
        Optional.ofNullable(oldestOpen).map(t -> Duration.between(t, clock.instant()));
    return new BufferMetrics(
        open.size(),
        changes,
        memoryBytes,
        disk,
        age,
        Optional.ofNullable(oldestScn),
        spilled,
        journaled,
        committed,
        rolledBack,
        orphans,
        partialRollbacks,
        unmatchedUndoRows,
        spills);
  }
}
