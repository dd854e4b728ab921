package dev.redoline.decoder.internal;

/**
 * Where the scanner found one value expression in the text: its form and the positions of its
 * quoted arguments. Nothing is copied out of the text here; converters read the positions. One
 * instance per scan, overwritten for each value, never shared between threads.
 */
final class Literal {

  /** {@code NULL}. */
  static final int NULL = 0;

  /** {@code 'text'}. */
  static final int QUOTED = 1;

  static final int TO_DATE = 2;
  static final int TO_TIMESTAMP = 3;
  static final int TO_TIMESTAMP_TZ = 4;
  static final int TO_YMINTERVAL = 5;
  static final int TO_DSINTERVAL = 6;
  static final int HEXTORAW = 7;
  static final int UNISTR = 8;
  static final int EMPTY_CLOB = 9;
  static final int EMPTY_BLOB = 10;

  /** {@code Unsupported Type}. */
  static final int UNSUPPORTED = 11;

  /** An unquoted number such as {@code 42} or {@code -1.5E+10}. */
  static final int BARE = 12;

  /** Terms joined by {@code ||}; the joined text is in {@link #chained}. */
  static final int CHAIN = 13;

  /** A bare {@code TRUE} or {@code FALSE} (any case), as 23ai writes BOOLEAN literals in SQL. */
  static final int BOOLEAN_WORD = 14;

  /** {@code TO_VECTOR('[..]'[, dimensions, format])}: the first argument's content. */
  static final int TO_VECTOR = 15;

  int form;

  /** Content of the first quoted argument (or the bare token): {@code [start, end)}. */
  int start;

  int end;

  /** Whether the first argument contains doubled quotes to undo. */
  boolean escaped;

  /** Content of the second quoted argument (a format mask), or -1. */
  int maskStart;

  int maskEnd;

  /** The whole expression, for error offsets. */
  int exprStart;

  int exprEnd;
  String chained;

  void reset(int at) {
    form = NULL;
    start = end = at;
    escaped = false;
    maskStart = maskEnd = -1;
    exprStart = exprEnd = at;
    chained = null;
  }

  /** The function name of the form, for messages. */
  static String formName(int form) {
    switch (form) {
      case NULL:
        return "NULL";
      case QUOTED:
        return "a quoted literal";
      case TO_DATE:
        return "TO_DATE";
      case TO_TIMESTAMP:
        return "TO_TIMESTAMP";
      case TO_TIMESTAMP_TZ:
        return "TO_TIMESTAMP_TZ";
      case TO_YMINTERVAL:
        return "TO_YMINTERVAL";
      case TO_DSINTERVAL:
        return "TO_DSINTERVAL";
      case HEXTORAW:
        return "HEXTORAW";
      case UNISTR:
        return "UNISTR";
      case EMPTY_CLOB:
        return "EMPTY_CLOB()";
      case EMPTY_BLOB:
        return "EMPTY_BLOB()";
      case UNSUPPORTED:
        return "Unsupported Type";
      case BARE:
        return "an unquoted number";
      case BOOLEAN_WORD:
        return "TRUE or FALSE";
      case TO_VECTOR:
        return "TO_VECTOR";
      default:
        return "a || chain";
    }
  }
}
