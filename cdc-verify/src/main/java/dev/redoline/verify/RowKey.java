package dev.redoline.verify;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The key of one row in a report: the values of the table's key columns, which a verification only
 * accepts when the capture delivers them verbatim (never excluded, hashed or truncated), so showing
 * them reveals nothing the consumer does not hold. A number is a {@link BigDecimal}, a DATE or
 * TIMESTAMP a {@link LocalDateTime}, text a {@code String}.
 *
 * @param values the key's values in key column order
 */
public record RowKey(List<Object> values) {

  public RowKey {
    values = List.copyOf(values);
  }

  /** {@code [42, 'ab''c', 2024-01-02T03:04:05]}: numbers plain, text quoted as in SQL. */
  @Override
  public String toString() {
    return values.stream().map(RowKey::text).collect(Collectors.joining(", ", "[", "]"));
  }

  /** The value as an Oracle SQL literal, for the filter of a redelivery. */
  static String literal(Object v) {
    if (v instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (v instanceof LocalDateTime t) {
      return "TO_TIMESTAMP('"
          + t.toLocalDate()
          + " "
          + t.toLocalTime().withNano(0)
          + "."
          + String.format("%09d", t.getNano())
          + "', 'YYYY-MM-DD HH24:MI:SS.FF9')";
    }
    return "'" + v.toString().replace("'", "''") + "'";
  }

  /**
   * The SQL condition that selects exactly {@code keys}: an IN list, or ORs of ANDs for a composite
   * key.
   */
  static String filter(List<String> keyColumns, List<RowKey> keys) {
    if (keyColumns.size() == 1) {
      List<String> literals = keys.stream().map(k -> literal(k.values().get(0))).toList();
      return quote(keyColumns.get(0)) + " IN (" + String.join(", ", literals) + ")";
    }
    List<String> rows = new ArrayList<>();
    for (RowKey k : keys) {
      List<String> parts = new ArrayList<>();
      for (int i = 0; i < keyColumns.size(); i++) {
        parts.add(quote(keyColumns.get(i)) + " = " + literal(k.values().get(i)));
      }
      rows.add("(" + String.join(" AND ", parts) + ")");
    }
    return String.join(" OR ", rows);
  }

  private static String quote(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  private static String text(Object v) {
    return v instanceof String s
        ? "'" + s.replace("'", "''") + "'"
        : v instanceof BigDecimal d ? d.toPlainString() : String.valueOf(v);
  }
}
