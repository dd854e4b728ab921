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
 * int n = new SqlRedoCsf.Counter().append("x".repeat(4001)).pieces();   // 2, nothing kept
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
    if (text.length() * 3L <= PIECE_BYTES) {
      pieces.add(text); // at most three UTF-8 bytes per char: one piece
      return pieces;
    }
    Counter counter = new Counter();
    int start = 0;
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      if (counter.add(utf8Length(cp))) {
        pieces.add(text.substring(start, i));
        start = i;
      }
      i += Character.charCount(cp);
    }
    pieces.add(text.substring(start));
    return pieces;
  }

  /**
   * The number of CSF pieces {@link #split} cuts {@code text} into, without making them: what a
   * query that does not select the text needs of it.
   */
  public static int count(String text) {
    if (text == null) {
      throw new NullPointerException("text == null");
    }
    return text.length() * 3L <= PIECE_BYTES ? 1 : new Counter().append(text).pieces();
  }

  /**
   * A sink that keeps of a text only the CSF pieces {@link #split} would cut it into, and its UTF-8
   * size: what a query that does not select SQL_REDO or SQL_UNDO needs of it. The text may come in
   * any number of appends, a surrogate pair split between two of them included; the count is that
   * of their concatenation.
   */
  public static final class Counter implements SqlSink {
    private int pieces = 1;
    private int pieceBytes;
    private long bytes;

    /** A high surrogate not yet known to start a pair; 0: none. */
    private char pendingHigh;

    @Override
    public Counter append(String s) {
      SqlSink.super.append(s);
      return this;
    }

    @Override
    public Counter append(char c) {
      if (pendingHigh != 0) {
        boolean pair = Character.isLowSurrogate(c);
        pendingHigh = 0;
        if (pair) {
          add(4);
          return this;
        }
        add(1); // a lone surrogate is written as '?'
      }
      if (Character.isHighSurrogate(c)) {
        pendingHigh = c;
      } else {
        add(utf8Length(c));
      }
      return this;
    }

    /** The number of CSF pieces of the text written so far; one for an empty text. */
    public int pieces() {
      return pendingHigh != 0 && pieceBytes + 1 > PIECE_BYTES ? pieces + 1 : pieces;
    }

    /** The UTF-8 size of the text written so far. */
    public long bytes() {
      return pendingHigh != 0 ? bytes + 1 : bytes;
    }

    /**
     * Adds a character of {@code size} UTF-8 bytes; true when it starts a new piece, the greedy cut
     * that {@link #split} makes.
     */
    private boolean add(int size) {
      bytes += size;
      if (pieceBytes + size > PIECE_BYTES) {
        pieces++;
        pieceBytes = size;
        return true;
      }
      pieceBytes += size;
      return false;
    }
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
