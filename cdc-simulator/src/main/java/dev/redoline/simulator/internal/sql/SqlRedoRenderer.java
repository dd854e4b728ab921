package dev.redoline.simulator.internal.sql;

import dev.redoline.core.Column;
import dev.redoline.core.OracleType;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.Oracle23aiForms;
import dev.redoline.simulator.internal.oracle.SimLob;
import java.util.List;

/**
 * Renders the SQL_REDO and SQL_UNDO text of V$LOGMNR_CONTENTS rows exactly as LogMiner writes it
 * (docs/logminer.md#statement-text), byte for byte.
 *
 * <pre>{@code
 * SqlRedoRenderer sql = new SqlRedoRenderer(SqlRedoRenderer.RenderOptions.defaults());
 * TableLayout t = TableLayout.builder(TableId.of("S", "T"), 1)
 *     .column("ID", OracleType.number(10, 0), false)
 *     .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 20), true).build();
 * sql.insert(t, Row.of(1L, "Bob's"));
 *     // insert into "S"."T"("ID","NAME") values ('1','Bob''s');
 * sql.update(t, Row.of(Absent.NOT_LOGGED, null), Row.of(1L, "Bob's"), "AAAR32AAHAAAAFfAAA");
 *     // update "S"."T" set "NAME" = NULL where "ID" = '1' and "NAME" = 'Bob''s' and ROWID = 'AAAR32AAHAAAAFfAAA';
 * }</pre>
 *
 * <h2>Statement shapes (docs/logminer.md#statement-text and #rollbacks)</h2>
 *
 * <ul>
 *   <li>Identifiers double-quoted exactly as stored (lower case, spaces kept), table as {@code
 *       "OWNER"."TABLE"}; keywords lower case; {@code NULL} and {@code IS NULL} upper case.
 *   <li>INSERT: {@code insert into "S"."T"("C1","C2") values ('1',NULL);} with no space before
 *       {@code (}, no spaces between names or values, every column in layout order, and never a
 *       ROWID.
 *   <li>UPDATE: {@code set} items joined by {@code ", "}, {@code where} items by {@code " and "},
 *       NULL old values as {@code "C" IS NULL}, then {@code ROWID = '...'}. Without any where item
 *       (nothing logged and NO_ROWID_IN_STMT) the statement has no where clause.
 *   <li>DELETE: {@code delete from "S"."T" where ... and ROWID = '...';}, or {@code delete from
 *       "S"."T";} when nothing is left of the where clause.
 *   <li>ROLLBACK=1 rows (1.4): an undone INSERT is a DELETE by ROWID only; an undone UPDATE sets
 *       the old values with a ROWID-only where clause; an undone DELETE is an INSERT.
 *   <li>NO_ROWID_IN_STMT removes the ROWID predicate (the caller keeps the ROW_ID column);
 *       NO_SQL_DELIMITER removes the trailing {@code ;} (3.2).
 *   <li>Without a dictionary (2.2): {@code "UNKNOWN"."OBJ# n"}, columns {@code "COL n"} by column
 *       id, values as {@link RawValueEncoder} bytes.
 *   <li>Texts over 4,000 UTF-8 bytes are cut into CSF pieces by {@link #splitCsf}.
 * </ul>
 *
 * Literals are documented on {@link LiteralRenderer}. Rows given to a method must have exactly one
 * slot per layout column; a slot that is {@link dev.redoline.core.Absent} is left out of SET and
 * WHERE, and is refused in INSERT values. This class is immutable and thread-safe.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because every statement shape above (INSERT, UPDATE, DELETE, their undo forms, the
 * dictionary-less forms, CSF splitting) is rendered here, byte for byte, and each shape's rules are
 * documented beside its method; literals are {@link LiteralRenderer}'s.
 */
public final class SqlRedoRenderer {

  /** SQL_REDO and SQL_UNDO of a temporary table's rows (docs/logminer.md#the-contents-view). */
  public static final String TEMPORARY_TABLE_REDO = "/* No SQL_REDO for temporary tables */";

  public static final String TEMPORARY_TABLE_UNDO = "/* No SQL_UNDO for temporary tables */";

  /**
   * SQL_REDO/SQL_UNDO when the redo has more columns than the dictionary
   * (docs/logminer.md#start-options).
   */
  static final String DICTIONARY_VERSION_MISMATCH = "Dictionary Version Mismatch";

