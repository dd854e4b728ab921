package dev.redoline.simulator.internal.sql;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * The text of numeric values inside SQL_REDO literals, before quoting.
 *
 * <pre>{@code
 * LiteralNumberText.number(new BigDecimal("-0.50"), 64);   // "-.5"
 * LiteralNumberText.number(BigDecimal.TEN.pow(70), 64);    // "1.0E+70"
 * LiteralNumberText.binary(3.14f);                         // "3.1400001E+000"
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
 * As LogMiner writes them on a real Oracle Database 23 Free (LogMiner output recorded by the public
 * rophy/OpenLogReplicator test suite, {@code tests/LOGMINER-VS-OLR.md}: {@code 3.1400001E+000}):
 * the value rounded to 9 (BINARY_FLOAT) or 17 (BINARY_DOUBLE) significant digits, which read back
 * to the same IEEE value, trailing zeros dropped; one digit, a point, at least one more digit,
 * {@code E}, a sign and three exponent digits. Zero is {@code 0} (negative zero {@code -0},
 * unverified). NaN and the infinities are spelled by the renderer's options, not here.
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
    return binaryText(value, 9, Float.floatToRawIntBits(value) < 0);
  }

  /** The text of a finite BINARY_DOUBLE value; see the class Javadoc. */
  static String binary(double value) {
    return binaryText(value, 17, Double.doubleToRawLongBits(value) < 0);
  }

  private static String binaryText(double value, int digits, boolean negative) {
    if (value == 0) {
      return negative ? "-0" : "0";
    }
    BigDecimal v = new BigDecimal(value).round(new MathContext(digits));
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
