package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.Row;
import dev.redoline.simulator.GeneratedLob;
import dev.redoline.simulator.internal.sql.LobRedoText;

/**
 * The LOB statements of one simulated transaction and the LOB rows of its DML: DBMS_LOB write, trim
 * and erase on a row's CLOB, NCLOB or BLOB (a SEL_LOB_LOCATOR then the operation's rows, one undo
 * entry for the statement), and the rows that follow a DML row showing a LOB marker (locator and
 * LOB_WRITE chunks; XML DOC BEGIN/WRITE/END for XMLTYPE; 32K begin/write/end for extended strings).
 * The row texts are {@link LobRedoText}'s, the value semantics {@link SimLob}'s.
 */
public final class LobStatements {

  private final Transaction tx;
  private final TxState state;
  private final RedoLog redo;
  private final Settings settings;

  LobStatements(Transaction tx, RedoLog redo, Settings settings) {
    this.tx = tx;
    this.state = tx.state();
    this.redo = redo;
    this.settings = settings;
  }

  /** {@link Transaction#lobWrite}, on a live table. */
  void write(SimTable table, String rowId, String column, long offset, Object data) {
    lobStatement(
        table,
        rowId,
        column,
        offset,
        1,
        (t, stored, i) -> {
          Object value = stored.values()[i];
          requireLobData(t.layout().column(i).type(), data);
          stored.change(i, SimLob.write(t.layout().column(i).type(), value, offset, data));
          writeChunks(t, stored, rowId, i, offset, data);
        });
  }

  /** {@link Transaction#lobTrim}, on a live table. */
  void trim(SimTable table, String rowId, String column, long length) {
    lobStatement(
        table,
        rowId,
        column,
        1,
        0,
        (t, stored, i) -> {
          if (length < 0 || length > SimLob.length(stored.values()[i])) {
            throw new IllegalArgumentException(
                "trim length "
                    + length
                    + " is outside 0.."
                    + SimLob.length(stored.values()[i])
                    + " (Oracle raises ORA-22926)");
          }
          stored.change(i, SimLob.trim(stored.values()[i], length));
          emitLob(RecordKind.LOB_TRIM, t, stored, rowId, new SimLob.Op(i, 1, length, null));
        });
  }

  /** {@link Transaction#lobErase}, on a live table. */
  void erase(SimTable table, String rowId, String column, long offset, long amount) {
    lobStatement(
        table,
        rowId,
        column,
        offset,
        amount,
        (t, stored, i) -> {
          stored.change(i, SimLob.erase(stored.values()[i], offset, amount));
          emitLob(RecordKind.LOB_ERASE, t, stored, rowId, new SimLob.Op(i, offset, amount, null));
        });
  }

  private interface LobChange {
    void apply(SimTable t, SimTable.StoredRow stored, int column);
  }

  /** One PL/SQL LOB statement: the locator select, the operation, one undo entry for both. */
  private void lobStatement(
      SimTable t, String rowId, String column, long offset, long amount, LobChange op) {
    SimTable.StoredRow stored = Transaction.stored(t, rowId);
    int i = t.layout().indexOf(column);
    if (i < 0 || !SimLob.isLob(t.layout().column(i).type())) {
      throw new IllegalArgumentException(
          column + " is not a CLOB, NCLOB or BLOB column of " + t.id());
    }
    if (stored.values()[i] == null) {
      throw new IllegalStateException(
          column + " of row " + rowId + " is NULL: Oracle raises ORA-22275");
    }
    if (offset < 1 || amount < 0) {
      throw new IllegalArgumentException(
          "offset must be 1 or more and amount 0 or more: " + offset + ", " + amount);
    }
    // The statement's undo holds the old content, so a generated LOB it changes becomes bytes
    // first.
    stored.change(i, SimLob.materialised(stored.values()[i]));
    Row.Builder old = Row.builder(t.layout().columns().size());
    old.set(i, stored.values()[i]);
    RedoRecord locator =
        emitLob(RecordKind.SEL_LOB_LOCATOR, t, stored, rowId, new SimLob.Op(i, 0, 0, null));
    op.apply(t, stored, i);
    state.undo().add(new TxState.UndoEntry(RecordKind.UNDO_UPDATE, t, rowId, old.build(), locator));
  }

  /**
   * After a DML row that shows {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()}: the value's locator and
   * writes.
   */
  void writeOutOfLine(SimTable t, SimTable.StoredRow stored, String rowId, int i) {
    Object value = stored.values()[i];
    if (SimLob.isXml(t.layout().column(i).type())
        && SimLob.outOfLine(t.layout().column(i).type(), value)) {
      writeWhole(
          RecordKind.XML_BEGIN,
          RecordKind.XML_WRITE,
          RecordKind.XML_END,
          t,
          stored,
          rowId,
          i,
          (String) value);
      return;
    }
    if (SimLob.isExtended(t.layout().column(i).type())
        && SimLob.outOfLine(t.layout().column(i).type(), value)) {
      writeWhole(
          RecordKind.EXTENDED_BEGIN,
          RecordKind.EXTENDED_WRITE,
          RecordKind.EXTENDED_END,
          t,
          stored,
          rowId,
          i,
          (String) value);
      return;
    }
    if (SimLob.outOfLine(t.layout().column(i).type(), value)) {
      if (!settings.basicFileWritesWithoutLocator) { // out-of-row BasicFile: the writes alone
        emitLob(RecordKind.SEL_LOB_LOCATOR, t, stored, rowId, new SimLob.Op(i, 0, 0, null));
      }
      writeChunks(t, stored, rowId, i, 1, value);
    }
  }

