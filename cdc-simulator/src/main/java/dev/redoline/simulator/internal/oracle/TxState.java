package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.Xid;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** The redo-side state of one transaction. */
public final class TxState {
  public final Xid xid;
  final int thread;
  public final int instance;
  public final String user;

  /** The container, fixed by the first change (-1 until then). */
  public int conId;

  /**
   * The thread redo is written to; another one when a surviving instance recovers this transaction.
   */
  public int writeThread;

  final boolean privateStrand;
  public long startScn = -1;
  public LocalDateTime startTime;
  public long endScn = -1;
  public LocalDateTime endTime;
  public boolean committed;
  public boolean ended;

  /** Whether LogMiner shows this transaction's COMMIT row with THREAD# 0. */
  boolean commitOnThreadZero;

  /** The START record, to tell after a crash whether any of the transaction reached the log. */
  RedoRecord startRecord;

  /** Records built in the private strand, not yet in the public buffer. */
  final List<RedoRecord> strand = new ArrayList<>();

  /** Changes made, for rollback: each entry's undo record kind and data. */
  final List<UndoEntry> undo = new ArrayList<>();

  public TxState(Xid xid, int thread, int instance, String user, int conId, boolean privateStrand) {
    this.xid = xid;
    this.thread = thread;
    this.instance = instance;
    this.user = user;
    this.conId = conId;
    this.writeThread = thread;
    this.privateStrand = privateStrand;
  }

  public boolean started() {
    return startScn >= 0;
  }

  /** Undo list sizes at each savepoint, by name. */
  final java.util.Map<String, Integer> savepoints = new java.util.HashMap<>();

  /**
   * One change that a rollback would compensate.
   *
   * @param undoKind the ROLLBACK=1 record that undoes it
   * @param table the table changed
   * @param rowId the row
   * @param restore for UNDO_UPDATE the old values of the changed columns (others Absent); for
   *     UNDO_DELETE the deleted row; null for UNDO_INSERT
   * @param change the redo record of the change; crash recovery undoes only changes whose record
   *     reached the log ({@code change.log != null})
   */
  record UndoEntry(
      RecordKind undoKind,
      SimTable table,
      String rowId,
      dev.redoline.core.Row restore,
      RedoRecord change) {

    boolean written() {
      return change.log() != null;
    }
  }
}
