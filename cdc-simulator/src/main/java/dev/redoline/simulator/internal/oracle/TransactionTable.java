package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.Xid;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The database's transaction table: XIDs handed out, the transactions still open, and how a
 * transaction ends (its COMMIT or ROLLBACK record, and the LGWR write a commit waits for).
 */
public final class TransactionTable {

  private final RedoLog redo;
  private final Catalog catalog;
  private final Settings settings;
  private final SimulatedClock clock;
  private final Instances instances;
  private final Function<SimTable, SimTable.Segment> automaticPartitions;
  private final List<Transaction> open = new ArrayList<>();
  private final List<Transaction> openView = java.util.Collections.unmodifiableList(open);
  private int nextSlot;
  private long nextXidSequence = 300;

  /**
   * @param automaticPartitions adds a partition for a row no partition holds (the recursive DDL of
   *     interval and automatic list partitioning)
   */
  public TransactionTable(
      RedoLog redo,
      Catalog catalog,
      Settings settings,
      SimulatedClock clock,
      Instances instances,
      Function<SimTable, SimTable.Segment> automaticPartitions) {
    this.redo = redo;
    this.catalog = catalog;
    this.settings = settings;
    this.clock = clock;
    this.instances = instances;
    this.automaticPartitions = automaticPartitions;
  }

  public Transaction begin(int thread, String user, boolean privateStrand) {
    instances.requireUp(thread);
    TxState state =
        new TxState(newXid(), thread, thread, user, catalog.cdb() ? -1 : 0, privateStrand);
    redo.began(state);
    Transaction tx =
        new Transaction(this, redo, catalog, settings, instances, automaticPartitions, state);
    open.add(tx);
    return tx;
  }

  /** The transactions not yet ended, in the order begun (read only). */
  public List<Transaction> open() {
    return openView;
  }

  /** OPEN RESETLOGS: every open transaction is gone, and writes no record. */
  void loseAll() {
    for (Transaction tx : open) {
      tx.state().strand().clear();
      tx.state().endWithoutRecord();
    }
    open.clear();
    redo.allTransactionsLost();
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
    long scn = redo.nextScn();
    for (Transaction tx : txs) {
      if (tx.state().ended()) {
        throw new IllegalStateException("Transaction " + tx.xid().toHex() + " has ended");
      }
      instances.requireUp(tx.state().instance());
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
    TxState s = tx.state();
    open.remove(tx);
    redo.ended(s);
    if (!s.strand().isEmpty()) {
      redo.flushStrand(s);
    }
    s.end(commit, scn, redo.now());
    if (!s.started()) {
      return;
    }
    if (commit) {
      java.time.Instant kept = settings.undoKeptSince(clock);
      for (TxState.UndoEntry e : s.undo()) {
        SimTable.StoredRow stored = e.table().rows().get(e.rowId());
        e.table()
            .history()
            .commit(e.rowId(), stored == null ? null : stored.values(), scn, clock.instant(), kept);
      }
    }
    RedoRecord end =
        RedoRecord.control(
            commit ? RecordKind.COMMIT : RecordKind.ROLLBACK,
            scn,
            s.endTime(),
            s,
            s.writeThread(),
            null,
            0);
    end.showOnThreadZero(commit && s.commitOnThreadZero());
    redo.write(end, s);
    if (!commit || redo.commitFlushes()) {
      redo.flush(redo.thread(s.writeThread()));
    }
  }

  /** The open transactions of {@code instance}. */
  List<Transaction> openOn(int instance) {
    List<Transaction> mine = new ArrayList<>();
    for (Transaction tx : open) {
      if (tx.state().instance() == instance) {
        mine.add(tx);
      }
    }
    return mine;
  }
}
