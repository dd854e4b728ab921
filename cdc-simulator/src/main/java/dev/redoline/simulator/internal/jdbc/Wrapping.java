package dev.redoline.simulator.internal.jdbc;

import java.sql.SQLException;

/** {@link java.sql.Wrapper} of the driver's objects: each wraps nothing but itself. */
final class Wrapping {

  private Wrapping() {}

  /** {@code self} as {@code type} when it is one; else ojdbc's error for a missing wrapper. */
  static <T> T unwrap(Object self, Class<T> type) throws SQLException {
    if (type.isInstance(self)) {
      return type.cast(self);
    }
    throw new SQLException("Not a wrapper of " + type);
  }
}
