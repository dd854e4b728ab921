package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.Xid;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** The redo-side state of one transaction. */
public final class TxState {
  private final Xid xid;
  private final int thread;
  private final int instance;
  private final String user;

  /** The container, fixed by the first change (-1 until then). */
  private int conId;

  /**
   * The thread redo is written to; another one when a surviving instance recovers this transaction.
   */
  private int writeThread;

  private final boolean privateStrand;
  private long startScn = -1;
  private LocalDateTime startTime;
  private long endScn = -1;
  private LocalDateTime endTime;
  private boolean committed;
  private boolean ended;

  /** Whether LogMiner shows this transaction's COMMIT row with THREAD# 0. */
  private boolean commitOnThreadZero;

  /** The START record, to tell after a crash whether any of the transaction reached the log. */
  private RedoRecord startRecord;

  /** Records built in the private strand, not yet in the public buffer. */
  private final List<RedoRecord> strand = new ArrayList<>();

  /** Changes made, for rollback: each entry's undo record kind and data. */
  private final List<UndoEntry> undo = new ArrayList<>();

  public TxState(Xid xid, int thread, int instance, String user, int conId, boolean privateStrand) {
    this.xid = xid;
    this.thread = thread;
    this.instance = instance;
    this.user = user;
    this.conId = conId;
    this.writeThread = thread;
    this.privateStrand = privateStrand;
  }

  /** The transaction began with {@code record}, its START record, at that record's SCN. */
  void start(RedoRecord record) {
    start(record.scn(), record.time());
    startRecord = record;
  }

  /** The transaction's first change (or control record) was made at {@code scn}. */
  public void start(long scn, LocalDateTime time) {
    startScn = scn;
    startTime = time;
  }

  /** Undoes {@link #start}: the transaction wrote nothing that stays (a rollback to its start). */
  void forgetStart() {
    startScn = -1;
  }

  /** The transaction ended at {@code scn}: committed or rolled back. */
  public void end(boolean commit, long scn, LocalDateTime time) {
    ended = true;
    committed = commit;
    endScn = scn;
    endTime = time;
  }

  /** The transaction ended without an end record (OPEN RESETLOGS discards it). */
  void endWithoutRecord() {
    ended = true;
  }

  /** Its COMMIT row shows THREAD# 0 (a transaction that changed nothing). */
  void showCommitOnThreadZero() {
    commitOnThreadZero = true;
  }

  /** Its redo goes to {@code thread} from now on (crash recovery by that thread). */
  void writeOn(int thread) {
    writeThread = thread;
  }

  /** The container its changes are made in (its first change decides). */
  void container(int conId) {
    this.conId = conId;
  }

  public boolean started() {
    return startScn >= 0;
  }

  /** Undo list sizes at each savepoint, by name. */
  private final java.util.Map<String, Integer> savepoints = new java.util.HashMap<>();

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

  public Xid xid() {
    return xid;
  }

  int thread() {
    return thread;
  }

  public int instance() {
    return instance;
  }

  public String user() {
    return user;
  }

  public int conId() {
    return conId;
  }

  public int writeThread() {
    return writeThread;
  }

  boolean privateStrand() {
    return privateStrand;
  }

  public long startScn() {
    return startScn;
  }

  public LocalDateTime startTime() {
    return startTime;
  }

  public long endScn() {
    return endScn;
  }

  public LocalDateTime endTime() {
    return endTime;
  }

  public boolean committed() {
    return committed;
  }

  public boolean ended() {
    return ended;
  }

  boolean commitOnThreadZero() {
    return commitOnThreadZero;
  }

  RedoRecord startRecord() {
    return startRecord;
  }

  List<RedoRecord> strand() {
    return strand;
  }

  List<UndoEntry> undo() {
    return undo;
  }

  java.util.Map<String, Integer> savepoints() {
    return savepoints;
  }
}
