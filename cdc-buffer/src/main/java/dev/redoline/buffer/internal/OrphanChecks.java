package dev.redoline.buffer.internal;

import dev.redoline.core.Scn;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Finds orphans: open transactions the database no longer lists as active although no COMMIT or
 * ROLLBACK for them was mined.
 *
 * <pre>{@code
 * OrphanChecks orphans = new OrphanChecks(open);
 * orphans.check(active);                                  // GV$TRANSACTION read at active.scn()
 * orphans.resolve(minedScn, (tx, snapshotScn) -> drop(tx));
 * }</pre>
 *
 * <p>A transaction missing from a snapshot is only a suspect: its COMMIT or ROLLBACK may still be
 * ahead of the mined position. It becomes an orphan once mining reaches the snapshot's SCN and it
 * is still the same open transaction; a suspect that ended, or whose XID was reopened by a new
 * transaction, is left alone. A transaction that started at or after the snapshot's SCN may be
 * missing only because the list was read before it began, so it is never a suspect.
 */
final class OrphanChecks {

  private final OpenTransactionIndex open;
  private final List<Check> pending = new ArrayList<>();

  OrphanChecks(OpenTransactionIndex open) {
    this.open = open;
  }

  /** Records every open transaction missing from {@code active} as a suspect. */
  void check(ActiveTransactions active) {
    Set<OpenTransaction> suspects = Collections.newSetFromMap(new IdentityHashMap<>());
    for (OpenTransaction tx : open.all()) {
      if (!active.contains(tx.xid()) && tx.startScn().isBefore(active.scn())) {
        suspects.add(tx);
      }
    }
    if (!suspects.isEmpty()) {
      pending.add(new Check(active.scn(), suspects));
    }
  }

  /**
   * Hands each suspect of every check whose SCN {@code minedScn} reached, and that is still open,
   * to {@code orphan} with the check's SCN; {@code orphan} must remove it from the index.
   */
  void resolve(Scn minedScn, BiConsumer<OpenTransaction, Scn> orphan) {
    for (var it = pending.iterator(); it.hasNext(); ) {
      Check check = it.next();
      if (minedScn.isBefore(check.scn())) {
        continue;
      }
      it.remove();
      for (OpenTransaction tx : check.suspects()) {
        if (open.exact(tx.xid()) == tx) {
          orphan.accept(tx, check.scn());
        }
      }
    }
  }

  /** Forgets every pending check (the buffer closed). */
  void clear() {
    pending.clear();
  }

  private record Check(Scn scn, Set<OpenTransaction> suspects) {}
}
