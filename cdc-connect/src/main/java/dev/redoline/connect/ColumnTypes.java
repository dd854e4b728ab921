package dev.redoline.connect;

import dev.redoline.core.Bytes;
import dev.redoline.core.Column;
import dev.redoline.core.OracleType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;

/**
 * Oracle column types to Connect schemas, and row values to Connect values ({@code
 * docs/record-format.md}, "Kafka Connect mapping"). The logical type names are Debezium's, so its
 * consumers and converters read the values unchanged.
 *
 * <pre>{@code
 * Schema s = ColumnTypes.schema(new Column("PRICE", 2, OracleType.number(10, 2), true));  // Decimal, scale 2
 * Object v = ColumnTypes.value(column, s, new BigDecimal("9.5"));                           // 9.50
 * }</pre>
 *
 * <p>Every field is optional: an UPDATE or DELETE image may lack a NOT NULL column that was not
 * logged, and that must stay representable.
 */
final class ColumnTypes {

  /** Debezium's name for a DATE or TIMESTAMP(0-3): milliseconds since the epoch, INT64. */
  static final String TIMESTAMP = "io.debezium.time.Timestamp";

  /** Debezium's name for TIMESTAMP(4-6): microseconds since the epoch, INT64. */
  static final String MICRO_TIMESTAMP = "io.debezium.time.MicroTimestamp";

  /** Debezium's name for TIMESTAMP(7-9): nanoseconds since the epoch, INT64. */
  static final String NANO_TIMESTAMP = "io.debezium.time.NanoTimestamp";

  /** Debezium's name for a time with its zone as ISO-8601 text. */
  static final String ZONED_TIMESTAMP = "io.debezium.time.ZonedTimestamp";

  /** Debezium's name for an interval as ISO-8601 duration text. */
  static final String INTERVAL = "io.debezium.time.Interval";

  /** Debezium's name for a decimal whose scale varies per value: {@code {scale, value}}. */
  static final String VARIABLE_SCALE_DECIMAL = "io.debezium.data.VariableScaleDecimal";

  /** The struct of a NUMBER without declared precision or a FLOAT: no value loses digits. */
  static final Schema VARIABLE_DECIMAL_SCHEMA =
      SchemaBuilder.struct()
          .name(VARIABLE_SCALE_DECIMAL)
          .version(1)
          .doc("Variable scaled decimal")
          .field("scale", Schema.INT32_SCHEMA)
          .field("value", Schema.BYTES_SCHEMA)
          .optional()
          .build();

  /** The schema parameter that says how a STRING field encodes binary values: base64 or hex. */
  static final String BINARY_ENCODING = "__redoline.binary.encoding";

  /** Debezium's semantic type of XMLTYPE text. */
  static final String XML = "io.debezium.data.Xml";

  /**
   * {@code cdc.decimal.handling.mode} and {@code cdc.binary.handling.mode}, with Debezium's
   * meanings: decimals as Connect Decimal ({@code precise}), FLOAT64 ({@code double}) or plain text
   * ({@code string}); binary values as BYTES ({@code bytes}) or text in {@code base64} or {@code
   * hex}.
   */
  record Modes(String decimal, String binary, boolean numberOneAsBoolean) {
    static final Modes DEFAULT = new Modes("precise", "bytes");

    /** The decimal and binary modes, {@code NUMBER(1)} kept a number. */
    Modes(String decimal, String binary) {
      this(decimal, binary, false);
    }

    static Modes of(dev.redoline.core.CdcConfig config) {
      return new Modes(
          config
              .get(dev.redoline.core.CdcConfig.DECIMAL_HANDLING_MODE)
              .toLowerCase(java.util.Locale.ROOT),
          config
              .get(dev.redoline.core.CdcConfig.BINARY_HANDLING_MODE)
              .toLowerCase(java.util.Locale.ROOT),
          config.get(dev.redoline.core.CdcConfig.NUMBER_ONE_AS_BOOLEAN));
    }
  }

  private ColumnTypes() {}

