package dev.redoline.verify.internal;

import dev.redoline.core.OracleType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import org.apache.kafka.connect.data.Struct;

/**
 * A change record's values read back into what {@link Digests} reads: the inverse of the
 * connector's column mapping (docs/record-format.md, "Column types"), for a record that went
 * through a converter with its schema (a {@link Struct}, Connect's logical types already applied)
 * or without one (the {@link Map}, numbers and text a schemaless JSON converter gives).
 *
 * <ul>
 *   <li>NUMBER: a decimal or whole number as it comes; {@code VariableScaleDecimal} ({@code scale},
 *       {@code value} bytes) rebuilt; without a schema a {@code Decimal} is the Base64 of its
 *       unscaled bytes, whose scale is the column's;
 *   <li>DATE and TIMESTAMP(0-3): milliseconds since the epoch, TIMESTAMP(4-6) microseconds,
 *       TIMESTAMP(7-9) nanoseconds, all the local date-time read as UTC;
 *   <li>RAW and BLOB: bytes, or their Base64 text (a schemaless converter's, or {@code
 *       cdc.binary.handling.mode=base64}), or hex ({@code hex});
 *   <li>text as it is.
 * </ul>
 *
 * @param decimalMode the connector's {@code cdc.decimal.handling.mode}: {@code precise}, {@code
 *     double} or {@code string}
 * @param binaryMode the connector's {@code cdc.binary.handling.mode}: {@code bytes}, {@code base64}
 *     or {@code hex}
 */
public record RecordValues(String decimalMode, String binaryMode) {

  /** A field of a record's value, a Struct or a Map; {@code null} when it has no such field. */
  public static Object field(Object container, String name) {
    if (container instanceof Struct s) {
      return s.schema().field(name) == null ? null : s.get(name);
    }
    if (container instanceof Map<?, ?> m) {
      return m.get(name);
    }
    return null;
  }

  /** A column's value in the record, as {@link Digests} reads values of {@code type}. */
  public Object value(OracleType type, Object v) {
    if (v == null) {
      return null;
    }
    return switch (type.kind()) {
      case NUMBER, FLOAT -> number(type, v);
      case DATE -> epoch(((Number) v).longValue(), 3);
      case TIMESTAMP -> epoch(((Number) v).longValue(), type.scale());
      case RAW, BLOB -> bytes(v);
      default -> v;
    };
  }

  private Object number(OracleType type, Object v) {
    if (v instanceof Struct || v instanceof Map) {
      // io.debezium.data.VariableScaleDecimal: NUMBER without precision, FLOAT
      int scale = ((Number) field(v, "scale")).intValue();
      Object unscaled = field(v, "value"); // BYTES whatever the binary mode: Base64 without schema
      return new BigDecimal(
          new BigInteger(
              unscaled instanceof String t ? Base64.getDecoder().decode(t) : raw(unscaled)),
          scale);
    }
    if (v instanceof String text && decimalMode.equals("precise")) {
      // a Decimal written without its schema: the Base64 of its unscaled two's complement bytes
      return new BigDecimal(
          new BigInteger(Base64.getDecoder().decode(text)), Math.max(type.scale(), 0));
    }
    if (v instanceof Boolean b) { // cdc.number.one.as.boolean: only 0 and 1 read back exactly
      return b ? BigDecimal.ONE : BigDecimal.ZERO;
    }
    return v;
  }

  private static LocalDateTime epoch(long value, int digits) {
    Instant at;
    if (digits <= 3) {
      at = Instant.ofEpochMilli(value);
    } else if (digits <= 6) {
      at =
          Instant.ofEpochSecond(
              Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1000);
    } else {
      at =
          Instant.ofEpochSecond(
              Math.floorDiv(value, 1_000_000_000L), Math.floorMod(value, 1_000_000_000L));
    }
    return LocalDateTime.ofInstant(at, ZoneOffset.UTC);
  }

  private byte[] bytes(Object v) {
    if (v instanceof String text) {
      return binaryMode.equals("hex")
          ? java.util.HexFormat.of().parseHex(text)
          : Base64.getDecoder().decode(text);
    }
    return raw(v);
  }

  private static byte[] raw(Object v) {
    if (v instanceof byte[] b) {
      return b;
    }
    if (v instanceof ByteBuffer buffer) {
      byte[] b = new byte[buffer.remaining()];
      buffer.duplicate().get(b);
      return b;
    }
    throw new IllegalArgumentException("bytes expected, found " + v.getClass().getSimpleName());
  }
}
