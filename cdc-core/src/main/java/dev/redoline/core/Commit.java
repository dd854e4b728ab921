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
 * @param size the number of changes delivered of it ({@code tx_size}, Debezium's {@code
 *     event_count}); fewer than the transaction made when it is {@code partial}
 * @param partial why changes of the transaction are not delivered, or {@code null} when it is whole
 */
public record Commit(
    Xid xid,
    Scn startScn,
    Scn scn,
    RedoAddress address,
    Instant time,
    String user,
    long size,
    Partial partial) {

  /** Why a transaction arrives without some of its changes. */
  public enum Partial {
    /**
     * Committed during the initial snapshot: its changes to tables whose first chunk was still to
     * come are left out, because that chunk holds their effect.
     */
    SNAPSHOT,
    /**
     * Open when the capture first started, having begun before the oldest redo that start could
     * read (the oldest online log): its changes made before that redo are not captured.
     */
    FIRST_START
  }

  /** A transaction delivered whole. */
  public Commit(
      Xid xid, Scn startScn, Scn scn, RedoAddress address, Instant time, String user, long size) {
    this(xid, startScn, scn, address, time, user, size, null);
  }

  public Commit {
    Checks.notNull(xid, "xid");
    Checks.notNull(startScn, "startScn");
    Checks.notNull(scn, "scn");
    Checks.notNull(address, "address");
    Checks.notNull(time, "time");
    Checks.argument(size >= 0, "size must not be negative: %s", size);
  }

  /** This commit with only {@code delivered} of its changes delivered, for {@code reason}. */
  public Commit asPartial(long delivered, Partial reason) {
    Checks.notNull(reason, "reason");
    return new Commit(xid, startScn, scn, address, time, user, delivered, reason);
  }

  /** The commit's place in the total commit order. */
  public CommitMark mark() {
    return new CommitMark(scn, address);
  }
}
