package dev.redoline.simulator.internal.sql;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Marker;
import dev.redoline.core.OracleType;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * Oracle's internal byte encoding of column values: what LogMiner shows as {@code HEXTORAW('...')}
 * when it has no dictionary for a table, or the dictionary does not match the redo
 * (docs/logminer.md#rows-without-a-dictionary, {@code insert into "UNKNOWN"."OBJ# 45522"("COL 1")
 * values (HEXTORAW('c102'));}).
 *
 * <pre>{@code
 * RawValueEncoder.encode(OracleType.number(10, 0), 1L).toHex();      // "c102"
 * RawValueEncoder.literal(OracleType.number(10, 0), 11000L);         // HEXTORAW('c3020b')
 * }</pre>
 *
 * <h2>Encodings</h2>
 *
 * <ul>
 *   <li>NUMBER/FLOAT: exponent byte then base-100 digits. Zero is {@code 80}. A positive value
 *       {@code d1.d2d3... x 100^e} is {@code c1+e} then each digit plus 1 ({@code 1} is {@code
 *       c102}, {@code 4000} is {@code c229}, {@code 11000} is {@code c3020b}). A negative value is
 *       {@code 3e-e}, then {@code 101-d} per digit, then the terminator {@code 66} when there are
 *       fewer than 20 digits ({@code -1} is {@code 3e6466}). At most 20 base-100 digits and {@code
 *       e} in -65..62; other values are refused.
 *   <li>DATE, 7 bytes: century+100, year of century+100, month, day, hour+1, minute+1, second+1
 *       (docs/logminer.md#rows-without-a-dictionary). Years 0..9999 only.
 *   <li>TIMESTAMP, 11 bytes: the DATE bytes then the nanoseconds as a big-endian 4-byte integer.
 *       Always 11 bytes, as the issue asks; a real database drops the last 4 bytes when they are
 *       zero, which a decoder should accept too (unverified for LogMiner).
 *   <li>TIMESTAMP WITH TIME ZONE, 13 bytes: the UTC date and time as TIMESTAMP, then the offset's
 *       hours+20 and minutes+60 (both carry the offset's sign). Region zones are written as their
 *       offset at that instant; Oracle's region-id form is not produced.
 *   <li>TIMESTAMP WITH LOCAL TIME ZONE, 11 bytes: as TIMESTAMP, in UTC (the database time zone is
 *       assumed to be UTC; [inf]).
 *   <li>INTERVAL YEAR TO MONTH, 5 bytes: years + 2^31 (4 bytes), months + 60. INTERVAL DAY TO
 *       SECOND, 11 bytes: days + 2^31 (4 bytes), hours+60, minutes+60, seconds+60, nanoseconds +
 *       2^31 (4 bytes). Fields carry the value's sign. ([inf], from DUMP output.)
 *   <li>BINARY_FLOAT/DOUBLE, 4/8 bytes: IEEE 754 big-endian with the sign bit flipped for positive
 *       values and all bits flipped for negative ones, which makes the bytes sort like the numbers.
 *       ([inf]; Debezium's parser reads plain IEEE bytes, so this is a knob-worthy open point.)
 *   <li>CHAR, VARCHAR2, CLOB, LONG: UTF-8 (an AL32UTF8 database); NCHAR, NVARCHAR2, NCLOB: UTF-16
 *       big-endian (AL16UTF16). CHAR and NCHAR are blank-padded as in dictionary mode. Inline LOB
 *       values are shown as their content bytes, not as LOB locators.
 *   <li>RAW, BLOB, LONG RAW, JSON: the bytes themselves.
 *   <li>ROWID: the 10-byte extended form: data object number (4), file number and block number as
 *       {@code file << 22 | block} (4), row number (2).
 *   <li>{@code null}: {@code NULL}. {@link Marker#EMPTY_CLOB}/{@link Marker#EMPTY_BLOB}: {@code ''}
 *       (docs/logminer.md#rows-without-a-dictionary, oracdc). {@link Marker#UNSUPPORTED_TYPE}:
 *       {@code Unsupported Type}.
 * </ul>
 */
public final class RawValueEncoder {

  private static final String ROWID_ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

  private RawValueEncoder() {}

  /**
   * The no-dictionary literal: {@code HEXTORAW('...')}, {@code NULL}, {@code ''} or {@code
   * Unsupported Type}.
   *
   * @throws IllegalArgumentException as {@link #encode}
   */
  static String literal(OracleType type, Object value) {
    if (value == null) {
      return "NULL";
    }
    if (value == Marker.UNSUPPORTED_TYPE || type.kind() == OracleType.Kind.UNSUPPORTED) {
      return LiteralRenderer.UNSUPPORTED_TYPE;
    }
    if (value == Marker.EMPTY_CLOB || value == Marker.EMPTY_BLOB) {
      return "''";
    }
    Bytes bytes = encode(type, value);
    return bytes.size() == 0 ? "NULL" : "HEXTORAW('" + bytes.toHex() + "')";
  }

  /**
   * The internal bytes of {@code value} in a column of {@code type}.
   *
   * @throws IllegalArgumentException if the value's class does not fit the type, or the value has
   *     no encoding (out of range, an {@link Absent}, a {@link Marker})
   */
  static Bytes encode(OracleType type, Object value) {
    if (value instanceof Absent || value instanceof Marker || value == null) {
      throw new IllegalArgumentException(
          "No internal bytes for " + (value == null ? "NULL" : value));
    }
    byte[] bytes = encodeTyped(type, value);
    if (bytes == null) {
      throw LiteralRenderer.mismatch(type, value);
    }
    return Bytes.of(bytes);
  }

  private static byte[] encodeTyped(OracleType type, Object value) {
    switch (type.kind()) {
      case NUMBER:
      case FLOAT:
        return value instanceof Long l
            ? number(BigDecimal.valueOf(l))
            : value instanceof BigDecimal d ? number(d) : null;
      case BINARY_FLOAT:
        return value instanceof Float f ? binaryFloat(f) : null;
      case BINARY_DOUBLE:
        return value instanceof Double d ? binaryDouble(d) : null;
      case CHAR:
        return value instanceof String s ? utf8(LiteralRenderer.padBytes(s, type.length())) : null;
      case VARCHAR2:
      case CLOB:
      case LONG:
        return value instanceof String s ? utf8(s) : null;
      case NCHAR:
        return value instanceof String s ? utf16(LiteralRenderer.padChars(s, type.length())) : null;
      case NVARCHAR2:
      case NCLOB:
        return value instanceof String s ? utf16(s) : null;
      case DATE:
        return value instanceof LocalDateTime t ? dateBytes(t) : null;
      case TIMESTAMP:
        return value instanceof LocalDateTime t ? timestamp(t) : null;
      case TIMESTAMP_TZ:
        return value instanceof OffsetDateTime o
            ? timestampTz(o)
            : value instanceof ZonedDateTime z ? timestampTz(z.toOffsetDateTime()) : null;
      case TIMESTAMP_LTZ:
        return value instanceof Instant i
            ? timestamp(LocalDateTime.ofInstant(i, ZoneOffset.UTC))
            : null;
      case INTERVAL_YM:
        return value instanceof Period p ? yearToMonth(p) : null;
      case INTERVAL_DS:
        return value instanceof Duration d ? dayToSecond(d) : null;
      case RAW:
      case BLOB:
      case LONG_RAW:
      case JSON:
        return value instanceof Bytes b ? b.toByteArray() : null;
      case ROWID:
        return value instanceof String s ? rowId(s) : null;
      case BOOLEAN:
      case VECTOR:
        return Oracle23aiLiterals.stored(type, value);
      default:
        return null;
    }
  }

  /** Oracle NUMBER bytes; see the class Javadoc. */
  static byte[] number(BigDecimal value) {
    if (value.signum() == 0) {
      return new byte[] {(byte) 0x80};
    }
    BigDecimal abs = value.abs().stripTrailingZeros();
    int decimalExponent = abs.precision() - abs.scale() - 1;
    int e = Math.floorDiv(decimalExponent, 2);
    if (e < -65 || e > 62) {
      throw new IllegalArgumentException("A NUMBER has a base-100 exponent in -65..62, not " + e);
    }
    // abs / 100^(e+1) lies in [0.01, 1): its fraction digits, taken in pairs, are the mantissa.
    String fraction = abs.movePointLeft(2 * e + 2).toPlainString().substring(2);
    if ((fraction.length() & 1) != 0) {
      fraction = fraction + '0';
    }
    int digits = fraction.length() / 2;
    if (digits > 20) {
      throw new IllegalArgumentException(
          "A NUMBER holds at most 20 base-100 digits, not " + digits);
    }
    boolean negative = value.signum() < 0;
    byte[] out = new byte[1 + digits + (negative && digits < 20 ? 1 : 0)];
    out[0] = (byte) (negative ? 0x3e - e : 0xc1 + e);
    for (int i = 0; i < digits; i++) {
      int d = (fraction.charAt(2 * i) - '0') * 10 + (fraction.charAt(2 * i + 1) - '0');
      out[i + 1] = (byte) (negative ? 101 - d : d + 1);
    }
    if (out.length > digits + 1) {
      out[digits + 1] = 0x66;
    }
    return out;
  }

  private static byte[] binaryFloat(float f) {
    int bits = Float.floatToIntBits(f);
    return ByteBuffer.allocate(4).putInt(bits >= 0 ? bits ^ 0x80000000 : ~bits).array();
  }

  private static byte[] binaryDouble(double d) {
    long bits = Double.doubleToLongBits(d);
    return ByteBuffer.allocate(8).putLong(bits >= 0 ? bits ^ Long.MIN_VALUE : ~bits).array();
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] utf16(String s) {
    return s.getBytes(StandardCharsets.UTF_16BE);
  }

  private static byte[] dateBytes(LocalDateTime t) {
    int year = t.getYear();
    if (year < 0 || year > 9999) {
      throw new IllegalArgumentException("Year " + year + " is outside 0..9999");
    }
    return new byte[] {
      (byte) (year / 100 + 100), (byte) (year % 100 + 100), (byte) t.getMonthValue(),
      (byte) t.getDayOfMonth(), (byte) (t.getHour() + 1), (byte) (t.getMinute() + 1),
      (byte) (t.getSecond() + 1)
    };
  }

  private static byte[] timestamp(LocalDateTime t) {
    return ByteBuffer.allocate(11).put(dateBytes(t)).putInt(t.getNano()).array();
  }

  private static byte[] timestampTz(OffsetDateTime t) {
    LiteralDateMask.offsetText(
        t.getOffset()); // refuses offsets with seconds, as TZH:TZM cannot hold them
    int minutes = t.getOffset().getTotalSeconds() / 60;
    LocalDateTime utc = t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
    return ByteBuffer.allocate(13)
        .put(dateBytes(utc))
        .putInt(utc.getNano())
        .put((byte) (minutes / 60 + 20))
        .put((byte) (minutes % 60 + 60))
        .array();
  }

  private static byte[] yearToMonth(Period p) {
    if (p.getDays() != 0) {
      throw new IllegalArgumentException(
          "An INTERVAL YEAR TO MONTH value has no days: " + p.getDays() + " days given");
    }
    long total = p.toTotalMonths();
    return ByteBuffer.allocate(5)
        .putInt((int) (total / 12) + Integer.MIN_VALUE)
        .put((byte) (total % 12 + 60))
        .array();
  }

  private static byte[] dayToSecond(Duration d) {
    long seconds = d.getSeconds();
    int nanos = d.getNano();
    if (seconds < 0 && nanos > 0) { // Duration keeps nanos positive; Oracle signs every field
      seconds++;
      nanos -= 1_000_000_000;
    }
    return ByteBuffer.allocate(11)
        .putInt((int) (seconds / 86_400) + Integer.MIN_VALUE)
        .put((byte) (seconds / 3600 % 24 + 60))
        .put((byte) (seconds / 60 % 60 + 60))
        .put((byte) (seconds % 60 + 60))
        .putInt(nanos + Integer.MIN_VALUE)
        .array();
  }

  /** The 10 bytes of an 18-character extended ROWID (OOOOOOFFFBBBBBBRRR, base 64). */
  private static byte[] rowId(String text) {
    if (text.length() != 18) {
      throw new IllegalArgumentException(
          "An extended ROWID has 18 characters, not " + text.length());
    }
    long object = base64(text, 0, 6);
    long file = base64(text, 6, 9);
    long block = base64(text, 9, 15);
    long row = base64(text, 15, 18);
    return ByteBuffer.allocate(10)
        .putInt((int) object)
        .putInt((int) (file << 22 | block))
        .putShort((short) row)
        .array();
  }

  private static long base64(String text, int from, int to) {
    long v = 0;
    for (int i = from; i < to; i++) {
      int digit = ROWID_ALPHABET.indexOf(text.charAt(i));
      if (digit < 0) {
        throw new IllegalArgumentException("Not a ROWID character at position " + i);
      }
      v = v << 6 | digit;
    }
    return v;
  }
}
