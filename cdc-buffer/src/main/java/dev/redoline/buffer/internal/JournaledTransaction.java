package dev.redoline.buffer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.internal.ChangeSequence;
import java.util.Objects;

/**
 * A transaction as the journal holds it after a restart: its START information, its live changes
 * (removals applied) and the address up to which they reflect the redo.
 *
 * <pre>{@code
 * for (JournaledTransaction tx : journal.load()) {
 *   // the buffer reopens tx and skips re-read rows at or below tx.upTo()
 * }
 * }</pre>
 *
 * @param transaction the START information
 * @param upTo the address of the last redo row reflected
 * @param changes the live changes in redo order, possibly streamed from storage
 */
public record JournaledTransaction(
    TransactionInfo transaction, RedoAddress upTo, ChangeSequence changes) {

  public JournaledTransaction {
    Objects.requireNonNull(transaction, "transaction == null");
    Objects.requireNonNull(upTo, "upTo == null");
    Objects.requireNonNull(changes, "changes == null");
  }
}
