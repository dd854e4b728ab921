package dev.redoline.decoder.internal;

import dev.redoline.core.Absent;
import dev.redoline.core.Column;
import dev.redoline.core.OracleType;
import dev.redoline.core.TableLayout;
import java.util.Arrays;

/**
 * What the scanner needs to know about one table layout version, computed once and shared read-only
 * between decode threads: column names for matching the text without allocating, the declared
 * types, which columns are excluded, and which are hashed or truncated.
 */
final class DecodePlan {

  final TableLayout layout;
  final int size;
  final String[] names;
  final OracleType[] types;
  final OracleType.Kind[] kinds;
  final boolean[] excluded;

  /** Whether each name is free of double quotes (Oracle allows none; a hand-made layout might). */
  private final boolean[] quoteFree;

  final boolean anyExcluded;

  /** Whether each column is a NUMBER(1) read as a Boolean ({@code cdc.number.one.as.boolean}). */
  final boolean[] asBoolean;

  /** Whether any column is: false keeps the per-value check to one branch. */
  final boolean anyAsBoolean;

  /** {@code cdc.decode.relaxed.quotes}. */
  final boolean relaxedQuotes;

  /** Per column: replaced by its salted hash ({@code cdc.columns.mask.hash}). */
  final boolean[] hashed;

  /** Per column: the most characters kept ({@code cdc.columns.truncate}), 0 for no limit. */
  final int[] truncateTo;

  /**
   * Per column: hashed or truncated, so its literal is redacted from excerpts like an excluded one.
   */
  final boolean[] shaped;

  /** Whether any column is excluded or shaped: excerpts must then stop before a value ahead. */
  final boolean anyRedacted;

  final ColumnShaping shaping;
  private final Object[] template;

  /** Index of the column at each 1-based position ({@code "COL n"} of mismatch rows), or -1. */
  private final int[] byPosition;

  /**
   * Every column quoted, in layout order, joined by commas ({@code "A","B"}): the column list of an
   * INSERT that logs every column, matched with one comparison; null if a name has a quote.
   */
  final String columnList;

  /** The table's owner and name, for checking the text names the layout's table. */
  final String owner;

  final String table;

  private DecodePlan(
      TableLayout layout,
      ColumnExclusions exclusions,
      DecodeOptions options,
      ColumnShaping shaping) {
    this.layout = layout;
    this.size = layout.columns().size();
    this.names = new String[size];
    this.types = new OracleType[size];
    this.kinds = new OracleType.Kind[size];
    this.excluded = new boolean[size];
    this.quoteFree = new boolean[size];
    this.hashed = new boolean[size];
    this.truncateTo = new int[size];
    this.shaped = new boolean[size];
    this.shaping = shaping;
    boolean any = false;
    boolean anyShaped = false;
    for (int i = 0; i < size; i++) {
      Column c = layout.column(i);
      names[i] = c.name();
      quoteFree[i] = c.name().indexOf('"') < 0;
      types[i] = c.type();
      kinds[i] = c.type().kind();
      excluded[i] = exclusions.excludes(layout.table(), c.name());
      if (!excluded[i] && !shaping.isEmpty()) {
        boolean text = ColumnShaping.isCharacter(kinds[i]);
        boolean hash = shaping.hashes(layout.table(), c.name());
        // a hash pattern on a column that is not text: dropping it is the only way to keep it
        // secret
        excluded[i] = hash && !text;
        hashed[i] = hash && text;
        truncateTo[i] = text && !hash ? shaping.truncateTo(layout.table(), c.name()) : 0;
        shaped[i] = hashed[i] || truncateTo[i] > 0;
        anyShaped |= shaped[i];
      }
      any |= excluded[i];
    }
    this.anyExcluded = any;
    this.asBoolean = new boolean[size];
    boolean anyBoolean = false;
    for (int i = 0; i < size; i++) {
      asBoolean[i] = options.numberOneAsBoolean() && types[i].isNumberOne();
      anyBoolean |= asBoolean[i];
    }
    this.anyAsBoolean = anyBoolean;
    this.relaxedQuotes = options.relaxedQuotes();
    this.anyRedacted = any || anyShaped;
    int maxPosition = 0;
    for (Column c : layout.columns()) {
      maxPosition = Math.max(maxPosition, c.position());
    }
    this.byPosition = new int[maxPosition + 1];
    Arrays.fill(byPosition, -1);
    for (int i = 0; i < size; i++) {
      byPosition[layout.column(i).position()] = i;
    }
    this.template = new Object[size];
    for (int i = 0; i < size; i++) {
      template[i] = excluded[i] ? Absent.EXCLUDED : Absent.NOT_LOGGED;
    }
    this.columnList = columnList(names);
    this.owner = layout.table().owner();
    this.table = layout.table().table();
  }

  private static String columnList(String[] names) {
    StringBuilder sb = new StringBuilder();
    for (String name : names) {
      if (name.indexOf('"') >= 0) {
        return null;
      }
      sb.append(sb.length() == 0 ? "\"" : ",\"").append(name).append('"');
    }
    return sb.toString();
  }

  static DecodePlan compile(
      TableLayout layout,
      ColumnExclusions exclusions,
      DecodeOptions options,
      ColumnShaping shaping) {
    return new DecodePlan(layout, exclusions, options, shaping);
  }

  /**
   * The index of the column whose name is {@code text[start, end)}, or -1. LogMiner lists columns
   * in layout order, so {@code hint} (the index after the previous match) almost always hits and
   * the lookup is one region comparison.
   */
  int indexOf(String text, int start, int end, int hint) {
    int len = end - start;
    if (hint >= 0 && hint < size && sameName(names[hint], text, start, len)) {
      return hint;
    }
    for (int i = 0; i < size; i++) {
      if (sameName(names[i], text, start, len)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The index of the closing quote when the text at {@code start} (just inside an opening quote) is
   * exactly the name of column {@code hint} and its closing quote, else -1. Equivalent to finding
   * the closing quote and then matching, in one pass, for names without a quote (all of Oracle's);
   * -1 whenever in doubt, so the caller falls back to the general match.
   */
  int hintedNameEnd(String text, int start, int hint) {
    if (hint < 0 || hint >= size || !quoteFree[hint]) {
      return -1;
    }
    String name = names[hint];
    int end = start + name.length();
    int length = text.length();
    if (end >= length
        || text.charAt(end) != '"'
        || (end + 1 < length && text.charAt(end + 1) == '"')
        || !text.startsWith(name, start)) {
      return -1;
    }
    return end;
  }

  /** The index of a column whose quoted name has doubled quotes in the text, or -1. */
  int indexOfEscaped(String text, int start, int end) {
    int quote = text.indexOf('"', start);
    if (quote < 0 || quote >= end) {
      return -1;
    }
    return layout.indexOf(text.substring(start, end).replace("\"\"", "\""));
  }

  /** The index of the column at 1-based {@code position} ({@code COLUMN_ID}), or -1. */
  int indexOfPosition(long position) {
    return position >= 1 && position < byPosition.length ? byPosition[(int) position] : -1;
  }

  /**
   * Resets {@code image} ({@link #size} slots) to a fresh image: NOT_LOGGED, excluded columns
   * EXCLUDED.
   */
  void resetImage(Object[] image) {
    System.arraycopy(template, 0, image, 0, size);
  }

  private static boolean sameName(String name, String text, int start, int len) {
    return name.length() == len && text.regionMatches(start, name, 0, len);
  }
}
