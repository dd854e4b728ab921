package dev.redoline.buffer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.util.Objects;

/**
 * The ops event of a transaction dropped as an orphan: the database no longer knew it and its
 * COMMIT or ROLLBACK was never mined. Its changes were not published.
 *
 * <pre>{@code
 * TransactionBuffer.builder().orphanListener(e -> opsLog.warn("orphan {}", e))...
 * }</pre>
 *
 * @param xid the transaction id
 * @param startScn its start SCN
 * @param changeCount the live changes dropped
 * @param firstAddress the address of its first row seen, or {@code null} when none
 * @param lastAddress the address of its last row seen, or {@code null} when none
 * @param snapshotScn the SCN of the active-transaction snapshot it was missing from
 */
public record OrphanEvent(
    Xid xid,
    Scn startScn,
    long changeCount,
    RedoAddress firstAddress,
    RedoAddress lastAddress,
    Scn snapshotScn) {

  public OrphanEvent {
    Objects.requireNonNull(xid, "xid == null");
    Objects.requireNonNull(startScn, "startScn == null");
    Objects.requireNonNull(snapshotScn, "snapshotScn == null");
  }
}
