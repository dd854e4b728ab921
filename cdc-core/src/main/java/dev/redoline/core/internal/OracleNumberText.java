package dev.redoline.core.internal;

import java.math.BigDecimal;

/**
 * Oracle's {@code TO_CHAR(n, 'TM9')}, the text a verification digests a NUMBER by: computed by the
 * simulator where Oracle would compute it, and by the verifier from a target's copy. One
 * definition, so the two can never drift apart.
 */
public final class OracleNumberText {

  /** Past this many characters the text-minimum format turns to scientific notation. */
  private static final int PLAIN_MAX = 64;

  private OracleNumberText() {}

  /**
   * The shortest text of {@code n}: no trailing zeros, no zero before the decimal point ({@code
   * .5}, {@code -.5}), {@code 0} for zero, and {@code 1.5E+70} once the plain text passes 64
   * characters.
   */
  public static String tm9(BigDecimal n) {
    if (n.signum() == 0) {
      return "0";
    }
    BigDecimal s = n.stripTrailingZeros();
    String plain = s.toPlainString();
    if (plain.startsWith("0.")) {
      plain = plain.substring(1);
    } else if (plain.startsWith("-0.")) {
      plain = "-" + plain.substring(2);
    }
    if (plain.length() <= PLAIN_MAX) {
      return plain;
    }
    String digits = s.unscaledValue().abs().toString();
    int exponent = digits.length() - 1 - s.scale();
    String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    return (s.signum() < 0 ? "-" : "")
        + mantissa
        + "E"
        + (exponent < 0 ? "-" : "+")
        + (Math.abs(exponent) < 10 ? "0" : "")
        + Math.abs(exponent);
  }
}
