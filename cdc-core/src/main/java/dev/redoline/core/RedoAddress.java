package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.nio.charset.StandardCharsets;

/**
 * A redo byte address (RBA): where a redo record sits in the redo of one thread.
 *
 * <p>Within one redo thread the redo is append-only, so addresses order records exactly as they
 * reached the log, whatever their SCNs: a private strand written at commit lands at a higher
 * address than records written before it even though it keeps the older SCNs of its changes. That
 * is why the capture cursor is an address and not an SCN (docs/architecture.md#positions).
 *
 * <p>The natural order compares thread first, then sequence, block and offset. Only the order
 * <em>within</em> one thread says anything about the redo; ordering by thread number is there so
 * addresses can key sorted maps.
 *
 * <p>LogMiner's {@code RS_ID} column is the text form of an address without its thread, with one
 * leading and one trailing space: {@code " 0x000007.00018a2d.009c "} is sequence 7, block 100909,
 * offset 156.
 *
 * <pre>{@code
 * RedoAddress a = RedoAddress.parseRsId(1, " 0x000007.00018a2d.009c ");
 * assert a.block() == 100909 && a.offset() == 156;
 * assert a.rsId().equals(" 0x000007.00018a2d.009c ");
 * assert RedoAddress.parse(a.toString()).equals(a);   // "1:0x000007.00018a2d.009c"
 * }</pre>
 *
 * @param thread the redo thread (RAC instance), 1 or more; 0 appears only on LogMiner's COMMIT rows
 *     of empty transactions and is accepted for them
 * @param sequence the log sequence number, unsigned 32-bit
 * @param block the block inside the log file, unsigned 32-bit
 * @param offset the byte offset inside the block, 0 to 65535
 */
