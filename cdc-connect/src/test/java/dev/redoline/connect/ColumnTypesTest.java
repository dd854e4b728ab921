package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Bytes;
import dev.redoline.core.Column;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

class ColumnTypesTest {

  static Column column(OracleType type) {
    return new Column("C", 1, type, true);
  }

  static Object convert(OracleType type, Object value) {
    Column c = column(type);
    return ColumnTypes.value(c, ColumnTypes.schema(c), value);
  }

  @Test
  void schema_wholeNumbersByPrecision() {
    assertThat(ColumnTypes.schema(column(OracleType.number(2, 0))).type())
        .isEqualTo(Schema.Type.INT8);
    assertThat(ColumnTypes.schema(column(OracleType.number(4, 0))).type())
        .isEqualTo(Schema.Type.INT16);
    assertThat(ColumnTypes.schema(column(OracleType.number(9, 0))).type())
        .isEqualTo(Schema.Type.INT32);
    assertThat(ColumnTypes.schema(column(OracleType.number(18, 0))).type())
        .isEqualTo(Schema.Type.INT64);
    Schema big = ColumnTypes.schema(column(OracleType.number(38, 0)));
    assertThat(big.name()).isEqualTo(Decimal.LOGICAL_NAME);
    assertThat(big.parameters()).containsEntry(Decimal.SCALE_FIELD, "0");
    assertThat(ColumnTypes.schema(column(OracleType.number(10, 0))).isOptional()).isTrue();
  }

  @Test
  void value_wholeNumbersNarrowed() {
    assertThat(convert(OracleType.number(2, 0), 42L)).isEqualTo((byte) 42);
    assertThat(convert(OracleType.number(4, 0), 4242L)).isEqualTo((short) 4242);
    assertThat(convert(OracleType.number(9, 0), 7L)).isEqualTo(7);
    assertThat(convert(OracleType.number(18, 0), 7L)).isEqualTo(7L);
    assertThat(convert(OracleType.number(38, 0), new BigDecimal("123456789012345678901234567890")))
        .isEqualTo(new BigDecimal("123456789012345678901234567890"));
  }

  @Test
  void value_decimalGetsTheDeclaredScale() {
    assertThat(convert(OracleType.number(10, 2), new BigDecimal("9.5")))
        .isEqualTo(new BigDecimal("9.50"));
  }

  @Test
  void value_numberWithoutPrecisionKeepsEveryDigit() {
    Struct s =
        (Struct)
            convert(
                OracleType.number(OracleType.UNSPECIFIED, OracleType.UNSPECIFIED),
                new BigDecimal("-12.000345"));
    assertThat(s.schema().name()).isEqualTo("io.debezium.data.VariableScaleDecimal");
    assertThat(s.getInt32("scale")).isEqualTo(6);
    assertThat(new BigInteger(s.getBytes("value"))).isEqualTo(new BigInteger("-12000345"));
  }

  @Test
  void value_outOfRangeNamesTheColumnNotTheValue() {
    assertThatThrownBy(() -> convert(OracleType.number(2, 0), 100_000L))
        .isInstanceOf(DataException.class)
        .hasMessage("Column C (NUMBER(2,0)): a Long value does not fit Connect schema INT8");
  }

  @Test
  void value_datesAndTimestampsAsDebeziumEpochs() {
    LocalDateTime t = LocalDateTime.of(2024, 2, 14, 10, 58, 2, 202_590_123);
    long seconds = t.toEpochSecond(ZoneOffset.UTC);
    assertThat(convert(OracleType.of(Kind.DATE), t)).isEqualTo(seconds * 1000 + 202);
    assertThat(convert(OracleType.timestamp(Kind.TIMESTAMP, 6), t))
        .isEqualTo(seconds * 1_000_000 + 202_590);
    assertThat(convert(OracleType.timestamp(Kind.TIMESTAMP, 9), t))
        .isEqualTo(seconds * 1_000_000_000 + 202_590_123);
    assertThat(ColumnTypes.schema(column(OracleType.timestamp(Kind.TIMESTAMP, 6))).name())
        .isEqualTo("io.debezium.time.MicroTimestamp");
  }

  @Test
  void value_zonedTimesAsIsoText() {
    OffsetDateTime o = OffsetDateTime.of(2024, 2, 14, 10, 58, 2, 0, ZoneOffset.ofHours(1));
    assertThat(convert(OracleType.timestamp(Kind.TIMESTAMP_TZ, 6), o))
        .isEqualTo("2024-02-14T10:58:02+01:00");
    ZonedDateTime z = ZonedDateTime.of(2024, 2, 14, 10, 58, 2, 0, ZoneId.of("Europe/Paris"));
    assertThat(convert(OracleType.timestamp(Kind.TIMESTAMP_TZ, 6), z))
        .isEqualTo("2024-02-14T10:58:02+01:00[Europe/Paris]");
    assertThat(
            convert(
                OracleType.timestamp(Kind.TIMESTAMP_LTZ, 6), Instant.parse("2024-02-14T09:58:02Z")))
        .isEqualTo("2024-02-14T09:58:02Z");
  }

