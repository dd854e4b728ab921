package dev.redoline.core;

import dev.redoline.core.internal.Checks;

/**
 * Where a transaction committed: its commit SCN and the redo address of its COMMIT record.
 *
 * <p>Several transactions can commit at the same SCN, even in the same thread, so the SCN alone
 * cannot say whether a commit was already delivered. The triple (commit SCN, thread, address)
 * orders all commits totally, and that is the order Redoline delivers transactions in.
 *
 * @param scn the commit SCN
 * @param address the address of the COMMIT record
 */
public record CommitMark(Scn scn, RedoAddress address) implements Comparable<CommitMark> {

  public CommitMark {
    Checks.notNull(scn, "scn");
    Checks.notNull(address, "address");
  }

  @Override
  public int compareTo(CommitMark other) {
    int c = scn.compareTo(other.scn);
    return c != 0 ? c : address.compareTo(other.address);
  }

  @Override
  public String toString() {
    return scn + "@" + address;
  }
}
