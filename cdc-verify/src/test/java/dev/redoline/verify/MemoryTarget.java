package dev.redoline.verify;

import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An embedded user's own store, as the target SPI sees it: rows per table in a map by column name,
 * holding the values a ChangeHandler received, and the SCN last applied. Counts the columns it was
 * asked for, so a test can show an excluded column is never asked.
 */
final class MemoryTarget implements VerifyTarget {

  final Map<TableId, Map<List<Object>, Map<String, Object>>> tables = new ConcurrentHashMap<>();
  final List<String> asked = new ArrayList<>();
  volatile Scn applied;

  /** Puts a row, keyed by the values of {@code key}. */
  void put(TableLayout layout, Row row) {
    Map<String, Object> values = new LinkedHashMap<>();
    for (int i = 0; i < layout.columns().size(); i++) {
      if (row.isPresent(i)) {
        values.put(layout.column(i).name(), row.get(i));
      }
    }
    tables
        .computeIfAbsent(layout.table(), t -> new ConcurrentHashMap<>())
        .put(key(layout, values), values);
  }

  void remove(TableLayout layout, Row before) {
    Map<String, Object> values = new LinkedHashMap<>();
    for (int i = 0; i < layout.columns().size(); i++) {
      values.put(layout.column(i).name(), before.get(i));
    }
    tables.getOrDefault(layout.table(), new ConcurrentHashMap<>()).remove(key(layout, values));
  }

  Map<String, Object> row(TableId table, Object... key) {
    return tables.get(table).get(List.of(key));
  }

  private static List<Object> key(TableLayout layout, Map<String, Object> values) {
    List<Object> key = new ArrayList<>();
    layout.primaryKey().forEach(k -> key.add(values.get(k)));
    return key;
  }

  @Override
  public Optional<Scn> appliedScn() {
    return Optional.ofNullable(applied);
  }

  @Override
  public void rows(TableLayout table, List<String> columns, RowReceiver receiver) {
    asked.addAll(columns);
    for (Map<String, Object> row : tables.getOrDefault(table.table(), Map.of()).values()) {
      Object[] values = new Object[columns.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = row.get(columns.get(i));
      }
      receiver.row(values);
    }
  }

  @Override
  public boolean remove(TableLayout table, List<String> keyColumns, List<List<Object>> keys) {
    Map<List<Object>, Map<String, Object>> rows = tables.get(table.table());
    rows.values()
        .removeIf(
            r ->
                keys.stream()
                    .anyMatch(
                        k -> {
                          for (int i = 0; i < k.size(); i++) {
                            if (!keyEquals(k.get(i), r.get(keyColumns.get(i)))) {
                              return false;
                            }
                          }
                          return true;
                        }));
    return true;
  }

  private static boolean keyEquals(Object a, Object b) {
    if (a instanceof java.math.BigDecimal x && b instanceof java.math.BigDecimal y) {
      return x.compareTo(y) == 0;
    }
    return String.valueOf(a).equals(String.valueOf(b));
  }
}
