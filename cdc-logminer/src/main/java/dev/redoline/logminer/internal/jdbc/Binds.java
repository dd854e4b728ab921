package dev.redoline.logminer.internal.jdbc;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.List;

/**
 * Binds values to a statement by their Java type, so every statement of the gateway binds the same
 * way: {@link Integer} and {@link Long} as numbers, {@link BigDecimal} (SCNs, unsigned 64-bit) as
 * NUMBER, {@link String} as text, {@link LocalDateTime} as TIMESTAMP.
 *
 * <pre>{@code
 * Binds.bind(statement, List.of(ResultValues.number(scn), 16));
 * }</pre>
 */
final class Binds {

  private Binds() {}

  /** Binds {@code values} to markers 1..n. */
  static void bind(PreparedStatement statement, List<?> values) throws SQLException {
    for (int i = 0; i < values.size(); i++) {
      Object value = values.get(i);
      int index = i + 1;
      if (value instanceof Integer v) {
        statement.setInt(index, v);
      } else if (value instanceof Long v) {
        statement.setLong(index, v);
      } else if (value instanceof BigDecimal v) {
        statement.setBigDecimal(index, v);
      } else if (value instanceof String v) {
        statement.setString(index, v);
      } else if (value instanceof LocalDateTime v) {
        statement.setObject(index, v);
      } else if (value instanceof java.time.OffsetDateTime v) {
        statement.setObject(index, v);
      } else if (value instanceof java.time.Instant v) {
        statement.setObject(index, v.atOffset(java.time.ZoneOffset.UTC));
      } else if (value instanceof dev.redoline.core.Bytes v) {
        statement.setBytes(index, v.toByteArray());
      } else if (value instanceof Double v) {
        statement.setDouble(index, v);
      } else if (value instanceof Float v) {
        statement.setFloat(index, v);
      } else if (value instanceof Boolean v) {
        statement.setBoolean(index, v);
      } else {
        throw new IllegalArgumentException(
            "Cannot bind a "
                + (value == null ? "null" : value.getClass().getName())
                + " at position "
                + index);
      }
    }
  }
}
