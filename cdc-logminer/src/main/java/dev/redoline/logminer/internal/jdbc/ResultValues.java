package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.Scn;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;

/**
 * Reads Oracle column values the way the gateway needs them, and turns SCNs into binds.
 *
 * <pre>{@code
 * Scn current = ResultValues.scn(rs, "CURRENT_SCN");
 * ps.setBigDecimal(1, ResultValues.number(Scn.MAX));   // 18446744073709551615, unsigned
 * }</pre>
 *
 * <p>SCNs are unsigned 64-bit: a NUMBER such as {@code NEXT_CHANGE# = 18446744073709551615} does
 * not fit a {@code long}, so SCN columns are read as {@link BigDecimal} and bound as {@link
 * BigDecimal}, never through {@code getLong}/{@code setLong}. Dates are read as {@link
 * LocalDateTime} (JDBC 4.2): a DATE has no time zone, and converting through {@code
 * java.sql.Timestamp} would apply the JVM's zone.
 */
final class ResultValues {

  private ResultValues() {}

  /** An SCN column that is never NULL. */
  static Scn scn(ResultSet rs, String column) throws SQLException {
    Scn scn = nullableScn(rs, column);
    if (scn == null) {
      throw new SQLException("Column " + column + " is NULL where an SCN is expected");
    }
    return scn;
  }

  /** An SCN column, or {@code null}. */
  static Scn nullableScn(ResultSet rs, String column) throws SQLException {
    return scn(rs.getBigDecimal(column));
  }

  /** An SCN column by index, or {@code null}. */
  static Scn nullableScn(ResultSet rs, int column) throws SQLException {
    return scn(rs.getBigDecimal(column));
  }

  /** The SCN of a NUMBER value, or {@code null}; ArithmeticException for a fraction. */
  static Scn scn(BigDecimal value) {
    if (value == null) {
      return null;
    }
    if (value.signum() >= 0 && value.scale() == 0 && value.precision() <= 18) {
      // Below 10^18 it is exact as a long; precision is known without a BigInteger, which
      // unscaledValue() would make for every SCN of every row.
      return Scn.of(value.longValue());
    }
    if (value.signum() >= 0 && value.scale() == 0 && value.unscaledValue().bitLength() < 63) {
      return Scn.of(value.longValue()); // no text on this path either
    }
    return Scn.parse(value.toBigIntegerExact().toString());
  }

  /** The NUMBER bind of an SCN, exact for values above 2^63. */
  static BigDecimal number(Scn scn) {
    return new BigDecimal(new BigInteger(scn.toString()));
  }

  /** A DATE or TIMESTAMP column as local date-time, or {@code null}. */
  static LocalDateTime dateTime(ResultSet rs, String column) throws SQLException {
    return rs.getObject(column, LocalDateTime.class);
  }

  /** A DATE or TIMESTAMP column by index, or {@code null}. */
  static LocalDateTime dateTime(ResultSet rs, int column) throws SQLException {
    return rs.getObject(column, LocalDateTime.class);
  }

  /** A NUMBER column that fits an int, or {@code null}. */
  static Integer integer(ResultSet rs, int column) throws SQLException {
    int value = rs.getInt(column);
    return rs.wasNull() ? null : value;
  }

  /** A NUMBER column that fits an int, or {@code null}. */
  static Integer integer(ResultSet rs, String column) throws SQLException {
    int value = rs.getInt(column);
    return rs.wasNull() ? null : value;
  }

  /** A NUMBER column that fits a long, or {@code null}. */
  static Long longValue(ResultSet rs, int column) throws SQLException {
    long value = rs.getLong(column);
    return rs.wasNull() ? null : value;
  }

  /** A YES/NO column: true for YES (and IMPLICIT, which supplemental logging columns can show). */
  static boolean yes(ResultSet rs, String column) throws SQLException {
    String value = rs.getString(column);
    return "YES".equals(value) || "IMPLICIT".equals(value);
  }
}
