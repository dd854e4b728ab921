package dev.redoline.decoder.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import dev.redoline.core.VectorValue;
import java.util.Locale;

/**
 * BOOLEAN, VECTOR and JSON values, the types Oracle 23ai added (21c for JSON), from the literal
 * forms LogMiner may write for them. Which forms LogMiner writes is not documented
 * (docs/record-format.md, "Oracle 23ai types"), so every form a source makes plausible is read, and
 * anything else is CDC-3002. Stateless.
 *
 * <ul>
 *   <li>BOOLEAN: {@code TRUE}/{@code FALSE}; a quoted string Oracle converts to BOOLEAN ({@code
 *       'true' 't' 'yes' 'y' 'on' '1'}, {@code 'false' 'f' 'no' 'n' 'off' '0'}, any case); an
 *       unquoted {@code 1} or {@code 0}; {@code HEXTORAW('01')}/{@code ('00')}, the one stored
 *       byte.
 *   <li>VECTOR: the text {@code '[1.5E+000,-2.0E+000]'} (as {@code FROM_VECTOR} writes it), quoted,
 *       chained or inside {@code TO_VECTOR(..)}; or {@code HEXTORAW} of the storage image ({@link
 *       VectorValue#fromImage}).
 *   <li>JSON: {@code HEXTORAW} of OSON bytes, checked for OSON's first bytes and kept as bytes;
 *       quoted text is the JSON text.
 * </ul>
 */
final class Oracle23aiValues {

  /**
   * OSON, Oracle's binary JSON, starts with these bytes (ojdbc's OracleJsonFactory writes ff 4a 5a
   * 01).
   */
  private static final int[] OSON_MAGIC = {0xFF, 0x4A, 0x5A};

  private Oracle23aiValues() {}

  static Boolean bool(String text, Literal lit, OracleType type) {
    switch (lit.form) {
      case Literal.BOOLEAN_WORD:
        return lit.end - lit.start == 4; // TRUE; the scanner only takes TRUE and FALSE
      case Literal.QUOTED:
        return boolText(
            text.substring(lit.start, lit.end).trim().toLowerCase(Locale.ROOT), text, lit);
      case Literal.BARE:
        return boolText(text.substring(lit.start, lit.end), text, lit);
      case Literal.HEXTORAW:
        return boolByte(TextValues.hexBytes(text, lit.start, lit.end));
      default:
        throw LiteralConverter.mismatch(lit, type);
    }
  }

  private static Boolean boolText(String s, String text, Literal lit) {
    switch (s) {
      case "true":
      case "t":
      case "yes":
      case "y":
      case "on":
      case "1":
        return Boolean.TRUE;
      case "false":
      case "f":
      case "no":
      case "n":
      case "off":
      case "0":
        return Boolean.FALSE;
      default:
        throw ScanFailure.value(
            NumberValues.quote(text, lit.start, lit.end) + " is not a BOOLEAN value");
    }
  }

  /** The stored BOOLEAN byte: 1 true, 0 false (DUMP shows {@code Typ=252 Len=1: 1}). */
  static Boolean boolByte(Bytes bytes) {
    if (bytes.size() != 1 || (bytes.byteAt(0) & 0xFE) != 0) {
      throw ScanFailure.value(
          "A BOOLEAN is the one byte 00 or 01, not "
              + bytes.size()
              + " bytes"
              + (bytes.size() == 1 ? " of another value" : ""));
    }
    return bytes.byteAt(0) == 1;
  }

  static VectorValue vector(String text, Literal lit, OracleType type) {
    switch (lit.form) {
      case Literal.HEXTORAW:
        return vectorImage(TextValues.hexBytes(text, lit.start, lit.end), type);
      case Literal.QUOTED:
      case Literal.TO_VECTOR:
        return vectorText(
            lit.escaped
                ? TextValues.unquote(text, lit.start, lit.end, true)
                : text.substring(lit.start, lit.end),
            type);
      case Literal.CHAIN:
        return vectorText(lit.chained, type);
      default:
        throw LiteralConverter.mismatch(lit, type);
    }
  }

