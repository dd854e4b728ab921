package dev.redoline.connect;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ConfigKey;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.types.Password;

/**
 * The connector's configuration, generated from {@link CdcConfig#KEYS}: every {@code cdc.} key the
 * connector reads becomes one {@link ConfigDef} entry with the same name, type, default, validator,
 * importance, group and documentation, so the worker's REST validation, the docs and the embedded
 * engine agree. Keys of the embedded engine alone ({@code cdc.state.dir}, ...) are not offered; an
 * enum or boolean key recommends its values.
 *
 * <pre>{@code
 * ConfigDef def = RedolineConnectorConfig.CONFIG_DEF;
 * CdcConfig config = RedolineConnectorConfig.parse(connectorProps);   // throws CdcException when invalid
 * }</pre>
 */
public final class RedolineConnectorConfig {

  /** The configuration of the connector and of its task. */
  public static final ConfigDef CONFIG_DEF = configDef();

  private RedolineConnectorConfig() {}

  /**
   * Parses connector properties into a validated capture configuration; keys outside the {@code
   * cdc.} namespace (Connect's own) are ignored.
   *
   * @throws dev.redoline.core.ConfigException naming the first key at fault
   */
  public static CdcConfig parse(Map<String, String> props) {
    return CdcConfig.from(props);
  }

  private static ConfigDef configDef() {
    ConfigDef def = new ConfigDef();
    Map<ConfigKey.Group, Integer> order = new EnumMap<>(ConfigKey.Group.class);
    for (ConfigKey<?> key : CdcConfig.KEYS) {
      if (key.sink() == ConfigKey.Sink.EMBEDDED) {
        continue;
      }
      int inGroup = order.merge(key.group(), 1, Integer::sum);
      def.define(
          key.name(),
          type(key.type()),
          defaultValue(key),
          new Check(key),
          importance(key.importance()),
          doc(key),
          key.group().title(),
          inGroup,
          ConfigDef.Width.MEDIUM,
          key.name(),
          recommender(key));
    }
    return def;
  }

  /** The values an enum or boolean key allows, for a UI to offer; {@code null} for other keys. */
  private static ConfigDef.Recommender recommender(ConfigKey<?> key) {
    List<Object> values =
        key.type() == ConfigKey.Type.BOOLEAN
            ? List.of(true, false)
            : List.copyOf(key.validator().allowedValues());
    if (values.isEmpty()) {
      return null;
    }
    return new ConfigDef.Recommender() {
      @Override
      public List<Object> validValues(String name, Map<String, Object> parsedConfig) {
        return values;
      }

      @Override
      public boolean visible(String name, Map<String, Object> parsedConfig) {
        return true;
      }
    };
  }

  private static Object defaultValue(ConfigKey<?> key) {
    return key.required() ? ConfigDef.NO_DEFAULT_VALUE : key.defaultText();
  }

  private static String doc(ConfigKey<?> key) {
    String allowed = key.validator().describe();
    return allowed.isEmpty() ? key.doc() : key.doc() + " Allowed: " + allowed + ".";
  }

  static ConfigDef.Type type(ConfigKey.Type<?> type) {
    return switch (type.name()) {
      case "STRING" -> ConfigDef.Type.STRING;
      case "INT" -> ConfigDef.Type.INT;
      case "LONG" -> ConfigDef.Type.LONG;
      case "BOOLEAN" -> ConfigDef.Type.BOOLEAN;
      case "LIST" -> ConfigDef.Type.LIST;
      case "PASSWORD" -> ConfigDef.Type.PASSWORD;
      default ->
          throw new IllegalArgumentException(
              "No Connect type for configuration type " + type.name());
    };
  }

  private static ConfigDef.Importance importance(ConfigKey.Importance importance) {
    return ConfigDef.Importance.valueOf(importance.name());
  }

  /** Runs a key's own validator on the value Connect parsed, so both report the same problems. */
  private static final class Check implements ConfigDef.Validator {
    private final ConfigKey<?> key;

    Check(ConfigKey<?> key) {
      this.key = key;
    }

    @Override
    public void ensureValid(String name, Object value) {
      if (value == null) {
        return; // a missing required value is reported by ConfigDef itself
      }
      String text = text(value);
      String shown = value instanceof Password ? "[hidden]" : text;
      try {
        key.validator().check(name, key.type().parse(name, text), shown);
      } catch (dev.redoline.core.ConfigException e) {
        throw new ConfigException(name, shown, e.getMessage());
      }
    }

    private static String text(Object value) {
      if (value instanceof Password p) {
        return p.value();
      }
      if (value instanceof java.util.List<?> list) {
        return String.join(",", list.stream().map(String::valueOf).toList());
      }
      return value.toString();
    }

    @Override
    public String toString() {
      return key.validator().describe();
    }
  }
}
