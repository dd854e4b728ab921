package dev.redoline.decoder.internal;

import dev.redoline.core.DecodeException;

/**
 * Bounded excerpts of SQL_REDO text for error messages, with every excluded column's literal
 * replaced by {@code ***}.
 *
 * <p>The scanner knows the extent of an excluded literal only once it has skipped it, so an excerpt
 * never shows text beyond the point the scanner had classified ({@code limit}): text after it may
 * hold an excluded value that was not reached yet.
 */
final class Excerpts {

  /** Characters shown before the offset. */
  static final int BEFORE = 80;

  /** Characters shown from the offset on, when the limit allows. */
  static final int AFTER = DecodeException.MAX_EXCERPT - BEFORE;

  private Excerpts() {}

  /**
   * The excerpt around {@code offset}, ending at {@code limit} at the latest.
   *
   * @param spans start/end pairs of excluded literals, sorted
   * @param spanCount the number of ints used in {@code spans}
   */
  static String around(String text, int offset, int limit, int[] spans, int spanCount) {
    int at = Math.max(0, Math.min(offset, text.length()));
    int to = Math.min(Math.min(limit, text.length()), at + AFTER);
    int from = Math.max(0, Math.min(at, to) - BEFORE);
    to = Math.max(to, from);
    StringBuilder sb = new StringBuilder(to - from + 8);
    int i = from;
    for (int s = 0; s < spanCount; s += 2) {
      int spanStart = spans[s];
      int spanEnd = spans[s + 1];
      if (spanEnd <= i || spanStart >= to) {
        continue;
      }
      appendPlain(sb, text, i, Math.max(i, spanStart));
      sb.append("***");
      i = Math.min(spanEnd, to);
    }
    appendPlain(sb, text, i, to);
    return sb.toString();
  }

  private static void appendPlain(StringBuilder sb, String text, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      sb.append(c == '\n' || c == '\r' || c == '\t' ? ' ' : c);
    }
  }
}
