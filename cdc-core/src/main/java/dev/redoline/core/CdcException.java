package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import dev.redoline.core.internal.Sentences;

/**
 * Every stop of a capture: an {@link ErrorCode} with the detail of this occurrence.
 *
 * <p>The message reads {@code CDC-2001 <meaning>: <detail>. Action: <action> See
 * docs/runbook.md#cdc-2001}. The detail names the value at fault; it never contains secrets or
 * values of excluded columns.
 *
 * <pre>{@code
 * try {
 *   engine.run();
 * } catch (CdcException e) {
 *   if (e.errorCode() == ErrorCode.LOG_PURGED) {
 *     alertOperator(e.code(), e.detail(), e.action());
 *   }
 * }
 * }</pre>
 */
public class CdcException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final ErrorCode errorCode;
  private final String detail;

  public CdcException(ErrorCode errorCode, String detail) {
    this(errorCode, detail, null);
  }

  public CdcException(ErrorCode errorCode, String detail, Throwable cause) {
    super(message(Checks.notNull(errorCode, "errorCode"), Checks.notNull(detail, "detail")), cause);
    this.errorCode = errorCode;
    this.detail = detail;
  }

  private static String message(ErrorCode code, String detail) {
    return code.code()
        + " "
        + code.meaning()
        + ": "
        + Sentences.end(detail)
        + " Action: "
        + code.action()
        + " See "
        + code.runbook();
  }

  public ErrorCode errorCode() {
    return errorCode;
  }

  /** {@code CDC-NNNN}. */
  public String code() {
    return errorCode.code();
  }

  /** What happened this time, with the value at fault. */
  public String detail() {
    return detail;
  }

  /** What the operator does about it. */
  public String action() {
    return errorCode.action();
  }

  /** Whether the engine retries this error by itself. */
  public boolean retriable() {
    return errorCode.errorClass().retriable();
  }
}
