package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.Absent;
import dev.redoline.core.OracleType;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.simulator.GeneratedLob;
import dev.redoline.simulator.SchemaChanges;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.simulator.SupplementalLogging;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * One transaction's changes as redo ({@link SimulatedTransaction} is its API): a START record with
 * the first change, the change itself, ROLLBACK=1 compensation records for every undo, and a COMMIT
 * or ROLLBACK record at the end. Not thread-safe: the simulator is driven from one thread.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because it is every change a user can script on one transaction (DML, partitions,
 * array deletes, unsupported rows, LOB writes, savepoints, rollbacks), each checking its arguments
 * before it records redo through {@code TxState}.
 */
public final class Transaction {

  private final TransactionTable transactions;
  private final RedoLog redo;
  private final Catalog catalog;
  private final Settings settings;
  private final Instances instances;
  private final Function<SimTable, SimTable.Segment> automaticPartitions;
  private final TxState state;
  private final LobStatements lobs;
  private SimulatedTransaction api;

  Transaction(
      TransactionTable transactions,
      RedoLog redo,
      Catalog catalog,
      Settings settings,
      Instances instances,
      Function<SimTable, SimTable.Segment> automaticPartitions,
      TxState state) {
    this.transactions = transactions;
    this.redo = redo;
    this.catalog = catalog;
    this.settings = settings;
    this.instances = instances;
    this.automaticPartitions = automaticPartitions;
    this.state = state;
    this.lobs = new LobStatements(this, redo, settings);
  }

  /** The transaction's redo state: its XID, strand, undo and end. */
  TxState state() {
    return state;
  }

  /** The API object of this transaction, or null before the API made it. */
  public SimulatedTransaction api() {
    return api;
  }

  /** Keeps the API object the API made for this transaction, so each has one. */
  public void api(SimulatedTransaction api) {
    this.api = api;
  }

  /** The transaction id (XIDUSN, XIDSLT, XIDSQN). */
  public Xid xid() {
    return state.xid();
  }

  /** The redo thread (instance) the transaction runs on. */
  public int thread() {
    return state.thread();
  }

  /** Whether the transaction has ended (committed or rolled back). */
  public boolean ended() {
    return state.ended();
  }

  /**
   * The SCN of the transaction's first change (its START_SCN), or -1 before it changed anything.
   */
  public long startScn() {
    return state.startScn();
  }

  /** The SCN of its COMMIT or ROLLBACK, or -1 while it is open. */
  public long endScn() {
    return state.endScn();
  }

  /**
   * INSERT of one row, values in layout order; returns the new row's ROWID. A BLOB value may be a
   * {@link GeneratedLob}: the row then shows {@code EMPTY_BLOB()} and its content follows as
   * LOB_WRITE rows rendered from the descriptor, never held.
   */
  public String insert(TableId table, Object... values) {
    Object[] plain = values.clone();
    for (int i = 0; i < plain.length; i++) {
      plain[i] = plain[i] instanceof GeneratedLob ? dev.redoline.core.Marker.EMPTY_BLOB : plain[i];
    }
    SimTable t = live(table);
    Row after = Row.of(plain);
    requireShape(t.layout(), after);
    return insertInto(t, t.segmentForNewRow(), after, values);
  }

  /** INSERT of one row; returns the new row's ROWID. */
  public String insert(TableId table, Row after) {
    SimTable t = live(table);
    requireShape(t.layout(), after);
    return insertInto(t, t.segmentForNewRow(), after, null);
  }