  /**
   * An UPDATE's new out-of-line value of column {@code i} as SecureFile storage writes it: the
   * locator, the writes of the whole value from offset 1, a trim to its length. Returns the
   * locator, the statement's first record.
   */
  RedoRecord rewrite(SimTable t, SimTable.StoredRow stored, String rowId, int i) {
    Object value = stored.values()[i];
    RedoRecord locator =
        emitLob(RecordKind.SEL_LOB_LOCATOR, t, stored, rowId, new SimLob.Op(i, 0, 0, null));
    writeChunks(t, stored, rowId, i, 1, value);
    emitLob(RecordKind.LOB_TRIM, t, stored, rowId, new SimLob.Op(i, 1, SimLob.length(value), null));
    return locator;
  }

  /**
   * LOB_WRITE rows of {@code data} from {@code offset}, a chunk each; a surrogate pair is never
   * cut. A generated LOB's chunks are {@link SimLob.Piece}s: the records hold no content.
   */
  private void writeChunks(
      SimTable t, SimTable.StoredRow stored, String rowId, int i, long offset, Object data) {
    long n = SimLob.length(data);
    int chunk = settings.lobWriteChunk();
    for (long from = 0; from < n; ) {
      long to = Math.min(n, from + chunk);
      if (to < n
          && data instanceof String s
          && Character.isHighSurrogate(s.charAt((int) to - 1))
          && to - 1 > from) {
        to--;
      }
      emitLob(
          RecordKind.LOB_WRITE,
          t,
          stored,
          rowId,
          new SimLob.Op(i, offset + from, to - from, SimLob.slice(data, from, to)));
      from = to;
    }
  }

  /**
   * A value written whole: an XMLTYPE document (XML DOC BEGIN naming its column and row, a WRITE
   * per chunk, END) or an extended string (32K begin, writes, end).
   */
  private void writeWhole(
      RecordKind begin,
      RecordKind write,
      RecordKind end,
      SimTable t,
      SimTable.StoredRow stored,
      String rowId,
      int i,
      String xml) {
    emitLob(begin, t, stored, rowId, new SimLob.Op(i, 0, 0, null));
    int chunk = settings.lobWriteChunk();
    for (int from = 0; from < xml.length(); ) {
      int to = Math.min(xml.length(), from + chunk);
      if (to < xml.length() && Character.isHighSurrogate(xml.charAt(to - 1)) && to - 1 > from) {
        to--;
      }
      emitLob(write, t, stored, rowId, new SimLob.Op(i, 0, to - from, xml.substring(from, to)));
      from = to;
    }
    emitLob(end, t, stored, rowId, new SimLob.Op(i, 0, 0, null));
  }

  private RedoRecord emitLob(
      RecordKind kind, SimTable t, SimTable.StoredRow stored, String rowId, SimLob.Op op) {
    boolean locator =
        kind == RecordKind.SEL_LOB_LOCATOR
            || kind == RecordKind.XML_BEGIN
            || kind == RecordKind.EXTENDED_BEGIN;
    Row where = locator ? SimLob.withoutLobs(t.layout(), stored.values()) : null;
    RedoRecord r =
        kind == RecordKind.XML_WRITE
            ? new RedoRecord(
                kind,
                redo.changeScn(),
                redo.now(),
                state,
                state.writeThread(),
                t.version(),
                tx.objectIdOf(kind, stored.segment().objectId()),
                tx.objectIdOf(kind, stored.segment().dataObjectId()),
                rowId,
                null,
                null,
                null,
                "XML DOC write not re-executable",
                0)
            : tx.record(kind, t, stored.segment(), rowId, null, where, redo.changeScn());
    r.lob(op);
    tx.write(r);
    return r;
  }

  private static void requireLobData(dev.redoline.core.OracleType type, Object data) {
    boolean binary = type.kind() == dev.redoline.core.OracleType.Kind.BLOB;
    if (binary
        ? !(data instanceof dev.redoline.core.Bytes || data instanceof GeneratedLob)
        : !(data instanceof String)) {
      throw new IllegalArgumentException(
          "a "
              + type
              + " write takes "
              + (binary ? "Bytes or a GeneratedLob" : "a String")
              + ": "
              + (data == null ? "null" : data.getClass().getName()));
    }
  }
}
