package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.Bytes;
import dev.redoline.core.Column;
import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.simulator.GeneratedLob;
import dev.redoline.simulator.internal.jdbc.Session;
import dev.redoline.simulator.internal.sql.LiteralRenderer;
import dev.redoline.simulator.internal.sql.Oracle23aiLiterals;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.h2.tools.SimpleResultSet;

/**
 * SELECTs of user tables: {@code FROM OWNER.TABLE} reads the committed rows now, and {@code FROM
 * OWNER.TABLE AS OF SCN n} (a literal or a bind) the rows as they were at {@code n} ({@link
 * TableHistory}). The table reference is rewritten mechanically into a call of the {@code
 * SIM_TABLE} table function; the rest of the statement (select list, WHERE, ORDER BY, FETCH FIRST)
 * is evaluated by the SQL engine as written, except that under a linguistic {@code NLS_SORT} the
 * ORDER BY of character columns follows the language ({@link LinguisticOrder}).
 *
 * <p>The pseudo-column {@code ROWID} of such a statement is the function's last column, {@code
 * SIM_ROWID} (the rewrite renames unquoted {@code ROWID} tokens), so keyless tables can be read in
 * ROWID order ({@code WHERE ROWID > ? ORDER BY ROWID}). Like Oracle's, {@code SELECT *} does not
 * show it: the star becomes the table's column list.
 *
 * <p>The select-list functions a snapshot uses to read types the SQL engine does not have are
 * evaluated by the table function instead: {@code XMLSERIALIZE(CONTENT c AS CLOB)} and {@code
 * FROM_VECTOR(c RETURNING CLOB)} become {@code c}, whose column already holds the document and the
 * vector's text as Oracle writes it; {@code TO_CHAR(c)} of an INTERVAL column gives the column's
 * text (sign, padded leading field, the declared fractional digits), as Oracle's does.
 *
 * <p>Errors are Oracle's: ORA-01031 for {@code AS OF} without FLASHBACK on the table or FLASHBACK
 * ANY TABLE ({@code Builder.revoke}, {@code Builder.grantFlashback}), ORA-08181 for an SCN above
 * the current one (or not positive), ORA-01466 when the table's definition changed after {@code n},
 * ORA-01555 when the read needs undo older than the undo retention ({@code Builder.undoRetention}).
 */
public final class FlashbackQuery {

  private static final String NAME = "(\"[^\"]+\"|[A-Za-z][A-Za-z0-9_$#]*)";
  private static final Pattern TABLE_REFERENCE =
      Pattern.compile(
          "\\bFROM\\s+" + NAME + "\\s*\\.\\s*" + NAME + "(\\s+AS\\s+OF\\s+SCN\\s+(\\?|\\d+))?",
          Pattern.CASE_INSENSITIVE);

  /** {@code SELECT *} (or {@code SELECT DISTINCT *}) directly over a table reference. */
  private static final Pattern SELECT_STAR =
      Pattern.compile(
          "\\bSELECT(\\s+DISTINCT)?\\s+(\\*)\\s*(?=FROM\\s+" + NAME + "\\s*\\.\\s*" + NAME + ")",
          Pattern.CASE_INSENSITIVE);

  /** The SQL engine's name of the ROWID pseudo-column of a user table. */
  private static final String ROWID_COLUMN = "SIM_ROWID";

  private static final Pattern ROWID = Pattern.compile("\\bROWID\\b", Pattern.CASE_INSENSITIVE);
  private static final Pattern TEXT_FUNCTIONS =
      Pattern.compile(
          "\\bXMLSERIALIZE\\s*\\(\\s*CONTENT\\s+"
              + NAME
              + "\\s+AS\\s+CLOB\\s*\\)"
              + "|\\bFROM_VECTOR\\s*\\(\\s*"
              + NAME
              + "\\s+RETURNING\\s+CLOB\\s*\\)",
          Pattern.CASE_INSENSITIVE);

  /**
   * Functions of a verification's checksum SQL whose H2 namesakes differ from Oracle's (or that H2
   * cannot call by a package name): renamed to the simulator's versions in {@link
   * dev.redoline.simulator.internal.SqlFunctions}. H2's {@code ORA_HASH} is not used: its values
   * are not Oracle's.
   */
  private static final Pattern ORACLE_FUNCTIONS =
      Pattern.compile(
          "\\bDBMS_CRYPTO\\s*\\.\\s*HASH\\s*\\(|\\bRAWTOHEX\\s*\\(|\\bTO_CHAR\\s*\\(\\s*"
              + NAME
              + "\\s*,\\s*'TM9'\\s*\\)",
          Pattern.CASE_INSENSITIVE);

  private FlashbackQuery() {}

