package dev.redoline.buffer.internal;

import dev.redoline.core.Change;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.internal.ChangeSequence;
import java.util.List;
import java.util.Objects;
import java.util.Set;

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
public record JournalEntry(
    TransactionInfo transaction, RedoAddress upTo, ChangeSequence changes, List<Removal> removed) {

  public JournalEntry {
    Objects.requireNonNull(transaction, "transaction == null");
    Objects.requireNonNull(upTo, "upTo == null");
    Objects.requireNonNull(changes, "changes == null");
    removed = List.copyOf(Objects.requireNonNull(removed, "removed == null"));
  }

  /**
   * Names a journaled change by where its redo row is and which row it changed: a LogMiner row is
   * one address and SQL sequence number, but the rows of one array DML share both (SSN 0), so the
   * ROW_ID tells them apart. A removal without a ROW_ID (written before ROW_IDs were recorded, or
   * for a change LogMiner gave no ROW_ID) names every change of its address and SSN.
   *
   * @param address the change's redo address
   * @param ssn the change's SSN inside the redo record
   * @param rowId the change's ROW_ID, or {@code null}
   */
  public record Removal(RedoAddress address, int ssn, String rowId) {
    public Removal {
      Objects.requireNonNull(address, "address == null");
    }

    /** A removal by address and SSN alone. */
    public Removal(RedoAddress address, int ssn) {
      this(address, ssn, null);
    }

    /** The removal of {@code change}. */
    public static Removal of(Change change) {
      return new Removal(change.address(), change.ssn(), change.rowId());
    }

    /** Whether one of {@code removals} names {@code change}. */
    public static boolean removes(Set<Removal> removals, Change change) {
      return !removals.isEmpty()
          && (removals.contains(of(change))
              || change.rowId() != null
                  && removals.contains(new Removal(change.address(), change.ssn())));
    }
  }
}