  /** The optional field schema of a column, with the default modes. */
  static Schema schema(Column column) {
    return schema(column, Modes.DEFAULT);
  }

  /** The optional field schema of a column. */
  static Schema schema(Column column, Modes modes) {
    OracleType type = column.type();
    SchemaBuilder b =
        switch (type.kind()) {
          // cdc.number.one.as.boolean: the decoder gives NUMBER(1) values as Booleans
          case NUMBER ->
              type.isNumberOne() && modes.numberOneAsBoolean()
                  ? SchemaBuilder.bool()
                  : decimalMode(number(type), modes);
          case FLOAT -> decimalMode(null, modes);
          case BINARY_FLOAT -> SchemaBuilder.float32();
          case BINARY_DOUBLE -> SchemaBuilder.float64();
          case DATE -> SchemaBuilder.int64().name(TIMESTAMP).version(1);
          case TIMESTAMP -> timestamp(type.scale());
          case TIMESTAMP_TZ, TIMESTAMP_LTZ ->
              SchemaBuilder.string().name(ZONED_TIMESTAMP).version(1);
          case INTERVAL_YM, INTERVAL_DS -> SchemaBuilder.string().name(INTERVAL).version(1);
          case RAW, BLOB, LONG_RAW ->
              modes.binary().equals("bytes")
                  ? SchemaBuilder.bytes()
                  : SchemaBuilder.string().parameter(BINARY_ENCODING, modes.binary());
          case JSON, BOOLEAN, VECTOR -> Oracle23aiTypes.schema(type);
          case XMLTYPE -> SchemaBuilder.string().name(XML).version(1);
          default -> SchemaBuilder.string();
        };
    if (b == null) {
      return VARIABLE_DECIMAL_SCHEMA;
    }
    return b.parameter("__redoline.oracle.type", type.toString()).optional().build();
  }

  /**
   * A decimal schema as the mode wants it: unchanged for precise (and for whole numbers in every
   * mode, which stay integers), FLOAT64 for double, STRING for string.
   */
  private static SchemaBuilder decimalMode(SchemaBuilder precise, Modes modes) {
    boolean whole = precise != null && !Decimal.LOGICAL_NAME.equals(precise.name());
    if (whole || modes.decimal().equals("precise")) {
      return precise;
    }
    return modes.decimal().equals("double") ? SchemaBuilder.float64() : SchemaBuilder.string();
  }

  private static SchemaBuilder number(OracleType type) {
    int p = type.precision();
    int s = type.scale();
    if (p == OracleType.UNSPECIFIED) {
      return null;
    }
    if (s <= 0) {
      int digits = p - Math.min(s, 0); // NUMBER(3,-2) holds 5 digits
      if (digits < 3) {
        return SchemaBuilder.int8();
      } else if (digits < 5) {
        return SchemaBuilder.int16();
      } else if (digits < 10) {
        return SchemaBuilder.int32();
      } else if (digits < 19) {
        return SchemaBuilder.int64();
      }
      return Decimal.builder(0).parameter("connect.decimal.precision", Integer.toString(digits));
    }
    return Decimal.builder(s).parameter("connect.decimal.precision", Integer.toString(p));
  }

  private static SchemaBuilder timestamp(int digits) {
    String name = digits <= 3 ? TIMESTAMP : digits <= 6 ? MICRO_TIMESTAMP : NANO_TIMESTAMP;
    return SchemaBuilder.int64().name(name).version(1);
  }

  /**
   * The Connect value of a row value (never an {@code Absent} or a {@code Marker}, which the caller
   * turns into {@code null}).
   *
   * @throws DataException naming the column when the value does not fit its schema (the value
   *     itself is not shown: it may be sensitive)
   */
  static Object value(Column column, Schema schema, Object value) {
    if (value == null) {
      return null;
    }
    try {
      return convert(schema, value);
    } catch (ArithmeticException | ClassCastException | IllegalArgumentException e) {
      throw new DataException(
          "Column "
              + column.name()
              + " ("
              + column.type()
              + "): a "
              + value.getClass().getSimpleName()
              + " value does not fit Connect schema "
              + describe(schema),
          e);
    }
  }