  /**
   * The insert; {@code given} (or null) holds the caller's values where a {@link GeneratedLob} was
   * given.
   */
  private String insertInto(SimTable t, SimTable.Segment segment, Row after, Object[] given) {
    String rowId = t.newRowId(segment);
    Object[] values = new Object[after.size()];
    for (int i = 0; i < values.length; i++) {
      Object value = given != null && given[i] instanceof GeneratedLob g ? g : after.get(i);
      values[i] = SimLob.stored(t.layout().column(i).type(), value);
    }
    SimTable.StoredRow stored = new SimTable.StoredRow(values, segment);
    t.rows().put(rowId, stored);
    boolean asEmpty = LobDmlForms.applies(settings, t.layout());
    Row image =
        asEmpty ? LobDmlForms.insertImage(t.layout(), values) : SimLob.forRedo(t.layout(), values);
    if (settings.basicFileInsertsWithoutOutOfRowLobs()) {
      image = LobDmlForms.withoutOutOfRowLobs(t.layout(), values, image);
    }
    boolean writesFirst = settings.basicFileWritesBeforeInsert();
    for (int i = 0; writesFirst && i < values.length; i++) {
      if (LobDmlForms.writtenOutOfRow(t.layout(), values, i)) {
        lobs.writeOutOfLine(t, stored, rowId, i); // BasicFile out of row: now and then first
      }
    }
    RedoRecord change = emit(RecordKind.INSERT, t, segment, rowId, image, null);
    for (int i = 0; i < values.length; i++) {
      if (!writesFirst || !LobDmlForms.writtenOutOfRow(t.layout(), values, i)) {
        lobs.writeOutOfLine(t, stored, rowId, i);
      }
    }
    state.undo().add(new TxState.UndoEntry(RecordKind.UNDO_INSERT, t, rowId, null, change));
    boolean[] setAfter = asEmpty ? LobDmlForms.setAfterInsert(t.layout(), values) : null;
    if (setAfter != null) {
      setLobsAfterInsert(t, stored, rowId, setAfter);
    }
    return rowId;
  }

  /**
   * The UPDATE row that sets the values of an INSERT's LOB columns stored in the row, and NULLs
   * ({@link LobDmlForms}); its undo sets them back to the empty LOBs the INSERT showed.
   */
  private void setLobsAfterInsert(
      SimTable t, SimTable.StoredRow stored, String rowId, boolean[] columns) {
    Row.Builder values = Row.builder(columns.length);
    Row.Builder empty = Row.builder(columns.length);
    for (int i = 0; i < columns.length; i++) {
      if (columns[i]) {
        OracleType type = t.layout().column(i).type();
        values.set(i, stored.values()[i]); // NULL or stored in the row: never a generated LOB
        empty.set(i, SimLob.stored(type, SimLob.marker(type)));
      }
    }
    RedoRecord update =
        emit(
            RecordKind.UPDATE,
            t,
            stored.segment(),
            rowId,
            values.build(),
            loggedBefore(t, stored.values(), new boolean[columns.length]));
    state
        .undo()
        .add(new TxState.UndoEntry(RecordKind.UNDO_UPDATE, t, rowId, empty.build(), update));
  }

  /**
   * INSERT of a row whose key no partition of an interval (or automatic list) partitioned table
   * holds: the database first creates the partition by recursive DDL (its own transaction, INFO
   * 'INTERNAL DDL', a new DATA_OBJ#), then the row goes into it. Returns the new row's ROWID.
   *
   * @throws IllegalArgumentException if the table was not made by {@link
   *     SchemaChanges#createIntervalPartitioned}
   */
  public String insertIntoNewPartition(TableId table, Object... values) {
    SimTable t = live(table);
    if (!t.automaticPartitions()) {
      throw new IllegalArgumentException(table + " is not interval or automatic list partitioned");
    }
    Row after = Row.of(values);
    requireShape(t.layout(), after);
    SimTable.Segment segment = automaticPartitions.apply(t);
    return insertInto(t, segment, after, null);
  }