  @Test
  void value_intervalsAsIsoDurations() {
    assertThat(convert(new OracleType(Kind.INTERVAL_YM, -1, 2, -1), Period.of(-3, -6, 0)))
        .isEqualTo("P-3Y-6M");
    assertThat(
            convert(
                new OracleType(Kind.INTERVAL_DS, -1, 2, 6), Duration.ofSeconds(93784, 560_000_000)))
        .isEqualTo("PT26H3M4.56S");
  }

  @Test
  void value_binaryAsBytesAndFloats() {
    assertThat((byte[]) convert(OracleType.sized(Kind.RAW, 2), Bytes.fromHex("0e1f")))
        .containsExactly(0x0e, 0x1f);
    assertThat(convert(OracleType.of(Kind.BINARY_FLOAT), 1.5f)).isEqualTo(1.5f);
    assertThat(convert(OracleType.of(Kind.BINARY_DOUBLE), Double.NaN)).isEqualTo(Double.NaN);
    assertThat(convert(OracleType.sized(Kind.CHAR, 4), "ab  ")).isEqualTo("ab  ");
  }

  static Object convert(ColumnTypes.Modes modes, OracleType type, Object value) {
    Column c = column(type);
    return ColumnTypes.value(c, ColumnTypes.schema(c, modes), value);
  }

  @Test
  void decimalHandlingMode_doubleAndStringChangeDecimalsButNotWholeNumbers() {
    ColumnTypes.Modes asDouble = new ColumnTypes.Modes("double", "bytes");
    ColumnTypes.Modes asString = new ColumnTypes.Modes("string", "bytes");
    OracleType money = OracleType.number(10, 2);
    OracleType anyNumber = OracleType.number(OracleType.UNSPECIFIED, OracleType.UNSPECIFIED);
    assertThat(ColumnTypes.schema(column(money), asDouble).type()).isEqualTo(Schema.Type.FLOAT64);
    assertThat(convert(asDouble, money, new BigDecimal("9.5"))).isEqualTo(9.5d);
    assertThat(convert(asDouble, anyNumber, new BigDecimal("1e3"))).isEqualTo(1000d);
    assertThat(ColumnTypes.schema(column(money), asString).type()).isEqualTo(Schema.Type.STRING);
    assertThat(convert(asString, anyNumber, new BigDecimal("1E+3"))).isEqualTo("1000");
    assertThat(convert(asString, money, new BigDecimal("9.50"))).isEqualTo("9.50");
    assertThat(convert(asString, OracleType.of(Kind.FLOAT), new BigDecimal("0.125")))
        .isEqualTo("0.125");
    assertThat(ColumnTypes.schema(column(OracleType.number(9, 0)), asString).type())
        .isEqualTo(Schema.Type.INT32);
    assertThat(ColumnTypes.schema(column(OracleType.number(38, 0)), asDouble).type())
        .isEqualTo(Schema.Type.FLOAT64);
  }

  @Test
  void binaryHandlingMode_base64AndHexAreText() {
    Bytes raw = Bytes.fromHex("00ff10");
    OracleType type = OracleType.sized(Kind.RAW, 16);
    assertThat(convert(new ColumnTypes.Modes("precise", "bytes"), type, raw))
        .isEqualTo(new byte[] {0, -1, 16});
    assertThat(convert(new ColumnTypes.Modes("precise", "base64"), type, raw)).isEqualTo("AP8Q");
    assertThat(convert(new ColumnTypes.Modes("precise", "hex"), OracleType.of(Kind.BLOB), raw))
        .isEqualTo("00ff10");
    assertThat(ColumnTypes.schema(column(type), new ColumnTypes.Modes("precise", "hex")).type())
        .isEqualTo(Schema.Type.STRING);
  }

  @Test
  void schema_xmlTypeIsDebeziumXmlText() {
    Schema schema = ColumnTypes.schema(column(OracleType.of(Kind.XMLTYPE)));
    assertThat(schema.type()).isEqualTo(Schema.Type.STRING);
    assertThat(schema.name()).isEqualTo("io.debezium.data.Xml");
    assertThat(ColumnTypes.schema(column(OracleType.of(Kind.CLOB))).type())
        .isEqualTo(Schema.Type.STRING);
    assertThat(ColumnTypes.schema(column(OracleType.of(Kind.BLOB))).type())
        .isEqualTo(Schema.Type.BYTES);
  }
}
