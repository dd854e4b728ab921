package dev.redoline.decoder.internal;

/**
 * Where a single-quoted literal of SQL_REDO can end: the test that tells a closing quote from a
 * quote LogMiner did not double inside the value. Stateless. The scanner looks at one character
 * ({@link #firstCharacter}) for every literal and at the rest ({@link #canFollow}) only when it
 * reads quotes relaxed or the text fails after a literal.
 */
final class LiteralEnds {

  private LiteralEnds() {}

  /** {@link #firstCharacter}: the character after the quote lets a literal end there. */
  static final int ENDS = 0;

  /** {@link #firstCharacter}: it does not. */
  static final int DOES_NOT_END = 1;

  /** {@link #firstCharacter}: blanks follow; what comes after them decides ({@link #canFollow}). */
  static final int BLANKS = 2;

  /**
   * The cheap first look at the character after a quote, all the scanner's hot path pays: a literal
   * followed by {@code ,} {@code )} {@code ;} {@code ||} or the end ends there, one followed by a
   * blank is decided by what follows the blanks, anything else does not end there.
   */
  static int firstCharacter(String text, int at) {
    if (at >= text.length()) {
      return ENDS;
    }
    char c = text.charAt(at);
    if (c == ',' || c == ')' || c == ';') {
      return ENDS;
    }
    if (c == '|') {
      return at + 1 < text.length() && text.charAt(at + 1) == '|' ? ENDS : DOES_NOT_END;
    }
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' ? BLANKS : DOES_NOT_END;
  }

  /**
   * Whether a literal's closing quote can stand just before {@code at}: the end of the text, a
   * {@code ,} {@code )} {@code ;} or {@code ||}, or blanks and then one of those, {@code and} or
   * {@code where}.
   */
  static boolean canFollow(String text, int at) {
    int length = text.length();
    int first = firstCharacter(text, at);
    if (first != BLANKS) {
      return first == ENDS;
    }
    char c;
    int k = at + 1;
    while (k < length && ((c = text.charAt(k)) == ' ' || c == '\n' || c == '\r' || c == '\t')) {
      k++;
    }
    if (k >= length) {
      return true;
    }
    switch (text.charAt(k)) {
      case ',':
      case ')':
      case ';':
        return true;
      case '|':
        return k + 1 < length && text.charAt(k + 1) == '|';
      case 'a':
      case 'A':
        return isWordAt(text, k, "and");
      case 'w':
      case 'W':
        return isWordAt(text, k, "where");
      default:
        return false;
    }
  }

  /**
   * {@code word} at {@code at}, not followed by a word character (as TermScanner reads words).
   * LogMiner prints keywords in lower case, which the exact comparison finds; case folding only if
   * that fails.
   */
  private static boolean isWordAt(String text, int at, String word) {
    int n = word.length();
    if (!text.startsWith(word, at) && !text.regionMatches(true, at, word, 0, n)) {
      return false;
    }
    int after = at + n;
    if (after >= text.length()) {
      return true;
    }
    char c = text.charAt(after);
    return !((c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '_'
        || c == '$'
        || c == '#');
  }
}
