package dev.redoline.simulator.internal.jdbc;

import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;

/**
 * The root of every object the driver hands out (connection, statement, result set and their
 * metadata): each wraps nothing but itself, and each fails a method it does not support with a
 * {@link SQLFeatureNotSupportedException} that names the JDBC interface and the method.
 *
 * <p>A superclass rather than an interface with default methods: a default method cannot stand for
 * an abstract method that a JDBC interface declares itself ({@code getWarnings} of {@link
 * java.sql.Connection} and of {@link java.sql.Statement}, say), while a superclass's method can.
 * {@link DriverResource} adds what a connection, a statement and a result set share, and {@link
 * UnsupportedColumnReads} the column reads of a result set and a callable statement.
 */
abstract class DriverObject implements java.sql.Wrapper {

  private final String jdbcInterface;

  /**
   * @param jdbcInterface the simple name of the JDBC interface the object implements, as its
   *     unsupported methods name it ({@code "ResultSet"})
   */
  DriverObject(String jdbcInterface) {
    this.jdbcInterface = jdbcInterface;
  }

  /** The error of a method the driver does not support: {@code <interface>.<method>}. */
  final SQLFeatureNotSupportedException unsupported(String method) {
    return new SQLFeatureNotSupportedException(
        "The Oracle simulator's driver does not support " + jdbcInterface + "." + method);
  }

  /** Itself as {@code type} when it is one; else ojdbc's error for a missing wrapper. */
  @Override
  public final <T> T unwrap(Class<T> type) throws SQLException {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    throw new SQLException("Not a wrapper of " + type);
  }

  @Override
  public final boolean isWrapperFor(Class<?> type) {
    return type.isInstance(this);
  }
}
