package dev.redoline.core;

import dev.redoline.core.internal.Checks;

/**
 * A system change number: Oracle's logical clock, an <em>unsigned</em> 64-bit value.
 *
 * <p>Real databases hand out values above {@link Long#MAX_VALUE}: the current online log reports
 * {@code NEXT_CHANGE# = 18446744073709551615} (2<sup>64</sup>-1, {@link #MAX}). The value is kept
 * in a {@code long} holding the same 64 bits, so comparison and text always go through the unsigned
 * operations; never compare {@link #bits()} with {@code <}.
 *
 * <pre>{@code
 * Scn start = Scn.parse("2161573");
 * Scn next = start.plus(1);
 * assert next.compareTo(start) > 0;
 * assert Scn.MAX.toString().equals("18446744073709551615");
 * }</pre>
 *
 * @param bits the 64 bits of the unsigned value
 */
public record Scn(long bits) implements Comparable<Scn> {

  /** SCN zero: before any change; LogMiner also reports 0 for "unknown" START_SCN. */
  public static final Scn ZERO = new Scn(0);

  /** The largest SCN, 2<sup>64</sup>-1: the NEXT_CHANGE# of the log being written. */
  public static final Scn MAX = new Scn(-1L);

  /**
   * Returns the SCN of a non-negative {@code long}.
   *
   * @throws IllegalArgumentException if {@code value} is negative; use {@link #parse} for values
   *     above {@link Long#MAX_VALUE}
   */
  public static Scn of(long value) {
    if (value < 0) {
      throw new IllegalArgumentException(
          "SCN must not be negative: "
              + value
              + " (values above 2^63-1 are written as unsigned decimal text, see Scn.parse)");
    }
    return new Scn(value);
  }

  /**
   * Parses unsigned decimal text such as {@code "2161573"} or {@code "18446744073709551615"}.
   *
   * @throws IllegalArgumentException if the text is not an unsigned decimal in [0, 2^64-1]
   */
  public static Scn parse(String text) {
    Checks.notNull(text, "text");
    String trimmed = text.trim();
    if (trimmed.isEmpty() || trimmed.charAt(0) == '+' || trimmed.charAt(0) == '-') {
      throw new IllegalArgumentException(
          "Not an SCN: '"
              + text
              + "' (expected unsigned decimal digits, 0 to 18446744073709551615)");
    }
    try {
      return new Scn(Long.parseUnsignedLong(trimmed));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Not an SCN: '"
              + text
              + "' (expected unsigned decimal digits, 0 to 18446744073709551615)",
          e);
    }
  }

  /** Returns this SCN plus {@code delta}, failing rather than wrapping past {@link #MAX}. */
  public Scn plus(long delta) {
    if (delta < 0) {
      return minus(-delta);
    }
    long sum = bits + delta;
    if (Long.compareUnsigned(sum, bits) < 0) {
      throw new ArithmeticException("SCN overflow: " + this + " + " + delta);
    }
    return new Scn(sum);
  }

  /** Returns this SCN minus {@code delta}, failing rather than wrapping below {@link #ZERO}. */
  public Scn minus(long delta) {
    if (delta < 0) {
      return plus(-delta);
    }
    if (Long.compareUnsigned(bits, delta) < 0) {
      throw new ArithmeticException("SCN underflow: " + this + " - " + delta);
    }
    return new Scn(bits - delta);
  }

  /** Whether this SCN is strictly before {@code other}. */
  public boolean isBefore(Scn other) {
    return compareTo(other) < 0;
  }

  /** Whether this SCN is strictly after {@code other}. */
  public boolean isAfter(Scn other) {
    return compareTo(other) > 0;
  }

  /** The smaller of two SCNs. */
  public static Scn min(Scn a, Scn b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  /** The larger of two SCNs. */
  public static Scn max(Scn a, Scn b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  @Override
  public int compareTo(Scn other) {
    return Long.compareUnsigned(bits, other.bits);
  }

  /** Unsigned decimal text, the form Oracle prints and {@link #parse} reads. */
  @Override
  public String toString() {
    return Long.toUnsignedString(bits);
  }
}
