package dev.redoline.decoder.internal;

import dev.redoline.core.Absent;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.Row;
import java.util.Arrays;

/**
 * Decodes one row's SQL_REDO in a single left-to-right pass. One instance per decode task, reused
 * row after row: it holds only the current row's positions and scratch arrays that {@link Row#of}
 * copies out, so decode threads share nothing but the read-only {@link DecodePlan}s.
 *
 * <p>Statement shapes (docs/logminer.md#statement-text, #rows-without-a-dictionary and #literals;
 * keywords in any case, blanks between tokens optional where LogMiner prints one, a trailing {@code
 * ;} optional):
 *
 * <pre>
 * insert into "S"."T"("C1","C2") values ('1',NULL);            -- after image only
 * update "S"."T" set "C2" = 'n' where "C1" = '1' and "C2" IS NULL and ROWID = 'AAA..';
 * update "S"."T" a set a."C2" = 'n' where a."C1" = '1';       -- alias form
 * update "S"."T" set "C2" = 'n';                               -- no WHERE: before all NOT_LOGGED
 * delete from "S"."T" where "C1" = '1' and ROWID = 'AAA..';   -- before image only
 * delete from "S"."T";                                         -- no WHERE
 * </pre>
 *
 * Dictionary Mismatch rows ({@code "UNKNOWN"."OBJ# n"}, {@code "COL n"}, {@code HEXTORAW}) have the
 * same shapes; {@link MismatchForm} maps them by column position and raw bytes. So does a {@code
 * "COL n"} column in text that names the table (DBZ-3401), its HEXTORAW value read as raw bytes and
 * any other literal as usual. UPDATE's after image is the before image overlaid with SET. A column
 * the text does not name is {@link Absent#NOT_LOGGED}; an excluded column is {@link
 * Absent#EXCLUDED} in every image.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because it is one left-to-right pass over the three statement shapes: the table
 * name, the column lists, SET and WHERE share the scanner's position and scratch images, and
 * splitting them would pass that state between classes on every row. Excluded literals are skipped
 * without being converted, and the spans of excluded and shaped literals recorded so an error
 * excerpt can redact them.
 */
final class SqlRedoScanner extends ColumnScanner {

  private DecodeInput row;

  /** Start/end pairs of the excluded literals skipped so far, for redacting excerpts. */
  private int[] excludedSpans;

  private int spanCount;

  /**
   * Where the text's {@code ROWID = '..'} value is, or -1: copied only if the row has no ROW_ID.
   */
  private int textRowIdStart;

  private int textRowIdEnd;

  /** The image being filled; {@link Row#of} copies it, so it is reused for the next row. */
  private Object[] image = new Object[0];

  /** An UPDATE's SET columns and their values, in text order (usually a few). */
  private int[] setColumns = new int[4];

  private Object[] setValues = new Object[4];

  /**
   * SHA-256 of hashed columns, made on first use; one per scanner, as digests are not thread-safe.
   */
  private java.security.MessageDigest digest;

  /**
   * Decodes {@code row} with {@code plan}; every failure is a DecodeException with a redacted
   * excerpt.
   */
  Change decode(DecodeInput row, DecodePlan plan) {
    this.row = row;
    this.plan = plan;
    start(row.sqlRedo());
    spanCount = 0;
    textRowIdStart = -1;
    steps = 0;
    positional = false;
    relaxedQuotes = plan.relaxedQuotes;
    try {
      return scan();
    } catch (ScanFailure f) {
      String excerpt = Excerpts.around(text, f.offset, f.limit, excludedSpans, spanCount);
      return rethrow(
          new DecodeException(
              f.code, f.problem, plan.layout.table(), f.column, f.offset, excerpt, null));
    }
  }

  private static Change rethrow(DecodeException e) {
    throw e;
  }

  @Override
  ScanFailure failure(ErrorCode code, String problem, String column, int offset) {
    int limit = length;
    if (plan.anyRedacted) {
      // inside a value the scanner does not know where an excluded or shaped literal ahead begins
      limit = valueStart >= 0 ? valueStart : Math.min(length, offset + 1);
    }
    return new ScanFailure(code, problem, column, offset, limit);
  }

