package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.Failure.Action.RECONNECT;
import static dev.redoline.logminer.internal.Failure.Action.REINVENTORY;
import static dev.redoline.logminer.internal.Failure.Action.REMINE;
import static dev.redoline.logminer.internal.Failure.Action.SHRINK_WINDOW;
import static dev.redoline.logminer.internal.Failure.Action.STOP;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.internal.OracleError;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns any exception from a mining step into a {@link Failure}: one rule for both gateways,
 * because the simulator raises {@link SQLException}s exactly as ojdbc does, from the same list of
 * Oracle errors ({@link OracleError}).
 *
 * <p>The rules, in order (docs/logminer.md#errors):
 *
 * <ol>
 *   <li>A {@link CdcException} keeps its own code: retriable codes reconnect, others stop.
 *   <li>The whole chain is read: every {@link SQLException}'s error code and every {@code
 *       ORA-NNNNN} in every message, cause after cause. Codes that only say another error follows
 *       (ORA-00604 "error at recursive SQL level", ORA-06512 frames) are passed over; the first
 *       other code decides by its {@link OracleError#meaning()}, so "ORA-00604 ... ORA-04031" is
 *       the shared-memory error it wraps. ORA-00600 re-mines only for the LogMiner arguments known
 *       to be transient.
 *   <li>A code with no meaning for capture, or one not in the list, stops with CDC-5001 naming it
 *       (never retried blindly, never ignored), unless a {@link SQLRecoverableException} or an
 *       {@link IOException} in the chain says the connection is gone: then it reconnects.
 *   <li>No ORA code and no lost connection is a Redoline defect: CDC-5002.
 * </ol>
 */
final class FailureClassifier {

  /** ORA-00600 arguments of LogMiner read errors that mining again gets past. */
  private static final String[] TRANSIENT_INTERNAL_ARGUMENTS = {
    "[krvrdGetUID]", "[krvrdccs10]", "[krvrdccs30]"
  };

  private static final Pattern ORA = Pattern.compile("ORA-(\\d{5})");

  private FailureClassifier() {}

  static Failure classify(Throwable failure) {
    if (failure instanceof CdcException e) {
      Failure.Action action = e.retriable() ? RECONNECT : STOP;
      return new Failure(action, e.errorCode(), 0, e.detail(), e);
    }
    int ora = oraCode(failure);
    OracleError known = OracleError.find(ora).orElse(null);
    OracleError.Meaning meaning = known == null ? OracleError.Meaning.NONE : known.meaning();
    return switch (meaning) {
      case CONNECTION_LOST, RESOURCES_EXHAUSTED ->
          failure(RECONNECT, ErrorCode.TRANSIENT_DATABASE_ERROR, ora, failure);
      // An archived log V$ARCHIVED_LOG lists that is gone on disk (ORA-27037 under ORA-00308 or
      // ORA-01284): mined again in case the file comes back, then CDC-2002 naming it.
      case LOG_READ_FAILED, INCONSISTENT_READ ->
          failure(
              REMINE,
              chainCodes(failure).contains(OracleError.FILE_STATUS.number())
                  ? ErrorCode.LOG_PURGED
                  : ErrorCode.REMINE_STEP,
              ora,
              failure);
      case LOG_MISSING -> failure(REINVENTORY, ErrorCode.LOG_SEQUENCE_GAP, ora, failure);
      // Corrupt redo may be a read that went wrong: mine again, but stop as corrupt redo if it
      // stays.
      case CORRUPTION -> failure(REMINE, ErrorCode.CORRUPT_REDO, ora, failure);
      case CANCELLED -> failure(SHRINK_WINDOW, ErrorCode.REMINE_STEP, ora, failure);
      case PRIVILEGE_MISSING -> failure(STOP, ErrorCode.MISSING_PRIVILEGE, ora, failure);
      case LOGON_DENIED -> failure(STOP, ErrorCode.LOGON_DENIED, ora, failure);
      case SUPPLEMENTAL_LOGGING_MISSING ->
          failure(STOP, ErrorCode.SUPPLEMENTAL_LOGGING_MISSING, ora, failure);
      case CONFIGURATION -> failure(STOP, ErrorCode.INVALID_CONFIGURATION, ora, failure);
      case UNKNOWN_CONTAINER -> failure(STOP, ErrorCode.UNKNOWN_PDB, ora, failure);
      case INTERNAL ->
          transientInternal(failure)
              ? failure(REMINE, ErrorCode.REMINE_STEP, ora, failure)
              : failure(STOP, ErrorCode.UNCLASSIFIED_ORACLE_ERROR, ora, failure);
      case WRAPPER, NONE -> {
        if (isConnectionLoss(failure)) {
          yield failure(RECONNECT, ErrorCode.TRANSIENT_DATABASE_ERROR, ora, failure);
        }
        yield ora != 0
            ? failure(STOP, ErrorCode.UNCLASSIFIED_ORACLE_ERROR, ora, failure)
            : new Failure(STOP, ErrorCode.INTERNAL_ERROR, 0, String.valueOf(failure), failure);
      }
    };
  }

  /**
   * The verdict on a capture's first connection, before it ever reached the database: as {@link
   * #classify}, except that a listener that knows no such service or SID (ORA-12514, ORA-12505) is
   * a wrong {@code cdc.database.url} (CDC-4013) and stops at once. Once connected, the same errors
   * while reconnecting are an instance restarting, and retried.
   */
  static Failure classifyFirstConnection(Throwable failure) {
    Failure verdict = classify(failure);
    int ora = verdict.oraCode();
    if (verdict.action() == RECONNECT
        && (ora == OracleError.UNKNOWN_SERVICE.number()
            || ora == OracleError.UNKNOWN_SID.number())) {
      return new Failure(STOP, ErrorCode.UNKNOWN_SERVICE, ora, verdict.detail(), failure);
    }
    return verdict;
  }

  /**
   * The verdict on a connection made to validate a configuration, which nothing retries, or on the
   * first connection of a capture that has never run (no stored position): as {@link
   * #classifyFirstConnection}, and no listener at the URL's address (ORA-12541) is CDC-4013 too.
   * Validation must not promise a reconnect that never comes; a capture that never connected has no
   * outage to wait out, most likely a wrong host or port.
   */
  static Failure classifyValidationConnection(Throwable failure) {
    Failure verdict = classifyFirstConnection(failure);
    if (verdict.action() == RECONNECT && verdict.oraCode() == OracleError.NO_LISTENER.number()) {
      return new Failure(
          STOP, ErrorCode.UNKNOWN_SERVICE, verdict.oraCode(), verdict.detail(), failure);
    }
    return verdict;
  }

  private static boolean transientInternal(Throwable failure) {
    String message = String.valueOf(messageOf(failure, OracleError.INTERNAL_ERROR.number()));
    for (String argument : TRANSIENT_INTERNAL_ARGUMENTS) {
      if (message.contains(argument)) {
        return true;
      }
    }
    return false;
  }

  private static Failure failure(
      Failure.Action action, ErrorCode code, int ora, Throwable failure) {
    String message = ora == 0 ? String.valueOf(failure) : messageOf(failure, ora);
    return new Failure(
        action,
        code,
        ora,
        message == null ? String.valueOf(failure) : firstLines(message),
        failure);
  }

  /**
   * The ORA number that decides: the first in the chain that is not a wrapper (ORA-00604,
   * ORA-06512), else the first wrapper, else 0.
   */
  static int oraCode(Throwable failure) {
    List<Integer> codes = chainCodes(failure);
    for (int code : codes) {
      boolean wrapper =
          OracleError.find(code).map(e -> e.meaning() == OracleError.Meaning.WRAPPER).orElse(false);
      if (!wrapper) {
        return code;
      }
    }
    return codes.isEmpty() ? 0 : codes.get(0);
  }

  /**
   * Every ORA number of the chain, in order: each exception's error code, then those its message
   * names.
   */
  static List<Integer> chainCodes(Throwable failure) {
    List<Integer> codes = new ArrayList<>();
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SQLException sql
          && sql.getErrorCode() > 0
          && !codes.contains(sql.getErrorCode())) {
        codes.add(sql.getErrorCode());
      }
      Matcher m = ORA.matcher(String.valueOf(t.getMessage()));
      while (m.find()) {
        int code = Integer.parseInt(m.group(1));
        if (!codes.contains(code)) {
          codes.add(code);
        }
      }
    }
    return codes;
  }

  /** The message of the exception in the chain that carries {@code ora}, else the failure's own. */
  private static String messageOf(Throwable failure, int ora) {
    String text = String.format("ORA-%05d", ora);
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if ((t instanceof SQLException sql && sql.getErrorCode() == ora)
          || (t.getMessage() != null && t.getMessage().contains(text))) {
        return t.getMessage();
      }
    }
    return failure.getMessage();
  }

  private static boolean isConnectionLoss(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof SQLRecoverableException || t instanceof IOException) {
        return true;
      }
    }
    return false;
  }

  /** The Oracle message without its PL/SQL stack frames beyond the first two lines. */
  private static String firstLines(String message) {
    String[] lines = message.split("\n");
    return lines.length <= 2 ? message.trim() : (lines[0] + " / " + lines[1]).trim();
  }
}
