package dev.redoline.buffer.internal;

import dev.redoline.core.Xid;
import java.util.List;

/**
 * Durable storage for the buffered changes of long-lived transactions, so that the restart position
 * can move past their first change (docs/architecture.md#positions, rule 4).
 *
 * <pre>{@code
 * TransactionJournal journal = FileTransactionJournal.open(Path.of("/var/lib/redoline/journal"));
 * TransactionBuffer buffer = TransactionBuffer.builder().journal(journal)...build();
 * }</pre>
 *
 * <h2>Contract</h2>
 *
 * <ul>
 *   <li>{@link #append} is durable when it returns: a restart's {@link #load} sees it. An append
 *       cut short by a crash is invisible to {@code load}, never half visible.
 *   <li>Appends of one transaction accumulate: {@code load} returns all their changes in append
 *       order, without those named by later removals, and the {@code upTo} of the last append.
 *   <li>{@link #remove} forgets a transaction; removing an unknown one does nothing.
 *   <li>Unreadable content is a {@link dev.redoline.core.CdcException} with {@link
 *       dev.redoline.core.ErrorCode#JOURNAL_CORRUPT}, never skipped.
 * </ul>
 *
 * <p>Threads: the buffer calls one method at a time, under one lock: from its apply thread, and
 * {@link #remove} also from the sink's thread when an acknowledgement arrives. Implementations need
 * not be thread-safe; the lock orders the calls (each sees what the previous one did). {@code
 * JournalContractTest} is the test an implementation must pass.
 */
public interface TransactionJournal {

  /** Stores {@code entry} durably, reading its changes before returning. */
  void append(JournalEntry entry);

  /** Every journaled transaction, in no particular order. */
  List<JournaledTransaction> load();

  /** Forgets the transaction {@code xid} (committed, rolled back or orphaned). */
  void remove(Xid xid);
}
