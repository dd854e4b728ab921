package dev.redoline.core;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shapes of the structured configuration values (table and column patterns, names, zones, key
 * column lists), checked when the configuration is read so that a malformed value fails there with
 * CDC-4001 naming the key, the value and what is allowed, not later in the capture.
 *
 * <pre>{@code
 * ConfigShapes.dottedParts("SHOP..ORDERS", 2, 3);   // null: an empty part
 * ConfigShapes.dottedParts("pdb1.shop.*", 2, 3);    // [PDB1, SHOP, *]
 * }</pre>
 */
final class ConfigShapes {

  private ConfigShapes() {}

  /** The JDBC URL prefixes the engine captures from: Oracle's driver and the Oracle simulator's. */
  static final List<String> DATABASE_URL_PREFIXES = List.of("jdbc:oracle:", "jdbc:redoline:sim:");

  /** What {@link #checkDatabaseUrl} allows, for messages and the generated docs. */
  static final String DATABASE_URL_SHAPE =
      "an Oracle JDBC URL (jdbc:oracle:thin:@//host:port/service) or an"
          + " Oracle simulator URL (jdbc:redoline:sim:demo, jdbc:redoline:sim://127.0.0.1:15210/stress)";

  static void checkDatabaseUrl(String key, Object value, String shown) {
    String url = value.toString().trim();
    if (DATABASE_URL_PREFIXES.stream().noneMatch(url::startsWith)) {
      throw new ConfigException(
          ErrorCode.INVALID_CONFIGURATION,
          key,
          shown,
          "is not a database URL the engine can capture from; expected " + DATABASE_URL_SHAPE);
    }
    String problem =
        url.startsWith("jdbc:oracle:thin:")
            ? thinProblem(url)
            : url.startsWith("jdbc:redoline:sim:")
                ? simulatorProblem(url.substring("jdbc:redoline:sim:".length()))
                : null;
    if (problem != null) {
      throw new ConfigException(
          ErrorCode.INVALID_CONFIGURATION,
          key,
          shown,
          problem + "; expected " + DATABASE_URL_SHAPE);
    }
  }

  /** What is wrong with a thin driver URL that no connection could repair, or {@code null}. */
  private static String thinProblem(String url) {
    int at = url.lastIndexOf('@');
    if (at >= 0 && url.substring(at + 1).isBlank()) {
      // ojdbc reads an empty connect identifier as a TNS alias it never finds: no retry repairs it
      return "names no database after '@' (an empty connect identifier)";
    }
    return null;
  }

  /**
   * What is wrong with the part of a simulator URL after {@code jdbc:redoline:sim:}, or {@code
   * null}: a workload name, or {@code //host:port/workload} with a port in 1..65535.
   */
  private static String simulatorProblem(String afterPrefix) {
    int query = afterPrefix.indexOf('?');
    String rest =
        query < 0 ? afterPrefix : afterPrefix.substring(0, query); // options may hold paths
    if (rest.isBlank()) {
      return "names no simulator workload";
    }
    if (!rest.startsWith("//")) {
      return rest.contains("/") ? "is not a workload name" : null;
    }
    int slash = rest.indexOf('/', 2);
    int colon = rest.lastIndexOf(':', slash < 0 ? rest.length() : slash);
    if (slash < 0 || colon < 2 || slash == rest.length() - 1) {
      return "is not a simulator server address (//host:port/workload)";
    }
    if (colon == 2) {
      return "names no simulator server host";
    }
    String port = rest.substring(colon + 1, slash);
    boolean digits =
        !port.isEmpty() && port.length() <= 5 && port.chars().allMatch(Character::isDigit);
    if (!digits || Integer.parseInt(port) < 1 || Integer.parseInt(port) > 65_535) {
      return "has no port number in 1..65535 for the simulator server";
    }
    return null;
  }

  /**
   * A JDBC URL as it may be shown: what stands between the driver's prefix and an {@code @}
   * (Oracle's {@code user/password@} form, or a {@code user:password@} of any driver) and a query
   * string's values (EZConnect's {@code ?wallet_password=...}) are replaced by {@code ***}; the
   * host and service stay, since they are what an operator needs to see.
   */
  static String shownUrl(String url) {
    String shown = url;
    int at = shown.lastIndexOf('@');
    if (at > 0) {
      int prefixEnd = prefixEnd(shown, at);
      shown = shown.substring(0, prefixEnd) + (prefixEnd < at ? "***" : "") + shown.substring(at);
    }
    int query = shown.indexOf('?');
    return query < 0 || query == shown.length() - 1 ? shown : shown.substring(0, query + 1) + "***";
  }

  /**
   * Where the text before {@code at} stops being the driver's name: after {@code
   * jdbc:<driver>:<subname>:}.
   */
  private static int prefixEnd(String url, int at) {
    int colons = 0;
    for (int i = 0; i < at; i++) {
      if (url.charAt(i) == ':' && ++colons == 3) {
        return i + 1;
      }
      if (url.charAt(i) == '/') {
        return i; // jdbc:mysql://user:password@host: the credentials follow the slashes
      }
    }
    return 0;
  }

