package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One version of a table's layout: its columns in order and its primary key. A new version is made
 * for each DDL that changes the table, so old redo decodes with the layout of its time.
 *
 * <p>Layouts hold names and types only, never values; the schema history stores them as they are.
 *
 * <pre>{@code
 * TableLayout layout = TableLayout.builder(TableId.of("INVENTORY", "ORDERS"), 1)
 *     .column("ID", OracleType.number(10, 0), false)
 *     .column("NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 200), true)
 *     .primaryKey("ID")
 *     .build();
 * assert layout.indexOf("NOTE") == 1;
 * }</pre>
 */
public final class TableLayout {

  private final TableId table;
  private final int version;
  private final List<Column> columns;
  private final List<String> primaryKey;
  private final Map<String, Integer> indexByName;

  /**
   * Creates a layout.
   *
   * @throws IllegalArgumentException if column names repeat, positions are not 1..n in order, or a
   *     primary key column is not a column
   */
  public TableLayout(TableId table, int version, List<Column> columns, List<String> primaryKey) {
    this.table = Checks.notNull(table, "table");
    this.version = version;
    this.columns = List.copyOf(Checks.notNull(columns, "columns"));
    this.primaryKey = List.copyOf(Checks.notNull(primaryKey, "primaryKey"));
    Checks.argument(version >= 1, "version must be 1 or more: %s", version);
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < this.columns.size(); i++) {
      Column column = this.columns.get(i);
      Checks.argument(
          column.position() == i + 1,
          "Column %s of %s has position %s, expected %s",
          column.name(),
          table,
          column.position(),
          i + 1);
      Checks.argument(
          index.put(column.name(), i) == null,
          "Column %s appears twice in %s",
          column.name(),
          table);
    }
    for (String key : this.primaryKey) {
      Checks.argument(
          index.containsKey(key), "Primary key column %s is not a column of %s", key, table);
    }
    this.indexByName = Map.copyOf(index);
  }

  /** Starts a layout for {@code table} at {@code version}. */
  public static Builder builder(TableId table, int version) {
    return new Builder(table, version);
  }

  public TableId table() {
    return table;
  }

  public int version() {
    return version;
  }

  public List<Column> columns() {
    return columns;
  }

  /** Primary key column names in key order; empty when the table has none. */
  public List<String> primaryKey() {
    return primaryKey;
  }

  /** The 0-based index of the named column, or -1 if the layout has no such column. */
  public int indexOf(String columnName) {
    Integer index = indexByName.get(columnName);
    return index == null ? -1 : index;
  }

  /** The column at a 0-based index. */
  public Column column(int index) {
    return columns.get(index);
  }

  /** A copy of this layout at {@code newVersion} with other columns: what an ALTER produces. */
  public TableLayout withColumns(
      int newVersion, List<Column> newColumns, List<String> newPrimaryKey) {
    return new TableLayout(table, newVersion, newColumns, newPrimaryKey);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TableLayout other
        && table.equals(other.table)
        && version == other.version
        && columns.equals(other.columns)
        && primaryKey.equals(other.primaryKey);
  }

  @Override
  public int hashCode() {
    return Objects.hash(table, version, columns, primaryKey);
  }

  @Override
  public String toString() {
    return "TableLayout["
        + table
        + " v"
        + version
        + " "
        + columns.size()
        + " columns, key "
        + primaryKey
        + "]";
  }

  /** Collects columns in order; positions are assigned 1..n. */
  public static final class Builder {
    private final TableId table;
    private final int version;
    private final List<Column> columns = new java.util.ArrayList<>();
    private List<String> primaryKey = List.of();

    private Builder(TableId table, int version) {
      this.table = Checks.notNull(table, "table");
      this.version = version;
    }

    public Builder column(String name, OracleType type, boolean nullable) {
      columns.add(new Column(name, columns.size() + 1, type, nullable));
      return this;
    }

    public Builder primaryKey(String... names) {
      this.primaryKey = List.of(names);
      return this;
    }

    public TableLayout build() {
      return new TableLayout(table, version, columns, primaryKey);
    }
  }
}