  /** A VECTOR from its storage image, checked against the column's dimensions and format. */
  static VectorValue vectorImage(Bytes bytes, OracleType type) {
    VectorValue v;
    try {
      v = VectorValue.fromImage(bytes.toByteArray());
    } catch (IllegalArgumentException e) {
      throw ScanFailure.value("The bytes are not a VECTOR storage image: " + e.getMessage());
    }
    return fitting(v, type);
  }

  /**
   * {@code [x,y,...]}: numbers in the column's format; a column of any format ({@code *}) takes
   * FLOAT64, which holds every FLOAT32 and INT8 value exactly. BINARY dimensions come as one number
   * 0 to 255 per 8 dimensions.
   */
  static VectorValue vectorText(String s, OracleType type) {
    String t = s.trim();
    if (t.length() < 3 || t.charAt(0) != '[' || t.charAt(t.length() - 1) != ']') {
      throw ScanFailure.value(
          "A VECTOR text is [n,n,...] with at least one number, not "
              + t.length()
              + " characters of another shape");
    }
    String[] parts = t.substring(1, t.length() - 1).split(",", -1);
    int bits = type.precision();
    try {
      VectorValue v;
      if (bits == 32) {
        float[] f = new float[parts.length];
        for (int i = 0; i < f.length; i++) {
          f[i] = Float.parseFloat(parts[i].trim());
        }
        v = VectorValue.ofFloat32(f);
      } else if (bits == 8 || bits == 1) {
        byte[] b = new byte[parts.length];
        for (int i = 0; i < b.length; i++) {
          b[i] = smallInteger(parts[i].trim(), bits == 8 ? -128 : 0, bits == 8 ? 127 : 255);
        }
        v = bits == 8 ? VectorValue.ofInt8(b) : VectorValue.ofBinary(b);
      } else {
        double[] d = new double[parts.length];
        for (int i = 0; i < d.length; i++) {
          d[i] = Double.parseDouble(parts[i].trim());
        }
        v = VectorValue.ofFloat64(d);
      }
      return fitting(v, type);
    } catch (NumberFormatException e) {
      String what =
          bits == 8
              ? "an INT8 number (-128 to 127)"
              : bits == 1 ? "a BINARY byte (0 to 255)" : "a number";
      throw ScanFailure.value("A dimension of the VECTOR text is not " + what);
    }
  }

  private static byte smallInteger(String s, int min, int max) {
    int v = Integer.parseInt(s);
    if (v < min || v > max) {
      throw new NumberFormatException("out of range");
    }
    return (byte) v;
  }

  private static VectorValue fitting(VectorValue v, OracleType type) {
    if (type.length() != OracleType.UNSPECIFIED && v.dimensions() != type.length()) {
      throw ScanFailure.value(
          "The VECTOR has "
              + v.dimensions()
              + " dimensions but the column "
              + type
              + " has "
              + type.length());
    }
    if (type.precision() != OracleType.UNSPECIFIED && v.format().bits() != type.precision()) {
      throw ScanFailure.value("The VECTOR is " + v.format() + " but the column is " + type);
    }
    return v;
  }

  /** JSON's OSON bytes, kept as they are once their first bytes say they are OSON. */
  static Bytes oson(Bytes bytes) {
    if (bytes.size() == 0) {
      return bytes;
    }
    boolean magic = bytes.size() > OSON_MAGIC.length;
    for (int i = 0; magic && i < OSON_MAGIC.length; i++) {
      magic = (bytes.byteAt(i) & 0xFF) == OSON_MAGIC[i];
    }
    if (!magic) {
      throw ScanFailure.value(
          "The JSON column's "
              + bytes.size()
              + " HEXTORAW bytes are not OSON "
              + "(which starts with ff4a5a)");
    }
    return bytes;
  }
}
