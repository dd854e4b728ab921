package dev.redoline.buffer;

import dev.redoline.core.Scn;
import java.time.Duration;
import java.util.Optional;

/**
 * A snapshot of the buffer's state and counters, for JMX and the ops log.
 *
 * <pre>{@code
 * BufferMetrics m = buffer.metrics();
 * log.info("{} open, {} bytes in memory", m.openTransactions(), m.memoryBytes());
 * }</pre>
 *
 * @param openTransactions transactions buffered, waiting for their COMMIT or ROLLBACK
 * @param bufferedChanges live changes in open transactions
 * @param memoryBytes accounted heap of open transactions
 * @param diskBytes bytes of the spill files of open transactions
 * @param oldestAge how long the oldest open transaction has been buffered, if any
 * @param oldestScn the lowest start SCN of open transactions, if any
 * @param spilledTransactions open transactions whose changes are in a spill file
 * @param journaledTransactions open transactions with a journal entry
 * @param committed transactions published since the buffer opened
 * @param rolledBack transactions dropped by a ROLLBACK row
 * @param orphans transactions dropped by orphan detection
 * @param partialRollbacks undo rows that removed a change
 * @param unmatchedUndoRows undo rows that found no change to remove (their change is older than the
 *     mined range, or not captured)
 * @param spillsTotal transactions moved to a spill file since the buffer opened
 */
public record BufferMetrics(
    int openTransactions,
    long bufferedChanges,
    long memoryBytes,
    long diskBytes,
    Optional<Duration> oldestAge,
    Optional<Scn> oldestScn,
    int spilledTransactions,
    int journaledTransactions,
    long committed,
    long rolledBack,
    long orphans,
    long partialRollbacks,
    long unmatchedUndoRows,
    long spillsTotal) {}
