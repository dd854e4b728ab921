package dev.redoline.simulator.internal.sql;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Continuation rows (CSF) of V$LOGMNR_CONTENTS: SQL_REDO and SQL_UNDO are VARCHAR2(4000), so a
 * longer text continues on the next rows, CSF=1 on every piece but the last
 * (docs/logminer.md#columns, requirement 21). The limit counts UTF-8 bytes, not characters.
 *
 * <pre>{@code
 * List<String> pieces = SqlRedoCsf.split("x".repeat(4001));   // 4,000 'x', then "x"
 * }</pre>
 */
public final class SqlRedoCsf {

  /** The most bytes of SQL_REDO or SQL_UNDO one V$LOGMNR_CONTENTS row holds (VARCHAR2(4000)). */
  public static final int PIECE_BYTES = 4000;

  private SqlRedoCsf() {}

  /**
   * CSF pieces: {@code text} cut greedily into pieces of at most {@value #PIECE_BYTES} UTF-8 bytes.
   * A cut may fall anywhere, inside a literal too, but never inside a character (each piece is a
   * VARCHAR2 of the database character set), so a supplementary character stays whole.
   * Concatenating the pieces gives back the text; a text that fits is one piece.
   */
  static List<String> split(String text) {
    List<String> pieces = new ArrayList<>(1 + text.length() / PIECE_BYTES);
    cut(text, pieces);
    return pieces;
  }

  /**
   * The number of CSF pieces {@link #split} cuts {@code text} into, without making them: what a
   * query that does not select the text needs of it.
   */
  public static int count(String text) {
    return cut(text, null);
  }

  /** Cuts {@code text} as {@link #split} says, adding the pieces to {@code pieces} unless null. */
  private static int cut(String text, List<String> pieces) {
    if (text == null) {
      throw new NullPointerException("text == null");
    }
    if (text.length() * 3L <= PIECE_BYTES) {
      if (pieces != null) {
        pieces.add(text); // at most three UTF-8 bytes per char: one piece
      }
      return 1;
    }
    int count = 0;
    int start = 0;
    int bytes = 0;
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      int size = utf8Length(cp);
      if (bytes + size > PIECE_BYTES) {
        if (pieces != null) {
          pieces.add(text.substring(start, i));
        }
        count++;
        start = i;
        bytes = 0;
      }
      bytes += size;
      i += Character.charCount(cp);
    }
    if (pieces != null) {
      pieces.add(text.substring(start));
    }
    return count + 1;
  }

  /** The UTF-8 size of a text, as the 4,000-byte limit counts it. */
  static int utf8Length(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }

  private static int utf8Length(int codePoint) {
    // A lone surrogate is written as '?' by the UTF-8 encoder: one byte.
    return codePoint < 0x80 || Character.isSurrogate((char) codePoint) && codePoint <= 0xFFFF
        ? 1
        : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
}
