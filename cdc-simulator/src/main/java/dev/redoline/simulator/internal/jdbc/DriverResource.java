package dev.redoline.simulator.internal.jdbc;

import java.sql.SQLException;
import java.sql.SQLWarning;

/**
 * What a connection, a statement and a result set of the driver share: they raise no warnings, and
 * they close (each subclass says how, and whether it is closed; here both are unsupported, as every
 * method of the {@code Unsupported*} bases is until a subclass overrides it).
 */
abstract class DriverResource extends DriverObject {

  DriverResource(String jdbcInterface) {
    super(jdbcInterface);
  }

  /** Always none: the simulator raises no warnings. */
  public final SQLWarning getWarnings() {
    return null;
  }

  public final void clearWarnings() {
    // No warnings are ever raised.
  }

  public void close() throws SQLException {
    throw unsupported("close");
  }

  public boolean isClosed() throws SQLException {
    throw unsupported("isClosed");
  }
}
