package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.util.List;
import java.util.Locale;

/**
 * The declaration of one configuration key: everything Connect's {@code ConfigDef}, the embedded
 * builder and {@code docs/configuration.md} are generated from.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because the key, its parse types and its validators are one small language: the
 * types ({@link Type}) and validators ({@link Validator}) are nested here, each a few lines, so a
 * key's declaration reads as one sentence and the docs generator and Connect's {@code ConfigDef}
 * see the same vocabulary.
 *
 * @param name the key, e.g. {@code cdc.capture.mode}
 * @param type how its text is parsed
 * @param defaultText the default as text, or {@code null} when the key is required
 * @param validator what values are allowed
 * @param importance how much a user needs to know it
 * @param group the documentation group
 * @param doc what it does, in a sentence or three
 * @param <T> the parsed value type
 */
public record ConfigKey<T>(
    String name,
    Type<T> type,
    String defaultText,
    Validator validator,
    Importance importance,
    Group group,
    String doc) {

  public ConfigKey {
    Checks.notNull(name, "name");
    Checks.notNull(type, "type");
    Checks.notNull(validator, "validator");
    Checks.notNull(importance, "importance");
    Checks.notNull(group, "group");
    Checks.notNull(doc, "doc");
    if (defaultText != null) {
      validator.check(name, type.parse(name, defaultText), defaultText);
    }
  }

  /** Whether the key has no default and must be given. */
  public boolean required() {
    return defaultText == null;
  }

  /** How much a user needs to know a key (Connect's importance levels). */
  public enum Importance {
    HIGH,
    MEDIUM,
    LOW
  }

  /** Which sink reads a key; the other one does not offer it and ignores it with a warning. */
  public enum Sink {
    BOTH,
    CONNECT,
    EMBEDDED
  }

  /** Documentation groups, in the order the docs list them, each read by one sink or both. */
  public enum Group {
    DATABASE("Database", Sink.BOTH),
    CAPTURE("Capture", Sink.BOTH),
    MINING("Mining", Sink.BOTH),
    BUFFER("Transaction buffer", Sink.BOTH),
    DELIVERY("Delivery and errors", Sink.BOTH),
    DIAGNOSTICS("Diagnostics", Sink.BOTH),
    TOPICS("Kafka topics", Sink.BOTH),
    CONNECT("Kafka Connect records", Sink.CONNECT),
    EMBEDDED("Embedded engine", Sink.EMBEDDED);

    private final String title;
    private final Sink sink;

    Group(String title, Sink sink) {
      this.title = title;
      this.sink = sink;
    }

    public String title() {
      return title;
    }

    /** The sink that reads the keys of this group. */
    public Sink sink() {
      return sink;
    }
  }

  /** The sink that reads this key. */
  public Sink sink() {
    return group.sink();
  }

  /** Checks a parsed value. */
  @FunctionalInterface
  public interface Validator {
    /**
     * @param key the key, for the message
     * @param value the parsed value
     * @param shown the value as it may be shown in a message
     * @throws ConfigException with {@link ErrorCode#INVALID_CONFIGURATION} when not allowed
     */
    void check(String key, Object value, String shown);

    /** A human description of what is allowed, for the docs; empty when anything parseable is. */
    default String describe() {
      return "";
    }

    /** The whole set of allowed values when there is one (an enum key), else empty. */
    default List<String> allowedValues() {
      return List.of();
    }

    /** Accepts every value of the type. */
    static Validator any() {
      return (key, value, shown) -> {};
    }

    /** Whole numbers in [min, max]. */
    static Validator range(long min, long max) {
      return new Validator() {
        @Override
        public void check(String key, Object value, String shown) {
          long v = ((Number) value).longValue();
          if (v < min || v > max) {
            throw new ConfigException(
                ErrorCode.INVALID_CONFIGURATION, key, shown, "must be in " + describe());
          }
        }

        @Override
        public String describe() {
          return "["
              + min
              + ", "
              + (max == Long.MAX_VALUE || max == Integer.MAX_VALUE ? "..." : max)
              + "]";
        }
      };
    }

    /** One of the given strings, compared without case. */
    static Validator oneOf(String... allowed) {
      List<String> values = List.of(allowed);
      return new Validator() {
        @Override
        public void check(String key, Object value, String shown) {
          if (!values.contains(value.toString().toLowerCase(Locale.ROOT))) {
            throw new ConfigException(
                ErrorCode.INVALID_CONFIGURATION, key, shown, "must be one of " + values);
          }
        }

        @Override
        public String describe() {
          return "one of " + String.join(", ", values);
        }

        @Override
        public List<String> allowedValues() {
          return values;
        }
      };
    }

    /**
     * A LIST whose items are each one of {@code allowed} (without case); {@code alone}, when given,
     * may not be combined with other items (as {@code none} in {@code cdc.skipped.operations}).
     */
    static Validator itemsOf(String alone, String... allowed) {
      List<String> values = List.of(allowed);
      return new Validator() {
        @Override
        public void check(String key, Object value, String shown) {
          List<?> items = (List<?>) value;
          for (Object item : items) {
            String text = item.toString().toLowerCase(Locale.ROOT);
            if (!values.contains(text)) {
              throw new ConfigException(
                  ErrorCode.INVALID_CONFIGURATION,
                  key,
                  shown,
                  "item '" + item + "' is not " + describe());
            }
            if (text.equals(alone) && items.size() > 1) {
              throw new ConfigException(
                  ErrorCode.INVALID_CONFIGURATION,
                  key,
                  shown,
                  "'" + alone + "' cannot be combined with other items");
            }
          }
        }

        @Override
        public String describe() {
          return "items from "
              + String.join(", ", values)
              + (alone == null ? "" : " (" + alone + " alone)");
        }
      };
    }

    /**
     * Items {@code PATTERN:N} with N a whole number in [1, 1000000] (a LIST key), as {@code
     * cdc.columns.truncate}; the pattern is everything before the last ':'.
     */
    static Validator lengthRules() {
      return new Validator() {
        @Override
        public void check(String key, Object value, String shown) {
          for (Object item : (List<?>) value) {
            String rule = item.toString();
            int colon = rule.lastIndexOf(':');
            long length = -1;
            try {
              length = colon > 0 ? Long.parseLong(rule.substring(colon + 1).trim()) : -1;
            } catch (NumberFormatException e) {
              length = -1;
            }
            if (length < 1
                || length > 1_000_000
                || ConfigShapes.dottedParts(rule.substring(0, colon), 3, 4) == null) {
              throw new ConfigException(
                  ErrorCode.INVALID_CONFIGURATION,
                  key,
                  shown,
                  "item '" + rule + "' is not " + describe());
            }
          }
        }

        @Override
        public String describe() {
          return "PATTERN:N items, PATTERN [PDB.]SCHEMA.TABLE.COLUMN, N in [1, 1000000]";
        }
      };
    }

    /**
     * Table patterns {@code [PDB.]SCHEMA.TABLE} (a LIST key, {@code *} any run of characters); with
     * {@code required}, at least one.
     */
    static Validator tablePatterns(boolean required) {
      return shaped(required, 2, 3, "[PDB.]SCHEMA.TABLE");
    }

    /** Column patterns {@code [PDB.]SCHEMA.TABLE.COLUMN} (a LIST key). */
    static Validator columnPatterns() {
      return shaped(false, 3, 4, "[PDB.]SCHEMA.TABLE.COLUMN");
    }

    /** Single names, such as users or PDBs (a LIST key); quoted names keep their case. */
    static Validator names() {
      return shaped(false, 1, 1, "a name (quote it when it has dots or lower case)");
    }

    private static Validator shaped(boolean required, int min, int max, String what) {
      return described(
          (required ? "one or more " : "") + "comma-separated items, each " + what,
          (key, value, shown) -> {
            if (required && ConfigShapes.isEmpty(value)) {
              throw new ConfigException(
                  ErrorCode.INVALID_CONFIGURATION, key, shown, "must name at least one " + what);
            }
            ConfigShapes.checkItems(key, value, shown, min, max, what);
          });
    }

    /** A validator of {@code check} that the docs describe as {@code description}. */
    private static Validator described(String description, Validator check) {
      return new Validator() {
        @Override
        public void check(String key, Object value, String shown) {
          check.check(key, value, shown);
        }

        @Override
        public String describe() {
          return description;
        }
      };
    }

    /** A zone id or offset that {@link java.time.ZoneId#of} knows, or empty. */
    static Validator timeZone() {
      return described(
          "a zone id such as Europe/Paris, an offset such as +02:00, or empty",
          ConfigShapes::checkZone);
    }

    /**
     * {@code [PDB.]SCHEMA.TABLE:COL1,COL2;...} entries, each with at least one column (a STRING
     * key).
     */
    static Validator keyColumns() {
      return described(
          "[PDB.]SCHEMA.TABLE:COL1,COL2 entries separated by ';'",
          (key, value, shown) -> ConfigShapes.keyColumns(key, value.toString()));
    }

    /** A non-empty text whose only {@code ${...}} placeholders are {@code allowed}. */
    static Validator template(String... allowed) {
      List<String> placeholders = List.of(allowed);
      return described(
          "non-empty; placeholders " + String.join(", ", placeholders),
          (key, value, shown) -> {
            nonEmpty().check(key, value, shown);
            ConfigShapes.checkPlaceholders(key, value, shown, placeholders);
          });
    }

    /** Comma-separated {@code host:port} items, or empty. */
    static Validator hostPorts() {
      return described("host:port,... or empty", ConfigShapes::checkHostPorts);
    }

    /** Text matching {@code regex} without case, or empty; {@code what} says it in words. */
    static Validator emptyOr(String regex, String what) {
      java.util.regex.Pattern pattern =
          java.util.regex.Pattern.compile(regex, java.util.regex.Pattern.CASE_INSENSITIVE);
      return described(
          what + " or empty",
          (key, value, shown) -> {
            String text = value.toString().trim();
            if (!text.isEmpty() && !pattern.matcher(text).matches()) {
              throw new ConfigException(
                  ErrorCode.INVALID_CONFIGURATION, key, shown, "must be " + what + " or empty");
            }
          });
    }

    /** A JDBC URL the engine captures from: Oracle's ({@code jdbc:oracle:}) or the simulator's. */
    static Validator databaseUrl() {
      return described(ConfigShapes.DATABASE_URL_SHAPE, ConfigShapes::checkDatabaseUrl);
    }

    /** A non-empty string. */
    static Validator nonEmpty() {
      return new Validator() {
        @Override
        public void check(String key, Object value, String shown) {
          if (ConfigShapes.isEmpty(value)) {
            throw new ConfigException(
                ErrorCode.INVALID_CONFIGURATION, key, shown, "must not be empty");
          }
        }

        @Override
        public String describe() {
          return "non-empty";
        }
      };
    }
  }

  /**
   * Parses a key's text into its value type.
   *
   * @param <T> the value type
   */
  public interface Type<T> {
    /**
     * @throws ConfigException naming the key and text when the text does not parse
     */
    T parse(String key, String text);

    /** The type's name in the docs and in Connect ({@code STRING}, {@code INT}, ...). */
    String name();

    Type<String> STRING = simple("STRING", (k, t) -> t.trim());
    Type<Integer> INT = simple("INT", (k, t) -> Integer.parseInt(t.trim()));
    Type<Long> LONG = simple("LONG", (k, t) -> Long.parseLong(t.trim()));
    Type<Boolean> BOOLEAN =
        simple(
            "BOOLEAN",
            (k, t) -> {
              String v = t.trim().toLowerCase(Locale.ROOT);
              if (!v.equals("true") && !v.equals("false")) {
                throw new IllegalArgumentException("not true or false");
              }
              return Boolean.valueOf(v);
            });

    /** Comma-separated; items are trimmed, empty items dropped. */
    Type<List<String>> LIST =
        simple(
            "LIST",
            (k, t) -> {
              List<String> items = new java.util.ArrayList<>();
              for (String item : t.split(",")) {
                if (!item.trim().isEmpty()) {
                  items.add(item.trim());
                }
              }
              return List.copyOf(items);
            });

    Type<Secret> PASSWORD = simple("PASSWORD", (k, t) -> Secret.of(t));

    private static <T> Type<T> simple(
        String name, java.util.function.BiFunction<String, String, T> parser) {
      return new Type<>() {
        @Override
        public T parse(String key, String text) {
          try {
            return parser.apply(key, text);
          } catch (RuntimeException e) {
            String shown = name.equals("PASSWORD") ? "[hidden]" : text;
            throw new ConfigException(
                ErrorCode.INVALID_CONFIGURATION,
                key,
                shown,
                "is not a valid " + name.toLowerCase(Locale.ROOT));
          }
        }

        @Override
        public String name() {
          return name;
        }
      };
    }
  }
}