  /**
   * {@code sql} with each reference to a live table of the session's container made a SIM_TABLE
   * call; ORA-01031 for an {@code AS OF} reference the user lacks FLASHBACK for.
   */
  public static String rewrite(Session s, String sql) throws SQLException {
    return tableReferences(s, starsNamed(s, sql));
  }

  /**
   * Each {@code *} that selects every column of a user table becomes the table's column list: a
   * table's rows carry the ROWID pseudo-column ({@link #ROWID_COLUMN}), which Oracle never shows in
   * {@code SELECT *}.
   */
  private static String starsNamed(Session s, String sql) {
    Matcher m = SELECT_STAR.matcher(sql);
    StringBuilder out = new StringBuilder();
    int copied = 0;
    while (m.find()) {
      SimTable t = find(s, identifier(m.group(3)), identifier(m.group(4)));
      if (t == null) {
        continue;
      }
      StringBuilder columns = new StringBuilder();
      for (Column c : t.layout().columns()) {
        columns.append(columns.length() == 0 ? "" : ", ").append('"').append(c.name()).append('"');
      }
      out.append(sql, copied, m.start(2)).append(columns).append(' ');
      copied = m.end(2);
    }
    return copied == 0 ? sql : out.append(sql, copied, sql.length()).toString();
  }

  private static String tableReferences(Session s, String sql) throws SQLException {
    Matcher m = TABLE_REFERENCE.matcher(sql);
    StringBuilder out = new StringBuilder();
    List<SimTable> tables = new java.util.ArrayList<>();
    while (m.find()) {
      String owner = identifier(m.group(1));
      String table = identifier(m.group(2));
      SimTable t = find(s, owner, table);
      if (t == null) {
        m.appendReplacement(out, Matcher.quoteReplacement(m.group()));
        continue;
      }
      if (m.group(4) != null && !s.settings().mayFlashback(t.layout().table())) {
        // checked as the statement is parsed, as Oracle does: even a read of no rows is refused
        throw OracleErrors.error(1031); // no FLASHBACK on the table and no FLASHBACK ANY TABLE
      }
      tables.add(t);
      String scn = m.group(4) == null ? "NULL" : m.group(4);
      m.appendReplacement(
          out,
          Matcher.quoteReplacement(
              "FROM SIM_TABLE(" + literal(owner) + ", " + literal(table) + ", " + scn + ")"));
    }
    m.appendTail(out);
    String rewritten = out.toString();
    return rewritten.equals(sql)
        ? sql
        : LinguisticOrder.apply(
            rowIds(oracleFunctions(textFunctions(rewritten))), s.sort(), tables);
  }

