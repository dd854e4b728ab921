package dev.redoline.decoder.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Column values from Oracle's internal bytes, as LogMiner shows them in Dictionary Mismatch rows
 * ({@code HEXTORAW('c102')}, docs/logminer.md#rows-without-a-dictionary). Stateless; every failure
 * is a CDC-3002 {@link ScanFailure} to which the scanner adds the column.
 *
 * <pre>{@code
 * RawValues.convert(Bytes.fromHex("c3020b"), OracleType.number(10, 0));   // 10110L
 * }</pre>
 *
 * <p>Where each encoding comes from:
 *
 * <ul>
 *   <li>Documented (Oracle's NUMBER and DATE storage formats;
 *       docs/logminer.md#rows-without-a-dictionary examples {@code c102}=1, {@code c229}=40, {@code
 *       c3020b}=10110): NUMBER/FLOAT/INTEGER as an exponent byte and base-100 digits, negatives
 *       with digits {@code 101-d} and a {@code 0x66} terminator; DATE as 7 bytes (century+100,
 *       year+100, month, day, hour+1, minute+1, second+1); TIMESTAMP as DATE plus 4 big-endian
 *       nanosecond bytes; TIMESTAMP WITH TIME ZONE as the UTC TIMESTAMP plus zone hour+20 and
 *       minute+60.
 *   <li>Inferred (from DUMP output and other readers, not from Oracle documentation): a TIMESTAMP
 *       of 7 bytes when its fraction is zero; WITH LOCAL TIME ZONE as an 11-byte UTC TIMESTAMP;
 *       BINARY_FLOAT/DOUBLE as byte-sortable IEEE 754; both INTERVAL layouts (see {@link
 *       RawTemporals}); character data as UTF-8 (an AL32UTF8 database) and national character data
 *       as UTF-16BE (AL16UTF16); the 10-byte extended ROWID; inline LOB values as their content
 *       bytes (real LogMiner may show LOB locators there, which do not decode); BOOLEAN as the one
 *       byte 00 or 01 (as DUMP shows it); VECTOR as its storage image ({@link
 *       dev.redoline.core.VectorValue#fromImage}).
 * </ul>
 *
 * Zero bytes ({@code HEXTORAW('')}) are SQL NULL, as Oracle stores a zero-length value.
 */
final class RawValues {

  private static final String ROWID_DIGITS =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

  /** NUMBER holds at most 20 base-100 mantissa digits (38-40 decimal digits). */
  private static final int MAX_NUMBER_DIGITS = 20;

  /** Up to this many base-100 digits fit a long without overflow. */
  private static final int LONG_DIGITS = 9;

  private RawValues() {}

  /**
   * The value of {@code bytes} in a column of {@code type}: the same Java types as the literal path
   * ({@link dev.redoline.core.Row}).
   *
   * @throws ScanFailure (CDC-3002) when the bytes are not a value of the type
   */
  static Object convert(Bytes bytes, OracleType type) {
    if (bytes.size() == 0) {
      return null;
    }
    byte[] b = bytes.toByteArray();
    switch (type.kind()) {
      case NUMBER:
      case FLOAT:
        return number(b, type);
      case BINARY_FLOAT:
        return NumberValues.binaryFromBytes(bytes, true);
      case BINARY_DOUBLE:
        return NumberValues.binaryFromBytes(bytes, false);
      case CHAR:
      case VARCHAR2:
      case CLOB:
      case LONG:
      case XMLTYPE:
        return text(b, StandardCharsets.UTF_8, type);
      case NCHAR:
      case NVARCHAR2:
      case NCLOB:
        if ((b.length & 1) != 0) {
          throw ScanFailure.value(
              b.length + " bytes are not " + type + " text: AL16UTF16 has 2 bytes a unit");
        }
        return text(b, StandardCharsets.UTF_16BE, type);
      case DATE:
      case TIMESTAMP:
        return RawTemporals.localDateTime(b, type);
      case TIMESTAMP_TZ:
        return RawTemporals.offsetDateTime(b);
      case TIMESTAMP_LTZ:
        return RawTemporals.instant(b);
      case INTERVAL_YM:
        return RawTemporals.yearMonth(b);
      case INTERVAL_DS:
        return RawTemporals.daySecond(b);
      case ROWID:
        return rowId(b);
      case BOOLEAN:
        return Oracle23aiValues.boolByte(bytes);
      case VECTOR:
        return Oracle23aiValues.vectorImage(bytes, type);
      default:
        // RAW, BLOB, LONG RAW, JSON and types Redoline does not decode: the bytes themselves
        return bytes;
    }
  }

  /**
   * An Oracle NUMBER: {@code 80} is zero; a positive value is {@code c1+e} then base-100 digits
   * plus 1, worth {@code d1.d2d3... x 100^e}; a negative one is {@code 3e-e}, then {@code 101-d}
   * per digit, then {@code 66} unless it has 20 digits. Typed as {@link NumberValues#number} types
   * text: Long for a whole-number type when it fits, else BigDecimal.
   */
  static Object number(byte[] b, OracleType type) {
    int first = b[0] & 0xFF;
    boolean positive = (first & 0x80) != 0;
    boolean infinity =
        first == 0xFF && b.length == 2 && b[1] == 0x65
            || first == 0 && (b.length == 1 || b.length == 2 && b[1] == 0x66);
    if (infinity) {
      throw ScanFailure.value(
          "NUMBER bytes "
              + Bytes.of(b).toHex()
              + " are "
              + (positive ? "+" : "-")
              + "infinity, which a NUMBER value cannot hold");
    }
    if (first == 0x80) {
      if (b.length != 1) {
        throw ScanFailure.value("NUMBER zero is the single byte 80, not " + b.length + " bytes");
      }
      return wholeOrDecimal(BigDecimal.ZERO, type);
    }
    int exponent = (positive ? first & 0x7F : ~first & 0x7F) - 65;
    int end = !positive && (b[b.length - 1] & 0xFF) == 0x66 ? b.length - 1 : b.length;
    int digits = end - 1;
    if (digits < 1 || digits > MAX_NUMBER_DIGITS) {
      throw ScanFailure.value(
          "NUMBER bytes have " + digits + " base-100 digits; 1 to " + MAX_NUMBER_DIGITS + " fit");
    }
    long small = 0;
    BigInteger big = null;
    for (int i = 1; i <= digits; i++) {
      int stored = b[i] & 0xFF;
      int digit = positive ? stored - 1 : 101 - stored;
      if (digit < 0 || digit > 99) {
        throw ScanFailure.value(
            "NUMBER byte "
                + (i + 1)
                + " ("
                + Integer.toHexString(stored)
                + ") is not a base-100 digit of a "
                + (positive ? "positive" : "negative")
                + " number");
      }
      if (i == LONG_DIGITS + 1) {
        big = BigInteger.valueOf(small);
      }
      if (big == null) {
        small = small * 100 + digit;
      } else {
        big = big.multiply(BigInteger.valueOf(100)).add(BigInteger.valueOf(digit));
      }
    }
    BigDecimal value =
        big == null
            ? BigDecimal.valueOf(small, 2 * (digits - 1 - exponent))
            : new BigDecimal(big, 2 * (digits - 1 - exponent));
    return wholeOrDecimal(
        positive ? value.stripTrailingZeros() : value.negate().stripTrailingZeros(), type);
  }

  private static Object wholeOrDecimal(BigDecimal value, OracleType type) {
    if (type.isWholeNumber() && value.scale() <= 0 && value.precision() - value.scale() <= 19) {
      try {
        return value.longValueExact();
      } catch (ArithmeticException beyondLong) {
        // kept exact as a BigDecimal, per the Row contract
      }
    }
    return NumberValues.withDeclaredScale(value, type);
  }

  private static String text(byte[] b, Charset charset, OracleType type) {
    try {
      CharBuffer chars =
          charset
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(b));
      return chars.toString();
    } catch (CharacterCodingException e) {
      throw ScanFailure.value(b.length + " bytes are not " + type + " text in " + charset.name());
    }
  }

  /**
   * The 10-byte extended ROWID (object 4, file and block as {@code file << 22 | block} 4, row 2).
   */
  private static String rowId(byte[] b) {
    if (b.length != 10) {
      throw ScanFailure.value("A ROWID has 10 bytes, not " + b.length);
    }
    ByteBuffer in = ByteBuffer.wrap(b);
    long object = in.getInt() & 0xFFFF_FFFFL;
    long fileBlock = in.getInt() & 0xFFFF_FFFFL;
    long row = in.getShort() & 0xFFFF;
    StringBuilder out = new StringBuilder(18);
    base64(out, object, 6);
    base64(out, fileBlock >>> 22, 3);
    base64(out, fileBlock & 0x3F_FFFF, 6);
    base64(out, row, 3);
    return out.toString();
  }

  private static void base64(StringBuilder out, long value, int digits) {
    for (int shift = 6 * (digits - 1); shift >= 0; shift -= 6) {
      out.append(ROWID_DIGITS.charAt((int) (value >>> shift & 0x3F)));
    }
  }
}
