package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.Xid;
import java.util.ArrayList;
import java.util.List;

/**
 * The database's transaction table: XIDs handed out, the transactions still open, and how a
 * transaction ends (its COMMIT or ROLLBACK record, and the LGWR write a commit waits for).
 */
public final class TransactionTable {

  private final Database oracle;
  public final List<Transaction> open = new ArrayList<>();
  private int nextSlot;
  private long nextXidSequence = 300;

  TransactionTable(Database oracle) {
    this.oracle = oracle;
  }

  public Transaction begin(int thread, String user, boolean privateStrand) {
    oracle.instances().requireUp(thread);
    TxState state =
        new TxState(newXid(), thread, thread, user, oracle.catalog().cdb ? -1 : 0, privateStrand);
    oracle.redo().openTransactions.add(state);
    Transaction tx = new Transaction(oracle, state);
    open.add(tx);
    return tx;
  }

  /** A new XID: undo segments 1-10, 48 slots each, a sequence that only rises (never reused). */
  public Xid newXid() {
    int usn = 1 + (nextSlot % 10);
    int slot = (nextSlot / 10) % 48;
    nextSlot++;
    return new Xid(usn, slot, nextXidSequence++);
  }

  /** Commits the transactions at one SCN, in the order given (requirement 10). */
  public void commit(List<Transaction> txs) {
    long scn = oracle.redo().nextScn();
    for (Transaction tx : txs) {
      if (tx.state.ended()) {
        throw new IllegalStateException("Transaction " + tx.xid().toHex() + " has ended");
      }
      oracle.instances().requireUp(tx.state.instance());
    }
    for (Transaction tx : txs) {
      end(tx, true, scn);
    }
  }

  /**
   * Ends a transaction at {@code scn}: its private strand reaches the log, then its COMMIT or
   * ROLLBACK record; a commit waits for LGWR unless commits do not wait, a rollback always does. A
   * transaction that never changed anything leaves no redo.
   */
  void end(Transaction tx, boolean commit, long scn) {
    RedoLog redo = oracle.redo();
    TxState s = tx.state;
    open.remove(tx);
    redo.openTransactions.remove(s);
    if (!s.strand().isEmpty()) {
      redo.flushStrand(s);
    }
    s.end(commit, scn, redo.now());
    if (!s.started()) {
      return;
    }
    if (commit) {
      java.time.Instant kept = oracle.undoKeptSince();
      for (TxState.UndoEntry e : s.undo()) {
        SimTable.StoredRow stored = e.table().rows().get(e.rowId());
        e.table()
            .history()
            .commit(
                e.rowId(),
                stored == null ? null : stored.values,
                scn,
                oracle.clock().instant(),
                kept);
      }
    }
    RedoRecord end =
        new RedoRecord(
            commit ? RecordKind.COMMIT : RecordKind.ROLLBACK,
            scn,
            s.endTime(),
            s,
            s.writeThread(),
            null,
            0,
            0,
            null,
            null,
            null,
            null,
            null,
            0);
    end.showOnThreadZero(commit && s.commitOnThreadZero());
    redo.write(end, s);
    if (!commit || redo.commitFlushes) {
      redo.flush(redo.thread(s.writeThread()));
    }
  }

  /** The open transactions of {@code instance}. */
  List<Transaction> openOn(int instance) {
    List<Transaction> mine = new ArrayList<>();
    for (Transaction tx : open) {
      if (tx.state.instance() == instance) {
        mine.add(tx);
      }
    }
    return mine;
  }
}