  /**
   * Options of one LogMiner session that change the text.
   *
   * @param noRowIdInStmt DBMS_LOGMNR.NO_ROWID_IN_STMT: no ROWID predicate in UPDATE/DELETE text
   * @param noSqlDelimiter DBMS_LOGMNR.NO_SQL_DELIMITER: no trailing {@code ;}
   * @param binaryNanText how a BINARY_FLOAT/DOUBLE NaN is spelled inside quotes (unverified;
   *     default {@code Nan})
   * @param binaryInfinityText how infinity is spelled inside quotes, {@code -} prepended for
   *     negative infinity (unverified; default {@code Inf})
   * @param unistrChunkUnits most UTF-16 units in one {@code UNISTR('...')} call of a chain
   *     (unverified; default 800, so no argument passes the 4,000-byte literal limit)
   * @param numberFixedMaxChars longest plain NUMBER text before scientific notation (Oracle's
   *     {@code TM} rule says 64; unverified in SQL_REDO)
   * @param ltzAsTimestampTz TIMESTAMP WITH LOCAL TIME ZONE as {@code TO_TIMESTAMP_TZ('... +00:00')}
   *     (default, docs/logminer.md#literals, a guess) or, when false, as {@code
   *     TO_TIMESTAMP('...')}
   * @param nls the mining session's NLS settings and time zone, which every date, time and number
   *     literal follows (requirement 20); {@link SessionNls#GATEWAY} unless the session altered
   *     them
   */
  public record RenderOptions(
      boolean noRowIdInStmt,
      boolean noSqlDelimiter,
      String binaryNanText,
      String binaryInfinityText,
      int unistrChunkUnits,
      int numberFixedMaxChars,
      boolean ltzAsTimestampTz,
      SessionNls nls) {

    /** Default {@link #unistrChunkUnits}. */
    static final int DEFAULT_UNISTR_CHUNK_UNITS = 800;

    /** Default {@link #numberFixedMaxChars}: the limit of Oracle's {@code TM} format. */
    static final int DEFAULT_NUMBER_FIXED_MAX_CHARS = 64;

    public RenderOptions {
      if (binaryNanText == null) {
        throw new NullPointerException("binaryNanText == null");
      }
      if (binaryInfinityText == null) {
        throw new NullPointerException("binaryInfinityText == null");
      }
      if (binaryNanText.isEmpty() || binaryInfinityText.isEmpty()) {
        throw new IllegalArgumentException(
            "NaN and infinity spellings must not be empty: '"
                + binaryNanText
                + "', '"
                + binaryInfinityText
                + "'");
      }
      if (unistrChunkUnits < 2) {
        throw new IllegalArgumentException(
            "unistrChunkUnits must be 2 or more (a surrogate pair): " + unistrChunkUnits);
      }
      if (numberFixedMaxChars < 1) {
        throw new IllegalArgumentException(
            "numberFixedMaxChars must be 1 or more: " + numberFixedMaxChars);
      }
      if (nls == null) {
        throw new NullPointerException("nls == null");
      }
    }

    /** All knobs, under Redoline's own NLS settings ({@link SessionNls#GATEWAY}). */
    public RenderOptions(
        boolean noRowIdInStmt,
        boolean noSqlDelimiter,
        String binaryNanText,
        String binaryInfinityText,
        int unistrChunkUnits,
        int numberFixedMaxChars,
        boolean ltzAsTimestampTz) {
      this(
          noRowIdInStmt,
          noSqlDelimiter,
          binaryNanText,
          binaryInfinityText,
          unistrChunkUnits,
          numberFixedMaxChars,
          ltzAsTimestampTz,
          SessionNls.GATEWAY);
    }

    /** The four switches of a session; the other knobs take their defaults. */
    public RenderOptions(
        boolean noRowIdInStmt,
        boolean noSqlDelimiter,
        String binaryNanText,
        String binaryInfinityText) {
      this(
          noRowIdInStmt,
          noSqlDelimiter,
          binaryNanText,
          binaryInfinityText,
          DEFAULT_UNISTR_CHUNK_UNITS,
          DEFAULT_NUMBER_FIXED_MAX_CHARS,
          true);
    }

    /** ROWID shown, delimiter shown, {@code Nan} and {@code Inf}, and the default knobs. */
    static RenderOptions defaults() {
      return new RenderOptions(false, false, "Nan", "Inf");
    }

    RenderOptions withNoRowIdInStmt(boolean value) {
      return new RenderOptions(
          value,
          noSqlDelimiter,
          binaryNanText,
          binaryInfinityText,
          unistrChunkUnits,
          numberFixedMaxChars,
          ltzAsTimestampTz,
          nls);
    }

    RenderOptions withNoSqlDelimiter(boolean value) {
      return new RenderOptions(
          noRowIdInStmt,
          value,
          binaryNanText,
          binaryInfinityText,
          unistrChunkUnits,
          numberFixedMaxChars,
          ltzAsTimestampTz,
          nls);
    }

    RenderOptions withUnistrChunkUnits(int value) {
      return new RenderOptions(
          noRowIdInStmt,
          noSqlDelimiter,
          binaryNanText,
          binaryInfinityText,
          value,
          numberFixedMaxChars,
          ltzAsTimestampTz,
          nls);
    }

    RenderOptions withNumberFixedMaxChars(int value) {
      return new RenderOptions(
          noRowIdInStmt,
          noSqlDelimiter,
          binaryNanText,
          binaryInfinityText,
          unistrChunkUnits,
          value,
          ltzAsTimestampTz,
          nls);
    }

    RenderOptions withLtzAsTimestampTz(boolean value) {
      return new RenderOptions(
          noRowIdInStmt,
          noSqlDelimiter,
          binaryNanText,
          binaryInfinityText,
          unistrChunkUnits,
          numberFixedMaxChars,
          value,
          nls);
    }

    /** The same options under another session's NLS settings (after its ALTER SESSION). */
    public RenderOptions withNls(SessionNls value) {
      return new RenderOptions(
          noRowIdInStmt,
          noSqlDelimiter,
          binaryNanText,
          binaryInfinityText,
          unistrChunkUnits,
          numberFixedMaxChars,
          ltzAsTimestampTz,
          value);
    }
  }

