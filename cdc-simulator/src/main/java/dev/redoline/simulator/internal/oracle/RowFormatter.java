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

  private final Settings settings;
  private final Catalog catalog;
  private final ServerMiningSession session;
  private final SqlRedoRenderer renderer;
  private final boolean tracking;
  private final SqlRedoRenderer.RenderOptions options;

  /**
   * Whether the statement reads SQL_UNDO; else it is made only when its length could add a CSF row.
   */
  private final boolean undoWanted;

  public RowFormatter(
      Settings settings,
      Catalog catalog,
      ServerMiningSession session,
      SessionNls nls,
      boolean undoWanted) {
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

  /** The text columns of one record's rows before CSF splitting. */
  private static final class Text {
    private String owner;
    private String table;
    private String redo;
    private String undo;
    private String info;
    private int status;
  }

  /**
   * Everything a table record's text depends on besides the record: the session's rendering options
   * and NLS, the 23ai forms, dictionary tracking, whether SQL_UNDO is read, and the live table's
   * dictionary state (version, purge, recycle bin, temporary, row text).
   */
  private record TextKey(
      SqlRedoRenderer.RenderOptions options,
      Oracle23aiForms forms,
      boolean tracking,
      boolean undoWanted,
      int objectVersion,
      boolean purged,
      boolean temporary,
      String recycleBinName,
      SchemaChanges.RowText rowText) {}

  /** A table record's text as last rendered, and what it was rendered under. */
  private record RenderedText(
      TextKey key, String owner, String table, String redo, String undo, String info, int status) {}

  /** The view rows of one record, in {@link ContentsView#COLUMNS} order. */
  public List<Object[]> rows(RedoRecord r) {
    if (r.table() != null && !r.kind().isLob()) {
      // Mining passes overlap (each step reads the last seconds again), so a table record's text
      // is kept with it and rendered again only when something it depends on changed.
      SimTable live = r.table().table();
      TextKey key =
          new TextKey(
              options,
              settings.oracle23aiForms(),
              tracking,
              undoWanted,
              live.objectVersion(),
              live.purged(),
              live.temporary(),
              live.recycleBinName(),
              live.rowText());
      RenderedText t =
          r.renderedText() instanceof RenderedText kept && kept.key().equals(key) ? kept : null;
      if (t == null) {
        Text x = new Text();
        x.info = r.info();
        x.status = r.status();
        tableText(r, x);
        t = new RenderedText(key, x.owner, x.table, x.redo, x.undo, x.info, x.status);
        r.renderedText(t);
      }
      return pieces(r, t.owner(), t.table(), t.redo(), t.undo(), t.info(), t.status());
    }
    Text x = new Text();
    x.info = r.info();
    x.status = r.status();
    if (r.table() != null) {
      tableText(r, x);
    } else {
      x.redo =
          switch (r.kind()) {
            case START -> renderer.startTransaction();
            case COMMIT -> renderer.commit();
            case ROLLBACK -> renderer.rollback();
            default -> r.ddlText() == null ? "" : r.ddlText();
          };
    }
    return pieces(r, x.owner, x.table, x.redo, x.undo, x.info, x.status);
  }

  /** SQL and names of a table's record, with the dictionary as it is at mining time. */
  private void tableText(RedoRecord r, Text x) {
    SimTable live = r.table().table();
    TableLayout layout = r.table().layout();
    x.owner = layout.table().owner();
    x.table = layout.table().table();
    if (r.kind().isLob()) {
      x.redo = new LobRedoText(renderer, settings).text(r, layout);
      return;
    }
    boolean mismatch =
        !tracking
            && r.kind() != RecordKind.DDL
            && (live.purged() || live.objectVersion() != r.table().objectVersion());
    if (mismatch) {
      x.owner = "UNKNOWN";
      x.table = "OBJ# " + r.objectId();
      x.info = "Dictionary Mismatch";
      x.status = 2;
      x.redo = withoutDictionary(r, layout);
      return;
    }
    if (live.temporary() && r.kind() != RecordKind.DDL) {
      x.redo = SqlRedoRenderer.TEMPORARY_TABLE_REDO;
      x.undo = SqlRedoRenderer.TEMPORARY_TABLE_UNDO;
      return;
    }
    if (r.kind() == RecordKind.UPDATE && hasLong(layout)) {
      x.status = 2; // LONG updates: STATUS 2 with an empty INFO (docs/logminer.md#columns)
      x.info = null;
    }
    if (live.recycleBinName() != null && r.kind() != RecordKind.DDL) {
      x.table = live.recycleBinName();
      layout = renamed(layout, live.recycleBinName());
    }
    x.redo =
        live.rowText() == SchemaChanges.RowText.COLUMN_NUMBERS
            ? byColumnNumber(r, layout)
            : text(r, layout);
    x.undo = undoWanted || undoMayBeLong(x.redo, layout) ? undo(r, layout) : null;
    if (live.rowText() == SchemaChanges.RowText.QUOTES_NOT_DOUBLED && r.kind() != RecordKind.DDL) {
      // Every doubled quote written once: 'O''Brien' becomes 'O'Brien', '''' becomes ''.
      x.redo = x.redo.replace("''", "'");
      x.undo = x.undo == null ? null : x.undo.replace("''", "'");
    }
  }

  /** SQL_REDO naming the table but not its columns; other kinds as usual. */
  private String byColumnNumber(RedoRecord r, TableLayout layout) {
    return switch (r.kind()) {
      case INSERT -> renderer.insertByColumnNumber(layout, r.values());
      case UPDATE -> renderer.updateByColumnNumber(layout, r.values(), r.before(), r.rowId());
      case DELETE -> renderer.deleteByColumnNumber(layout, r.before(), r.rowId());
      default -> text(r, layout);
    };
  }

  private String text(RedoRecord r, TableLayout layout) {
    return switch (r.kind()) {
      case INSERT -> renderer.insert(layout, r.values());
      case UPDATE -> renderer.update(layout, r.values(), r.before(), r.rowId());
      case DELETE -> renderer.delete(layout, r.before(), r.rowId());
      case UNDO_INSERT -> renderer.undoInsert(layout.table(), r.rowId());
      case UNDO_UPDATE -> renderer.undoUpdate(layout, r.values(), r.rowId());
      case UNDO_DELETE -> renderer.undoDelete(layout, r.values());
      case DDL -> renderer.ddl(r.ddlText());
      case UNSUPPORTED -> UNSUPPORTED_REDO;
      default -> r.ddlText() == null ? "" : r.ddlText();
    };
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

  private String undo(RedoRecord r, TableLayout layout) {
    return switch (r.kind()) {
      case INSERT -> renderer.undoSqlOfInsert(layout, r.values(), r.rowId());
      // LOB columns are not logged with the row, so an UPDATE that sets one has no SQL_UNDO
      case UPDATE ->
          setsLob(layout, r.values())
              ? null
              : renderer.undoSqlOfUpdate(layout, r.values(), r.before(), r.rowId());
      case DELETE -> renderer.undoSqlOfDelete(layout, r.before());
      default -> null;
    };
  }

  /**
   * Whether SQL_UNDO could need more CSF pieces than SQL_REDO, so that its rows must be counted
   * even when nobody reads it. SQL_UNDO names the same values as SQL_REDO (before and after images
   * of the same columns, the same literal forms), each at most once more, and per column at most a
   * few keywords more ({@code "C" = ... and}, {@code IS NULL}); the bound leaves a wide margin.
   */
  private static boolean undoMayBeLong(String redo, TableLayout layout) {
    long redoBytes = 0;
    for (int i = 0; i < redo.length(); i++) {
      char c = redo.charAt(i);
      redoBytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    }
    return 2 * redoBytes + 48L * layout.columns().size() + 512 >= SqlRedoCsf.PIECE_BYTES;
  }

  private String withoutDictionary(RedoRecord r, TableLayout layout) {
    return switch (r.kind()) {
      case INSERT, UNDO_DELETE ->
          renderer.insertWithoutDictionary(r.objectId(), layout, r.values());
      case UPDATE ->
          renderer.updateWithoutDictionary(r.objectId(), layout, r.values(), r.before(), r.rowId());
      case DELETE -> renderer.deleteWithoutDictionary(r.objectId(), layout, r.before(), r.rowId());
      default ->
          renderer.deleteWithoutDictionary(
              r.objectId(),
              layout,
              dev.redoline.core.Row.builder(layout.columns().size()).build(),
              r.rowId());
    };
  }

  private static TableLayout renamed(TableLayout layout, String name) {
    TableId id = layout.table();
    return new TableLayout(
        new TableId(id.pdb(), id.owner(), name),
        layout.version(),
        layout.columns(),
        layout.primaryKey());
  }

  private List<Object[]> pieces(
      RedoRecord r, String owner, String table, String redo, String undo, String info, int status) {
    List<String> redoPieces = SqlRedoRenderer.splitCsf(redo);
    List<String> undoPieces = undo == null ? List.of() : SqlRedoRenderer.splitCsf(undo);
    int n = Math.max(redoPieces.size(), undoPieces.size());
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
    ContentsView.Text text = new ContentsView.Text(owner, table, redo, undo, info, status);
    String user = tx == null ? null : tx.startScn() < session.startScn() ? UNKNOWN_USER : tx.user();
    List<Object[]> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String redoPiece = i < redoPieces.size() ? redoPieces.get(i) : "";
      String undoPiece = i < undoPieces.size() ? undoPieces.get(i) : (undo == null ? null : "");
      Object[] row =
          ContentsView.row(
              r,
              code(r),
              xid,
              startScn,
              commitScn,
              startTime,
              commitTime,
              text,
              redoPiece,
              undoPiece,
              i < n - 1,
              c,
              catalog.cdb(),
              user);
      row[ROW_ID] = LobTableRowIds.shown(settings, r);
      if (r.objectId() == RedoRecord.NULL_OBJECT) {
        row[DATA_OBJ] = null;
        row[DATA_OBJD] = null;
      }
      out.add(row);
    }
    return out;
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
