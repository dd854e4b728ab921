package dev.redoline.buffer.internal;

import dev.redoline.core.internal.ChangeSequence;
import dev.redoline.core.RedoAddress;
import java.util.List;
import java.util.Objects;

/**
 * One append to the journal of a long-lived transaction: the changes applied since the previous
 * append and the journaled changes that undo rows removed since, up to a redo address.
 *
 * <pre>{@code
 * journal.append(new JournalEntry(info, upTo, ChangeSequence.of(fresh), List.of()));
 * }</pre>
 *
 * @param transaction the transaction's START information
 * @param upTo the address of the last redo row of the transaction this entry reflects; rows at or
 *     below it are not applied again after a restart
 * @param changes the new changes in redo order; may stream from a spill file, so read it during
 *     {@link TransactionJournal#append} and do not keep it
 * @param removed journaled changes removed by undo rows since the previous append
 */
public record JournalEntry(TransactionInfo transaction, RedoAddress upTo, ChangeSequence changes,
    List<Removal> removed) {

  public JournalEntry {
    Objects.requireNonNull(transaction, "transaction == null");
    Objects.requireNonNull(upTo, "upTo == null");
    Objects.requireNonNull(changes, "changes == null");
    removed = List.copyOf(Objects.requireNonNull(removed, "removed == null"));
  }

  /**
   * Names a journaled change by where its redo row is: a LogMiner row is one address and SQL
   * sequence number.
   *
   * @param address the change's redo address
   * @param ssn the change's SSN inside the redo record
   */
  public record Removal(RedoAddress address, int ssn) {
    public Removal {
      Objects.requireNonNull(address, "address == null");
    }
  }
}
