package dev.redoline.decoder.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import java.math.BigDecimal;

/**
 * NUMBER, FLOAT, INTEGER, BINARY_FLOAT and BINARY_DOUBLE literals.
 *
 * <p>LogMiner quotes numbers ({@code '7013'}, {@code '-.5'}, {@code '1.2E+40'}); the decimal point
 * is {@code .} per {@link dev.redoline.core.internal.OracleNls#NUMERIC_CHARACTERS}. Up to 18 digits
 * without an exponent are parsed straight from the text with no intermediate string.
 */
final class NumberValues {

  /** More digits than this may overflow a long, so they take the BigDecimal path. */
  private static final int FAST_DIGITS = 18;

  /** The largest and smallest decimal exponents of an Oracle NUMBER. */
  private static final int MAX_EXPONENT = 125;

  private static final int MIN_EXPONENT = -130;

  private NumberValues() {}

  /**
   * A NUMBER/FLOAT value: {@link Long} for a whole-number type (declared precision, scale 0) when
   * the value is whole and fits, else an exact {@link BigDecimal}. Values of a type with a declared
   * scale above 0 carry that scale ({@code '2.5'} in NUMBER(10,2) is 2.50); others keep the scale
   * of the text, never below 0.
   */
  static Object number(String text, int start, int end, OracleType type) {
    int from = start;
    int to = end;
    while (from < to && text.charAt(from) == ' ') {
      from++;
    }
    while (to > from && text.charAt(to - 1) == ' ') {
      to--;
    }
    int i = from;
    boolean negative = false;
    if (i < to && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
      negative = text.charAt(i) == '-';
      i++;
    }
    long unscaled = 0;
    int digits = 0;
    int fraction = -1;
    for (; i < to; i++) {
      char c = text.charAt(i);
      if (c >= '0' && c <= '9' && digits < FAST_DIGITS) {
        unscaled = unscaled * 10 + (c - '0');
        digits++;
        if (fraction >= 0) {
          fraction++;
        }
      } else if (c == '.' && fraction < 0) {
        fraction = 0;
      } else {
        return slowNumber(text, from, to, type);
      }
    }
    if (digits == 0) {
      throw ScanFailure.value(notNumber(text, from, to, type));
    }
    long signed = negative ? -unscaled : unscaled;
    if (fraction <= 0 && type.isWholeNumber()) {
      return signed;
    }
    return withDeclaredScale(BigDecimal.valueOf(signed, Math.max(fraction, 0)), type);
  }

  private static Object slowNumber(String text, int from, int to, OracleType type) {
    BigDecimal value;
    try {
      value = new BigDecimal(text.substring(from, to));
    } catch (NumberFormatException e) {
      throw ScanFailure.value(notNumber(text, from, to, type));
    }
    int exponent = value.precision() - value.scale() - 1;
    if (value.signum() != 0 && (exponent > MAX_EXPONENT || exponent < MIN_EXPONENT)) {
      // outside Oracle's NUMBER range; also keeps '1E+999999999' from expanding into a huge integer
      throw ScanFailure.value(
          quote(text, from, to) + " is outside the NUMBER range 1E-130 to 1E+126");
    }
    if (type.isWholeNumber()) {
      try {
        return value.longValueExact();
      } catch (ArithmeticException tooLargeOrFractional) {
        // keep it exact as a BigDecimal, per the Row contract
      }
    }
    return withDeclaredScale(value, type);
  }

  static BigDecimal withDeclaredScale(BigDecimal value, OracleType type) {
    int declared = type.kind() == OracleType.Kind.NUMBER ? type.scale() : OracleType.UNSPECIFIED;
    if (declared > 0 && value.scale() < declared) {
      return value.setScale(declared);
    }
    if (value.scale() < 0) {
      return value.setScale(0);
    }
    return value;
  }

  private static String notNumber(String text, int from, int to, OracleType type) {
    return quote(text, from, to) + " is not a " + type + " value";
  }

  /** A value for a message, cut to 40 characters. */
  static String quote(String text, int from, int to) {
    return to - from <= 40
        ? "'" + text.substring(from, to) + "'"
        : "'" + text.substring(from, from + 37) + "...'";
  }

  /**
   * A BINARY_FLOAT ({@code asFloat}) or BINARY_DOUBLE from text: decimal or exponent notation, or
   * NaN and infinities spelled as Oracle reads them ({@code NaN}, {@code Nan}, {@code INF}, {@code
   * -Inf}, {@code Infinity}, {@code BINARY_DOUBLE_INFINITY}, any case).
   */
  static Object binary(String text, int start, int end, boolean asFloat) {
    String s = text.substring(start, end).trim();
    double special = special(s);
    if (!Double.isNaN(special) || isNanSpelling(s)) {
      return asFloat ? (Object) (float) special : (Object) special;
    }
    try {
      return asFloat ? (Object) Float.parseFloat(s) : (Object) Double.parseDouble(s);
    } catch (NumberFormatException e) {
      throw ScanFailure.value(
          quote(text, start, end)
              + " is not a "
              + (asFloat ? "BINARY_FLOAT" : "BINARY_DOUBLE")
              + " value");
    }
  }

  /** Infinity for an infinity spelling, NaN otherwise (which the caller tells apart). */
  private static double special(String s) {
    String body = s;
    boolean negative = false;
    if (!body.isEmpty() && (body.charAt(0) == '-' || body.charAt(0) == '+')) {
      negative = body.charAt(0) == '-';
      body = body.substring(1);
    }
    if (body.regionMatches(true, 0, "BINARY_FLOAT_", 0, 13)
        || body.regionMatches(true, 0, "BINARY_DOUBLE_", 0, 14)) {
      body = body.substring(body.indexOf('_', 7) + 1);
    }
    if (body.equalsIgnoreCase("INF") || body.equalsIgnoreCase("INFINITY")) {
      return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    return Double.NaN;
  }

  private static boolean isNanSpelling(String s) {
    String body = s.startsWith("-") || s.startsWith("+") ? s.substring(1) : s;
    return body.equalsIgnoreCase("NAN")
        || body.equalsIgnoreCase("BINARY_FLOAT_NAN")
        || body.equalsIgnoreCase("BINARY_DOUBLE_NAN");
  }

  /**
   * A BINARY_FLOAT/DOUBLE from {@code HEXTORAW}: Oracle's stored form, 4 or 8 bytes of IEEE 754
   * made byte-sortable (sign bit set for positive values, all bits inverted for negative ones).
   */
  static Object binaryFromBytes(Bytes bytes, boolean asFloat) {
    int n = asFloat ? 4 : 8;
    if (bytes.size() != n) {
      throw ScanFailure.value(
          "HEXTORAW has "
              + bytes.size()
              + " bytes; a "
              + (asFloat ? "BINARY_FLOAT" : "BINARY_DOUBLE")
              + " has "
              + n);
    }
    long bits = 0;
    for (int i = 0; i < n; i++) {
      bits = bits << 8 | (bytes.byteAt(i) & 0xFF);
    }
    long signBit = 1L << (n * 8 - 1);
    bits = (bits & signBit) != 0 ? bits & ~signBit : ~bits & (asFloat ? 0xFFFF_FFFFL : -1L);
    return asFloat
        ? (Object) Float.intBitsToFloat((int) bits)
        : (Object) Double.longBitsToDouble(bits);
  }
}
