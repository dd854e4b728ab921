package dev.redoline.decoder.internal;

import dev.redoline.core.Bytes;

/** Character and binary literals: quote undoubling, {@code UNISTR} escapes and hex digits. */
final class TextValues {

  private TextValues() {}

  /**
   * The content of a quoted literal, with {@code ''} turned back into {@code '} (a lone quote,
   * which only relaxed quote reading lets through, is kept).
   */
  static String unquote(String text, int start, int end, boolean escaped) {
    if (!escaped) {
      return text.substring(start, end);
    }
    StringBuilder sb = new StringBuilder(end - start);
    appendUnescaped(sb, text, start, end);
    return sb.toString();
  }

  static void appendUnescaped(StringBuilder sb, String text, int start, int end) {
    int i = start;
    while (i < end) {
      int q = text.indexOf('\'', i);
      if (q < 0 || q >= end) {
        sb.append(text, i, end);
        return;
      }
      sb.append(text, i, q + 1);
      // a doubled quote is one; a lone one (kept by cdc.decode.relaxed.quotes) stands for itself
      i = q + 1 < end && text.charAt(q + 1) == '\'' ? q + 2 : q + 1;
    }
  }

  /** The decoded content of {@code UNISTR('..')}. */
  static String unistr(String text, int start, int end) {
    StringBuilder sb = new StringBuilder(end - start);
    appendUnistr(sb, text, start, end);
    return sb.toString();
  }

  /**
   * Appends an UNISTR argument: {@code \XXXX} is one UTF-16 unit (a surrogate pair is two escapes),
   * {@code \\} is a backslash, {@code ''} a quote, anything else stands for itself.
   *
   * @throws ScanFailure when a backslash is not followed by four hex digits or a backslash
   */
  static void appendUnistr(StringBuilder sb, String text, int start, int end) {
    int i = start;
    while (i < end) {
      char c = text.charAt(i);
      if (c == '\'') {
        sb.append('\'');
        i += i + 1 < end && text.charAt(i + 1) == '\'' ? 2 : 1;
      } else if (c != '\\') {
        sb.append(c);
        i++;
      } else if (i + 1 < end && text.charAt(i + 1) == '\\') {
        sb.append('\\');
        i += 2;
      } else {
        int unit = i + 4 < end ? hex4(text, i + 1) : -1;
        if (unit < 0) {
          throw ScanFailure.value(
              "UNISTR escape at character "
                  + (i - start)
                  + " is not a backslash followed by four hex digits");
        }
        sb.append((char) unit);
        i += 5;
      }
    }
  }

  private static int hex4(String text, int at) {
    int v = 0;
    for (int k = 0; k < 4; k++) {
      int d = Character.digit(text.charAt(at + k), 16);
      if (d < 0) {
        return -1;
      }
      v = v << 4 | d;
    }
    return v;
  }

  /**
   * Hex digits of either case to bytes; blanks around them are ignored.
   *
   * @throws ScanFailure on an odd count or a non-hex character
   */
  static Bytes hexBytes(String text, int start, int end) {
    while (start < end && text.charAt(start) == ' ') {
      start++;
    }
    while (end > start && text.charAt(end - 1) == ' ') {
      end--;
    }
    int n = end - start;
    if ((n & 1) != 0) {
      throw ScanFailure.value("HEXTORAW has an odd number of hex digits (" + n + ")");
    }
    byte[] out = new byte[n >> 1];
    for (int i = 0; i < out.length; i++) {
      int hi = Character.digit(text.charAt(start + 2 * i), 16);
      int lo = Character.digit(text.charAt(start + 2 * i + 1), 16);
      if (hi < 0 || lo < 0) {
        throw ScanFailure.value(
            "HEXTORAW has a character that is not a hex digit at position "
                + (hi < 0 ? 2 * i : 2 * i + 1));
      }
      out[i] = (byte) (hi << 4 | lo);
    }
    return Bytes.of(out);
  }
}
