package dev.redoline.connect;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ConfigException;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.PreflightProblem;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigValue;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.source.ConnectorTransactionBoundaries;
import org.apache.kafka.connect.source.ExactlyOnceSupport;
import org.apache.kafka.connect.source.SourceConnector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Redoline source connector: captures an Oracle database's committed transactions with LogMiner
 * and writes one record per change.
 *
 * <pre>{@code
 * PUT /connectors/shop/config
 * {"connector.class": "dev.redoline.connect.RedolineSourceConnector", "tasks.max": "1",
 *  "cdc.database.url": "jdbc:oracle:thin:@//db:1521/ORCLCDB", "cdc.database.pdbs": "PDB1",
 *  "cdc.tables.include": "PDB1.SHOP.*", "cdc.topic.prefix": "shop",
 *  "exactly.once.support": "required", "transaction.boundary": "connector"}
 * }</pre>
 *
 * <p>One task, always: the redo of a database is one ordered stream. {@link #validate} reports the
 * configuration's problems and the database's (archive log mode, supplemental logging, privileges,
 * PDBs) beside the key each concerns, with its CDC-4xxx code. Exactly-once delivery is supported,
 * with Kafka transactions that end only at Oracle commits. See {@code docs/connect.md}.
 */
public final class RedolineSourceConnector extends SourceConnector {

  private static final Logger LOG = LoggerFactory.getLogger(RedolineSourceConnector.class);

  /**
   * What validation says when the connector's own Kafka clients are off. Not an error: Connect's
   * validation has no warnings, and the connector works without them, only with longer restarts.
   */
  static final String JOURNAL_OFF =
      "cdc.kafka.bootstrap.servers is empty: the journal topic, the schema topic "
          + "read-back and topic creation are off; a restart re-reads the redo of every open transaction from its "
          + "first change, and layout versions start again at 1";

  private final Function<CdcConfig, Database> databases;
  private Map<String, String> props;

  /** The constructor the worker calls. */
  public RedolineSourceConnector() {
    this(Database::fromConfig);
  }

  RedolineSourceConnector(Function<CdcConfig, Database> databases) {
    this.databases = databases;
  }

  @Override
  public String version() {
    return Version.current();
  }

  @Override
  public void start(Map<String, String> props) {
    try {
      RedolineConnectorConfig.parse(props);
      for (ConfigException p : SinkChecks.problems(props)) {
        throw p;
      }
    } catch (CdcException e) {
      throw new ConnectException(e.getMessage(), e);
    }
    warnIgnored(props);
    this.props = Map.copyOf(props);
  }

  private static void warnIgnored(Map<String, String> props) {
    List<String> ignored = SinkChecks.ignoredKeys(props);
    if (!ignored.isEmpty()) {
      LOG.warn(SinkChecks.ignoredWarning(ignored));
    }
  }

  @Override
  public Class<? extends Task> taskClass() {
    return RedolineSourceTask.class;
  }

  /** One configuration: one task reads the one redo stream, whatever {@code tasks.max} says. */
  @Override
  public List<Map<String, String>> taskConfigs(int maxTasks) {
    return List.of(props);
  }

  @Override
  public void stop() {
    props = null;
  }

  @Override
  public ConfigDef config() {
    return RedolineConnectorConfig.CONFIG_DEF;
  }

  /**
   * Connect's checks, then every problem {@link CdcConfig#problems} finds, then, when the
   * configuration itself is valid, the database's preflight checks; each beside its key. For a
   * {@code cdc.} key, Redoline's message (code, key, value, what is allowed) replaces {@code
   * ConfigDef}'s own, which for a wrong type says neither code nor range. Exactly-once with a
   * transaction boundary other than {@code connector} is an error on {@code transaction.boundary};
   * keys of the embedded engine are not offered and are logged as ignored.
   */
  @Override
  public Config validate(Map<String, String> connectorConfigs) {
    Config config = super.validate(connectorConfigs);
    Map<String, ConfigValue> byName = new HashMap<>();
    config.configValues().forEach(v -> byName.put(v.name(), v));
    List<ConfigException> problems = CdcConfig.problems(connectorConfigs);
    for (ConfigException p : problems) {
      ConfigValue known = byName.get(p.key());
      if (known != null && !known.errorMessages().isEmpty()) {
        replaceMessages(config, byName, known, p.getMessage());
      } else {
        add(config, byName, p.key(), p.getMessage());
      }
    }
    for (ConfigException p : SinkChecks.problems(connectorConfigs)) {
      add(config, byName, p.key(), p.getMessage());
    }
    showEffectiveValue(byName, SinkChecks.BOUNDARY, SinkChecks.boundary(connectorConfigs));
    warnIgnored(connectorConfigs);
    if (problems.isEmpty()) {
      CdcConfig cdc = CdcConfig.from(connectorConfigs);
      preflight(cdc, config, byName);
      if (cdc.get(CdcConfig.KAFKA_BOOTSTRAP_SERVERS).isBlank()) {
        LOG.warn(JOURNAL_OFF);
      }
    }
    return config;
  }

  private void preflight(CdcConfig cdc, Config config, Map<String, ConfigValue> byName) {
    try {
      for (PreflightProblem p : databases.apply(cdc).preflight(cdc)) {
        String text = p.describe();
        if (p.warning()) {
          LOG.warn(
              "{}: {}", p.key(),
              text); // a risk to know about, not a reason to refuse the connector
        } else {
          add(config, byName, p.key(), text);
        }
      }
    } catch (CdcException e) {
      add(config, byName, CdcConfig.DATABASE_URL.name(), e.getMessage());
    }
  }

  /** Puts {@code message} in place of ConfigDef's messages on {@code known}. */
  private static void replaceMessages(
      Config config, Map<String, ConfigValue> byName, ConfigValue known, String message) {
    ConfigValue ours =
        new ConfigValue(
            known.name(),
            known.value(),
            known.recommendedValues(),
            new java.util.ArrayList<>(List.of(message)));
    ours.visible(known.visible());
    List<ConfigValue> values = config.configValues();
    values.set(values.indexOf(known), ours);
    byName.put(known.name(), ours);
  }

  /**
   * Gives a key of the worker's (not in this connector's ConfigDef) the value in force, where
   * {@link #add} created it without one, so validation never shows it as null.
   */
  private static void showEffectiveValue(
      Map<String, ConfigValue> byName, String key, String value) {
    ConfigValue shown = byName.get(key);
    if (shown != null && shown.value() == null) {
      shown.value(value);
    }
  }

  private static void add(
      Config config, Map<String, ConfigValue> byName, String key, String message) {
    ConfigValue value =
        byName.computeIfAbsent(
            key,
            k -> {
              ConfigValue v = new ConfigValue(k);
              config.configValues().add(v);
              return v;
            });
    if (!value.errorMessages().contains(message)) {
      value.addErrorMessage(message);
    }
  }

  @Override
  public ExactlyOnceSupport exactlyOnceSupport(Map<String, String> connectorConfig) {
    return ExactlyOnceSupport.SUPPORTED;
  }

  /** Supported: the task asks for a commit only after the last change of an Oracle transaction. */
  @Override
  public ConnectorTransactionBoundaries canDefineTransactionBoundaries(
      Map<String, String> connectorConfig) {
    return ConnectorTransactionBoundaries.SUPPORTED;
  }

  /**
   * Accepts a new offset only when it is a readable position ({@code null} resets the capture to
   * {@code cdc.start.scn}).
   *
   * @throws ConnectException with the CDC-4007 message naming the key and value at fault
   */
  @Override
  public boolean alterOffsets(
      Map<String, String> connectorConfig, Map<Map<String, ?>, Map<String, ?>> offsets) {
    for (Map.Entry<Map<String, ?>, Map<String, ?>> e : offsets.entrySet()) {
      try {
        OffsetCodec.validate(e.getKey(), e.getValue());
      } catch (CdcException ex) {
        throw new ConnectException(ex.getMessage(), ex);
      }
    }
    return true;
  }
}
