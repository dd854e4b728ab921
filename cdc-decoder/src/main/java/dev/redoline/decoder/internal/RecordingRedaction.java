package dev.redoline.decoder.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.TableId;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a capture recording may keep of a value: the rules of {@code cdc.columns.exclude}, {@code
 * cdc.columns.mask.hash} and {@code cdc.columns.truncate}, applied with the decoder's own patterns
 * ({@link ColumnExclusions}, {@link ColumnShaping}) and its own literal scanner ({@link
 * TermScanner}), so a recording holds no more of a value than a delivered change does.
 *
 * <pre>{@code
 * RecordingRedaction r = RecordingRedaction.fromConfig(config);
 * String kept = r.sqlRedo(3, TableId.of("HR", "EMP"), "5.3.1001", sqlRedo);  // excluded literals now NULL
 * }</pre>
 *
 * <p>In SQL_REDO, the literal of an excluded column becomes {@code NULL}, that of a hashed column
 * the quoted salted hash of its text, that of a truncated column its quoted cut text; a replay with
 * the same configuration therefore delivers the same excluded and truncated values (a hashed value
 * is hashed again). A LOB write carries no column name: its data is replaced by {@code NULL} when
 * the column of its transaction's last locator row is redacted or unknown. A row this class cannot
 * read, of a table whose columns a pattern may name, loses its whole SQL_REDO: a recording then
 * lacks a change rather than holding a value. One instance serves one recording thread at a time.
 */
public final class RecordingRedaction {

  private static final int INSERT = 1;
  private static final int DELETE = 2;
  private static final int UPDATE = 3;

  /**
   * The column a LOB begin row names: {@code select "COL" into}, {@code select "COL" from}, {@code
   * set a."COL" =}.
   */
  private static final Pattern LOB_COLUMN =
      Pattern.compile("(?i)(?:select\\s+|set\\s+a\\.)\"((?:[^\"]|\"\")+)\"");

  private final ColumnExclusions excluded;
  private final ColumnShaping shaping;
  private final MessageDigest digest = ColumnShaping.newDigest();

  /** Per transaction: the column of its last LOB begin row, or "" when it could not be read. */
  private final Map<String, String> lobColumns = new HashMap<>();

  private RecordingRedaction(ColumnExclusions excluded, ColumnShaping shaping) {
    this.excluded = excluded;
    this.shaping = shaping;
  }

  /**
   * The rules of {@code cdc.columns.exclude}, {@code cdc.columns.mask.hash} and {@code
   * cdc.columns.truncate}.
   */
  public static RecordingRedaction fromConfig(CdcConfig config) {
    Objects.requireNonNull(config, "config == null");
    return new RecordingRedaction(
        ColumnExclusions.parse(config.get(CdcConfig.COLUMNS_EXCLUDE)),
        ColumnShaping.of(
            config.get(CdcConfig.COLUMNS_MASK_HASH),
            config.get(CdcConfig.COLUMNS_MASK_HASH_SALT).reveal().getBytes(StandardCharsets.UTF_8),
            config.get(CdcConfig.COLUMNS_TRUNCATE)));
  }

  /** Whether a pattern may name a column of {@code table}: only then is its text changed. */
  public boolean touches(TableId table) {
    return excluded.mayName(table) || shaping.mayShape(table);
  }

  /**
   * The SQL_REDO of a mined row as a recording keeps it.
   *
   * @param transaction a key of the row's transaction (LOB writes name no column: the begin row
   *     does)
   */
  public String sqlRedo(int operationCode, TableId table, String transaction, String sqlRedo) {
    if (sqlRedo == null || sqlRedo.isEmpty() || table == null || !touches(table)) {
      return sqlRedo;
    }
    try {
      return switch (operationCode) {
        case INSERT -> insert(table, sqlRedo);
        case DELETE, UPDATE -> pairs(table, sqlRedo);
        case LobRowScanner.LOCATOR, LobRowScanner.XML_BEGIN -> {
          lobColumns.put(transaction, lobColumn(sqlRedo));
          yield pairs(table, sqlRedo);
        }
        case LobRowScanner.EXTENDED_BEGIN -> {
          // the where clause is inside a quoted statement: kept only when no column is redacted
          lobColumns.put(transaction, lobColumn(sqlRedo));
          yield anyNamedColumnRedacted(table, sqlRedo) ? "" : sqlRedo;
        }
        case LobRowScanner.WRITE, LobRowScanner.XML_WRITE, LobRowScanner.EXTENDED_WRITE -> {
          String column = lobColumns.getOrDefault(transaction, "");
          yield column.isEmpty() || redacted(table, column) ? writeWithoutData(sqlRedo) : sqlRedo;
        }
        default -> sqlRedo;
      };
    } catch (RuntimeException unreadable) {
      return ""; // never keep what could not be read: a value might be in it
    }
  }

  /**
   * A value a snapshot chunk read of {@code column}: {@code null} when excluded (or hashed but not
   * text), the hash or the cut text when masked.
   */
  public Object selectedValue(TableId table, String column, Object value) {
    if (value == null || table == null || column == null || !touches(table)) {
      return value;
    }
    if (excluded.excludes(table, column)) {
      return null;
    }
    if (shaping.hashes(table, column)) {
      return value instanceof String s ? shaping.hash(digest, s) : null;
    }
    int cut = shaping.truncateTo(table, column);
    return cut > 0 && value instanceof String s ? ColumnShaping.truncate(s, cut) : value;
  }

