package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.time.Instant;

/**
 * What is known of a committed transaction apart from its changes.
 *
 * @param xid the transaction id
 * @param startScn the SCN of its first redo seen, {@link Scn#ZERO} when unknown
 * @param scn the commit SCN
 * @param address the address of the COMMIT record
 * @param time when it committed (LogMiner {@code TIMESTAMP} of the COMMIT row)
 * @param user the session user, or {@code null} when LogMiner reports none
 * @param size the number of changes
 */
public record Commit(Xid xid, Scn startScn, Scn scn, RedoAddress address, Instant time, String user,
    long size) {

  public Commit {
    Checks.notNull(xid, "xid");
    Checks.notNull(startScn, "startScn");
    Checks.notNull(scn, "scn");
    Checks.notNull(address, "address");
    Checks.notNull(time, "time");
    Checks.argument(size >= 0, "size must not be negative: %s", size);
  }

  /** The commit's place in the total commit order. */
  public CommitMark mark() {
    return new CommitMark(scn, address);
  }
}