  /** How one statement names columns and writes values: with or without a dictionary. */
  private interface Dialect {
    String column(Column column);

    /** Appends {@link #column}: every statement names its columns. */
    default void appendColumn(SqlSink out, Column column) {
      out.append(column(column));
    }

    String value(OracleType type, Object value);
  }

  private final RenderOptions options;
  private final Dialect dictionary;
  private final Dialect raw;

  public SqlRedoRenderer(RenderOptions options) {
    this(options, Oracle23aiForms.DEFAULT);
  }

  /** With the forms of BOOLEAN and VECTOR literals a test chose. */
  public SqlRedoRenderer(RenderOptions options, Oracle23aiForms forms) {
    if (options == null) {
      throw new NullPointerException("options == null");
    }
    this.options = options;
    LiteralRenderer literals = new LiteralRenderer(options, forms);
    this.dictionary =
        new Dialect() {
          @Override
          public String column(Column column) {
            return '"' + column.name() + '"';
          }

          @Override
          public void appendColumn(SqlSink out, Column column) {
            out.append('"').append(column.name()).append('"');
          }

          @Override
          public String value(OracleType type, Object value) {
            return literals.literal(type, value);
          }
        };
    this.raw =
        new Dialect() {
          @Override
          public String column(Column column) {
            return "\"COL " + column.position() + '"';
          }

          @Override
          public String value(OracleType type, Object value) {
            return RawValueEncoder.literal(type, value);
          }
        };
  }

  RenderOptions options() {
    return options;
  }

  /** {@code insert into "S"."T"("C1","C2") values ('1',NULL);}: every column, in layout order. */
  public String insert(TableLayout layout, Row after) {
    return SqlSink.Text.of(out -> insert(layout, after, out));
  }

  /** {@link #insert(TableLayout, Row)}, written into {@code out}. */
  public void insert(TableLayout layout, Row after, SqlSink out) {
    insertText(layout.table().quoted(), layout, after, dictionary, out);
  }

  /**
   * {@code update "S"."T" set "C2" = 'new', "C3" = NULL where "C1" = '1' and "C2" = 'old' and "C4"
   * IS NULL and ROWID = '...';}. SET: the present slots of {@code set}; WHERE: the present slots of
   * {@code before} (mark what supplemental logging did not log as {@code Absent.NOT_LOGGED}). All
   * absent and NO_ROWID_IN_STMT: no where clause.
   *
   * @throws IllegalArgumentException if {@code set} changes no column
   */
  public String update(TableLayout layout, Row set, Row before, String rowId) {
    return SqlSink.Text.of(out -> update(layout, set, before, rowId, out));
  }

