package dev.redoline.simulator.internal.sql;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import dev.redoline.core.VectorValue;
import dev.redoline.simulator.Oracle23aiForms;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * BOOLEAN and VECTOR literals in the form {@link Oracle23aiForms} chooses. A value that does not
 * fit its column (a VECTOR of another dimension count or format) is refused, as Oracle refuses the
 * INSERT. Stateless.
 */
public final class Oracle23aiLiterals {

  private Oracle23aiLiterals() {}

  /** The literal of a BOOLEAN column's value; {@code null} when the value is not a Boolean. */
  static String bool(Object value, Oracle23aiForms.BooleanForm form) {
    if (!(value instanceof Boolean b)) {
      return null;
    }
    return switch (form) {
      case KEYWORD -> b ? "TRUE" : "FALSE";
      case NUMBER -> b ? "1" : "0";
      case TEXT -> b ? "'1'" : "'0'";
      case RAW -> b ? "HEXTORAW('01')" : "HEXTORAW('00')";
    };
  }

  /** The literal of a VECTOR column's value; {@code null} when the value is not a VectorValue. */
  static String vector(OracleType type, Object value, Oracle23aiForms.VectorForm form) {
    if (!(value instanceof VectorValue v)) {
      return null;
    }
    requireFits(type, v);
    return switch (form) {
      case TEXT -> LiteralRenderer.quoted(text(v));
      case TO_VECTOR -> "TO_VECTOR(" + LiteralRenderer.quoted(text(v)) + ")";
      case IMAGE -> LiteralRenderer.hexToRaw(Bytes.of(v.toImage()));
    };
  }

  /**
   * The vector as Oracle's driver writes it ({@code oracle.sql.VECTOR.stringValue()}, ojdbc11
   * 23.26): {@code [1.5E+000,-2.0E+000,0]}. A zero is {@code 0}; other FLOAT32 and FLOAT64 numbers
   * are their exact value rounded to 9 and 17 significant digits, trailing zeros dropped (one digit
   * kept after the point), with a signed three-digit exponent; INT8 and BINARY bytes are plain
   * integers.
   */
  public static String text(VectorValue v) {
    StringBuilder sb = new StringBuilder("[");
    boolean binary = v.format() == VectorValue.Format.BINARY;
    double[] numbers = binary ? null : v.toDoubleArray();
    byte[] packed = binary ? v.toPackedBits() : null;
    int n = binary ? packed.length : numbers.length;
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        sb.append(',');
      }
      switch (v.format()) {
        case FLOAT32 -> sb.append(scientific(numbers[i], 9));
        case FLOAT64 -> sb.append(scientific(numbers[i], 17));
        case INT8 -> sb.append((long) numbers[i]);
        default -> sb.append(packed[i] & 0xFF);
      }
    }
    return sb.append(']').toString();
  }

  private static String scientific(double value, int digits) {
    if (value == 0) {
      return "0";
    }
    BigDecimal d =
        new BigDecimal(value)
            .round(new MathContext(digits, RoundingMode.HALF_EVEN))
            .stripTrailingZeros();
    String unscaled = d.unscaledValue().abs().toString();
    int exponent = d.precision() - d.scale() - 1;
    return (d.signum() < 0 ? "-" : "")
        + unscaled.charAt(0)
        + "."
        + (unscaled.length() > 1 ? unscaled.substring(1) : "0")
        + "E"
        + (exponent < 0 ? "-" : "+")
        + String.format(Locale.ROOT, "%03d", Math.abs(exponent));
  }

  /** The stored bytes of a BOOLEAN (one byte, 1 true) or a VECTOR (its image), for raw redo. */
  static byte[] stored(OracleType type, Object value) {
    if (type.kind() == OracleType.Kind.BOOLEAN) {
      return value instanceof Boolean b ? new byte[] {(byte) (b ? 1 : 0)} : null;
    }
    if (!(value instanceof VectorValue v)) {
      return null;
    }
    requireFits(type, v);
    return v.toImage();
  }

  /** A declared dimension count or format ({@code *} declares none) the value must have. */
  private static void requireFits(OracleType type, VectorValue v) {
    if (type.length() != OracleType.UNSPECIFIED && type.length() != v.dimensions()) {
      throw new IllegalArgumentException(
          "A "
              + type
              + " column cannot hold a VECTOR of "
              + v.dimensions()
              + " dimensions (ORA-51803)");
    }
    if (type.precision() != OracleType.UNSPECIFIED && type.precision() != v.format().bits()) {
      throw new IllegalArgumentException(
          "A " + type + " column cannot hold a " + v.format() + " VECTOR");
    }
  }
}
