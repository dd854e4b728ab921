package dev.redoline.logminer;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import java.util.Objects;

/**
 * One reason the database is not ready for capture, found by {@link dev.redoline.logminer.internal.jdbc.Preflight}.
 *
 * <pre>{@code
 * for (PreflightProblem p : Preflight.of(config).check(gateway)) {
 *   connectValidation.get(p.key()).addErrorMessage(p.code().code() + " " + p.message());
 * }
 * }</pre>
 *
 * @param key the configuration key the problem concerns (Connect shows it beside that key):
 *     {@code cdc.database.url} for the database as a whole, {@code cdc.database.user} for grants
 * @param code the error code (CDC-4xxx) with its operator action
 * @param message what is wrong, naming the value at fault (never a secret)
 * @param warning a risk to report that does not keep capture from starting (Connect logs it
 *     instead of failing validation)
 */
public record PreflightProblem(String key, ErrorCode code, String message, boolean warning) {

  public PreflightProblem {
    Objects.requireNonNull(key, "key == null");
    Objects.requireNonNull(code, "code == null");
    Objects.requireNonNull(message, "message == null");
  }

  /** A problem that keeps capture from starting. */
  public PreflightProblem(String key, ErrorCode code, String message) {
    this(key, code, message, false);
  }

  /** The problem as the exception a capture stops with. */
  public CdcException toException() {
    return new CdcException(code, key + ": " + message);
  }
}
