package dev.redoline.buffer.internal;

import dev.redoline.core.Xid;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;

/**
 * The open transactions of a buffer, found by full XID or, for rows whose XID ends in {@code
 * ffffffff}, by undo segment and slot.
 *
 * <pre>{@code
 * OpenTransactionIndex open = new OpenTransactionIndex();
 * open.add(tx);
 * OpenTransaction same = open.find(rowXid);   // exact XID, else newest opened in the same slot
 * open.remove(same);
 * }</pre>
 *
 * <p>LogMiner sometimes reports a row's XID with an unknown sequence ({@code ffffffff}, for example
 * the ROLLBACK of a transaction mined from its middle). Such a row can only be matched by undo
 * segment and slot; a slot is reused by later transactions, so the newest opened match wins.
 */
final class OpenTransactionIndex {

  private final HashMap<Xid, OpenTransaction> byXid = new HashMap<>();
  private final HashMap<Xid, List<OpenTransaction>> bySlot = new HashMap<>();

  /** The transaction with exactly {@code xid}, or null; no slot matching. */
  OpenTransaction exact(Xid xid) {
    return byXid.get(xid);
  }

  /** The transaction {@code xid} names: exact match first, else the newest in its slot, or null. */
  OpenTransaction find(Xid xid) {
    OpenTransaction tx = byXid.get(xid);
    if (tx != null) {
      return tx;
    }
    List<OpenTransaction> sameSlot = bySlot.get(xid.slotOnly());
    if (sameSlot == null) {
      return null;
    }
    for (int i = sameSlot.size() - 1; i >= 0; i--) {
      OpenTransaction candidate = sameSlot.get(i);
      if (candidate.xid().matches(xid)) {
        return candidate;
      }
    }
    return null;
  }

  void add(OpenTransaction tx) {
    byXid.put(tx.xid(), tx);
    bySlot.computeIfAbsent(tx.xid().slotOnly(), k -> new ArrayList<>(1)).add(tx);
  }

  void remove(OpenTransaction tx) {
    byXid.remove(tx.xid());
    List<OpenTransaction> sameSlot = bySlot.get(tx.xid().slotOnly());
    sameSlot.remove(tx);
    if (sameSlot.isEmpty()) {
      bySlot.remove(tx.xid().slotOnly());
    }
  }

  /** A live view, in no particular order; do not add or remove while iterating it. */
  Collection<OpenTransaction> all() {
    return byXid.values();
  }

  int size() {
    return byXid.size();
  }
}