  /**
   * UPDATE of one row: {@code changes} maps column names to new values (null for NULL); a BLOB
   * value may be a {@link GeneratedLob}, as for {@link #insert(TableId, Object...)}.
   */
  public void update(TableId table, String rowId, Map<String, ?> changes) {
    SimTable t = live(table);
    SimTable.StoredRow stored = stored(t, rowId);
    TableLayout layout = t.layout();
    Row.Builder set = Row.builder(layout.columns().size());
    Row.Builder oldOfChanged = Row.builder(layout.columns().size());
    boolean[] changed = new boolean[layout.columns().size()];
    GeneratedLob[] generated = new GeneratedLob[changed.length];
    for (Map.Entry<String, ?> e : changes.entrySet()) {
      int i = layout.indexOf(e.getKey());
      if (i < 0) {
        throw new IllegalArgumentException("No column " + e.getKey() + " in " + table);
      }
      Object value = SimLob.stored(layout.column(i).type(), e.getValue());
      if (value
          instanceof GeneratedLob g) { // out of line: the SET shows EMPTY_BLOB(), the writes follow
        generated[i] = g;
        value = dev.redoline.core.Marker.EMPTY_BLOB;
      }
      set.set(i, value);
      oldOfChanged.set(i, SimLob.materialised(stored.values()[i]));
      changed[i] = true;
    }
    if (setsNullToNull(changes, layout, stored)) {
      setEveryColumn(layout, stored, set, oldOfChanged, changed);
    }
    boolean[] rewritten = secureFileRewrites(layout, set.build(), changed, generated);
    boolean[] inDml = changed.clone();
    boolean dml = true; // an UPDATE row, unless SecureFile writes carry everything it sets
    for (int i = 0; i < changed.length; i++) {
      inDml[i] = changed[i] && !rewritten[i];
      dml &= !rewritten[i];
    }
    for (boolean inRow : inDml) {
      dml |= inRow;
    }
    Row newValues = set.build();
    LobDmlForms.TwoRows two =
        dml ? LobDmlForms.split(settings, layout, inDml, stored.values(), newValues) : null;
    Row before = loggedBefore(t, stored.values(), two == null ? inDml : two.first());
    Row lobBefore =
        two == null
            ? null
            : loggedBefore(t, two.afterFirst(stored.values(), newValues), two.second());
    Row.Builder dmlValues = Row.builder(changed.length);
    for (int i = 0; i < changed.length; i++) {
      if (changed[i]) {
        stored.change(i, generated[i] != null ? generated[i] : newValues.get(i));
      }
      if (inDml[i]) {
        dmlValues.set(i, newValues.get(i));
      }
    }
    RedoRecord change =
        dml
            ? emit(
                RecordKind.UPDATE,
                t,
                stored.segment(),
                rowId,
                two == null
                    ? SimLob.forRedo(layout, dmlValues.build())
                    : two.firstValues(layout, newValues),
                before)
            : null;
    RedoRecord lobChange =
        two == null
            ? null
            : emitAt(
                RecordKind.UPDATE,
                t,
                stored.segment(),
                rowId,
                SimLob.forRedo(layout, LobDmlForms.only(two.second(), dmlValues.build())),
                lobBefore,
                change.scn()); // one statement, one SCN
    for (int i = 0; i < changed.length; i++) {
      if (rewritten[i]) {
        RedoRecord locator = lobs.rewrite(t, stored, rowId, i);
        change = change == null ? locator : change;
      } else if (changed[i]) {
        lobs.writeOutOfLine(t, stored, rowId, i);
      }
    }
    if (two == null) {
      state
          .undo()
          .add(
              new TxState.UndoEntry(
                  RecordKind.UNDO_UPDATE, t, rowId, oldOfChanged.build(), change));
    } else { // one undo row per UPDATE row, the LOB row's first
      Row old = oldOfChanged.build();
      state
          .undo()
          .add(
              new TxState.UndoEntry(
                  RecordKind.UNDO_UPDATE, t, rowId, LobDmlForms.only(two.first(), old), change));
      state
          .undo()
          .add(
              new TxState.UndoEntry(
                  RecordKind.UNDO_UPDATE,
                  t,
                  rowId,
                  LobDmlForms.only(two.second(), old),
                  lobChange));
    }
  }

  /**
   * The columns an UPDATE sets by SecureFile writes instead of in its DML row ({@link
   * Settings#secureFileLobUpdates}): CLOB, NCLOB and BLOB columns given an out-of-line value.
   */
  private boolean[] secureFileRewrites(
      TableLayout layout, Row set, boolean[] changed, GeneratedLob[] generated) {
    boolean[] out = new boolean[changed.length];
    if (!settings.secureFileLobUpdates()) {
      return out;
    }
    for (int i = 0; i < changed.length; i++) {
      OracleType type = layout.column(i).type();
      Object value = generated[i] != null ? generated[i] : set.get(i);
      out[i] =
          changed[i] && generated[i] == null && SimLob.isLob(type) && SimLob.outOfLine(type, value);
    }
    return out;
  }

  /**
   * Whether an UPDATE sets a column that is NULL to NULL. LogMiner then lists every column of the
   * row in SET with its value, changed or not (seen on a real 23 Free: the public
   * rophy/OpenLogReplicator suite's {@code null-handling} scenario).
   */
  private static boolean setsNullToNull(
      Map<String, ?> changes, TableLayout layout, SimTable.StoredRow stored) {
    for (Map.Entry<String, ?> e : changes.entrySet()) {
      if (e.getValue() == null && stored.values()[layout.indexOf(e.getKey())] == null) {
        return true;
      }
    }
    return false;
  }