  /** {@link #update(TableLayout, Row, Row, String)}, written into {@code out}. */
  public void update(TableLayout layout, Row set, Row before, String rowId, SqlSink out) {
    updateText(layout.table().quoted(), layout, set, before, rowId, dictionary, out);
  }

  /**
   * {@code delete from "S"."T" where "C1" = '1' and ... and ROWID = '...';}: present slots of
   * before.
   */
  public String delete(TableLayout layout, Row before, String rowId) {
    return SqlSink.Text.of(out -> delete(layout, before, rowId, out));
  }

  /** {@link #delete(TableLayout, Row, String)}, written into {@code out}. */
  public void delete(TableLayout layout, Row before, String rowId, SqlSink out) {
    deleteText(layout.table().quoted(), layout, before, rowId, dictionary, out);
  }

  /** ROLLBACK=1 undo of an INSERT: {@code delete from "S"."T" where ROWID = '...';}. */
  public String undoInsert(TableId table, String rowId) {
    return SqlSink.Text.of(out -> undoInsert(table, rowId, out));
  }

  /** {@link #undoInsert(TableId, String)}, written into {@code out}. */
  public void undoInsert(TableId table, String rowId, SqlSink out) {
    requireNonNull(table, "table");
    out.append("delete from ").append(table.quoted());
    appendRowId(out, false, rowId);
    end(out);
  }

  /** ROLLBACK=1 undo of an UPDATE: {@code update "S"."T" set <old values> where ROWID = '...';}. */
  public String undoUpdate(TableLayout layout, Row oldValuesOfChanged, String rowId) {
    return SqlSink.Text.of(out -> undoUpdate(layout, oldValuesOfChanged, rowId, out));
  }

  /** {@link #undoUpdate(TableLayout, Row, String)}, written into {@code out}. */
  public void undoUpdate(TableLayout layout, Row oldValuesOfChanged, String rowId, SqlSink out) {
    requireShape(layout, oldValuesOfChanged, "oldValuesOfChanged");
    out.append("update ").append(layout.table().quoted());
    appendSet(out, layout, oldValuesOfChanged, dictionary);
    appendRowId(out, false, rowId);
    end(out);
  }

  /**
   * The select of a SEL_LOB_LOCATOR row, after its PL/SQL preamble: {@code select "DOC" into loc_c
   * from "S"."T" where "ID" = '2' and "NAME" = 'a' for update;}, the where clause holding the
   * present slots of {@code where} (docs/logminer.md#lob-xml-and-extended-string-rows).
   */
  String lobLocatorSelect(TableLayout layout, int column, String locator, Row where) {
    requireShape(layout, where, "where");
    SqlSink.Text out = new SqlSink.Text(160);
    out.append(" select ")
        .append(dictionary.column(layout.column(column)))
        .append(" into ")
        .append(locator)
        .append(" from ")
        .append(layout.table().quoted());
    appendPredicates(out, layout, where, dictionary, " where ", " and ");
    return out.append(" for update;").toString();
  }

  /**
   * An XML DOC BEGIN row. Binary XML storage: {@code XML DOC BEGIN: select "DOC" from "S"."T" where
   * "ID" = '1'}; text storage, in the alias form: {@code update "S"."T" a set a."DOC" = XMLType(:1)
   * where a."ID" = '1';} (docs/logminer.md#lob-xml-and-extended-string-rows).
   */
  String xmlBegin(TableLayout layout, int column, Row where, boolean textStorage) {
    requireShape(layout, where, "where");
    String col = dictionary.column(layout.column(column));
    if (!textStorage) {
      SqlSink.Text out = new SqlSink.Text(120);
      out.append("XML DOC BEGIN:  select ")
          .append(col)
          .append(" from ")
          .append(layout.table().quoted());
      appendPredicates(out, layout, where, dictionary, " where ", " and ");
      return out.toString();
    }
    return aliasUpdate(layout, col, "XMLType(:1) ", where);
  }

  /**
   * The statement of an extended string's 32K begin row, as its {@code Stmt} variable holds it:
   * {@code update "S"."T" a set a."TXT" = :TXT where a."ID" = '1';}
   * (docs/logminer.md#lob-xml-and-extended-string-rows).
   */
  String extendedStatement(TableLayout layout, int column, Row where) {
    requireShape(layout, where, "where");
    Column c = layout.column(column);
    return aliasUpdate(layout, dictionary.column(c), ":" + c.name(), where);
  }

