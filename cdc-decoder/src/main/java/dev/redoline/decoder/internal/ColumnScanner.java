package dev.redoline.decoder.internal;

import dev.redoline.core.ErrorCode;
import java.util.Arrays;

/**
 * The middle layer of the scanner: double-quoted column names in the text to indexes in the {@link
 * DecodePlan}'s layout, by name (layout order first, since LogMiner lists columns that way) or, for
 * a Dictionary Mismatch row, by the position in its {@code "COL n"} name.
 *
 * <p>A {@code "COL n"} name in text that names the table (LogMiner's dictionary knows the table but
 * not that column, Debezium DBZ-3401) is not a layout column's name either; it is resolved by its
 * position in the layout of the row's time, and {@link #byPosition} tells the caller that its value
 * may be raw bytes.
 */
class ColumnScanner extends TermScanner {

  DecodePlan plan;

  /** Whether the text is a Dictionary Mismatch row: {@code "COL n"} names and raw bytes. */
  boolean positional;

  /** Layout indexes of an INSERT's listed columns, in text order. */
  int[] columns = new int[16];

  /**
   * Per listed INSERT column: resolved from a {@code "COL n"} name; valid when {@link
   * #anyListedByPosition}.
   */
  boolean[] listedByPosition = new boolean[16];

  boolean anyListedByPosition;

  /** Whether the last name {@link #columnReference} read was a {@code "COL n"} of a named table. */
  boolean byPosition;

  int steps;

  /**
   * The column list when it names every column in layout order exactly as LogMiner prints it
   * ({@code "A","B")}): one comparison instead of a name match per column. Returns the count and
   * moves past the {@code )}, or returns -1 without moving.
   */
  final int layoutOrderList() {
    String list = plan.columnList;
    if (positional
        || list == null
        || plan.size == 0
        || !text.startsWith(list, pos)
        || pos + list.length() >= length
        || text.charAt(pos + list.length()) != ')') {
      return -1;
    }
    if (columns.length < plan.size) {
      columns = new int[plan.size];
    }
    for (int k = 0; k < plan.size; k++) {
      columns[k] = k;
    }
    anyListedByPosition = false;
    pos += list.length() + 1;
    return plan.size;
  }

  /** The column list, any order and spacing, up to and past its {@code )}; returns the count. */
  final int listedColumns() {
    int[] columns = this.columns;
    int count = 0;
    anyListedByPosition = false;
    while (true) {
      step();
      skipSpaces();
      int column = column(count == 0 ? 0 : columns[count - 1] + 1);
      if (count == columns.length) {
        columns = Arrays.copyOf(columns, count * 2);
        this.columns = columns;
        listedByPosition = Arrays.copyOf(listedByPosition, count * 2);
      }
      listedByPosition[count] = byPosition;
      anyListedByPosition |= byPosition;
      columns[count++] = column;
      skipSpaces();
      if (at(')')) {
        pos++;
        return count;
      }
      expect(',');
    }
  }

  /** A column name, optionally behind an alias ({@code a."C"}). */
  final int columnReference(int hint) {
    if (!at('"')) {
      int start = pos;
      while (isWordChar(pos)) {
        pos++;
      }
      if (pos == start || !at('.')) {
        pos = start;
        throw malformed("Expected a double-quoted column name but found " + found());
      }
      pos++;
    }
    return column(hint);
  }

  /** A double-quoted column name; its index in the layout. */
  private int column(int hint) {
    byPosition = false;
    int start = pos + 1;
    int hinted = positional || !at('"') ? -1 : plan.hintedNameEnd(text, start, hint);
    if (hinted >= 0) {
      pos = hinted + 1; // the expected column, found without scanning for the closing quote first
      return hint;
    }
    int close = identifierEnd();
    if (positional) {
      return columnAt(start, close);
    }
    int index = plan.indexOf(text, start, close, hint);
    if (index < 0) {
      index = plan.indexOfEscaped(text, start, close);
    }
    if (index < 0 && MismatchForm.position(text, start, close) >= 0) {
      byPosition = true; // DBZ-3401: a known table, an unknown column, named by its position
      return columnAt(start, close);
    }
    if (index < 0) {
      String name = text.substring(start, close);
      throw new ScanFailure(
          ErrorCode.UNKNOWN_TABLE_OR_COLUMN,
          "Column \""
              + name
              + "\" is not a column of "
              + plan.layout.table()
              + " layout version "
              + plan.layout.version(),
          name,
          pos,
          close + 1);
    }
    pos = close + 1;
    return index;
  }

  /**
   * A {@code "COL n"} name (of a mismatch row, or unknown to a named table); the column at position
   * n.
   */
  private int columnAt(int start, int close) {
    long position = MismatchForm.position(text, start, close);
    int index = plan.indexOfPosition(position);
    if (index < 0) {
      String name = text.substring(start, close);
      String why =
          position < 0
              ? "is not a \"COL n\" position name, as a Dictionary Mismatch row has"
              : "is position "
                  + position
                  + ", but "
                  + plan.layout.table()
                  + " layout version "
                  + plan.layout.version()
                  + " has no column there ("
                  + plan.size
                  + " columns)";
      throw new ScanFailure(
          ErrorCode.UNKNOWN_TABLE_OR_COLUMN,
          "Column \"" + name + "\" " + why,
          name,
          pos,
          close + 1);
    }
    pos = close + 1;
    return index;
  }

  /** Guards against a loop that stops consuming text: a bug, never a hang. */
  final void step() {
    if (++steps > length + 8) {
      throw new IllegalStateException(
          "SQL_REDO scanner made no progress at offset "
              + pos
              + " of "
              + length
              + " (a decoder bug)");
    }
  }
}