  /** XMLSERIALIZE and FROM_VECTOR of a column become the column (see the class comment). */
  private static String textFunctions(String sql) {
    Matcher m = TEXT_FUNCTIONS.matcher(sql);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(
          out, Matcher.quoteReplacement(m.group(1) != null ? m.group(1) : m.group(2)));
    }
    m.appendTail(out);
    return out.toString();
  }

  /**
   * {@code DBMS_CRYPTO.HASH(}, {@code RAWTOHEX(} and {@code TO_CHAR(c, 'TM9')} as Oracle evaluates
   * them.
   */
  private static String oracleFunctions(String sql) {
    Matcher m = ORACLE_FUNCTIONS.matcher(sql);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String call = m.group().toUpperCase(Locale.ROOT);
      String replacement =
          call.startsWith("DBMS_CRYPTO")
              ? "SIM_CRYPTO_HASH("
              : call.startsWith("RAWTOHEX")
                  ? "SIM_RAWTOHEX("
                  : "SIM_TO_CHAR_TM9(" + m.group(1) + ")";
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }

  /**
   * Unquoted {@code ROWID} tokens (outside literals and quoted names) become {@link #ROWID_COLUMN}.
   */
  private static String rowIds(String sql) {
    StringBuilder out = new StringBuilder();
    int plain = 0;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (c == '\'' || c == '"') {
        out.append(ROWID.matcher(sql.substring(plain, i)).replaceAll(ROWID_COLUMN));
        int end = sql.indexOf(c, i + 1);
        end = end < 0 ? sql.length() - 1 : end;
        out.append(sql, i, end + 1);
        i = end;
        plain = end + 1;
      }
    }
    out.append(
        ROWID.matcher(sql.substring(Math.min(plain, sql.length()))).replaceAll(ROWID_COLUMN));
    return out.toString();
  }

  /** The rows of the table function: {@code scn == null} reads the committed rows now. */
  public static ResultSet rows(
      Session s, String owner, String table, BigDecimal scn, boolean columnsOnly)
      throws SQLException {
    SimTable t = find(s, owner, table);
    if (t == null) {
      throw OracleErrors.error(942);
    }
    SimpleResultSet rs = new SimpleResultSet();
    List<Column> columns = t.layout().columns();
    for (Column c : columns) {
      int[] type = sqlType(c.type());
      rs.addColumn(c.name(), type[0], type[1], type[2]);
    }
    rs.addColumn(ROWID_COLUMN, Types.VARCHAR, 18, 0);
    if (columnsOnly) {
      return rs;
    }
    long current = s.redo().currentScn();
    long at = current;
    if (scn != null) {
      if (scn.signum() <= 0 || scn.compareTo(BigDecimal.valueOf(current)) > 0) {
        throw OracleErrors.error(8181);
      }
      at = scn.longValueExact();
      if (at < t.definitionScn()) {
        throw OracleErrors.error(1466);
      }
    }
    for (Object[] row : t.history().asOf(at, s.settings().undoKeptSince(s.clock()))) {
      Object[] out = new Object[columns.size() + 1];
      for (int i = 0; i < columns.size() && i < row.length - 1; i++) {
        out[i] = engineValue(row[i], columns.get(i).type());
      }
      out[columns.size()] = row[row.length - 1];
      rs.addRow(out);
    }
    return rs;
  }

  /** The live table {@code owner.table} in the session's container, or null. */
  private static SimTable find(Session s, String owner, String table) {
    Catalog catalog = s.catalog();
    int conId = s.containerId();
    String pdb = catalog.cdb() && conId > 1 ? catalog.container(conId).name() : null;
    return catalog.find(new TableId(pdb, owner, table));
  }

  private static String identifier(String text) {
    return text.startsWith("\"")
        ? text.substring(1, text.length() - 1)
        : text.toUpperCase(Locale.ROOT);
  }

  private static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  /** The SQL engine's type of a column: {Types constant, precision, scale}. */
  private static int[] sqlType(OracleType type) {
    return switch (type.kind()) {
      // NUMBER without a declared scale can hold fractions: 10 places cover every simulated value
      case NUMBER, FLOAT -> new int[] {Types.NUMERIC, 38, type.scale() >= 0 ? type.scale() : 10};
      case BINARY_FLOAT -> new int[] {Types.REAL, 24, 0};
      case BINARY_DOUBLE -> new int[] {Types.DOUBLE, 53, 0};
      case DATE -> new int[] {Types.TIMESTAMP, 26, 0};
      case TIMESTAMP -> new int[] {Types.TIMESTAMP, 29, Math.max(type.scale(), 6)};
      case TIMESTAMP_TZ, TIMESTAMP_LTZ ->
          new int[] {Types.TIMESTAMP_WITH_TIMEZONE, 35, Math.max(type.scale(), 6)};
      case RAW, BLOB, LONG_RAW, JSON -> new int[] {Types.VARBINARY, 1 << 20, 0};
      case BOOLEAN -> new int[] {Types.BOOLEAN, 1, 0};
      default -> new int[] {Types.VARCHAR, 1 << 20, 0};
    };
  }

  /** A stored value of a column of {@code type} in the SQL engine's Java type. */
  private static Object engineValue(Object v, OracleType type) throws java.sql.SQLException {
    if (v instanceof GeneratedLob g) {
      if (g.length() > GeneratedLob.MAX_MATERIALISED_BYTES) {
        // The simulator never holds such content; refusing is honest where a truncated value would
        // not be.
        throw OracleErrors.error(
            4030, g.length(), "generated BLOB content is not materialised for a SELECT");
      }
      return g.bytes(0, (int) g.length());
    }
    if (v instanceof Bytes b) {
      return b.toByteArray();
    }
    if (v instanceof ZonedDateTime z) {
      return z.toOffsetDateTime();
    }
    if (v instanceof Instant i) {
      return OffsetDateTime.ofInstant(i, ZoneOffset.UTC);
    }
    if (v instanceof java.time.Period p) {
      return LiteralRenderer.yearToMonthText(type, p);
    }
    if (v instanceof java.time.Duration d) {
      return LiteralRenderer.dayToSecondText(
          type, d, type.scale() == OracleType.UNSPECIFIED ? 6 : type.scale());
    }
    if (v instanceof dev.redoline.core.VectorValue vector) {
      return Oracle23aiLiterals.text(vector);
    }
    if (v instanceof Enum<?>) {
      return v.toString();
    }
    if (v instanceof String text
        && (type.kind() == OracleType.Kind.CHAR || type.kind() == OracleType.Kind.NCHAR)
        && type.length() > text.length()) {
      // Oracle keeps a CHAR blank-padded to its declared length, and a SELECT returns it so
      return text + " ".repeat(type.length() - text.length());
    }
    return v;
  }
}