  /** Every column not stored as a LOB joins the SET with its value; LOBs keep their own rows. */
  private static void setEveryColumn(
      TableLayout layout,
      SimTable.StoredRow stored,
      Row.Builder set,
      Row.Builder oldOfChanged,
      boolean[] changed) {
    for (int i = 0; i < changed.length; i++) {
      if (!changed[i] && !SimLob.storedAsLob(layout.column(i).type())) {
        set.set(i, stored.values()[i]);
        oldOfChanged.set(i, stored.values()[i]);
        changed[i] = true;
      }
    }
  }

  /** DELETE of one row; the redo carries the whole old row. */
  public void delete(TableId table, String rowId) {
    SimTable t = live(table);
    SimTable.StoredRow stored = stored(t, rowId);
    Row before = SimLob.row(stored.values());
    t.rows().remove(rowId);
    RedoRecord change =
        emit(
            RecordKind.DELETE,
            t,
            stored.segment(),
            rowId,
            null,
            SimLob.withoutLobs(t.layout(), before));
    state.undo().add(new TxState.UndoEntry(RecordKind.UNDO_DELETE, t, rowId, before, change));
  }

  /**
   * An array DELETE (one statement, many rows): the rows share one redo record, so they share one
   * RS_ID, all with SSN 0 (requirement 23).
   */
  public void deleteArray(TableId table, List<String> rowIds) {
    deleteArray(table, rowIds, -1);
  }

  /**
   * {@link #deleteArray(TableId, List)} with the thread's log switching after its first {@code
   * switchAfter} rows (none when negative), as when they fill it: the later rows land in the next
   * log, and with SCN ties on they keep the first row's SCN, below that log's FIRST_CHANGE#.
   */
  public void deleteArray(TableId table, List<String> rowIds, int switchAfter) {
    SimTable t = live(table);
    requireOpen();
    RedoRecord leader = null;
    for (int i = 0; i < rowIds.size(); i++) {
      String rowId = rowIds.get(i);
      if (i == switchAfter && i > 0) {
        redo.switchLog(redo.thread(state.writeThread()));
      }
      SimTable.StoredRow stored = stored(t, rowId);
      Row before = SimLob.row(stored.values());
      t.rows().remove(rowId);
      RedoRecord r =
          record(
              RecordKind.DELETE,
              t,
              stored.segment(),
              rowId,
              null,
              SimLob.withoutLobs(t.layout(), before),
              leader != null && redo.tiesScns()
                  ? leader.scn() // one statement, one SCN
                  : redo.changeScn());
      r.shareAddressWith(leader);
      write(r);
      leader = leader == null ? r : leader;
      state.undo().add(new TxState.UndoEntry(RecordKind.UNDO_DELETE, t, rowId, before, r));
    }
  }

  /**
   * An operation LogMiner cannot show (for example on an object type it does not support): one
   * UNSUPPORTED row (OPERATION_CODE 255) naming the table, SQL_REDO {@code Unsupported}.
   */
  public void unsupported(TableId table) {
    SimTable t = live(table);
    emit(RecordKind.UNSUPPORTED, t, t.segments().get(0), null, null, null);
  }

  /**
   * An INSERT that fails (for example ORA-00001): the row is written, then undone by a
   * statement-level rollback (a ROLLBACK=1 DELETE by ROWID), and the transaction goes on.
   */
  public void insertFailing(TableId table, Object... values) {
    int mark = state.undo().size();
    insert(table, values);
    undoTo(mark);
  }

  /**
   * {@code DBMS_LOB.WRITE} into the LOB of one row: {@code data} (a String for CLOB and NCLOB,
   * Bytes for BLOB) at the 1-based {@code offset}, in characters or bytes. A hole before the offset
   * is filled with spaces or zero bytes. LogMiner shows a SEL_LOB_LOCATOR row naming the row by its
   * column values, then one LOB_WRITE row per chunk of {@code lobWriteChunk}.
   *
   * @throws IllegalStateException if the column is NULL (Oracle raises ORA-22275: no LOB locator)
   */
  public void lobWrite(TableId table, String rowId, String column, long offset, Object data) {
    lobs.write(live(table), rowId, column, offset, data);
  }

  /**
   * {@code DBMS_LOB.TRIM} of one row's LOB to {@code length} characters or bytes: a LOB_TRIM row.
   */
  public void lobTrim(TableId table, String rowId, String column, long length) {
    lobs.trim(live(table), rowId, column, length);
  }

