package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.TableLayout;
import java.time.LocalDateTime;

/**
 * One redo record as the simulator keeps it: the logical change, not its text. SQL_REDO is rendered
 * at query time because the text depends on the mining session's options and on the dictionary at
 * mining time. The address is given when the record reaches the public redo buffer, which for a
 * private strand is long after its SCN was taken.
 */
public final class RedoRecord {
  public final RecordKind kind;
  public final long scn;
  public final LocalDateTime time;
  final TxState tx;
  final int thread;

  /** The table as it was when the change was made; null for control rows. */
  public final TableVersion table;

  /**
   * {@link #objectId} and {@link #dataObjectId} of a row that shows NULL in DATA_OBJ# and
   * DATA_OBJD#.
   */
  public static final int NULL_OBJECT = -1;

  /** DATA_OBJ# and DATA_OBJD# of the segment changed (a partition's for partitioned tables). */
  public final int objectId;

  public final int dataObjectId;
  public final String rowId;

  /** INSERT after image; UPDATE set (Absent = unchanged); undo rows: the values restored. */
  final Row values;

  /**
   * UPDATE/DELETE old values as logged (Absent.NOT_LOGGED where supplemental logging did not log).
   */
  public final Row before;

  final String ddlText;
  final String info;
  final int status;

  /** Redo bytes the record takes in its log: what fills logs and moves addresses. */
  int sizeBytes;

  RedoAddress address;
  public int ssn;

  /** The log file the record was written to, once flushed. */
  LogFile log;

  /** For the rows of an array DELETE after the first: the record whose RS_ID they share. */
  RedoRecord sharesAddressWith;

  /**
   * For a ROLLBACK=1 record: the change it undoes. Everything its transaction wrote from that
   * change on is undone with it (a rollback goes back to a savepoint or a statement's start), which
   * is how COMMITTED_DATA_ONLY leaves such changes out.
   */
  RedoRecord undoes;

  /** The record's redo block is corrupt: LogMiner cannot read it (ORA-01343, or skipped). */
  public boolean corrupt;

  /** What a LOB record (SEL_LOB_LOCATOR, LOB_WRITE, LOB_TRIM, LOB_ERASE) does; null otherwise. */
  public SimLob.Op lob;

  /**
   * Makes this a LOB record doing {@code op}, before it is written. The data a write carries is
   * redo too (LOB segments log their content), so it counts in the record's size: a large LOB fills
   * logs and switches them as Oracle's would, and a window of whole logs stays small.
   */
  void lob(SimLob.Op op) {
    this.lob = op;
    this.sizeBytes += (int) SimLob.storedBytes(op.data());
  }

  /** A COMMIT of an empty transaction, which LogMiner shows with THREAD# 0. */
  public boolean threadZero;

  /**
   * The address as V$LOGMNR_CONTENTS shows it: THREAD# 0 for the COMMIT of an empty transaction.
   */
  /**
   * The RS_ID text of {@link #shownAddress()}, kept while the address stays: every mining pass
   * shows it again.
   */
  public String shownRsId() {
    RedoAddress a = address;
    if (a != rsIdOf || threadZero != rsIdThreadZero) {
      rsIdOf = a;
      rsIdThreadZero = threadZero;
      rsIdText = shownAddress().rsId();
    }
    return rsIdText;
  }

  /**
   * The text {@code RowFormatter} last rendered for this record, with what it depends on; null
   * before.
   */
  Object renderedText;

  private RedoAddress rsIdOf;
  private boolean rsIdThreadZero;
  private String rsIdText;

  public RedoAddress shownAddress() {
    if (!threadZero || address == null) {
      return address;
    }
    return new RedoAddress(0, address.sequence(), address.block(), address.offset());
  }

  public RedoRecord(
      RecordKind kind,
      long scn,
      LocalDateTime time,
      TxState tx,
      int thread,
      TableVersion table,
      int objectId,
      int dataObjectId,
      String rowId,
      Row values,
      Row before,
      String ddlText,
      String info,
      int status) {
    this.kind = kind;
    this.scn = scn;
    this.time = time;
    this.tx = tx;
    this.thread = thread;
    this.table = table;
    this.objectId = objectId;
    this.dataObjectId = dataObjectId;
    this.rowId = rowId;
    this.values = values;
    this.before = before;
    this.ddlText = ddlText;
    this.info = info;
    this.status = status;
    this.sizeBytes = estimateSize(table == null ? null : table.layout(), ddlText);
  }

  /**
   * A rough redo size: a header plus a few dozen bytes per column; only block arithmetic uses it.
   */
  private static int estimateSize(TableLayout layout, String ddl) {
    int size = 72;
    if (layout != null) {
      size += 28 * layout.columns().size();
    }
    if (ddl != null) {
      size += ddl.length();
    }
    return size;
  }

  @Override
  public String toString() {
    return kind
        + "@"
        + scn
        + (address == null ? "" : " " + address)
        + (tx == null ? "" : " " + tx.xid);
  }
}