  private static Object convert(Schema schema, Object value) {
    String name = schema.name();
    if (VARIABLE_SCALE_DECIMAL.equals(name)) {
      BigDecimal d = decimal(value);
      return new Struct(schema)
          .put("scale", d.scale())
          .put("value", d.unscaledValue().toByteArray());
    }
    if (Decimal.LOGICAL_NAME.equals(name)) {
      int scale = Integer.parseInt(schema.parameters().get(Decimal.SCALE_FIELD));
      return decimal(value).setScale(scale, RoundingMode.UNNECESSARY);
    }
    if (TIMESTAMP.equals(name) || MICRO_TIMESTAMP.equals(name) || NANO_TIMESTAMP.equals(name)) {
      Instant at = ((LocalDateTime) value).toInstant(ZoneOffset.UTC);
      return TIMESTAMP.equals(name)
          ? at.toEpochMilli()
          : MICRO_TIMESTAMP.equals(name)
              ? Math.addExact(
                  Math.multiplyExact(at.getEpochSecond(), 1_000_000L), at.getNano() / 1000)
              : Math.addExact(
                  Math.multiplyExact(at.getEpochSecond(), 1_000_000_000L), at.getNano());
    }
    if (ZONED_TIMESTAMP.equals(name)) {
      return zoned(value);
    }
    if (Oracle23aiTypes.converts(schema)) {
      return Oracle23aiTypes.value(schema, value);
    }
    return switch (schema.type()) {
      case INT8 -> (byte) within(wholeNumber(value), Byte.MIN_VALUE, Byte.MAX_VALUE);
      case INT16 -> (short) within(wholeNumber(value), Short.MIN_VALUE, Short.MAX_VALUE);
      case INT32 -> Math.toIntExact(wholeNumber(value));
      case INT64 -> wholeNumber(value);
      case FLOAT32 -> ((Number) value).floatValue();
      case FLOAT64 -> ((Number) value).doubleValue();
      case BYTES ->
          value instanceof Bytes b
              ? b.toByteArray()
              : value.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
      default -> text(schema, value);
    };
  }

  private static long within(long value, long min, long max) {
    if (value < min || value > max) {
      throw new ArithmeticException("out of range");
    }
    return value;
  }

  private static long wholeNumber(Object value) {
    if (value instanceof Long l) {
      return l;
    }
    return decimal(value).longValueExact();
  }

  private static BigDecimal decimal(Object value) {
    if (value instanceof BigDecimal d) {
      return d;
    }
    if (value instanceof Long l) {
      return BigDecimal.valueOf(l);
    }
    if (value instanceof Double || value instanceof Float) {
      return new BigDecimal(value.toString());
    }
    throw new ClassCastException(value.getClass().getName() + " is not a number");
  }

  private static String zoned(Object value) {
    if (value instanceof OffsetDateTime o) {
      return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(o);
    }
    if (value instanceof ZonedDateTime z) {
      return DateTimeFormatter.ISO_ZONED_DATE_TIME.format(z);
    }
    if (value instanceof Instant i) {
      return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(i.atOffset(ZoneOffset.UTC));
    }
    throw new ClassCastException(value.getClass().getName() + " is not a time with a zone");
  }

  private static String text(Schema schema, Object value) {
    if (value instanceof Bytes b) {
      String encoding =
          schema.parameters() == null ? null : schema.parameters().get(BINARY_ENCODING);
      return "base64".equals(encoding)
          ? java.util.Base64.getEncoder().encodeToString(b.toByteArray())
          : b.toHex();
    }
    if (value instanceof BigDecimal d) {
      return d.toPlainString(); // never 1E+3: a consumer parses the text as a decimal
    }
    if (value instanceof Period || value instanceof Duration || value instanceof String) {
      return value.toString();
    }
    return value.toString();
  }

  private static String describe(Schema schema) {
    return schema.name() != null ? schema.name() : schema.type().toString();
  }
}