  /**
   * {@code DBMS_LOB.ERASE} of {@code amount} characters or bytes from {@code offset}: spaces or
   * zero bytes over the range, the length unchanged; a LOB_ERASE row (OPERATION_CODE per {@link
   * SimulatedOracle.Builder#lobEraseCode}).
   */
  public void lobErase(TableId table, String rowId, String column, long offset, long amount) {
    lobs.erase(live(table), rowId, column, offset, amount);
  }

  /** SAVEPOINT {@code name}. */
  public void savepoint(String name) {
    requireOpen();
    state.savepoints().put(Objects.requireNonNull(name, "name == null"), state.undo().size());
  }

  /** ROLLBACK TO SAVEPOINT: ROLLBACK=1 rows for every change since, newest first. */
  public void rollbackToSavepoint(String name) {
    requireOpen();
    Integer mark = state.savepoints().get(name);
    if (mark == null) {
      throw new IllegalArgumentException(
          "No savepoint " + name + " in transaction " + state.xid().toHex());
    }
    undoTo(mark);
  }

  /** COMMIT: the private strand (if any) reaches the log, then the COMMIT record; LGWR flushes. */
  public void commit() {
    transactions.commit(List.of(this));
  }

  /** COMMIT whose row LogMiner shows with THREAD# 0 (see {@code SimulatedTransaction}). */
  public void commitShownOnThreadZero() {
    state.showCommitOnThreadZero();
    commit();
  }

  /** ROLLBACK: ROLLBACK=1 rows for every change, newest first, then a ROLLBACK (36) record. */
  public void rollback() {
    requireOpen();
    undoTo(0);
    transactions.end(this, false, redo.nextScn());
  }

  /**
   * Crash recovery of a dead transaction by {@code thread} (its own instance restarted, or a
   * surviving RAC node; requirement 32). Only changes whose redo reached the log before the crash
   * are rolled back with redo; the others were never durable and vanish silently. A transaction
   * with nothing in the log leaves no trace at all.
   */
  void recoverOnThread(int thread) {
    state.writeOn(thread);
    state.strand().clear();
    boolean durable = state.startRecord() != null && state.startRecord().log() != null;
    while (!state.undo().isEmpty()) {
      TxState.UndoEntry e = state.undo().remove(state.undo().size() - 1);
      undo(e, durable && e.written());
    }
    if (!durable) {
      state.forgetStart(); // as if it had never started: no ROLLBACK record either
    }
    transactions.end(this, false, redo.nextScn());
  }

  private void undoTo(int mark) {
    requireOpen();
    while (state.undo().size() > mark) {
      TxState.UndoEntry e = state.undo().remove(state.undo().size() - 1);
      undo(e, true);
    }
    state.savepoints().values().removeIf(v -> v > mark);
  }

  /** Undoes one change in the table; with {@code withRedo} also writes its ROLLBACK=1 record. */
  private void undo(TxState.UndoEntry e, boolean withRedo) {
    SimTable t = e.table();
    SimTable.Segment segment;
    Row values = null;
    switch (e.undoKind()) {
      case UNDO_INSERT -> segment = t.rows().remove(e.rowId()).segment();
      case UNDO_UPDATE -> {
        SimTable.StoredRow stored = t.rows().get(e.rowId());
        values = e.restore();
        for (int i = 0; i < values.size(); i++) {
          if (values.isPresent(i)) {
            stored.change(i, values.get(i));
          }
        }
        segment = stored.segment();
      }
      case UNDO_DELETE -> {
        values = e.restore();
        Object[] restored = new Object[values.size()];
        for (int i = 0; i < restored.length; i++) {
          restored[i] = values.get(i);
        }
        segment = t.segmentOf(e.change().objectId());
        t.rows().put(e.rowId(), new SimTable.StoredRow(restored, segment));
      }
      default -> throw new IllegalStateException("not an undo kind: " + e.undoKind());
    }
    if (withRedo) {
      RedoRecord undo =
          record(
              e.undoKind(),
              t,
              segment,
              e.rowId(),
              SimLob.forRedo(t.layout(), values),
              null,
              redo.changeScn());
      undo.undoing(e.change());
      write(undo);
    }
  }

