package dev.redoline.logminer;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.internal.Sentences;
import java.util.Objects;

/**
 * One reason the database is not ready for capture, found by the preflight checks ({@link
 * Database#preflight}), with what fixes it.
 *
 * <pre>{@code
 * for (PreflightProblem p : database.preflight(config)) {
 *   System.out.println(p.code().code() + " " + p.key() + ": " + p.message());
 *   System.out.println("  fix: " + p.fix());   // GRANT LOGMINING TO C##REDOLINE;
 * }
 * }</pre>
 *
 * @param key the configuration key the problem concerns (Connect shows it beside that key): {@code
 *     cdc.database.url} for the database as a whole, {@code cdc.database.user} for grants
 * @param code the error code (CDC-4xxx) with its operator action
 * @param message what is wrong, naming the value at fault (never a secret)
 * @param warning a risk to report that does not keep capture from starting (Connect logs it instead
 *     of failing validation)
 * @param fix the exact SQL statements (each ending in {@code ;}) or the setting ({@code key=value})
 *     that removes the problem, or empty when none is known; an alternative follows {@code " or "}
 */
public record PreflightProblem(
    String key, ErrorCode code, String message, boolean warning, String fix) {

  public PreflightProblem {
    Objects.requireNonNull(key, "key == null");
    Objects.requireNonNull(code, "code == null");
    Objects.requireNonNull(message, "message == null");
    Objects.requireNonNull(fix, "fix == null");
  }

  /** A problem with no known fix beyond its code's action. */
  public PreflightProblem(String key, ErrorCode code, String message, boolean warning) {
    this(key, code, message, warning, "");
  }

  /** A problem that keeps capture from starting, with no known fix beyond its code's action. */
  public PreflightProblem(String key, ErrorCode code, String message) {
    this(key, code, message, false, "");
  }

  /** A problem that keeps capture from starting, fixed by {@code fix}. */
  public static PreflightProblem fixedBy(String key, ErrorCode code, String message, String fix) {
    return new PreflightProblem(key, code, message, false, fix);
  }

  /**
   * The problem in one line for an operator: its code, what is wrong, the fix when one is known and
   * the code's action, each a sentence ({@code "CDC-4003 ... Fix: GRANT ...; Action: ..."}).
   */
  public String describe() {
    return code.code()
        + " "
        + Sentences.end(message)
        + " "
        + (fix.isEmpty() ? "" : "Fix: " + fix + " ")
        + "Action: "
        + code.action();
  }

  /** The problem as the exception a capture stops with. */
  public CdcException toException() {
    return new CdcException(
        code, key + ": " + message + (fix.isEmpty() ? "" : " (fix: " + fix + ")"));
  }
}
