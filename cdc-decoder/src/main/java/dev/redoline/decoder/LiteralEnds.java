package dev.redoline.decoder;

/**
 * Where a single-quoted literal of SQL_REDO can end: the test that tells a closing quote from a
 * quote LogMiner did not double inside the value. Stateless.
 */
final class LiteralEnds {

  private LiteralEnds() {}

  /**
   * Whether a literal's closing quote can stand just before {@code at}: the end of the text, a
   * {@code ,} {@code )} {@code ;} or {@code ||}, or blanks and then one of those, {@code and} or
   * {@code where}. The usual case decides on the first character.
   */
  static boolean canFollow(String text, int at) {
    int length = text.length();
    if (at >= length) {
      return true;
    }
    char c = text.charAt(at);
    if (c == ',' || c == ')' || c == ';') {
      return true;
    }
    if (c == '|') {
      return at + 1 < length && text.charAt(at + 1) == '|';
    }
    if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
      return false;
    }
    int k = at + 1;
    while (k < length && ((c = text.charAt(k)) == ' ' || c == '\n' || c == '\r' || c == '\t')) {
      k++;
    }
    if (k >= length || c == ',' || c == ')' || c == ';') {
      return true;
    }
    if (c == '|') {
      return k + 1 < length && text.charAt(k + 1) == '|';
    }
    return isWordAt(text, k, "and") || isWordAt(text, k, "where");
  }

  /** {@code word} at {@code at}, any case, not followed by a word character (as TermScanner reads words). */
  private static boolean isWordAt(String text, int at, String word) {
    int after = at + word.length();
    if (!text.regionMatches(true, at, word, 0, word.length())) {
      return false;
    }
    if (after >= text.length()) {
      return true;
    }
    char c = text.charAt(after);
    return !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$'
        || c == '#');
  }
}
