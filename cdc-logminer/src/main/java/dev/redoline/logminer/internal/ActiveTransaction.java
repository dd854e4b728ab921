package dev.redoline.logminer.internal;

import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.util.Objects;

/**
 * One row of {@code V$TRANSACTION} / {@code GV$TRANSACTION}.
 *
 * @param xid XID (XIDUSN, XIDSLOT, XIDSQN)
 * @param startScn START_SCN
 * @param status STATUS, e.g. {@code ACTIVE}
 * @param instance INST_ID: the instance the transaction runs on
 * @param user the USERNAME of its session (V$SESSION through SES_ADDR), or {@code null} when no
 *     session row was found
 */
public record ActiveTransaction(Xid xid, Scn startScn, String status, int instance, String user) {

  public ActiveTransaction {
    Objects.requireNonNull(xid, "xid == null");
    Objects.requireNonNull(startScn, "startScn == null");
    Objects.requireNonNull(status, "status == null");
  }

  /** A transaction whose session's user is not known. */
  public ActiveTransaction(Xid xid, Scn startScn, String status, int instance) {
    this(xid, startScn, status, instance, null);
  }
}
