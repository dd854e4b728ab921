package dev.redoline.logminer;

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
 */
public record ActiveTransaction(Xid xid, Scn startScn, String status, int instance) {

  public ActiveTransaction {
    Objects.requireNonNull(xid, "xid == null");
    Objects.requireNonNull(startScn, "startScn == null");
    Objects.requireNonNull(status, "status == null");
  }
}
