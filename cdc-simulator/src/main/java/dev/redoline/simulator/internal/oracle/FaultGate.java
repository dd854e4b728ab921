package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.internal.jdbc.Session;
import java.sql.SQLException;

/** Checks a gateway call against the fault plan before it runs (the API's {@code Faults}). */
@FunctionalInterface
public interface FaultGate {

  /**
   * Throws the fault planned for this call, if any.
   *
   * @param connection the session making the call, or null for a call of no session (a connect, a
   *     build step)
   */
  void before(GatewayCall call, Session connection) throws SQLException;
}
