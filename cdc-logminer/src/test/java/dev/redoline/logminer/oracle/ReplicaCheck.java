package dev.redoline.logminer.oracle;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.TableId;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The replica-equals-source check of the simulator suite ({@code RecordingReplayTest}) and the
 * real-Oracle suites ({@code OracleEndToEndIT}, {@code OracleConnectIT}); the key is the first
 * column: the consumer's replica of the captured tables, built from delivered changes the way a
 * sink applies them (an insert or snapshot read puts the row, an update replaces it, a delete
 * removes it), compared with the tables read {@code AS OF SCN} the last delivered commit: equal key
 * sets, and equal rows for tables whose layout did not change. Values are compared as normalized
 * text (numbers without trailing zeros, bytes as hex, date-times in ISO form), so a JDBC value and
 * a delivered one of the same Oracle value compare equal.
 */
public final class ReplicaCheck {

  /** table, then key text, then the row's values as text. */
  private final Map<TableId, Map<String, List<String>>> replica =
      new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));

  /**
   * A delivered value a sink keeps the old value for: LOB content the change does not carry
   * (Connect's {@code cdc.lob.unavailable.value}); an {@link Absent} slot is kept the same way.
   */
  public static final Object UNCHANGED =
      new Object() {
        @Override
        public String toString() {
          return "UNCHANGED";
        }
      };

  /** Applies one delivered change, in delivery order. */
  public void apply(Change c) {
    apply(c.table(), c.operation(), Delivered.values(c.before()), Delivered.values(c.after()));
  }

  /**
   * Applies one delivered change given by its values (a sink that reads Kafka records): an insert,
   * update or snapshot read puts {@code after} under its key, a delete removes {@code before}'s, a
   * truncate empties the table. A value the change does not carry ({@link #UNCHANGED}, an {@link
   * Absent} slot) keeps the row's old one.
   */
  public void apply(TableId table, Operation operation, List<Object> before, List<Object> after) {
    Map<String, List<String>> rows = replica.computeIfAbsent(table, t -> new TreeMap<>());
    switch (operation) {
      case DELETE -> rows.remove(normalize(before.get(0)));
      case TRUNCATE -> rows.clear();
      default -> {
        String key = normalize(after.get(0));
        String oldKey = before == null ? key : normalize(before.get(0));
        List<String> old = rows.get(oldKey);
        if (!oldKey.equals(key)) {
          rows.remove(oldKey);
        }
        List<String> text = new ArrayList<>();
        for (int i = 0; i < after.size(); i++) {
          Object v = after.get(i);
          boolean kept = (v == UNCHANGED || v instanceof Absent) && old != null && i < old.size();
          text.add(kept ? old.get(i) : normalize(v));
        }
        rows.put(key, text);
      }
    }
  }

  /**
   * Asserts the replica of {@code table} equals the table read as of {@code scn}.
   *
   * @param wholeRows whether rows are compared too (false: key sets only, for a table whose layout
   *     changed)
   */
  public void assertEquals(Connection app, TableId table, long scn, boolean wholeRows)
      throws SQLException {
    assertEquals(app, table, scn, wholeRows, java.util.Set.of());
  }

  /**
   * As {@link #assertEquals(Connection, TableId, long, boolean)}, leaving out the columns (0-based)
   * whose delivered value differs from the table's by configuration (excluded, hashed, truncated).
   */
  public void assertEquals(
      Connection app, TableId table, long scn, boolean wholeRows, java.util.Set<Integer> shaped)
      throws SQLException {
    Map<String, List<String>> source = new TreeMap<>();
    java.util.Set<Integer> left = new java.util.HashSet<>(shaped);
    try (PreparedStatement ps =
        app.prepareStatement("SELECT * FROM " + table.quoted() + " AS OF SCN ?")) {
      ps.setLong(1, scn);
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        List<String> types = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          types.add(typeName(rs, i));
          if (types.get(i - 1).startsWith("INTERVAL")) {
            left.add(i - 1); // ojdbc's INTERVALYM/DS text is not a Period's or Duration's
          }
        }
        while (rs.next()) {
          List<String> row = new ArrayList<>();
          for (int i = 1; i <= n; i++) {
            row.add(normalize(read(rs, i, types.get(i - 1))));
          }
          source.put(row.get(0), row);
        }
      }
    }
    Map<String, List<String>> mine = replica.getOrDefault(table, Map.of());
    if (!mine.keySet().equals(source.keySet())) {
      throw new AssertionError(
          table
              + " at SCN "
              + scn
              + ": replica keys "
              + mine.keySet()
              + " but table keys "
              + source.keySet());
    }
    if (wholeRows) {
      for (String k : source.keySet()) {
        List<String> theirs = source.get(k);
        // the simulator's SELECT * ends with its ROWID column; a delivered row has the table's
        // columns only
        theirs = theirs.subList(0, Math.min(theirs.size(), mine.get(k).size()));
        if (!without(theirs, left).equals(without(mine.get(k), left))) {
          throw new AssertionError(
              table
                  + " at SCN "
                  + scn
                  + ", key "
                  + k
                  + ": replica "
                  + mine.get(k)
                  + " but table "
                  + source.get(k));
        }
      }
    }
  }

  /** The column's database type name, upper case; empty when the driver does not say. */
  private static String typeName(ResultSet rs, int i) {
    try {
      String name = rs.getMetaData().getColumnTypeName(i);
      return name == null ? "" : name.toUpperCase(java.util.Locale.ROOT);
    } catch (SQLException | RuntimeException e) {
      return "";
    }
  }

  /**
   * A column's value in the form the engine delivers it: Oracle's zoned timestamps as {@code
   * OffsetDateTime} (WITH TIME ZONE) and {@code Instant} (WITH LOCAL TIME ZONE), not ojdbc's own
   * classes; anything else as {@code getObject} gives it.
   */
  private static Object read(ResultSet rs, int i, String type) throws SQLException {
    if (type.contains("WITH LOCAL TIME ZONE")) {
      Timestamp t = rs.getTimestamp(i);
      return t == null ? null : t.toInstant();
    }
    if (type.contains("WITH TIME ZONE")) {
      return rs.getObject(i, java.time.OffsetDateTime.class);
    }
    return rs.getObject(i);
  }

  private static List<String> without(List<String> row, java.util.Set<Integer> shaped) {
    List<String> out = new ArrayList<>(row);
    for (int i : shaped) {
      if (i < out.size()) {
        out.set(i, "*");
      }
    }
    return out;
  }

  public static String normalize(Object v) {
    if (v == null) {
      return "null";
    }
    if (v instanceof Number n && !(v instanceof Double) && !(v instanceof Float)) {
      BigDecimal d = new BigDecimal(n.toString()).stripTrailingZeros();
      return d.signum() == 0 ? "0" : d.toPlainString();
    }
    if (v instanceof Bytes b) {
      return b.toHex().toLowerCase(java.util.Locale.ROOT);
    }
    if (v instanceof byte[] b) {
      return HexFormat.of().formatHex(b);
    }
    if (v instanceof Timestamp t) {
      return t.toLocalDateTime().toString();
    }
    if (v instanceof LocalDateTime t) {
      return t.toString();
    }
    if (v instanceof java.sql.Clob c) {
      try {
        return c.getSubString(1, (int) c.length());
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
    }
    if (v instanceof java.sql.Blob b) {
      try {
        return HexFormat.of().formatHex(b.getBytes(1, (int) b.length()));
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
    }
    return v.toString();
  }
}
