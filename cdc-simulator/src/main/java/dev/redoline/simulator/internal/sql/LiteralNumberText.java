package dev.redoline.simulator.internal.sql;

import java.math.BigDecimal;

/**
 * The text of numeric values inside SQL_REDO literals, before quoting.
 *
 * <pre>{@code
 * LiteralNumberText.number(new BigDecimal("-0.50"), 64);   // "-.5"
 * LiteralNumberText.number(BigDecimal.TEN.pow(70), 64);    // "1.0E+70"
 * LiteralNumberText.binary(1.2345f);                       // "1.2345E+000"
 * }</pre>
 *
 * <h2>NUMBER</h2>
 *
 * docs/logminer.md#literals shows NUMBER values as quoted decimal text ({@code '7013'}, {@code
 * '0'}) with the NLS decimal separator ({@code .} under {@link
 * dev.redoline.core.internal.OracleNls}); the rest of the form is [inf] there. We follow Oracle's
 * {@code TM} ("text minimum") number-to-text rule: the fewest characters, no leading zero before
 * the point ({@code .5}, {@code -.5}), no trailing zeros after it, no {@code +} sign, and
 * scientific notation only when the plain text would be longer than a limit (64 characters for
 * {@code TM}; {@code RenderOptions.numberFixedMaxChars} makes it a knob because the real limit in
 * SQL_REDO is unverified). The scientific form is ours: one digit, a point, the remaining
 * significant digits (at least one, so {@code 1.0E+70}), {@code E}, a sign and at least two
 * exponent digits.
 *
 * <h2>BINARY_FLOAT and BINARY_DOUBLE</h2>
 *
 * docs/logminer.md#literals says only that quoted decimal text is assumed and that Oracle's own
 * default text looks like {@code 1.235E+003}. We use that shape: one digit, a point, at least one
 * more digit, {@code E}, a sign and three exponent digits. The digits are the shortest decimal that
 * Java (and Oracle's {@code TO_BINARY_FLOAT}/{@code TO_BINARY_DOUBLE}) read back to the same IEEE
 * value, so the text is exact and unambiguous. Oracle itself prints 9 (float) or 17 (double)
 * significant digits; that difference is unverified and harmless to parsers. NaN and the infinities
 * are spelled by the renderer's options, not here.
 */
public final class LiteralNumberText {

  private LiteralNumberText() {}

  /** The text of a NUMBER value in Oracle's {@code TM} form; see the class Javadoc. */
  static String number(BigDecimal value, int fixedMaxChars) {
    if (value.signum() == 0) {
      return "0";
    }
    BigDecimal v = value.stripTrailingZeros();
    String plain = withoutLeadingZero(v.toPlainString());
    if (plain.length() <= fixedMaxChars) {
      return plain;
    }
    return scientific(v, 2);
  }

  /** The text of a NUMBER value held as a {@code long}. */
  static String number(long value, int fixedMaxChars) {
    String plain = Long.toString(value);
    return plain.length() <= fixedMaxChars
        ? plain
        : number(BigDecimal.valueOf(value), fixedMaxChars);
  }

  /** The text of a finite BINARY_FLOAT value; see the class Javadoc. */
  static String binary(float value) {
    return binaryText(Float.toString(value), value == 0 && Float.floatToRawIntBits(value) != 0);
  }

  /** The text of a finite BINARY_DOUBLE value; see the class Javadoc. */
  static String binary(double value) {
    return binaryText(Double.toString(value), value == 0 && Double.doubleToRawLongBits(value) != 0);
  }

  private static String binaryText(String javaText, boolean negativeZero) {
    BigDecimal v = new BigDecimal(javaText);
    if (v.signum() == 0) {
      // BigDecimal has no negative zero; keep the sign so the text reads back to the same bits.
      return negativeZero ? "-0.0E+000" : "0.0E+000";
    }
    return scientific(v.stripTrailingZeros(), 3);
  }

  /**
   * {@code text} with the session's decimal character (NLS_NUMERIC_CHARACTERS) for the point;
   * Oracle uses it in every number-to-text conversion, the scientific form included.
   */
  static String withDecimal(String text, char decimal) {
    return decimal == '.' ? text : text.replace('.', decimal);
  }

  private static String withoutLeadingZero(String plain) {
    if (plain.startsWith("0.")) {
      return plain.substring(1);
    }
    if (plain.startsWith("-0.")) {
      return "-" + plain.substring(2);
    }
    return plain;
  }

  /**
   * {@code d.ddd E±xx}: a non-zero value without trailing zeros, exponent padded to {@code
   * expDigits}.
   */
  private static String scientific(BigDecimal v, int expDigits) {
    String digits = v.unscaledValue().abs().toString();
    int exponent = digits.length() - v.scale() - 1;
    StringBuilder sb = new StringBuilder(digits.length() + 8);
    if (v.signum() < 0) {
      sb.append('-');
    }
    sb.append(digits.charAt(0)).append('.');
    sb.append(digits.length() > 1 ? digits.substring(1) : "0");
    sb.append('E').append(exponent < 0 ? '-' : '+');
    String e = Integer.toString(Math.abs(exponent));
    for (int i = e.length(); i < expDigits; i++) {
      sb.append('0');
    }
    return sb.append(e).toString();
  }
}
