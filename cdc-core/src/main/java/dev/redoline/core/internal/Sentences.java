package dev.redoline.core.internal;

/**
 * Joining message parts into sentences, so that a part that already ends one gets no second stop.
 */
public final class Sentences {

  private Sentences() {}

  /**
   * {@code text} ended with a full stop, unless it already ends with {@code .}, {@code ?} or {@code
   * !}.
   */
  public static String end(String text) {
    if (!text.isEmpty()) {
      char last = text.charAt(text.length() - 1);
      if (last == '.' || last == '?' || last == '!') {
        return text;
      }
    }
    return text + ".";
  }
}