  private String aliasUpdate(TableLayout layout, String column, String assigned, Row where) {
    SqlSink.Text out = new SqlSink.Text(160);
    out.append("update ")
        .append(layout.table().quoted())
        .append(" a set a.")
        .append(column)
        .append(" = ")
        .append(assigned);
    appendPredicates(out, layout, where, dictionary, " where a.", " and a.");
    end(out);
    return out.toString();
  }

  /** ROLLBACK=1 undo of a DELETE: an insert of the deleted row. */
  public String undoDelete(TableLayout layout, Row before) {
    return insert(layout, before);
  }

  /** SQL_UNDO of an INSERT: {@code delete from "S"."T" where <all columns> and ROWID = '...';}. */
  public String undoSqlOfInsert(TableLayout layout, Row after, String rowId) {
    return delete(layout, after, rowId);
  }

  /**
   * SQL_UNDO of an UPDATE: sets the old values of the changed columns, where the changed columns
   * hold their new values and the other logged columns their old ones, and ROWID.
   *
   * @throws IllegalArgumentException if a changed column's old value is absent from {@code before}
   */
  public String undoSqlOfUpdate(TableLayout layout, Row set, Row before, String rowId) {
    return SqlSink.Text.of(out -> undoSqlOfUpdate(layout, set, before, rowId, out));
  }

  /** {@link #undoSqlOfUpdate(TableLayout, Row, Row, String)}, written into {@code out}. */
  public void undoSqlOfUpdate(TableLayout layout, Row set, Row before, String rowId, SqlSink out) {
    requireShape(layout, set, "set");
    requireShape(layout, before, "before");
    Row.Builder undoSet = Row.builder(set.size());
    Row.Builder undoWhere = before.toBuilder();
    for (int i = 0; i < set.size(); i++) {
      if (set.isPresent(i)) {
        if (!before.isPresent(i)) {
          throw new IllegalArgumentException(
              "Column "
                  + layout.column(i).name()
                  + " is changed but its old value is absent; undo needs it");
        }
        undoSet.set(i, before.get(i));
        undoWhere.set(i, set.get(i));
      }
    }
    update(layout, undoSet.build(), undoWhere.build(), rowId, out);
  }

  /** SQL_UNDO of a DELETE: the insert of the deleted row. */
  public String undoSqlOfDelete(TableLayout layout, Row before) {
    return insert(layout, before);
  }

  /** The literal of one value in SQL_REDO; see {@link LiteralRenderer}. */
  String literal(OracleType type, Object value) {
    return dictionary.value(type, value);
  }

  /**
   * Without a dictionary: {@code insert into "UNKNOWN"."OBJ# 45522"("COL 1") values
   * (HEXTORAW('c102'));}.
   */
  public String insertWithoutDictionary(int objectId, TableLayout layout, Row after) {
    return SqlSink.Text.of(out -> insertWithoutDictionary(objectId, layout, after, out));
  }

  /** {@link #insertWithoutDictionary(int, TableLayout, Row)}, written into {@code out}. */
  public void insertWithoutDictionary(int objectId, TableLayout layout, Row after, SqlSink out) {
    insertText(unknownTable(objectId), layout, after, raw, out);
  }

  /**
   * Without a dictionary (Dictionary Mismatch rows): an UPDATE with {@code "COL n"} and raw bytes.
   */
  public String updateWithoutDictionary(
      int objectId, TableLayout layout, Row set, Row before, String rowId) {
    return SqlSink.Text.of(
        out -> updateWithoutDictionary(objectId, layout, set, before, rowId, out));
  }

  /** {@link #updateWithoutDictionary(int, TableLayout, Row, Row, String)}, into {@code out}. */
  public void updateWithoutDictionary(
      int objectId, TableLayout layout, Row set, Row before, String rowId, SqlSink out) {
    updateText(unknownTable(objectId), layout, set, before, rowId, raw, out);
  }

  /**
   * Without a dictionary (Dictionary Mismatch rows): a DELETE with {@code "COL n"} and raw bytes.
   */
  public String deleteWithoutDictionary(
      int objectId, TableLayout layout, Row before, String rowId) {
    return SqlSink.Text.of(out -> deleteWithoutDictionary(objectId, layout, before, rowId, out));
  }

