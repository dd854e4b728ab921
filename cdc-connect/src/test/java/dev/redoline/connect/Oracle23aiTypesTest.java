package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Bytes;
import dev.redoline.core.Column;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.VectorValue;
import java.util.List;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/** BOOLEAN, JSON, VECTOR and NUMBER(1)-as-boolean in Connect records ({@link Oracle23aiTypes}). */
class Oracle23aiTypesTest {

  private static final ColumnTypes.Modes NUMBER_ONE_AS_BOOLEAN =
      new ColumnTypes.Modes("precise", "bytes", true);

  private static Schema schema(OracleType type, ColumnTypes.Modes modes) {
    return ColumnTypes.schema(new Column("C", 1, type, true), modes);
  }

  private static Object convert(OracleType type, ColumnTypes.Modes modes, Object value) {
    Column column = new Column("C", 1, type, true);
    return ColumnTypes.value(column, ColumnTypes.schema(column, modes), value);
  }

  @Test
  void boolean_isAConnectBoolean() {
    OracleType type = OracleType.of(Kind.BOOLEAN);
    assertThat(schema(type, ColumnTypes.Modes.DEFAULT).type()).isEqualTo(Schema.Type.BOOLEAN);
    assertThat(schema(type, ColumnTypes.Modes.DEFAULT).isOptional()).isTrue();
    assertThat(convert(type, ColumnTypes.Modes.DEFAULT, true)).isEqualTo(true);
    assertThat(convert(type, ColumnTypes.Modes.DEFAULT, false)).isEqualTo(false);
  }

  @Test
  void numberOne_isABooleanOnlyWhenAsked() {
    OracleType one = OracleType.number(1, 0);
    assertThat(schema(one, ColumnTypes.Modes.DEFAULT).type()).isEqualTo(Schema.Type.INT8);
    assertThat(schema(one, NUMBER_ONE_AS_BOOLEAN).type()).isEqualTo(Schema.Type.BOOLEAN);
    assertThat(convert(one, NUMBER_ONE_AS_BOOLEAN, true)).isEqualTo(true);
    assertThat(schema(OracleType.number(2, 0), NUMBER_ONE_AS_BOOLEAN).type())
        .isEqualTo(Schema.Type.INT8);
  }

  @Test
  void json_isDebeziumsJsonText_asTheCaptureDeliversIt() {
    OracleType type = OracleType.of(Kind.JSON);
    Schema s = schema(type, ColumnTypes.Modes.DEFAULT);
    assertThat(s.type()).isEqualTo(Schema.Type.STRING);
    assertThat(s.name()).isEqualTo("io.debezium.data.Json");
    assertThat(convert(type, ColumnTypes.Modes.DEFAULT, "{\"x\":1}")).isEqualTo("{\"x\":1}");
    // OSON is read once, by the capture, before the buffer: bytes reaching the mapping are a bug
    assertThatThrownBy(
            () -> convert(type, ColumnTypes.Modes.DEFAULT, Bytes.of(new byte[] {1, 2, 3})))
        .isInstanceOf(DataException.class)
        .hasMessageStartingWith("Column C (JSON): a Bytes value does not fit");
  }

  @Test
  void vectors_areArraysOfTheirFormat() {
    Schema f32 = schema(OracleType.vector(3, 32), ColumnTypes.Modes.DEFAULT);
    assertThat(f32.name()).isEqualTo("io.debezium.data.FloatVector");
    assertThat(f32.valueSchema().type()).isEqualTo(Schema.Type.FLOAT32);
    assertThat(
            convert(
                OracleType.vector(3, 32),
                ColumnTypes.Modes.DEFAULT,
                VectorValue.ofFloat32(1.5f, -2f, 0.1f)))
        .isEqualTo(List.of(1.5f, -2f, 0.1f));

    Schema f64 = schema(OracleType.vector(2, 64), ColumnTypes.Modes.DEFAULT);
    assertThat(f64.name()).isEqualTo("io.debezium.data.DoubleVector");
    assertThat(
            convert(
                OracleType.vector(2, 64),
                ColumnTypes.Modes.DEFAULT,
                VectorValue.ofFloat64(0.1, -1e300)))
        .isEqualTo(List.of(0.1, -1e300));

    OracleType any = OracleType.vector(OracleType.UNSPECIFIED, OracleType.UNSPECIFIED);
    assertThat(schema(any, ColumnTypes.Modes.DEFAULT).name())
        .isEqualTo("io.debezium.data.DoubleVector");
    assertThat(convert(any, ColumnTypes.Modes.DEFAULT, VectorValue.ofInt8((byte) 3, (byte) -4)))
        .isEqualTo(List.of(3.0, -4.0));

    Schema int8 = schema(OracleType.vector(2, 8), ColumnTypes.Modes.DEFAULT);
    assertThat(int8.valueSchema().type()).isEqualTo(Schema.Type.INT8);
    assertThat(
            convert(
                OracleType.vector(2, 8),
                ColumnTypes.Modes.DEFAULT,
                VectorValue.ofInt8((byte) 3, (byte) -4)))
        .isEqualTo(List.of((byte) 3, (byte) -4));

    Schema binary = schema(OracleType.vector(16, 1), ColumnTypes.Modes.DEFAULT);
    assertThat(binary.type()).isEqualTo(Schema.Type.BYTES);
    assertThat(
            convert(
                OracleType.vector(16, 1),
                ColumnTypes.Modes.DEFAULT,
                VectorValue.ofBinary((byte) 0x81, (byte) 0x02)))
        .isEqualTo(new byte[] {(byte) 0x81, 0x02});
  }
}
