package dev.redoline.logminer;

import static dev.redoline.logminer.Failure.Action.RECONNECT;
import static dev.redoline.logminer.Failure.Action.REINVENTORY;
import static dev.redoline.logminer.Failure.Action.REMINE;
import static dev.redoline.logminer.Failure.Action.SHRINK_WINDOW;
import static dev.redoline.logminer.Failure.Action.STOP;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.util.Map;

/**
 * Turns any exception from a mining step into a {@link Failure}: one table for both gateways,
 * because the simulator raises {@link SQLException}s exactly as ojdbc does.
 *
 * <p>The rules, in order (LOGMINER.md section 7):
 * <ol>
 *   <li>A {@link CdcException} keeps its own code: retriable codes reconnect, others stop.
 *   <li>The first ORA number found in the cause chain (error code, else an {@code ORA-NNNNN} at
 *       the start of a message line) decides by {@link #BY_ORA_CODE}. ORA-00600 re-mines only for
 *       the LogMiner arguments known to be transient.
 *   <li>Otherwise a {@link SQLRecoverableException} or an {@link IOException} anywhere in the chain
 *       reconnects: the connection is gone.
 *   <li>An ORA code not in the table stops with CDC-5001 and the code in the message: never
 *       retried blindly, never ignored. Anything else is a Redoline defect: CDC-5002.
 * </ol>
 */
final class FailureClassifier {

  /** ORA-00600 arguments of LogMiner read errors that mining again gets past. */
  private static final String[] TRANSIENT_INTERNAL_ARGUMENTS = {"[krvrdGetUID]", "[krvrdccs10]", "[krvrdccs30]"};

  private record Rule(Failure.Action action, ErrorCode code) {}

  /** What each ORA number means to the engine. */
  private static final Map<Integer, Rule> BY_ORA_CODE = Map.ofEntries(
      // The connection or the instance is going or gone: reconnect with backoff.
      reconnect(28), reconnect(603), reconnect(1033), reconnect(1034), reconnect(1089), reconnect(1109),
      reconnect(2396), reconnect(3113), reconnect(3114), reconnect(3135), reconnect(4030), reconnect(4031),
      reconnect(4036), reconnect(7445), reconnect(12514), reconnect(12541), reconnect(12543), reconnect(17002),
      reconnect(17008), reconnect(17410), reconnect(65024), reconnect(1001),
      // LogMiner read the redo as it changed, or lost its session: mine the step again.
      remine(310), remine(334), remine(308), remine(1284), remine(1292), remine(1281), remine(1306),
      remine(1317), remine(1327), remine(1333), remine(1371), remine(1289),
      // A log of the range is missing from the session: list the logs again, after a wait.
      Map.entry(1291, new Rule(REINVENTORY, ErrorCode.LOG_SEQUENCE_GAP)),
      // Corrupt redo may be a read that went wrong: mine again, but stop as corrupt redo if it stays.
      Map.entry(1343, new Rule(REMINE, ErrorCode.CORRUPT_REDO)),
      Map.entry(1013, new Rule(SHRINK_WINDOW, ErrorCode.REMINE_STEP)),
      // Setup: an operator must act.
      stop(942, ErrorCode.MISSING_PRIVILEGE), stop(1031, ErrorCode.MISSING_PRIVILEGE),
      stop(1347, ErrorCode.SUPPLEMENTAL_LOGGING_MISSING), stop(44609, ErrorCode.INVALID_CONFIGURATION),
      stop(44613, ErrorCode.INVALID_CONFIGURATION), stop(65040, ErrorCode.INVALID_CONFIGURATION),
      stop(65011, ErrorCode.UNKNOWN_PDB), stop(1882, ErrorCode.INVALID_CONFIGURATION));

  private FailureClassifier() {}

  private static Map.Entry<Integer, Rule> reconnect(int ora) {
    return Map.entry(ora, new Rule(RECONNECT, ErrorCode.TRANSIENT_DATABASE_ERROR));
  }

  private static Map.Entry<Integer, Rule> remine(int ora) {
    return Map.entry(ora, new Rule(REMINE, ErrorCode.REMINE_STEP));
  }

  private static Map.Entry<Integer, Rule> stop(int ora, ErrorCode code) {
    return Map.entry(ora, new Rule(STOP, code));
  }

  static Failure classify(Throwable failure) {
    if (failure instanceof CdcException e) {
      Failure.Action action = e.retriable() ? RECONNECT : STOP;
      return new Failure(action, e.errorCode(), 0, e.detail(), e);
    }
    int ora = oraCode(failure);
    if (ora == 600) {
      boolean transientArgument = false;
      for (String argument : TRANSIENT_INTERNAL_ARGUMENTS) {
        transientArgument |= String.valueOf(messageOf(failure, 600)).contains(argument);
      }
      return transientArgument ? failure(REMINE, ErrorCode.REMINE_STEP, ora, failure)
          : failure(STOP, ErrorCode.UNCLASSIFIED_ORACLE_ERROR, ora, failure);
    }
    Rule rule = BY_ORA_CODE.get(ora);
    if (rule != null) {
      return failure(rule.action(), rule.code(), ora, failure);
    }
    if (isConnectionLoss(failure)) {
      return failure(RECONNECT, ErrorCode.TRANSIENT_DATABASE_ERROR, ora, failure);
    }
    if (ora != 0) {
      return failure(STOP, ErrorCode.UNCLASSIFIED_ORACLE_ERROR, ora, failure);
    }
    return new Failure(STOP, ErrorCode.INTERNAL_ERROR, 0, String.valueOf(failure), failure);
  }

  private static Failure failure(Failure.Action action, ErrorCode code, int ora, Throwable failure) {
    String message = ora == 0 ? String.valueOf(failure) : messageOf(failure, ora);
    return new Failure(action, code, ora, message == null ? String.valueOf(failure) : firstLines(message), failure);
  }

  /** The first ORA number in the chain: an {@link SQLException}'s error code, else one in a message. */
  static int oraCode(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof SQLException sql && sql.getErrorCode() > 0) {
        return sql.getErrorCode();
      }
      int fromText = oraInText(t.getMessage());
      if (fromText > 0) {
        return fromText;
      }
    }
    return 0;
  }

  private static int oraInText(String message) {
    if (message == null) {
      return 0;
    }
    int at = message.indexOf("ORA-");
    if (at < 0 || at + 9 > message.length()) {
      return 0;
    }
    try {
      return Integer.parseInt(message.substring(at + 4, at + 9));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static String messageOf(Throwable failure, int ora) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if ((t instanceof SQLException sql && sql.getErrorCode() == ora) || oraInText(t.getMessage()) == ora) {
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