  /** Forgets the LOB columns of ended transactions, so the map stays as small as the open ones. */
  public void transactionEnded(String transaction) {
    lobColumns.remove(transaction);
  }

  private boolean redacted(TableId table, String column) {
    return excluded.excludes(table, column)
        || shaping.hashes(table, column)
        || shaping.truncateTo(table, column) > 0;
  }

  private boolean anyNamedColumnRedacted(TableId table, String text) {
    Matcher m = Pattern.compile("\"((?:[^\"]|\"\")+)\"").matcher(text.replace("\"\"", "\""));
    while (m.find()) {
      if (redacted(table, m.group(1))) {
        return true;
      }
    }
    return false;
  }

  private static String lobColumn(String sqlRedo) {
    Matcher m = LOB_COLUMN.matcher(sqlRedo);
    return m.find() ? m.group(1).replace("\"\"", "\"") : "";
  }

  /** {@code buf_c := <data>; ...}: the data expression after {@code :=} becomes NULL. */
  private static String writeWithoutData(String sqlRedo) {
    int assign = sqlRedo.indexOf(":=");
    if (assign < 0) {
      return "";
    }
    Walker w = new Walker(sqlRedo);
    w.pos = assign + 2;
    w.skipSpacesAndComments();
    int from = w.pos;
    w.value(true);
    return sqlRedo.substring(0, from) + "NULL" + sqlRedo.substring(w.pos);
  }

  /** {@code insert into "S"."T"("A","B") values (v1,v2);}: values paired with the column list. */
  private String insert(TableId table, String sqlRedo) {
    Walker w = new Walker(sqlRedo);
    int open = sqlRedo.indexOf('(');
    if (open < 0) {
      return sqlRedo; // insert without a column list: no value to pair
    }
    w.pos = open + 1;
    List<String> columns = new ArrayList<>();
    while (true) {
      w.skipSpaces();
      int close = w.identifierEnd();
      columns.add(sqlRedo.substring(w.pos + 1, close).replace("\"\"", "\""));
      w.pos = close + 1;
      w.skipSpaces();
      if (w.at(')')) {
        w.pos++;
        break;
      }
      w.expect(',');
    }
    w.skipSpaces();
    w.expectWord("values");
    w.skipSpaces();
    w.expect('(');
    StringBuilder out = new StringBuilder();
    int copied = 0;
    for (int i = 0; i < columns.size(); i++) {
      if (i > 0) {
        w.skipSpaces();
        w.expect(',');
      }
      w.skipSpacesAndComments();
      int from = w.pos;
      String replacement = replacement(w, table, columns.get(i));
      if (replacement != null) {
        out.append(sqlRedo, copied, from).append(replacement);
        copied = w.pos;
      }
    }
    return out.append(sqlRedo, copied, sqlRedo.length()).toString();
  }

  /**
   * {@code "COL" = value} pairs anywhere (set and where clauses): the value of a redacted column is
   * read and replaced; other text is walked over, a single-quoted literal always whole.
   */
  private String pairs(TableId table, String sqlRedo) {
    Walker w = new Walker(sqlRedo);
    StringBuilder out = new StringBuilder();
    int copied = 0;
    while (w.pos < w.length) {
      char c = sqlRedo.charAt(w.pos);
      if (c == '\'') {
        w.quoted();
      } else if (c == '"') {
        int close = w.identifierEnd();
        String column = sqlRedo.substring(w.pos + 1, close).replace("\"\"", "\"");
        w.pos = close + 1;
        int save = w.pos;
        w.skipSpaces();
        if (w.at('=') && redacted(table, column)) {
          w.pos++;
          w.skipSpacesAndComments();
          int from = w.pos;
          String replacement = replacement(w, table, column);
          if (replacement != null) {
            out.append(sqlRedo, copied, from).append(replacement);
            copied = w.pos;
          }
        } else {
          w.pos = save;
        }
      } else {
        w.pos++;
      }
    }
    return out.append(sqlRedo, copied, sqlRedo.length()).toString();
  }

  /** Reads the value at the walker; returns its replacement, or {@code null} to keep it. */
  private String replacement(Walker w, TableId table, String column) {
    boolean exclude = excluded.excludes(table, column);
    boolean hash = !exclude && shaping.hashes(table, column);
    int cut = exclude || hash ? 0 : shaping.truncateTo(table, column);
    if (!exclude && !hash && cut == 0) {
      w.value(true);
      return null;
    }
    w.value(exclude); // a kept text joins its || chain; an excluded one is only walked over
    if (exclude) {
      return "NULL";
    }
    String text = w.text();
    if (text == null) {
      return hash ? "NULL" : null; // a non-text literal: hashing excludes it, truncation keeps it
    }
    String kept = hash ? shaping.hash(digest, text) : ColumnShaping.truncate(text, cut);
    return "'" + kept.replace("'", "''") + "'";
  }

  /** The decoder's term scanner, walked over one text. */
  private static final class Walker extends TermScanner {
    Walker(String text) {
      start(text);
    }

    /**
     * The text of the value just read when it is text ('..', UNISTR, a chain), else {@code null};
     * NULL stays NULL.
     */
    String text() {
      StringBuilder sb = new StringBuilder();
      switch (lit.form) {
        case Literal.QUOTED -> TextValues.appendUnescaped(sb, text, lit.start, lit.end);
        case Literal.UNISTR -> TextValues.appendUnistr(sb, text, lit.start, lit.end);
        case Literal.CHAIN -> sb.append(lit.chained);
        default -> {
          return null;
        }
      }
      return sb.toString();
    }
  }
}
