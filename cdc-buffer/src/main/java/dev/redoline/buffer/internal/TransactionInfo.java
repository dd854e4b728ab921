package dev.redoline.buffer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.time.Instant;
import java.util.Objects;

/**
 * What the buffer knows of an open transaction apart from its changes.
 *
 * <pre>{@code
 * TransactionInfo info = new TransactionInfo(xid, Scn.of(100), address, time, "APP");
 * }</pre>
 *
 * @param xid the transaction id
 * @param startScn the SCN of its START row, or of its first change when the START was not seen
 * @param startAddress the address of its START row, or {@code null} when it was not seen
 * @param startTime the START row's time, or {@code null} when it was not seen
 * @param user the session user, or {@code null} when unknown
 */
public record TransactionInfo(
    Xid xid, Scn startScn, RedoAddress startAddress, Instant startTime, String user) {

  public TransactionInfo {
    Objects.requireNonNull(xid, "xid == null");
    Objects.requireNonNull(startScn, "startScn == null");
  }
}
