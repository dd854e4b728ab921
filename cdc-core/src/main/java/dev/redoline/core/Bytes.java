package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.util.Arrays;

/**
 * An immutable byte string: the value of a {@code RAW}, {@code BLOB} or {@code LONG RAW} column.
 *
 * <pre>{@code
 * Bytes b = Bytes.fromHex("0e1F");
 * assert b.toHex().equals("0e1f") && b.size() == 2;
 * }</pre>
 */
public final class Bytes {

  private static final Bytes EMPTY = new Bytes(new byte[0]);

  private final byte[] bytes;

  private Bytes(byte[] bytes) {
    this.bytes = bytes;
  }

  /** A copy of {@code bytes}. */
  public static Bytes of(byte[] bytes) {
    Checks.notNull(bytes, "bytes");
    return bytes.length == 0 ? EMPTY : new Bytes(bytes.clone());
  }

  /**
   * Parses hex digits of either case, two per byte.
   *
   * @throws IllegalArgumentException quoting the text when it is not an even number of hex digits
   */
  public static Bytes fromHex(CharSequence hex) {
    Checks.notNull(hex, "hex");
    int n = hex.length();
    if ((n & 1) != 0) {
      throw new IllegalArgumentException("Odd number of hex digits: '" + excerpt(hex) + "'");
    }
    byte[] out = new byte[n / 2];
    for (int i = 0; i < out.length; i++) {
      int hi = Character.digit(hex.charAt(2 * i), 16);
      int lo = Character.digit(hex.charAt(2 * i + 1), 16);
      if (hi < 0 || lo < 0) {
        throw new IllegalArgumentException(
            "Not a hex digit at position "
                + (hi < 0 ? 2 * i : 2 * i + 1)
                + " of '"
                + excerpt(hex)
                + "'");
      }
      out[i] = (byte) (hi << 4 | lo);
    }
    return out.length == 0 ? EMPTY : new Bytes(out);
  }

  private static String excerpt(CharSequence text) {
    return text.length() <= 64 ? text.toString() : text.subSequence(0, 64) + "...";
  }

  public int size() {
    return bytes.length;
  }

  public byte byteAt(int index) {
    return bytes[index];
  }

  /** A copy of the bytes. */
  public byte[] toByteArray() {
    return bytes.clone();
  }

  /** Lower-case hex, two digits per byte. */
  public String toHex() {
    StringBuilder sb = new StringBuilder(bytes.length * 2);
    for (byte b : bytes) {
      sb.append(Character.forDigit((b >>> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
    }
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Bytes other && Arrays.equals(bytes, other.bytes);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bytes);
  }

  /** The size only: values can be sensitive, so they never reach a log line through this. */
  @Override
  public String toString() {
    return "Bytes[" + bytes.length + "]";
  }
}
