package dev.redoline.connect;

import dev.redoline.core.OracleType;
import dev.redoline.core.VectorValue;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;

/**
 * The Connect mapping of Oracle 23ai's BOOLEAN and VECTOR, of JSON, and of {@code NUMBER(1)} under
 * {@code cdc.number.one.as.boolean} ({@code docs/record-format.md}, "Column types"). The names are
 * Debezium's where it has one: {@code io.debezium.data.Json} for JSON text, and the vector types of
 * its PostgreSQL connector, {@code io.debezium.data.FloatVector} and {@code
 * io.debezium.data.DoubleVector}.
 *
 * <ul>
 *   <li>BOOLEAN, {@code NUMBER(1)} as boolean: BOOLEAN.
 *   <li>JSON: STRING {@code io.debezium.data.Json}, the document's JSON text (the capture reads the
 *       OSON LogMiner writes before the change reaches the buffer, for every sink alike).
 *   <li>{@code VECTOR(n, FLOAT32)}: ARRAY of FLOAT32 {@code io.debezium.data.FloatVector}.
 *   <li>{@code VECTOR(n, FLOAT64)} and {@code VECTOR(n, *)}: ARRAY of FLOAT64 {@code
 *       io.debezium.data.DoubleVector} (every format's numbers fit; BINARY dimensions as 0 or 1).
 *   <li>{@code VECTOR(n, INT8)}: ARRAY of INT8 {@code dev.redoline.connect.Int8Vector}.
 *   <li>{@code VECTOR(n, BINARY)}: BYTES {@code dev.redoline.connect.BinaryVector}, the packed
 *       bits, 8 dimensions a byte, the first in the high bit.
 * </ul>
 */
final class Oracle23aiTypes {

  static final String JSON = "io.debezium.data.Json";
  static final String FLOAT_VECTOR = "io.debezium.data.FloatVector";
  static final String DOUBLE_VECTOR = "io.debezium.data.DoubleVector";
  static final String INT8_VECTOR = "dev.redoline.connect.Int8Vector";
  static final String BINARY_VECTOR = "dev.redoline.connect.BinaryVector";

  private Oracle23aiTypes() {}

  /** The schema builder of a BOOLEAN, JSON or VECTOR column. */
  static SchemaBuilder schema(OracleType type) {
    return switch (type.kind()) {
      case BOOLEAN -> SchemaBuilder.bool();
      case JSON -> SchemaBuilder.string().name(JSON).version(1);
      case VECTOR ->
          switch (type.precision()) {
            case 32 -> SchemaBuilder.array(Schema.FLOAT32_SCHEMA).name(FLOAT_VECTOR).version(1);
            case 8 -> SchemaBuilder.array(Schema.INT8_SCHEMA).name(INT8_VECTOR).version(1);
            case 1 -> SchemaBuilder.bytes().name(BINARY_VECTOR).version(1);
            default -> SchemaBuilder.array(Schema.FLOAT64_SCHEMA).name(DOUBLE_VECTOR).version(1);
          };
      default ->
          throw new IllegalArgumentException("not a BOOLEAN, JSON or VECTOR column: " + type);
    };
  }

  /** Whether {@link #value} converts values of {@code schema}. */
  static boolean converts(Schema schema) {
    String name = schema.name();
    return schema.type() == Schema.Type.BOOLEAN
        || JSON.equals(name)
        || FLOAT_VECTOR.equals(name)
        || DOUBLE_VECTOR.equals(name)
        || INT8_VECTOR.equals(name)
        || BINARY_VECTOR.equals(name);
  }

  /**
   * The Connect value of a BOOLEAN (a Boolean), JSON (its text) or VECTOR ({@link VectorValue})
   * value.
   *
   * @throws ClassCastException when the value is of another kind
   */
  static Object value(Schema schema, Object value) {
    String name = schema.name();
    if (schema.type() == Schema.Type.BOOLEAN) {
      return (Boolean) value;
    }
    if (JSON.equals(name)) {
      return (String) value; // the capture turned OSON into text before the buffer
    }
    VectorValue v = (VectorValue) value;
    if (BINARY_VECTOR.equals(name)) {
      return v.toPackedBits();
    }
    double[] numbers = v.toDoubleArray();
    List<Object> out = new ArrayList<>(numbers.length);
    for (double n : numbers) {
      out.add(
          FLOAT_VECTOR.equals(name)
              ? (Object) (float) n
              : INT8_VECTOR.equals(name) ? (Object) (byte) n : n);
    }
    return out;
  }
}
