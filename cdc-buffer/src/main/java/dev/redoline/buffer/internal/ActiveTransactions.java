package dev.redoline.buffer.internal;

import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.util.Objects;
import java.util.Set;

/**
 * The database's active transactions at an SCN: the rows of {@code GV$TRANSACTION} read together
 * with {@code CURRENT_SCN} (docs/logminer.md#open-transactions-and-orphans).
 *
 * <pre>{@code
 * buffer.checkOrphans(new ActiveTransactions(Scn.of(5000), Set.of(xid1, xid2)));
 * }</pre>
 *
 * @param scn the database's current SCN when the list was read
 * @param xids the ids of the transactions active then
 */
public record ActiveTransactions(Scn scn, Set<Xid> xids) {

  public ActiveTransactions {
    Objects.requireNonNull(scn, "scn == null");
    xids = Set.copyOf(Objects.requireNonNull(xids, "xids == null"));
  }

  /**
   * Whether {@code xid} names one of the active transactions (matching {@code ffffffff} ids by
   * slot).
   */
  public boolean contains(Xid xid) {
    if (xids.contains(xid)) {
      return true;
    }
    for (Xid active : xids) {
      if (active.matches(xid)) {
        return true;
      }
    }
    return false;
  }
}