public record RedoAddress(int thread, long sequence, long block, int offset)
    implements Comparable<RedoAddress> {

  private static final long MAX_U32 = 0xFFFF_FFFFL;

  public RedoAddress {
    Checks.argument(thread >= 0, "thread must be 0 or more: %s", thread);
    Checks.argument(
        sequence >= 0 && sequence <= MAX_U32, "sequence must be in [0, 4294967295]: %s", sequence);
    Checks.argument(block >= 0 && block <= MAX_U32, "block must be in [0, 4294967295]: %s", block);
    Checks.argument(offset >= 0 && offset <= 0xFFFF, "offset must be in [0, 65535]: %s", offset);
  }

  /** The address before every record of {@code thread}: a cursor that has read nothing yet. */
  public static RedoAddress start(int thread) {
    return new RedoAddress(thread, 0, 0, 0);
  }

  /**
   * Parses LogMiner's {@code RS_ID} text for a record of {@code thread}. Surrounding spaces are
   * optional; hexadecimal digits may be of either case and of any width.
   *
   * @throws IllegalArgumentException quoting the text when it is not of the form {@code
   *     0x<seq>.<block>.<offset>}
   */
  public static RedoAddress parseRsId(int thread, String rsId) {
    Checks.notNull(rsId, "rsId");
    // Bounds of the text without its surrounding spaces, as String.trim() cuts them, found in
    // place:
    // every mined row has an RS_ID, so no trimmed copy is made.
    int from = 0;
    int to = rsId.length();
    while (from < to && rsId.charAt(from) <= ' ') {
      from++;
    }
    while (to > from && rsId.charAt(to - 1) <= ' ') {
      to--;
    }
    int dot1 = rsId.indexOf('.', from);
    int dot2 = dot1 < 0 || dot1 >= to ? -1 : rsId.indexOf('.', dot1 + 1);
    int dot3 = dot2 < 0 ? -1 : rsId.indexOf('.', dot2 + 1);
    if (to - from < 2
        || rsId.charAt(from) != '0'
        || (rsId.charAt(from + 1) != 'x' && rsId.charAt(from + 1) != 'X')
        || dot1 < 0
        || dot2 < 0
        || dot2 >= to
        || (dot3 >= 0 && dot3 < to)) {
      throw new IllegalArgumentException(
          "Not an RS_ID: '"
              + rsId
              + "' (expected ' 0x<sequence>.<block>.<offset> ' in hexadecimal, e.g. ' 0x000007.00018a2d.009c ')");
    }
    try {
      long sequence = hex(rsId, from + 2, dot1, from);
      long block = hex(rsId, dot1 + 1, dot2, from);
      long offset = hex(rsId, dot2 + 1, to, from);
      if (offset > 0xFFFF) {
        throw new IllegalArgumentException("offset over 0xffff");
      }
      return new RedoAddress(thread, sequence, block, (int) offset);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Not an RS_ID: '" + rsId + "' (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Parses the {@link #toString()} form {@code <thread>:0x<seq>.<block>.<offset>}.
   *
   * @throws IllegalArgumentException quoting the text when it is malformed
   */
  public static RedoAddress parse(String text) {
    Checks.notNull(text, "text");
    int colon = text.indexOf(':');
    if (colon <= 0) {
      throw new IllegalArgumentException(
          "Not a redo address: '"
              + text
              + "' (expected <thread>:0x<sequence>.<block>.<offset>, e.g. 1:0x000007.00018a2d.009c)");
    }
    int thread;
    try {
      thread = Integer.parseInt(text.substring(0, colon).trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Not a redo address: '" + text + "' (thread is not a number)", e);
    }
    return parseRsId(thread, text.substring(colon + 1));
  }

  /**
   * The hexadecimal number in {@code text[from, to)}; positions in messages count from {@code
   * origin}, the start of the trimmed text.
   */
  private static long hex(String text, int from, int to, int origin) {
    if (from >= to || to - from > 8) {
      throw new IllegalArgumentException(
          "expected 1 to 8 hex digits at position " + (from - origin));
    }
    long value = 0;
    for (int i = from; i < to; i++) {
      int digit = Character.digit(text.charAt(i), 16);
      if (digit < 0) {
        throw new IllegalArgumentException("'" + text.charAt(i) + "' is not a hex digit");
      }
      value = (value << 4) | digit;
    }
    return value;
  }

  /** LogMiner's RS_ID text for this address, with its leading and trailing space. */
  public String rsId() {
    if (sequence <= 0xFF_FFFFL && block <= MAX_U32) {
      // The common widths (6, 8 and 4 digits), written straight into one array: the simulator makes
      // this text for every record it serves.
      byte[] text = new byte[RS_ID_LENGTH];
      text[0] = ' ';
      text[1] = '0';
      text[2] = 'x';
      hexInto(text, 3, sequence, 6);
      text[9] = '.';
      hexInto(text, 10, block, 8);
      text[18] = '.';
      hexInto(text, 19, offset, 4);
      text[23] = ' ';
      return new String(text, StandardCharsets.ISO_8859_1);
    }
    return ' ' + compact() + ' ';
  }

  /**
   * Length of {@link #rsId()} when sequence fits 6 hex digits: {@code " 0x000007.00018a2d.009c "}.
   */
  private static final int RS_ID_LENGTH = 24;

  private static final byte[] HEX_DIGITS = "0123456789abcdef".getBytes(StandardCharsets.ISO_8859_1);

  /** Writes {@code value} as {@code digits} lower-case hex digits, zero-padded, at {@code at}. */
  private static void hexInto(byte[] text, int at, long value, int digits) {
    long v = value;
    for (int i = at + digits - 1; i >= at; i--) {
      text[i] = HEX_DIGITS[(int) (v & 0xF)];
      v >>>= 4;
    }
  }

  /**
   * {@code 0xSSSSSS.BBBBBBBB.OOOO}, zero-padded lower-case hex; built by hand, as it is on the path
   * of every row.
   */
  private String compact() {
    StringBuilder sb = new StringBuilder(24).append("0x");
    padded(sb, sequence, 6).append('.');
    padded(sb, block, 8).append('.');
    return padded(sb, offset, 4).toString();
  }

  private static StringBuilder padded(StringBuilder sb, long value, int digits) {
    String hex = Long.toHexString(value);
    for (int i = hex.length(); i < digits; i++) {
      sb.append('0');
    }
    return sb.append(hex);
  }

  /** Whether this address and {@code other} are in the same redo thread. */
  public boolean sameThread(RedoAddress other) {
    return thread == other.thread;
  }

  /**
   * Whether this address is strictly after {@code other} in the same thread.
   *
   * @throws IllegalArgumentException if the threads differ: addresses of different threads have no
   *     order in the redo
   */
  public boolean isAfter(RedoAddress other) {
    Checks.argument(
        sameThread(other),
        "Addresses of different threads have no redo order: %s vs %s",
        this,
        other);
    return compareTo(other) > 0;
  }

  @Override
  public int compareTo(RedoAddress other) {
    int c = Integer.compare(thread, other.thread);
    if (c == 0) {
      c = Long.compare(sequence, other.sequence);
    }
    if (c == 0) {
      c = Long.compare(block, other.block);
    }
    return c != 0 ? c : Integer.compare(offset, other.offset);
  }

  /** {@code <thread>:0x<seq>.<block>.<offset>}, read back by {@link #parse}. */
  @Override
  public String toString() {
    return thread + ":" + compact();
  }
}