  /** {@link #deleteWithoutDictionary(int, TableLayout, Row, String)}, into {@code out}. */
  public void deleteWithoutDictionary(
      int objectId, TableLayout layout, Row before, String rowId, SqlSink out) {
    deleteText(unknownTable(objectId), layout, before, rowId, raw, out);
  }

  /**
   * Text that names the table but not its columns (Debezium DBZ-3401): {@code insert into
   * "S"."T"("COL 1","COL 2") values (HEXTORAW('c102'),HEXTORAW('4e4557'));}.
   */
  public String insertByColumnNumber(TableLayout layout, Row after) {
    return SqlSink.Text.of(out -> insertByColumnNumber(layout, after, out));
  }

  /** {@link #insertByColumnNumber(TableLayout, Row)}, written into {@code out}. */
  public void insertByColumnNumber(TableLayout layout, Row after, SqlSink out) {
    insertText(layout.table().quoted(), layout, after, raw, out);
  }

  /** An UPDATE that names the table, with {@code "COL n"} and raw bytes. */
  public String updateByColumnNumber(TableLayout layout, Row set, Row before, String rowId) {
    return SqlSink.Text.of(out -> updateByColumnNumber(layout, set, before, rowId, out));
  }

  /** {@link #updateByColumnNumber(TableLayout, Row, Row, String)}, written into {@code out}. */
  public void updateByColumnNumber(
      TableLayout layout, Row set, Row before, String rowId, SqlSink out) {
    updateText(layout.table().quoted(), layout, set, before, rowId, raw, out);
  }

  /** A DELETE that names the table, with {@code "COL n"} and raw bytes. */
  public String deleteByColumnNumber(TableLayout layout, Row before, String rowId) {
    return SqlSink.Text.of(out -> deleteByColumnNumber(layout, before, rowId, out));
  }

  /** {@link #deleteByColumnNumber(TableLayout, Row, String)}, written into {@code out}. */
  public void deleteByColumnNumber(TableLayout layout, Row before, String rowId, SqlSink out) {
    deleteText(layout.table().quoted(), layout, before, rowId, raw, out);
  }

  /** DDL row text: the statement as issued, plus {@code ;} unless NO_SQL_DELIMITER. */
  public String ddl(String statement) {
    requireNonNull(statement, "statement");
    return SqlSink.Text.of(out -> end(out.append(statement)));
  }

  /** SQL_REDO of a START row (OPERATION_CODE 6): {@code set transaction read write;}. */
  public String startTransaction() {
    return SqlSink.Text.of(out -> end(out.append("set transaction read write")));
  }

  /** SQL_REDO of a COMMIT row (OPERATION_CODE 7): {@code commit;}. */
  public String commit() {
    return SqlSink.Text.of(out -> end(out.append("commit")));
  }

  /** SQL_REDO of a ROLLBACK row (OPERATION_CODE 36): {@code rollback;}. */
  public String rollback() {
    return SqlSink.Text.of(out -> end(out.append("rollback")));
  }

  /**
   * CSF pieces of a SQL_REDO or SQL_UNDO text: at most {@value SqlRedoCsf#PIECE_BYTES} UTF-8 bytes
   * each, cut anywhere but inside a character; see {@link SqlRedoCsf#split}.
   */
  public static List<String> splitCsf(String text) {
    return SqlRedoCsf.split(text);
  }

  private static String unknownTable(int objectId) {
    if (objectId < 1) {
      throw new IllegalArgumentException("objectId must be 1 or more: " + objectId);
    }
    return "\"UNKNOWN\".\"OBJ# " + objectId + '"';
  }

  /**
   * Every column's name, then every column's value, in layout order; the columns of a LOB table's
   * deleted row that supplemental logging does not hold are left out.
   */
  private void insertText(String table, TableLayout layout, Row row, Dialect dialect, SqlSink out) {
    requireShape(layout, row, "row");
    out.append("insert into ").append(table).append('(');
    String separator = "";
    for (int i = 0; i < row.size(); i++) {
      if (inserted(layout, row, i)) {
        dialect.appendColumn(out.append(separator), layout.column(i));
        separator = ",";
      }
    }
    out.append(") values (");
    separator = "";
    for (int i = 0; i < row.size(); i++) {
      if (inserted(layout, row, i)) {
        out.append(separator).append(dialect.value(layout.column(i).type(), row.get(i)));
        separator = ",";
      }
    }
    end(out.append(')'));
  }

