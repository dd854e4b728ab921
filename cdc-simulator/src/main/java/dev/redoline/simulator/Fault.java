package dev.redoline.simulator;

import dev.redoline.simulator.internal.oracle.OracleErrors;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Something that goes wrong at a planned point (docs/logminer.md#what-the-simulator-models, items
 * 28-37): an error the call throws, or a change of the database's state just before the call runs
 * (the call then sees it, as it would in a real race).
 *
 * <pre>{@code
 * oracle.faults().atRow(500, Fault.onlineLogReused());             // ORA-00310 from next()
 * oracle.faults().atCall(GatewayCall.START_LOGMNR, 1, Fault.error(1291));
 * oracle.faults().withProbability(GatewayCall.NEXT, 0.001, Fault.connectionReset());
 * }</pre>
 *
 * <p>An error whose code ends the connection (ORA-00028, 01089, 02396, 03113, 03114, 03135, 17002,
 * 17008, 17410, ...) is thrown as a {@link java.sql.SQLRecoverableException} and the connection and
 * its LogMiner session are gone afterwards.
 */
public final class Fault {

  private final String description;
  private final int errorCode;
  private final Object[] args;
  private final String message;
  private final Consumer<SimulatedOracle> action;

  private Fault(
      String description,
      int errorCode,
      Object[] args,
      String message,
      Consumer<SimulatedOracle> action) {
    this.description = description;
    this.errorCode = errorCode;
    this.args = args;
    this.message = message;
    this.action = action;
  }

  /**
   * The call throws ORA-{@code code} with Oracle's text, the {@code args} filling its placeholders
   * (e.g. {@code error(600, "[krvrdGetUID]")}); ORA-06512 frames are added on DBMS_LOGMNR calls.
   *
   * @throws IllegalArgumentException when {@code code} is not in cdc-core's {@code OracleError}
   */
  public static Fault error(int code, Object... args) {
    OracleErrors.known(
        code); // fail at planning, not at the call, for a number the engine does not know
    return new Fault("ORA-" + code + Arrays.toString(args), code, args.clone(), null, null);
  }

  /**
   * The call throws an error with exactly this message and code (for stacks such as
   * 00603/27102/04030).
   */
  public static Fault errorMessage(int code, String message) {
    Objects.requireNonNull(message, "message == null");
    return new Fault("ORA-" + code + " as given", code, new Object[0], message, null);
  }

  /** ORA-17002 "IO Error: Connection reset" (SQLSTATE 08006): the connection is gone. */
  public static Fault connectionReset() {
    return error(17002);
  }

  /** ORA-00600 with the given arguments, e.g. {@code "[krvrdccs10]"}. */
  public static Fault internalError(String arguments) {
    return error(600, arguments);
  }

  /**
   * Every online log the connection's session reads is overwritten now, by log switches on its
   * thread until its group comes round again: fetching from it raises ORA-00310 (with ORA-00334),
   * and does so again on every retry of the same range until the session is rebuilt.
   */
  public static Fault onlineLogReused() {
    return action("online log reused", SimulatedOracle::reuseOnlineLogsReadBySessions);
  }

  /** A change of state before the call, described for test output. */
  public static Fault action(String description, Consumer<SimulatedOracle> action) {
    return new Fault(
        Objects.requireNonNull(description, "description == null"),
        0,
        null,
        null,
        Objects.requireNonNull(action, "action == null"));
  }

  boolean isError() {
    return errorCode != 0;
  }

  int errorCode() {
    return errorCode;
  }

  java.sql.SQLException toException(GatewayCall call) {
    if (message != null) {
      return OracleErrors.stack(errorCode, message);
    }
    if (call.plsql() && !OracleErrors.losesConnection(errorCode)) {
      String pkg = call == GatewayCall.BUILD ? "SYS.DBMS_LOGMNR_D" : "SYS.DBMS_LOGMNR";
      return OracleErrors.plsql(pkg, errorCode, call.plsqlLine(), args);
    }
    return OracleErrors.error(errorCode, args);
  }

  void apply(SimulatedOracle oracle) {
    action.accept(oracle);
  }

  @Override
  public String toString() {
    return "Fault[" + description + "]";
  }
}
