package dev.redoline.decoder.internal;

/**
 * The value functions of SQL_REDO ({@code TO_DATE}, {@code HEXTORAW}, {@code TO_VECTOR}, ...) by
 * name, as {@link Literal} forms. Stateless.
 */
final class FunctionNames {

  private FunctionNames() {}

  /**
   * The literal form of the function name {@code text[at, at + n)}, or -1. LogMiner prints these
   * names in upper case, which one exact comparison finds; other spellings take the slow path.
   */
  static int form(String text, int at, int n) {
    int form = exactForm(text, at, n);
    return form >= 0 ? form : anyCaseForm(text, at, n);
  }

  private static int exactForm(String text, int at, int n) {
    switch (n) {
      case 6:
        return text.startsWith("UNISTR", at) ? Literal.UNISTR : -1;
      case 7:
        return text.startsWith("TO_DATE", at) ? Literal.TO_DATE : -1;
      case 8:
        return text.startsWith("HEXTORAW", at) ? Literal.HEXTORAW : -1;
      case 12:
        return text.startsWith("TO_TIMESTAMP", at) ? Literal.TO_TIMESTAMP : -1;
      case 15:
        return text.startsWith("TO_TIMESTAMP_TZ", at) ? Literal.TO_TIMESTAMP_TZ : -1;
      default:
        return -1;
    }
  }

  private static int anyCaseForm(String text, int at, int n) {
    if (n == 7 && text.regionMatches(true, at, "TO_DATE", 0, 7)) {
      return Literal.TO_DATE;
    }
    if (n == 12 && text.regionMatches(true, at, "TO_TIMESTAMP", 0, 12)) {
      return Literal.TO_TIMESTAMP;
    }
    if (n == 15 && text.regionMatches(true, at, "TO_TIMESTAMP_TZ", 0, 15)) {
      return Literal.TO_TIMESTAMP_TZ;
    }
    if (n == 13 && text.regionMatches(true, at, "TO_YMINTERVAL", 0, 13)) {
      return Literal.TO_YMINTERVAL;
    }
    if (n == 13 && text.regionMatches(true, at, "TO_DSINTERVAL", 0, 13)) {
      return Literal.TO_DSINTERVAL;
    }
    if (n == 8 && text.regionMatches(true, at, "HEXTORAW", 0, 8)) {
      return Literal.HEXTORAW;
    }
    if (n == 6 && text.regionMatches(true, at, "UNISTR", 0, 6)) {
      return Literal.UNISTR;
    }
    if (n == 10 && text.regionMatches(true, at, "EMPTY_CLOB", 0, 10)) {
      return Literal.EMPTY_CLOB;
    }
    if (n == 10 && text.regionMatches(true, at, "EMPTY_BLOB", 0, 10)) {
      return Literal.EMPTY_BLOB;
    }
    if (n == 9 && text.regionMatches(true, at, "TO_VECTOR", 0, 9)) {
      return Literal.TO_VECTOR;
    }
    return -1;
  }
}