  private Change scan() {
    skipSpaces();
    Operation op;
    if (atWord("insert")) {
      op = Operation.INSERT;
    } else if (atWord("update")) {
      op = Operation.UPDATE;
    } else if (atWord("delete")) {
      op = Operation.DELETE;
    } else if (text.startsWith("Dictionary Version Mismatch", pos)) {
      throw failure(
          ErrorCode.REDO_NOT_RELIABLE,
          "LogMiner wrote 'Dictionary Version Mismatch' instead of SQL: "
              + "the redo has more columns than the dictionary knows",
          null,
          pos);
    } else {
      throw malformed("Expected insert, update or delete but found " + found());
    }
    if (op != row.operation()) {
      throw malformed("The text is an " + op + " but the row's OPERATION is " + row.operation());
    }
    switch (op) {
      case INSERT:
        return insert();
      case UPDATE:
        return update();
      default:
        return delete();
    }
  }

  private Change insert() {
    pos += 6;
    skipSpaces();
    expectWord("into");
    skipSpaces();
    table();
    skipSpaces();
    expect('(');
    int count = layoutOrderList();
    if (count < 0) {
      count = listedColumns();
    }
    skipSpaces();
    expectWord("values");
    skipSpaces();
    expect('(');
    Object[] after = freshImage();
    for (int k = 0; k < count; k++) {
      step();
      skipSpaces();
      if (k > 0) {
        expect(',');
        skipSpaces();
      }
      readValue(columns[k], after, columns[k], anyListedByPosition && listedByPosition[k]);
      skipSpaces();
    }
    if (!at(')')) {
      throw malformed(
          count + " columns are listed but a value follows the last one, or found " + found());
    }
    pos++;
    end();
    return change(Operation.INSERT, null, Row.of(after));
  }

  private Change update() {
    pos += 6;
    skipSpaces();
    table();
    skipSpaces();
    if (!atWord("set")) {
      skipAlias();
    }
    expectWord("set");
    int setCount = 0;
    int hint = 0;
    while (true) {
      step();
      skipSpaces();
      int column = columnReference(hint);
      hint = column + 1;
      skipSpaces();
      expect('=');
      skipSpaces();
      if (setCount == setColumns.length) {
        setColumns = Arrays.copyOf(setColumns, setCount * 2);
        setValues = Arrays.copyOf(setValues, setCount * 2);
      }
      setColumns[setCount] = column;
      readValue(column, setValues, setCount, byPosition);
      setCount++;
      skipSpaces();
      if (!at(',')) {
        break;
      }
      pos++;
    }
    Object[] image = freshImage();
    where(image);
    Row before = Row.of(image);
    // in text order, so a column SET twice keeps its last value; excluded columns stay EXCLUDED
    for (int k = 0; k < setCount; k++) {
      int column = setColumns[k];
      if (!plan.excluded[column]) {
        image[column] = setValues[k];
      }
      setValues[k] = null;
    }
    return change(Operation.UPDATE, before, Row.of(image));
  }

  private Change delete() {
    pos += 6;
    skipSpaces();
    expectWord("from");
    skipSpaces();
    table();
    skipSpaces();
    if (!atWord("where") && !at(';') && pos < length) {
      skipAlias();
    }
    Object[] before = freshImage();
    where(before);
    return change(Operation.DELETE, Row.of(before), null);
  }

  /** {@code [where cond (and cond)*]} then the end; conditions fill {@code before}. */
  private void where(Object[] before) {
    skipSpaces();
    if (atWord("where")) {
      pos += 5;
      int hint = 0;
      while (true) {
        step();
        skipSpaces();
        if (atWord("ROWID")) {
          pos += 5;
          skipSpaces();
          expect('=');
          skipSpaces();
          valueStart = pos;
          quoted();
          valueStart = -1;
          textRowIdStart = lit.start;
          textRowIdEnd = lit.end;
        } else {
          int column = columnReference(hint);
          hint = column + 1;
          skipSpaces();
          if (atWord("IS")) {
            pos += 2;
            skipSpaces();
            expectWord("NULL");
            if (!plan.excluded[column]) {
              before[column] = null;
            }
          } else {
            boolean fromPosition = byPosition;
            expect('=');
            skipSpaces();
            readValue(column, before, column, fromPosition);
          }
        }
        skipSpaces();
        if (!atWord("and")) {
          break;
        }
        pos += 3;
      }
    }
    end();
  }