  /**
   * The identifier parts of {@code text} ({@link TableId#splitIdentifiers}) when there are {@code
   * min} to {@code max} of them; {@code null} when the text is malformed or has another count.
   */
  static List<String> dottedParts(String text, int min, int max) {
    try {
      List<String> parts = TableId.splitIdentifiers(text);
      return parts.size() >= min && parts.size() <= max ? parts : null;
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * Checks every item of a LIST value against a dotted shape.
   *
   * @param what the allowed shape, for the message, e.g. {@code [PDB.]SCHEMA.TABLE}
   */
  static void checkItems(String key, Object value, String shown, int min, int max, String what) {
    for (Object item : (List<?>) value) {
      if (dottedParts(item.toString(), min, max) == null) {
        throw new ConfigException(
            ErrorCode.INVALID_CONFIGURATION, key, shown, "item '" + item + "' is not " + what);
      }
    }
  }

  /**
   * Whether a LIST or STRING value holds nothing (a LIST drops empty items, so "," is empty too).
   */
  static boolean isEmpty(Object value) {
    return value instanceof List<?> list ? list.isEmpty() : value.toString().trim().isEmpty();
  }

  /** Checks a zone id or offset; empty is allowed (the database's zone). */
  static void checkZone(String key, Object value, String shown) {
    String text = value.toString().trim();
    if (text.isEmpty()) {
      return;
    }
    try {
      ZoneId.of(text);
    } catch (DateTimeException e) {
      throw new ConfigException(
          ErrorCode.INVALID_CONFIGURATION,
          key,
          shown,
          "is not a time zone; allowed: a zone id such as Europe/Paris, an offset such as +02:00, or empty");
    }
  }

  /**
   * Parses {@code [PDB.]SCHEMA.TABLE:COL1,COL2;...}: per table, its key columns in order.
   *
   * @throws ConfigException naming the entry at fault: one without ':', a table that is not {@code
   *     [PDB.]SCHEMA.TABLE}, no column, or a column that is not one name
   */
  static Map<TableId, List<String>> keyColumns(String key, String text) {
    Map<TableId, List<String>> columnsByTable = new LinkedHashMap<>();
    for (String entry : text.split(";")) {
      if (entry.isBlank()) {
        continue;
      }
      int colon = entry.indexOf(':');
      List<String> table = colon < 0 ? null : dottedParts(entry.substring(0, colon), 2, 3);
      List<String> columns = new ArrayList<>();
      if (table != null) {
        for (String column : entry.substring(colon + 1).split(",")) {
          List<String> name = column.isBlank() ? null : dottedParts(column, 1, 1);
          if (name == null) {
            columns = null;
            break;
          }
          columns.add(name.get(0));
        }
      }
      if (table == null || columns == null || columns.isEmpty()) {
        throw new ConfigException(
            ErrorCode.INVALID_CONFIGURATION,
            key,
            text.trim(),
            "entry '"
                + entry.trim()
                + "' is not [PDB.]SCHEMA.TABLE:COL1,COL2 (entries separated by ';', at least one column each)");
      }
      TableId id =
          table.size() == 2
              ? TableId.of(table.get(0), table.get(1))
              : new TableId(table.get(0), table.get(1), table.get(2));
      columnsByTable.put(id, List.copyOf(columns));
    }
    return columnsByTable;
  }

  /**
   * Checks that {@code value} names no placeholder but {@code allowed} ones ({@code ${...}}), so a
   * misspelt one does not end up, mangled, in a topic name.
   */
  static void checkPlaceholders(String key, Object value, String shown, List<String> allowed) {
    String text = value.toString();
    for (int at = text.indexOf("${"); at >= 0; at = text.indexOf("${", at + 2)) {
      int end = text.indexOf('}', at);
      String placeholder = end < 0 ? text.substring(at) : text.substring(at, end + 1);
      if (!allowed.contains(placeholder)) {
        throw new ConfigException(
            ErrorCode.INVALID_CONFIGURATION,
            key,
            shown,
            "'"
                + placeholder
                + "' is not a placeholder of this key; allowed: "
                + String.join(", ", allowed));
      }
    }
  }

  /** Checks comma-separated {@code host:port} items (Kafka's bootstrap form); empty is allowed. */
  static void checkHostPorts(String key, Object value, String shown) {
    for (String item : value.toString().split(",")) {
      String server = item.trim();
      if (server.isEmpty()) {
        continue;
      }
      int colon = server.lastIndexOf(':');
      int port = -1;
      try {
        port = colon > 0 ? Integer.parseInt(server.substring(colon + 1)) : -1;
      } catch (NumberFormatException e) {
        port = -1;
      }
      if (port < 1 || port > 65_535) {
        throw new ConfigException(
            ErrorCode.INVALID_CONFIGURATION,
            key,
            shown,
            "item '"
                + server
                + "' is not host:port (port in [1, 65535]); items are separated by ','");
      }
    }
  }
}
