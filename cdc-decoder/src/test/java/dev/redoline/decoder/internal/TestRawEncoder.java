package dev.redoline.decoder.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneOffset;

/**
 * The tests' own encoder of Oracle internal bytes, written independently of the decoder (and of the
 * simulator's encoder) from the same format facts, so that a property test can round-trip values
 * through {@code HEXTORAW} text.
 */
final class TestRawEncoder {

  private TestRawEncoder() {}

  /** {@code HEXTORAW('..')} or {@code NULL}. */
  static String literal(OracleType type, Object value) {
    return value == null ? "NULL" : "HEXTORAW('" + Bytes.of(encode(type, value)).toHex() + "')";
  }

  static byte[] encode(OracleType type, Object value) {
    switch (type.kind()) {
      case NUMBER:
      case FLOAT:
        return number(value instanceof Long l ? BigDecimal.valueOf(l) : (BigDecimal) value);
      case BINARY_FLOAT:
        {
          int bits = Float.floatToIntBits((Float) value);
          return ByteBuffer.allocate(4).putInt(bits < 0 ? ~bits : bits | Integer.MIN_VALUE).array();
        }
      case BINARY_DOUBLE:
        {
          long bits = Double.doubleToLongBits((Double) value);
          return ByteBuffer.allocate(8).putLong(bits < 0 ? ~bits : bits | Long.MIN_VALUE).array();
        }
      case CHAR:
      case VARCHAR2:
      case CLOB:
      case LONG:
        return ((String) value).getBytes(StandardCharsets.UTF_8);
      case NCHAR:
      case NVARCHAR2:
      case NCLOB:
        return ((String) value).getBytes(StandardCharsets.UTF_16BE);
      case DATE:
        return date((LocalDateTime) value).toByteArray();
      case TIMESTAMP:
        return timestamp((LocalDateTime) value);
      case TIMESTAMP_LTZ:
        return timestamp(LocalDateTime.ofInstant((Instant) value, ZoneOffset.UTC));
      case TIMESTAMP_TZ:
        {
          OffsetDateTime t = (OffsetDateTime) value;
          int offsetMinutes = t.getOffset().getTotalSeconds() / 60;
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          out.writeBytes(timestamp(t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime()));
          out.write(20 + offsetMinutes / 60);
          out.write(60 + offsetMinutes % 60);
          return out.toByteArray();
        }
      case INTERVAL_YM:
        {
          Period p = (Period) value;
          return ByteBuffer.allocate(5)
              .putInt(p.getYears() ^ Integer.MIN_VALUE)
              .put((byte) (60 + p.getMonths()))
              .array();
        }
      case INTERVAL_DS:
        return dayToSecond((Duration) value);
      default:
        return ((Bytes) value).toByteArray();
    }
  }

  /** Base-100 digits from the decimal digits of the unscaled value, padded to an even scale. */
  static byte[] number(BigDecimal value) {
    if (value.signum() == 0) {
      return new byte[] {(byte) 0x80};
    }
    BigDecimal abs = value.abs().stripTrailingZeros();
    if ((abs.scale() & 1) != 0) {
      abs = abs.setScale(abs.scale() + 1);
    }
    String digits = abs.unscaledValue().toString();
    if ((digits.length() & 1) != 0) {
      digits = "0" + digits;
    }
    int pairs = digits.length() / 2;
    int scale = abs.scale();
    while (digits.endsWith("00")) {
      digits = digits.substring(0, digits.length() - 2);
      pairs--;
      scale -= 2;
    }
    int exponent = pairs - 1 - scale / 2;
    boolean negative = value.signum() < 0;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(negative ? 62 - exponent : 193 + exponent);
    for (int i = 0; i < pairs; i++) {
      int d = Integer.parseInt(digits.substring(2 * i, 2 * i + 2));
      out.write(negative ? 101 - d : d + 1);
    }
    if (negative && pairs < 20) {
      out.write(102);
    }
    return out.toByteArray();
  }

  private static ByteArrayOutputStream date(LocalDateTime t) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(100 + t.getYear() / 100);
    out.write(100 + t.getYear() % 100);
    out.write(t.getMonthValue());
    out.write(t.getDayOfMonth());
    out.write(t.getHour() + 1);
    out.write(t.getMinute() + 1);
    out.write(t.getSecond() + 1);
    return out;
  }

  private static byte[] timestamp(LocalDateTime t) {
    ByteArrayOutputStream out = date(t);
    if (t.getNano() != 0) { // the 7-byte form when the fraction is zero
      out.writeBytes(ByteBuffer.allocate(4).putInt(t.getNano()).array());
    }
    return out.toByteArray();
  }

  private static byte[] dayToSecond(Duration d) {
    boolean negative = d.isNegative();
    Duration abs = d.abs();
    int sign = negative ? -1 : 1;
    return ByteBuffer.allocate(11)
        .putInt((int) (sign * abs.toDays()) ^ Integer.MIN_VALUE)
        .put((byte) (60 + sign * abs.toHoursPart()))
        .put((byte) (60 + sign * abs.toMinutesPart()))
        .put((byte) (60 + sign * abs.toSecondsPart()))
        .putInt((sign * abs.toNanosPart()) ^ Integer.MIN_VALUE)
        .array();
  }
}