  /**
   * Reads the value of {@code column} into {@code values[slot]}, or skips it when excluded. Raw
   * bytes are converted by the column's type in a mismatch row, and for a {@code "COL n"} column of
   * a named table ({@code byPosition}) when they come as HEXTORAW.
   */
  private void readValue(int column, Object[] values, int slot, boolean byPosition) {
    valueStart = pos;
    if (plan.excluded[column]) {
      value(true);
      recordExcludedSpan(valueStart, pos);
      valueStart = -1;
      return;
    }
    try {
      value(false);
      Object converted =
          positional || (byPosition && lit.form == Literal.HEXTORAW)
              ? MismatchForm.convert(text, lit, plan.types[column])
              : LiteralConverter.convert(text, lit, plan.types[column]);
      if (plan.anyAsBoolean && plan.asBoolean[column]) {
        converted = LiteralConverter.numberOneAsBoolean(converted);
      }
      if (plan.shaped[column]) {
        converted = shape(column, converted);
        recordExcludedSpan(valueStart, pos);
      }
      values[slot] = converted;
    } catch (ScanFailure f) {
      if (plan.shaped[column]) {
        // the raw literal of a hashed or truncated column is never shown, even when it is bad
        throw new ScanFailure(f.code, f.problem, plan.names[column], valueStart, valueStart);
      }
      if (f.offset >= 0) {
        throw f;
      }
      // a well-delimited literal that does not convert: showing it is safe
      throw new ScanFailure(
          f.code, f.problem, plan.names[column], lit.exprStart, Math.max(lit.exprEnd, pos));
    }
    valueStart = -1;
  }

  /** The hashed or truncated form of a converted text value; markers and nulls pass unchanged. */
  private Object shape(int column, Object value) {
    if (!(value instanceof String textValue)) {
      return value;
    }
    if (plan.hashed[column]) {
      if (digest == null) {
        digest = ColumnShaping.newDigest();
      }
      return plan.shaping.hash(digest, textValue);
    }
    return ColumnShaping.truncate(textValue, plan.truncateTo[column]);
  }

  private void recordExcludedSpan(int start, int end) {
    if (excludedSpans == null) {
      excludedSpans = new int[8];
    } else if (spanCount == excludedSpans.length) {
      excludedSpans = Arrays.copyOf(excludedSpans, spanCount * 2);
    }
    excludedSpans[spanCount++] = start;
    excludedSpans[spanCount++] = end;
  }

  /** {@code "OWNER"."TABLE"}, which must be the layout's table. */
  private void table() {
    int ownerStart = pos + 1;
    int ownerEnd = identifierEnd();
    pos = ownerEnd + 1;
    skipSpaces();
    expect('.');
    skipSpaces();
    int tableStart = pos + 1;
    int tableEnd = identifierEnd();
    pos = tableEnd + 1;
    if (MismatchForm.isUnknownObject(text, ownerStart, ownerEnd, tableStart, tableEnd)) {
      positional = true; // decoded by position with the caller's layout of the row's time
      return;
    }
    boolean sameOwner =
        ownerEnd - ownerStart == plan.owner.length() && text.startsWith(plan.owner, ownerStart);
    boolean sameTable =
        tableEnd - tableStart == plan.table.length() && text.startsWith(plan.table, tableStart);
    if (sameOwner && sameTable && MismatchForm.isFlagged(row)) {
      throw failure(
          ErrorCode.UNKNOWN_TABLE_OR_COLUMN,
          "LogMiner marks the row STATUS 2 (Dictionary Mismatch) "
              + "but names "
              + text.substring(ownerStart - 1, tableEnd + 1)
              + " instead of an OBJ# with raw values",
          null,
          ownerStart - 1);
    }
    if (sameOwner && sameTable) {
      return;
    }
    throw failure(
        ErrorCode.UNKNOWN_TABLE_OR_COLUMN,
        "The text names "
            + text.substring(ownerStart - 1, tableEnd + 1)
            + " but the layout is for "
            + plan.layout.table().quoted(),
        null,
        ownerStart - 1);
  }

  /** A table alias such as {@code a} before {@code set}/{@code where}. */
  private void skipAlias() {
    int start = pos;
    while (isWordChar(pos)) {
      pos++;
    }
    if (pos == start) {
      throw malformed("Expected set, where or a table alias but found " + found());
    }
    skipSpaces();
  }

  private void end() {
    skipSpaces();
    if (at(';')) {
      pos++;
      skipSpaces();
    }
    if (pos < length) {
      throw malformed("Unexpected " + found() + " after the end of the statement");
    }
  }

  /** The scratch image reset to the plan's template: every slot NOT_LOGGED or EXCLUDED. */
  private Object[] freshImage() {
    if (image.length != plan.size) {
      image = new Object[plan.size];
    }
    plan.resetImage(image);
    return image;
  }

  private Change change(Operation op, Row before, Row after) {
    String rowId =
        row.rowId() != null
            ? row.rowId()
            : textRowIdStart >= 0 ? text.substring(textRowIdStart, textRowIdEnd) : null;
    return new Change(
        op,
        plan.layout.table(),
        plan.layout.version(),
        before,
        after,
        row.scn(),
        row.address(),
        row.ssn(),
        rowId,
        row.timestamp());
  }
}
