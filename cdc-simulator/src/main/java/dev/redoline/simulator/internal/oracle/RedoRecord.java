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
  private final RecordKind kind;
  private final long scn;
  private final LocalDateTime time;
  private final TxState tx;
  private final int thread;

  /** The table as it was when the change was made; null for control rows. */
  private final TableVersion table;

  /**
   * {@link #objectId} and {@link #dataObjectId} of a row that shows NULL in DATA_OBJ# and
   * DATA_OBJD#.
   */
  public static final int NULL_OBJECT = -1;

  /** DATA_OBJ# and DATA_OBJD# of the segment changed (a partition's for partitioned tables). */
  private final int objectId;

  private final int dataObjectId;
  private final String rowId;

  /** INSERT after image; UPDATE set (Absent = unchanged); undo rows: the values restored. */
  private final Row values;

  /**
   * UPDATE/DELETE old values as logged (Absent.NOT_LOGGED where supplemental logging did not log).
   */
  private final Row before;

  private final String ddlText;
  private final String info;
  private final int status;

  /** Redo bytes the record takes in its log: what fills logs and moves addresses. */
  private int sizeBytes;

  private RedoAddress address;
  private int ssn;

  /** The log file the record was written to, once flushed. */
  private LogFile log;

  /** For the rows of an array DELETE after the first: the record whose RS_ID they share. */
  private RedoRecord sharesAddressWith;

  /**
   * For a ROLLBACK=1 record: the change it undoes. Everything its transaction wrote from that
   * change on is undone with it (a rollback goes back to a savepoint or a statement's start), which
   * is how COMMITTED_DATA_ONLY leaves such changes out.
   */
  private RedoRecord undoes;

  /** The record's redo block is corrupt: LogMiner cannot read it (ORA-01343, or skipped). */
  private boolean corrupt;

  /** What a LOB record (SEL_LOB_LOCATOR, LOB_WRITE, LOB_TRIM, LOB_ERASE) does; null otherwise. */
  private SimLob.Op lob;

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
  private boolean threadZero;

  /** The record's redo block is corrupt from now on (a fault the API plants). */
  public void markCorrupt() {
    corrupt = true;
  }

  /** A later row of an array DELETE: it shares {@code leader}'s RS_ID. */
  void shareAddressWith(RedoRecord leader) {
    sharesAddressWith = leader;
  }

  /** A ROLLBACK=1 record undoing {@code change}. */
  void undoing(RedoRecord change) {
    undoes = change;
  }

  /** The record's place in the redo stream, given when it reaches the log buffer. */
  void placeAt(RedoAddress at) {
    address = at;
  }

  /** A row LogMiner makes up (a gap, skipped blocks): at {@code other}'s place in its log. */
  void placeWith(RedoRecord other) {
    address = other.address;
    log = other.log;
  }

  /** Whether LogMiner shows the record with THREAD# 0 (the COMMIT of an empty transaction). */
  public void showOnThreadZero(boolean shown) {
    threadZero = shown;
  }

  /** Keeps the text {@code RowFormatter} rendered for this record. */
  void renderedText(Object text) {
    renderedText = text;
  }

  /** LGWR wrote the record to {@code written}. */
  void writtenTo(LogFile written) {
    log = written;
  }

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
  private Object renderedText;

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
   * A record of no table: a transaction's START, COMMIT or ROLLBACK ({@code info} null, {@code
   * status} 0), or a row LogMiner makes up (MISSING_SCN, CORRUPTED_BLOCKS) with its INFO and
   * STATUS; {@code tx} null for the latter.
   */
  public static RedoRecord control(
      RecordKind kind,
      long scn,
      LocalDateTime time,
      TxState tx,
      int thread,
      String info,
      int status) {
    return new RedoRecord(
        kind, scn, time, tx, thread, null, 0, 0, null, null, null, null, info, status);
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
        + (tx == null ? "" : " " + tx.xid());
  }

  public RecordKind kind() {
    return kind;
  }

  public long scn() {
    return scn;
  }

  public LocalDateTime time() {
    return time;
  }

  TxState tx() {
    return tx;
  }

  int thread() {
    return thread;
  }

  public TableVersion table() {
    return table;
  }

  public int objectId() {
    return objectId;
  }

  public int dataObjectId() {
    return dataObjectId;
  }

  public String rowId() {
    return rowId;
  }

  Row values() {
    return values;
  }

  public Row before() {
    return before;
  }

  String ddlText() {
    return ddlText;
  }

  String info() {
    return info;
  }

  int status() {
    return status;
  }

  int sizeBytes() {
    return sizeBytes;
  }

  RedoAddress address() {
    return address;
  }

  public int ssn() {
    return ssn;
  }

  LogFile log() {
    return log;
  }

  RedoRecord sharesAddressWith() {
    return sharesAddressWith;
  }

  RedoRecord undoes() {
    return undoes;
  }

  public boolean corrupt() {
    return corrupt;
  }

  public SimLob.Op lob() {
    return lob;
  }

  public boolean threadZero() {
    return threadZero;
  }

  Object renderedText() {
    return renderedText;
  }
}
