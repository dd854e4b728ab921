package dev.redoline.embedded;

import dev.redoline.core.Column;
import dev.redoline.core.OracleType;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON form of a {@link TableLayout} in the schema history: the table, the version, each
 * column's name, type and nullability, and the primary key. Types are kept as their parts (kind,
 * length, precision, scale) so they read back exactly; {@code type} is the SQL text, for people.
 */
final class LayoutJson {

  /** The version of a schema history line. */
  static final int VERSION = 1;

  private LayoutJson() {}

  static Map<String, Object> toJson(TableLayout layout, Scn scn) {
    Map<String, Object> table = new LinkedHashMap<>();
    table.put("pdb", layout.table().pdb());
    table.put("owner", layout.table().owner());
    table.put("name", layout.table().table());
    List<Object> columns = new ArrayList<>();
    for (Column c : layout.columns()) {
      Map<String, Object> column = new LinkedHashMap<>();
      column.put("name", c.name());
      column.put("type", c.type().toString());
      column.put("kind", c.type().kind().name());
      column.put("length", c.type().length());
      column.put("precision", c.type().precision());
      column.put("scale", c.type().scale());
      column.put("nullable", c.nullable());
      columns.add(column);
    }
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("v", VERSION);
    json.put("scn", scn.toString());
    json.put("table", table);
    json.put("version", layout.version());
    json.put("columns", columns);
    json.put("primary_key", layout.primaryKey());
    return json;
  }

  /**
   * @throws IllegalArgumentException naming what is wrong
   */
  static TableLayout fromJson(Map<String, Object> json) {
    Object v = json.get("v");
    if (!(v instanceof Long version) || version != VERSION) {
      throw new IllegalArgumentException(
          "version " + v + " is not one this Redoline reads (" + VERSION + ")");
    }
    Map<?, ?> table = (Map<?, ?>) required(json, "table");
    TableId id =
        new TableId(
            (String) table.get("pdb"),
            (String) required(table, "owner"),
            (String) required(table, "name"));
    List<Column> columns = new ArrayList<>();
    int position = 1;
    for (Object o : (List<?>) required(json, "columns")) {
      Map<?, ?> c = (Map<?, ?>) o;
      OracleType type =
          new OracleType(
              OracleType.Kind.valueOf((String) required(c, "kind")),
              integer(c, "length"),
              integer(c, "precision"),
              integer(c, "scale"));
      columns.add(
          new Column(
              (String) required(c, "name"), position++, type, (Boolean) required(c, "nullable")));
    }
    List<String> key = new ArrayList<>();
    for (Object k : (List<?>) required(json, "primary_key")) {
      key.add((String) k);
    }
    return new TableLayout(id, integer(json, "version"), columns, key);
  }

  static Scn scn(Map<String, Object> json) {
    return Scn.parse((String) required(json, "scn"));
  }

  private static Object required(Map<?, ?> map, String key) {
    Object value = map.get(key);
    if (value == null) {
      throw new IllegalArgumentException("'" + key + "' is missing");
    }
    return value;
  }

  private static int integer(Map<?, ?> map, String key) {
    return Math.toIntExact((Long) required(map, key));
  }
}