  /** Whether an INSERT lists column {@code i}; an absent value it must list is refused. */
  private static boolean inserted(TableLayout layout, Row row, int i) {
    if (row.isPresent(i)) {
      return true;
    }
    Column column = layout.column(i);
    if (SimLob.storedAsLob(column.type())) {
      // The SQL_UNDO of a DELETE on a LOB table: supplemental logging holds no LOB value, so the
      // undo names the other columns only (a choice; real LogMiner returns such a DELETE with
      // its non-LOB columns, as rows recorded on a 23ai database show).
      return false;
    }
    throw new IllegalArgumentException(
        "INSERT text lists every column, but "
            + column.name()
            + " is absent ("
            + row.absence(i)
            + ")");
  }

  private void updateText(
      String table,
      TableLayout layout,
      Row set,
      Row before,
      String rowId,
      Dialect dialect,
      SqlSink out) {
    requireShape(layout, set, "set");
    requireShape(layout, before, "before");
    out.append("update ").append(table);
    appendSet(out, layout, set, dialect);
    appendWhere(out, layout, before, rowId, dialect);
    end(out);
  }

  private void deleteText(
      String table, TableLayout layout, Row before, String rowId, Dialect dialect, SqlSink out) {
    requireShape(layout, before, "before");
    out.append("delete from ").append(table);
    appendWhere(out, layout, before, rowId, dialect);
    end(out);
  }

  private static void appendSet(SqlSink out, TableLayout layout, Row set, Dialect dialect) {
    String separator = " set ";
    for (int i = 0; i < set.size(); i++) {
      if (set.isPresent(i)) {
        Column column = layout.column(i);
        dialect.appendColumn(out.append(separator), column);
        out.append(" = ").append(dialect.value(column.type(), set.get(i)));
        separator = ", ";
      }
    }
    if (separator.equals(" set ")) {
      throw new IllegalArgumentException(
          "An UPDATE of "
              + layout.table()
              + " must change a column, "
              + "but every slot of its set row is absent");
    }
  }

  /**
   * The present slots of {@code row} as predicates, {@code "C" = 'v'} or {@code "C" IS NULL}, the
   * first after {@code first}, the others after {@code then}; whether there was any.
   */
  private static boolean appendPredicates(
      SqlSink out, TableLayout layout, Row row, Dialect dialect, String first, String then) {
    boolean any = false;
    for (int i = 0; i < row.size(); i++) {
      if (row.isPresent(i)) {
        Column column = layout.column(i);
        Object value = row.get(i);
        dialect.appendColumn(out.append(any ? then : first), column);
        if (value == null) {
          out.append(" IS NULL");
        } else {
          out.append(" = ").append(dialect.value(column.type(), value));
        }
        any = true;
      }
    }
    return any;
  }

  /** The where clause of an UPDATE or DELETE: the present slots of {@code before}, then ROWID. */
  private void appendWhere(
      SqlSink out, TableLayout layout, Row before, String rowId, Dialect dialect) {
    appendRowId(out, appendPredicates(out, layout, before, dialect, " where ", " and "), rowId);
  }

  /** {@code ROWID = '...'} unless NO_ROWID_IN_STMT, after the predicates when there are some. */
  private void appendRowId(SqlSink out, boolean afterPredicates, String rowId) {
    requireNonNull(rowId, "rowId");
    if (!options.noRowIdInStmt()) {
      out.append(afterPredicates ? " and " : " where ")
          .append("ROWID = ")
          .append(LiteralRenderer.quoted(rowId));
    }
  }

  private void end(SqlSink out) {
    if (!options.noSqlDelimiter()) {
      out.append(';');
    }
  }

  private static void requireShape(TableLayout layout, Row row, String name) {
    requireNonNull(layout, "layout");
    requireNonNull(row, name);
    if (row.size() != layout.columns().size()) {
      throw new IllegalArgumentException(
          name
              + " has "
              + row.size()
              + " slots but "
              + layout.table()
              + " v"
              + layout.version()
              + " has "
              + layout.columns().size()
              + " columns");
    }
  }

  private static void requireNonNull(Object value, String name) {
    if (value == null) {
      throw new NullPointerException(name + " == null");
    }
  }
}
