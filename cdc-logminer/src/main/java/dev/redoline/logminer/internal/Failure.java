package dev.redoline.logminer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;

/**
 * What went wrong in a step and what the engine does about it: the verdict of {@link
 * FailureClassifier}.
 *
 * @param action what the engine does next
 * @param code the error code the capture stops with, now or once retries run out
 * @param oraCode the ORA number, or 0 when the failure is not an Oracle error
 * @param detail what happened, with the Oracle message when there is one
 * @param cause the original exception
 */
record Failure(Action action, ErrorCode code, int oraCode, String detail, Throwable cause) {

  /** The engine's responses, from the lightest to a stop. */
  enum Action {
    /** Discard the step and mine the same cursor again on the same connection (CDC-1002). */
    REMINE,
    /** The query timed out (ORA-01013): halve the window and mine the same cursor again. */
    SHRINK_WINDOW,
    /** Close the connection, reconnect with backoff, mine the same cursor again (CDC-1001). */
    RECONNECT,
    /**
     * LogMiner misses a log of the range (ORA-01291): the inventory was out of date (a log switched
     * or archived between listing and START_LOGMNR) or the log is gone. List the logs again after a
     * backoff and mine the same cursor; if the log stays missing past cdc.retry.max.time.ms, stop
     * with CDC-2001.
     */
    REINVENTORY,
    /** Stop the capture with {@link Failure#code()}. */
    STOP
  }

  /** The exception the capture stops with when this failure ends it. */
  CdcException toException() {
    return cause instanceof CdcException e && e.errorCode() == code
        ? e
        : new CdcException(code, detail, cause);
  }
}
