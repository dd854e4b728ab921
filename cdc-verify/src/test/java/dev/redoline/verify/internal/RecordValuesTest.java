package dev.redoline.verify.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDateTime;
import java.util.Base64;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.junit.jupiter.api.Test;

/**
 * A change record's values read back into Oracle's values, with and without the record's schema,
 * digest as Oracle's row does: the forms docs/record-format.md gives each type.
 */
class RecordValuesTest {

  private final RecordValues precise = new RecordValues("precise", "bytes");

  private static String piece(OracleType type, Object value) {
    return Digests.piece(type.kind(), value);
  }

  @Test
  void numbers_readBackFromEveryFormTheConnectorWrites() {
    OracleType price = OracleType.number(10, 2);
    String expected = piece(price, new BigDecimal("-12.30"));
    // without a schema, a Decimal is the Base64 of its unscaled bytes, at the column's scale
    String base64 =
        Base64.getEncoder().encodeToString(new BigDecimal("-1230").toBigInteger().toByteArray());
    assertThat(piece(price, precise.value(price, base64))).isEqualTo(expected);
    assertThat(piece(price, precise.value(price, new BigDecimal("-12.30")))).isEqualTo(expected);
    assertThat(piece(price, new RecordValues("string", "bytes").value(price, "-12.3")))
        .isEqualTo(expected);
    // NUMBER without precision: VariableScaleDecimal, as a Map (no schema) or a Struct
    OracleType any = OracleType.of(Kind.NUMBER);
    byte[] unscaled = new BigDecimal("12345").toBigInteger().toByteArray();
    Object map = Map.of("scale", 3, "value", Base64.getEncoder().encodeToString(unscaled));
    Schema vsd =
        SchemaBuilder.struct()
            .field("scale", Schema.INT32_SCHEMA)
            .field("value", Schema.BYTES_SCHEMA)
            .build();
    Struct struct = new Struct(vsd).put("scale", 3).put("value", ByteBuffer.wrap(unscaled));
    assertThat(piece(any, precise.value(any, map))).isEqualTo(piece(any, new BigDecimal("12.345")));
    assertThat(piece(any, precise.value(any, struct)))
        .isEqualTo(piece(any, new BigDecimal("12.345")));
    OracleType id = OracleType.number(10, 0);
    assertThat(piece(id, precise.value(id, 42L))).isEqualTo(piece(id, BigDecimal.valueOf(42)));
  }

  @Test
  void dateTimes_readFromTheirEpochUnitsByFractionalDigits() {
    LocalDateTime t = LocalDateTime.of(2024, 3, 1, 9, 15, 30, 123_456_000);
    long micros = 1_709_284_530_123_456L;
    assertThat(precise.value(OracleType.timestamp(Kind.TIMESTAMP, 6), micros)).isEqualTo(t);
    assertThat(precise.value(OracleType.timestamp(Kind.TIMESTAMP, 9), micros * 1000)).isEqualTo(t);
    assertThat(precise.value(OracleType.of(Kind.DATE), 1_709_284_530_000L))
        .isEqualTo(t.withNano(0));
    assertThat(precise.value(OracleType.of(Kind.DATE), -1_000L))
        .isEqualTo(LocalDateTime.of(1969, 12, 31, 23, 59, 59));
  }

  @Test
  void bytes_fromBytesBase64OrHex() {
    OracleType raw = OracleType.sized(Kind.RAW, 4);
    byte[] b = {1, (byte) 0xff, 0};
    assertThat((byte[]) precise.value(raw, b)).containsExactly(b);
    assertThat((byte[]) precise.value(raw, ByteBuffer.wrap(b))).containsExactly(b);
    assertThat((byte[]) precise.value(raw, "Af8A")).containsExactly(b);
    assertThat((byte[]) new RecordValues("precise", "hex").value(raw, "01ff00")).containsExactly(b);
  }
}
