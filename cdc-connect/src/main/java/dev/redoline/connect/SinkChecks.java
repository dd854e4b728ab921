package dev.redoline.connect;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ConfigException;
import dev.redoline.core.ConfigKey;
import dev.redoline.core.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The checks of a connector configuration that concern Connect's own keys, or keys meant for the
 * embedded engine, beyond what {@link CdcConfig#problems} checks.
 *
 * <pre>{@code
 * List<ConfigException> problems = SinkChecks.problems(props);   // CDC-4001 on transaction.boundary
 * List<String> ignored = SinkChecks.ignoredKeys(props);          // e.g. [cdc.state.dir]
 * }</pre>
 */
final class SinkChecks {

  /** Connect's key for exactly-once source support. */
  static final String EXACTLY_ONCE = "exactly.once.support";

  /** Connect's key for who ends Kafka transactions. */
  static final String BOUNDARY = "transaction.boundary";

  private SinkChecks() {}

  /**
   * With {@code exactly.once.support=required}, {@code transaction.boundary} must be {@code
   * connector}: only the connector knows where an Oracle transaction ends, and with {@code poll}
   * (Connect's default) or {@code interval} the worker commits a Kafka transaction wherever a poll
   * or the interval happens to end, which can be inside an Oracle transaction.
   */
  static List<ConfigException> problems(Map<String, String> props) {
    List<ConfigException> problems = new ArrayList<>();
    String eos = props.getOrDefault(EXACTLY_ONCE, "requested").trim().toLowerCase(Locale.ROOT);
    String boundary = boundary(props);
    if (eos.equals("required") && !boundary.equalsIgnoreCase("connector")) {
      problems.add(
          new ConfigException(
              ErrorCode.INVALID_CONFIGURATION,
              BOUNDARY,
              boundary,
              "must be connector when exactly.once.support=required: each Kafka transaction must hold whole "
                  + "Oracle transactions, and only the connector knows where one ends; with "
                  + boundary
                  + " the worker may commit in the middle of one"));
    }
    return problems;
  }

  /** The transaction boundary in force: the one given, or Connect's default {@code poll}. */
  static String boundary(Map<String, String> props) {
    return props.getOrDefault(BOUNDARY, "poll").trim();
  }

  /** The {@code cdc.} keys given that belong to the embedded engine; the connector ignores them. */
  static List<String> ignoredKeys(Map<String, String> props) {
    return CdcConfig.otherSinkKeys(props, ConfigKey.Sink.CONNECT);
  }

  /** The warning logged for {@link #ignoredKeys}. */
  static String ignoredWarning(List<String> keys) {
    return "Ignored: "
        + String.join(", ", keys)
        + " (read by the embedded engine only, not by the Kafka Connect "
        + "connector); remove "
        + (keys.size() == 1 ? "it" : "them")
        + " from the connector configuration";
  }
}