  private Row loggedBefore(SimTable t, Object[] old, boolean[] changed) {
    SupplementalLogging level = settings.loggingOf(t);
    TableLayout layout = t.layout();
    Row.Builder b = Row.builder(old.length);
    for (int i = 0; i < old.length; i++) {
      boolean key = layout.primaryKey().contains(layout.column(i).name());
      boolean logged =
          !SimLob.storedAsLob(layout.column(i).type())
              && (changed[i]
                  || level == SupplementalLogging.ALL
                  || (level == SupplementalLogging.PRIMARY_KEY && key));
      b.set(i, logged ? old[i] : Absent.NOT_LOGGED);
    }
    return b.build();
  }

  private RedoRecord emit(
      RecordKind kind, SimTable t, SimTable.Segment segment, String rowId, Row values, Row before) {
    return emitAt(kind, t, segment, rowId, values, before, redo.changeScn());
  }

  private RedoRecord emitAt(
      RecordKind kind,
      SimTable t,
      SimTable.Segment segment,
      String rowId,
      Row values,
      Row before,
      long scn) {
    RedoRecord r = record(kind, t, segment, rowId, values, before, scn);
    write(r);
    if (LobTableRowIds.onInternalRow(settings, kind, t.layout())) {
      if (settings.lobTableInternalRowsWrittenApart() && !state.privateStrand()) {
        redo.flush(redo.thread(state.writeThread()));
      }
      write(record(RecordKind.INTERNAL, t, segment, rowId, null, null, r.scn()));
    }
    return r;
  }

  RedoRecord record(
      RecordKind kind,
      SimTable t,
      SimTable.Segment segment,
      String rowId,
      Row values,
      Row before,
      long scn) {
    requireOpen();
    boolean unlogged = settings.loggingOf(t) == SupplementalLogging.NONE;
    return new RedoRecord(
        kind,
        scn,
        redo.now(),
        state,
        state.writeThread(),
        t.version(),
        objectIdOf(kind, segment.objectId()),
        objectIdOf(kind, segment.dataObjectId()),
        rowId,
        values,
        before,
        null,
        unlogged ? "no supplemental log data found" : null,
        unlogged ? 3 : 0);
  }

  /**
   * DATA_OBJ# (or DATA_OBJD#) a record of {@code kind} shows for a segment numbered {@code id}: the
   * LOB segment's number ({@link Settings#LOB_SEGMENT_OFFSET} above it) for LOB rows when {@code
   * SimulatedOracle.Builder.lobRowsOnLobSegment} asks for it.
   */
  int objectIdOf(RecordKind kind, int id) {
    return kind.isLob() && settings.lobRowsOnLobSegment() ? id + Settings.LOB_SEGMENT_OFFSET : id;
  }

  void write(RedoRecord r) {
    if (!state.started()) {
      RedoRecord start =
          RedoRecord.control(
              RecordKind.START, r.scn(), r.time(), state, state.writeThread(), null, 0);
      state.start(start);
      redo.write(start, state);
    }
    redo.write(r, state);
  }

  private SimTable live(TableId table) {
    requireOpen();
    instances.requireUp(state.instance());
    SimTable t = catalog.table(table);
    Catalog.Container container = catalog.container(t.conId());
    if (!container.open()) {
      throw new IllegalStateException(
          "PDB " + container.name() + " is closed (MOUNTED): no DML on " + table);
    }
    if (state.conId() < 0) {
      state.container(t.conId());
    }
    if (t.conId() != state.conId() && catalog.cdb()) {
      throw new IllegalArgumentException(
          "Transaction "
              + state.xid().toHex()
              + " runs in container "
              + state.conId()
              + " but "
              + table
              + " is in container "
              + t.conId()
              + ": transactions never span PDBs");
    }
    return t;
  }

  static SimTable.StoredRow stored(SimTable t, String rowId) {
    SimTable.StoredRow stored = t.rows().get(rowId);
    if (stored == null) {
      throw new IllegalArgumentException("No row " + rowId + " in " + t.id());
    }
    return stored;
  }

  private static void requireShape(TableLayout layout, Row row) {
    if (row.size() != layout.columns().size()) {
      throw new IllegalArgumentException(
          "Row of "
              + row.size()
              + " values for "
              + layout.table()
              + ", which has "
              + layout.columns().size()
              + " columns");
    }
  }

  private void requireOpen() {
    if (state.ended()) {
      throw new IllegalStateException("Transaction " + state.xid().toHex() + " has ended");
    }
  }

  @Override
  public String toString() {
    return "Transaction[" + state.xid().toHex() + " thread " + state.thread() + "]";
  }
}
