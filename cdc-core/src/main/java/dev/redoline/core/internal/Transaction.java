package dev.redoline.core.internal;

import dev.redoline.core.Commit;
import dev.redoline.core.Xid;

/**
 * A committed transaction: its {@link Commit} and its changes in redo order.
 *
 * <pre>{@code
 * for (Change change : tx.changes()) {
 *   // one change at a time; a spilled transaction is streamed from its file
 * }
 * }</pre>
 *
 * @param commit the commit SCN, address, time, user and size
 * @param changes the changes, iterated rather than materialised
 */
public record Transaction(Commit commit, ChangeSequence changes) {

  public Transaction {
    Checks.notNull(commit, "commit");
    Checks.notNull(changes, "changes");
    Checks.argument(
        commit.size() == changes.size(),
        "Transaction %s: commit says %s changes, sequence has %s",
        commit.xid(),
        commit.size(),
        changes.size());
  }

  public Xid xid() {
    return commit.xid();
  }
}
