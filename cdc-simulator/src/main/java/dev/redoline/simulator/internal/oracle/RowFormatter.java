package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.simulator.Oracle23aiForms;
import dev.redoline.simulator.SchemaChanges;
import dev.redoline.simulator.internal.sql.ContentsView;
import dev.redoline.simulator.internal.sql.LobRedoText;
import dev.redoline.simulator.internal.sql.SessionNls;
import dev.redoline.simulator.internal.sql.SqlRedoCsf;
import dev.redoline.simulator.internal.sql.SqlRedoRenderer;
import dev.redoline.simulator.internal.sql.SqlSink;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a redo record into the V$LOGMNR_CONTENTS rows LogMiner shows for it: SQL_REDO/SQL_UNDO
 * rendered by {@link SqlRedoRenderer} with the session's options and the dictionary at mining time,
 * split into CSF pieces, with the control, container and CDO columns filled.
 *
 * <p>Dictionary at mining time (DICT_FROM_ONLINE_CATALOG): a record of a table changed since
 * (DATA_OBJV# differs) or purged is shown without dictionary, {@code "UNKNOWN"."OBJ# n"} with
 * HEXTORAW values, STATUS 2 and INFO 'Dictionary Mismatch'; a dropped table still in the recycle
 * bin is shown under its BIN$ name. With DDL_DICT_TRACKING the dictionary follows the redo, so old
 * records render with their own layout.
 *
 * <p>As real LogMiner does (docs/simulator.md, "Real-Oracle behaviours"): USERNAME is {@code
 * UNKNOWN} on every row of a transaction whose START is below the session's start SCN; a record
 * whose object number is {@link RedoRecord#NULL_OBJECT} shows NULL DATA_OBJ# and DATA_OBJD#; and a
 * table's {@link SchemaChanges.RowText} can leave quotes undoubled or name columns {@code "COL n"}
 * with raw bytes.
 *
 * <p>Implementation notes: a record's rows are made in two parts, so that a mining query can drop a
 * record before its costliest columns exist. {@link #head} fills every column its CSF pieces share
 * (names, INFO and STATUS included, which the dictionary at mining time decides without any SQL);
 * {@link #pieces} renders SQL_REDO and SQL_UNDO, splits them and copies the head once per piece.
 * The class is long because the dictionary-at-mining-time cases appear in both parts: {@code names}
 * and {@code tableSql} follow them in the same order.
 */
public final class RowFormatter {

  /**
   * USERNAME of every row of a transaction whose START this LogMiner session did not read: Oracle
   * writes the session's user only in the redo of the transaction's first change (Debezium
   * DBZ-3978, DBZ-8884), so a session started after it cannot name the user.
   */
  static final String UNKNOWN_USER = "UNKNOWN";

  /** SQL_REDO of an UNSUPPORTED (255) row. */
  static final String UNSUPPORTED_REDO = "Unsupported";

  /** Where DATA_OBJ# and DATA_OBJD# are in a view row, for rows that show them NULL. */
  private static final int DATA_OBJ = column("DATA_OBJ#");

  private static final int DATA_OBJD = column("DATA_OBJD#");
  private static final int ROW_ID = column("ROW_ID");
  private static final int XID = column("XID");
  private static final int SQL_REDO = column("SQL_REDO");
  private static final int SQL_UNDO = column("SQL_UNDO");
  private static final int CSF = column("CSF");

  private final Settings settings;
  private final Catalog catalog;
  private final ServerMiningSession session;
  private final SqlRedoRenderer renderer;
  private final boolean tracking;
  private final SqlRedoRenderer.RenderOptions options;

  /**
   * Whether the statement reads SQL_REDO; else the text is rendered for its length alone (the
   * number of CSF rows) and only that number is kept.
   */
  private final boolean redoWanted;

  /**
   * Whether the statement reads SQL_UNDO; else it is made only when its length could add a CSF row,
   * and only that number of rows is kept.
   */
  private final boolean undoWanted;

  public RowFormatter(
      Settings settings,
      Catalog catalog,
      ServerMiningSession session,
      SessionNls nls,
      boolean redoWanted,
      boolean undoWanted) {
    this.redoWanted = redoWanted;
    this.undoWanted = undoWanted;
    this.settings = settings;
    this.catalog = catalog;
    this.session = session;
    this.options =
        new SqlRedoRenderer.RenderOptions(
                session.start().has(LogMinerOption.NO_ROWID_IN_STMT),
                session.start().has(LogMinerOption.NO_SQL_DELIMITER),
                "Nan",
                "Inf")
            .withNls(nls);
    this.renderer = new SqlRedoRenderer(options, settings.oracle23aiForms());
    this.tracking = session.start().has(LogMinerOption.DDL_DICT_TRACKING);
  }

  /**
   * SQL_REDO and SQL_UNDO of one record as rendered, before CSF splitting; SQL_UNDO may be null.
   */
  private record Text(String redo, String undo) {}

  /**
   * What a record's rows show of its SQL: SQL_REDO and SQL_UNDO before CSF splitting, each null
   * where the statement does not read it, its number of CSF pieces then kept instead ({@code
   * undoPieces} 0: no SQL_UNDO).
   */
  private record Sql(String redo, int redoPieces, String undo, int undoPieces) {}

  /** {@code text} as the statement's rows show it: only the piece count of a text not read. */
  private Sql shown(Text text) {
    String undo = text.undo();
    return new Sql(
        redoWanted ? text.redo() : null,
        redoWanted ? 0 : SqlRedoCsf.count(text.redo()),
        undoWanted ? undo : null,
        undoWanted || undo == null ? 0 : SqlRedoCsf.count(undo));
  }

  /**
   * Everything a table record's SQL depends on besides the record: the session's rendering options
   * and NLS, the 23ai forms, dictionary tracking, whether SQL_REDO and SQL_UNDO are read, and the
   * live table's dictionary state (version, purge, recycle bin, temporary, row text).
   */
  private record TextKey(
      SqlRedoRenderer.RenderOptions options,
      Oracle23aiForms forms,
      boolean tracking,
      boolean redoWanted,
      boolean undoWanted,
      int objectVersion,
      boolean purged,
      boolean temporary,
      String recycleBinName,
      SchemaChanges.RowText rowText) {}

  /** A table record's SQL as last rendered, and what it was rendered under. */
  private record RenderedText(TextKey key, Sql sql) {}

  /** The view rows of one record, in {@link ContentsView#COLUMNS} order. */
  public List<Object[]> rows(RedoRecord r) {
    return pieces(r, head(r));
  }

  /**
   * The columns all of one record's rows share, in {@link ContentsView#COLUMNS} order, with
   * SQL_REDO, SQL_UNDO and CSF NULL: every other column is the same on each CSF piece, and none of
   * them needs the record's SQL, so a WHERE clause that reads none of those three can decide on the
   * record before its SQL is rendered.
   */
  public Object[] head(RedoRecord r) {
    TxState tx = r.tx();
    Xid xid = tx == null ? new Xid(0, 0, 0) : tx.xid();
    if (r.kind().isUndo() && tx != null && tx.startScn() < session.startScn()) {
      xid = xid.slotOnly(); // undo of a transaction begun before the session: sequence unknown
    }
    boolean cdo = session.committedOnly();
    Long startScn = null;
    Long commitScn = null;
    LocalDateTime startTime = null;
    LocalDateTime commitTime = null;
    if (cdo && tx != null && r.kind() != RecordKind.DDL) {
      boolean startSeen = tx.startScn() >= session.startScn();
      startScn = startSeen ? tx.startScn() : null;
      startTime = startSeen ? tx.startTime() : null;
      commitScn = tx.endScn();
      commitTime = tx.endTime();
    }
    Catalog.Container c =
        catalog.container(
            r.table() != null
                ? r.table().conId()
                : tx != null && tx.conId() >= 0 ? tx.conId() : catalog.cdb() ? 1 : 0);
    String user = tx == null ? null : tx.startScn() < session.startScn() ? UNKNOWN_USER : tx.user();
    Object[] row =
        ContentsView.row(
            r,
            code(r),
            xid,
            startScn,
            commitScn,
            startTime,
            commitTime,
            names(r),
            c,
            catalog.cdb(),
            user);
    row[ROW_ID] = LobTableRowIds.shown(settings, r);
    if (r.objectId() == RedoRecord.NULL_OBJECT) {
      row[DATA_OBJ] = null;
      row[DATA_OBJD] = null;
    }
    return row;
  }

  /**
   * The record's rows: {@code head} ({@link #head}, possibly with columns already changed as a
   * client sees them) once per CSF piece of its SQL_REDO and SQL_UNDO, the last piece being {@code
   * head} itself. Only here is the record's SQL rendered.
   */
  public List<Object[]> pieces(RedoRecord r, Object[] head) {
    Sql sql = sql(r);
    List<String> redoPieces = sql.redo() == null ? null : SqlRedoRenderer.splitCsf(sql.redo());
    List<String> undoPieces = sql.undo() == null ? null : SqlRedoRenderer.splitCsf(sql.undo());
    int n =
        Math.max(
            redoPieces == null ? sql.redoPieces() : redoPieces.size(),
            undoPieces == null ? sql.undoPieces() : undoPieces.size());
    List<Object[]> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Object[] row = i == n - 1 ? head : head.clone();
      if (row != head && row[XID] instanceof byte[] raw) {
        row[XID] = raw.clone(); // no two rows share an array a client could change
      }
      // A text the statement does not read is NULL, as the columns it never names are.
      row[SQL_REDO] = redoPieces == null ? null : i < redoPieces.size() ? redoPieces.get(i) : "";
      row[SQL_UNDO] = undoPieces == null ? null : i < undoPieces.size() ? undoPieces.get(i) : "";
      row[CSF] = i < n - 1 ? 1 : 0;
      out.add(row);
    }
    return out;
  }

  /**
   * SEG_OWNER, SEG_NAME, INFO and STATUS of a record's rows, with the dictionary as it is at mining
   * time, without rendering its SQL.
   */
  private ContentsView.Text names(RedoRecord r) {
    if (r.table() == null) {
      return new ContentsView.Text(null, null, r.info(), r.status());
    }
    SimTable live = r.table().table();
    TableLayout layout = r.table().layout();
    String owner = layout.table().owner();
    String table = layout.table().table();
    String info = r.info();
    int status = r.status();
    if (r.kind().isLob()) {
      return new ContentsView.Text(owner, table, info, status);
    }
    if (mismatch(r, live)) {
      return new ContentsView.Text("UNKNOWN", "OBJ# " + r.objectId(), "Dictionary Mismatch", 2);
    }
    if (live.temporary() && r.kind() != RecordKind.DDL) {
      return new ContentsView.Text(owner, table, info, status);
    }
    if (r.kind() == RecordKind.UPDATE && hasLong(layout)) {
      status = 2; // LONG updates: STATUS 2 with an empty INFO (docs/logminer.md#columns)
      info = null;
    }
    if (live.recycleBinName() != null && r.kind() != RecordKind.DDL) {
      table = live.recycleBinName();
    }
    return new ContentsView.Text(owner, table, info, status);
  }

  /**
   * Whether a table record is shown without dictionary: its table changed (DATA_OBJV# differs) or
   * was purged since, and the dictionary does not follow the redo.
   */
  private boolean mismatch(RedoRecord r, SimTable live) {
    return !tracking
        && r.kind() != RecordKind.DDL
        && (live.purged() || live.objectVersion() != r.table().objectVersion());
  }

  /** A record's SQL_REDO and SQL_UNDO, as the statement's rows show them. */
  private Sql sql(RedoRecord r) {
    if (r.table() == null) {
      return shown(
          new Text(
              switch (r.kind()) {
                case START -> renderer.startTransaction();
                case COMMIT -> renderer.commit();
                case ROLLBACK -> renderer.rollback();
                default -> r.ddlText() == null ? "" : r.ddlText();
              },
              null));
    }
    if (r.kind().isLob()) {
      return shown(new Text(new LobRedoText(renderer, settings).text(r, r.table().layout()), null));
    }
    // Mining passes overlap (each step reads the last seconds again), so a table record's SQL is
    // kept with it and rendered again only when something it depends on changed.
    SimTable live = r.table().table();
    TextKey key =
        new TextKey(
            options,
            settings.oracle23aiForms(),
            tracking,
            redoWanted,
            undoWanted,
            live.objectVersion(),
            live.purged(),
            live.temporary(),
            live.recycleBinName(),
            live.rowText());
    if (r.renderedText() instanceof RenderedText kept && kept.key().equals(key)) {
      return kept.sql();
    }
    // A text the statement does not read is kept as its number of CSF pieces only.
    Sql sql = tableSql(r);
    r.renderedText(new RenderedText(key, sql));
    return sql;
  }

  /**
   * SQL of a table's (not LOB) record, with the dictionary as it is at mining time, as the
   * statement's rows show it.
   */
  private Sql tableSql(RedoRecord r) {
    SimTable live = r.table().table();
    TableLayout layout = r.table().layout();
    if (mismatch(r, live)) {
      return sql(out -> withoutDictionary(r, layout, out), null, false, layout);
    }
    if (live.temporary() && r.kind() != RecordKind.DDL) {
      return shown(
          new Text(SqlRedoRenderer.TEMPORARY_TABLE_REDO, SqlRedoRenderer.TEMPORARY_TABLE_UNDO));
    }
    TableLayout named =
        live.recycleBinName() != null && r.kind() != RecordKind.DDL
            ? renamed(layout, live.recycleBinName())
            : layout;
    SqlSink.Writing redo =
        live.rowText() == SchemaChanges.RowText.COLUMN_NUMBERS
            ? out -> byColumnNumber(r, named, out)
            : out -> text(r, named, out);
    // Every doubled quote written once: 'O''Brien' becomes 'O'Brien', '''' becomes ''.
    boolean quotesNotDoubled =
        live.rowText() == SchemaChanges.RowText.QUOTES_NOT_DOUBLED && r.kind() != RecordKind.DDL;
    return sql(redo, undo(r, named), quotesNotDoubled, named);
  }

  /**
   * SQL_REDO and SQL_UNDO ({@code undo} null: none) as the statement's rows show them: a text the
   * statement reads is rendered; one it does not read is only counted, written by the same code
   * into a {@link SqlRedoCsf.Counter}, and SQL_UNDO only when its length could add a CSF row.
   */
  private Sql sql(
      SqlSink.Writing redo, SqlSink.Writing undo, boolean quotesNotDoubled, TableLayout layout) {
    String redoText = null;
    int redoPieces = 0;
    long redoBytes;
    if (redoWanted) {
      redoText = write(new SqlSink.Text(128), redo, quotesNotDoubled).toString();
      redoBytes = -1; // measured below only if SQL_UNDO needs it
    } else {
      SqlRedoCsf.Counter counted = write(new SqlRedoCsf.Counter(), redo, quotesNotDoubled);
      redoPieces = counted.pieces();
      redoBytes = counted.bytes();
    }
    String undoText = null;
    int undoPieces = 0;
    if (undo != null && undoWanted) {
      undoText = write(new SqlSink.Text(128), undo, quotesNotDoubled).toString();
    } else if (undo != null
        && (quotesNotDoubled
            || undoMayBeLong(
                redoText == null ? redoBytes : new SqlRedoCsf.Counter().append(redoText).bytes(),
                layout))) {
      undoPieces = write(new SqlRedoCsf.Counter(), undo, quotesNotDoubled).pieces();
    }
    return new Sql(redoText, redoPieces, undoText, undoPieces);
  }

  /** {@code writing} written into {@code out}, with every doubled quote once if so asked. */
  private static <S extends SqlSink> S write(
      S out, SqlSink.Writing writing, boolean quotesNotDoubled) {
    if (quotesNotDoubled) {
      QuotesNotDoubled once = new QuotesNotDoubled(out);
      writing.to(once);
      once.end();
    } else {
      writing.to(out);
    }
    return out;
  }

  /** SQL_REDO naming the table but not its columns; other kinds as usual. */
  private void byColumnNumber(RedoRecord r, TableLayout layout, SqlSink out) {
    switch (r.kind()) {
      case INSERT -> renderer.insertByColumnNumber(layout, r.values(), out);
      case UPDATE -> renderer.updateByColumnNumber(layout, r.values(), r.before(), r.rowId(), out);
      case DELETE -> renderer.deleteByColumnNumber(layout, r.before(), r.rowId(), out);
      default -> text(r, layout, out);
    }
  }

  private void text(RedoRecord r, TableLayout layout, SqlSink out) {
    switch (r.kind()) {
      case INSERT -> renderer.insert(layout, r.values(), out);
      case UPDATE -> renderer.update(layout, r.values(), r.before(), r.rowId(), out);
      case DELETE -> renderer.delete(layout, r.before(), r.rowId(), out);
      case UNDO_INSERT -> renderer.undoInsert(layout.table(), r.rowId(), out);
      case UNDO_UPDATE -> renderer.undoUpdate(layout, r.values(), r.rowId(), out);
      case UNDO_DELETE -> renderer.insert(layout, r.values(), out); // the deleted row again
      case DDL -> out.append(renderer.ddl(r.ddlText()));
      case UNSUPPORTED -> out.append(UNSUPPORTED_REDO);
      default -> out.append(r.ddlText() == null ? "" : r.ddlText());
    }
  }

  private static boolean setsLob(TableLayout layout, dev.redoline.core.Row set) {
    for (int i = 0; i < set.size(); i++) {
      if (set.isPresent(i) && SimLob.storedAsLob(layout.column(i).type())) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasLong(TableLayout layout) {
    for (dev.redoline.core.Column c : layout.columns()) {
      if (c.type().kind() == dev.redoline.core.OracleType.Kind.LONG
          || c.type().kind() == dev.redoline.core.OracleType.Kind.LONG_RAW) {
        return true;
      }
    }
    return false;
  }

  /** OPERATION_CODE of a record; CORRUPTED_BLOCKS has no documented code, so it is a setting. */
  private int code(RedoRecord r) {
    return r.kind() == RecordKind.CORRUPTED_BLOCKS
        ? settings.corruptedBlocksCode()
        : r.kind() == RecordKind.LOB_ERASE ? settings.lobEraseCode() : r.kind().code();
  }

  /** How a record's SQL_UNDO is written; null when it has none. */
  private SqlSink.Writing undo(RedoRecord r, TableLayout layout) {
    return switch (r.kind()) {
      // SQL_UNDO of an INSERT deletes the row by all its columns; of a DELETE, inserts it again
      case INSERT -> out -> renderer.delete(layout, r.values(), r.rowId(), out);
      // LOB columns are not logged with the row, so an UPDATE that sets one has no SQL_UNDO
      case UPDATE ->
          setsLob(layout, r.values())
              ? null
              : out -> renderer.undoSqlOfUpdate(layout, r.values(), r.before(), r.rowId(), out);
      case DELETE -> out -> renderer.insert(layout, r.before(), out);
      default -> null;
    };
  }

  /**
   * Whether SQL_UNDO could need more CSF pieces than SQL_REDO, so that its rows must be counted
   * even when nobody reads it. SQL_UNDO names the same values as SQL_REDO (before and after images
   * of the same columns, the same literal forms), each at most once more, and per column at most a
   * few keywords more ({@code "C" = ... and}, {@code IS NULL}); the bound leaves a wide margin.
   */
  private static boolean undoMayBeLong(long redoBytes, TableLayout layout) {
    return 2 * redoBytes + 48L * layout.columns().size() + 512 >= SqlRedoCsf.PIECE_BYTES;
  }

  private void withoutDictionary(RedoRecord r, TableLayout layout, SqlSink out) {
    switch (r.kind()) {
      case INSERT, UNDO_DELETE ->
          renderer.insertWithoutDictionary(r.objectId(), layout, r.values(), out);
      case UPDATE ->
          renderer.updateWithoutDictionary(
              r.objectId(), layout, r.values(), r.before(), r.rowId(), out);
      case DELETE ->
          renderer.deleteWithoutDictionary(r.objectId(), layout, r.before(), r.rowId(), out);
      default ->
          renderer.deleteWithoutDictionary(
              r.objectId(),
              layout,
              dev.redoline.core.Row.builder(layout.columns().size()).build(),
              r.rowId(),
              out);
    }
  }

  private static TableLayout renamed(TableLayout layout, String name) {
    TableId id = layout.table();
    return new TableLayout(
        new TableId(id.pdb(), id.owner(), name),
        layout.version(),
        layout.columns(),
        layout.primaryKey());
  }

  private static int column(String name) {
    for (int i = 0; i < ContentsView.COLUMNS.size(); i++) {
      if (ContentsView.COLUMNS.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalStateException("V$LOGMNR_CONTENTS has no column " + name);
  }
}
