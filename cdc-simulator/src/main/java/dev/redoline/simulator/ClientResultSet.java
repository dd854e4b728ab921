package dev.redoline.simulator;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;

/**
 * A forward-only, read-only result set that fetches its rows from the {@link Backend} in batches
 * of the statement's fetch size. Getters convert as ojdbc does for the types the simulator's
 * views hold: NUMBER to any Java number and to text, DATE and TIMESTAMP to {@code LocalDateTime}
 * or {@code Timestamp}, RAW to bytes.
 */
final class ClientResultSet implements Proxies.Handler {

  private final Backend backend;
  private final Backend.Executed executed;
  private final int fetchSize;
  private final Statement statement;
  private List<Object[]> batch = List.of();
  private int index;
  private boolean done;
  private boolean closed;
  private Object[] row;
  private boolean wasNull;

  private ClientResultSet(Backend backend, Backend.Executed executed, int fetchSize, Statement statement) {
    this.backend = backend;
    this.executed = executed;
    this.fetchSize = fetchSize;
    this.statement = statement;
  }

  static ResultSet create(Backend backend, Backend.Executed executed, int fetchSize, Statement statement) {
    return Proxies.of(ResultSet.class, new ClientResultSet(backend, executed, fetchSize, statement));
  }

  @Override
  public Object call(Object proxy, String name, Object[] args) throws SQLException {
    if (name.startsWith("get") && args.length >= 1 && !name.equals("getMetaData")
        && (args[0] instanceof Integer || args[0] instanceof String)) {
      return get(name, column(args[0]), args);
    }
    switch (name) {
      case "next":
        return next();
      case "wasNull":
        return wasNull;
      case "findColumn":
        return column(args[0]);
      case "getMetaData":
        return Proxies.of(ResultSetMetaData.class, this::metadata);
      case "getStatement":
        return statement;
      case "getFetchSize":
        return fetchSize;
      case "setFetchSize":
        return null;
      case "getType":
        return ResultSet.TYPE_FORWARD_ONLY;
      case "getConcurrency":
        return ResultSet.CONCUR_READ_ONLY;
      case "isClosed":
        return closed;
      case "close":
        if (!closed) {
          closed = true;
          backend.closeCursor(executed.cursor());
        }
        return null;
      default:
        return UNSERVED;
    }
  }

  private boolean next() throws SQLException {
    if (closed) {
      throw new SQLException("Closed Resultset: next", "99999", 17010);
    }
    while (index >= batch.size()) {
      if (done) {
        row = null;
        return false;
      }
      ServerCursor.Batch b = backend.fetch(executed.cursor(), fetchSize);
      batch = b.rows();
      index = 0;
      done = b.done();
    }
    row = batch.get(index++);
    return true;
  }

  private int column(Object key) throws SQLException {
    if (key instanceof Integer i) {
      if (i < 1 || i > executed.labels().size()) {
        throw new SQLException("Invalid column index: " + i, "99999", 17003);
      }
      return i;
    }
    String label = ((String) key).toUpperCase(Locale.ROOT);
    List<String> labels = executed.labels();
    for (int i = 0; i < labels.size(); i++) {
      if (labels.get(i).equalsIgnoreCase(label)) {
        return i + 1;
      }
    }
    throw new SQLException("Invalid column name: " + key, "99999", 17006);
  }

  private Object get(String getter, int column, Object[] args) throws SQLException {
    if (row == null) {
      throw new SQLException("ResultSet.next was not called", "99999", 17289);
    }
    Object v = row[column - 1];
    wasNull = v == null;
    return switch (getter) {
      case "getObject" -> args.length > 1 && args[1] instanceof Class<?> type ? as(v, type) : v;
      case "getString", "getNString" -> v == null ? null : text(v);
      case "getBigDecimal" -> v == null ? null : decimal(v);
      case "getInt" -> v == null ? 0 : decimal(v).intValue();
      case "getLong" -> v == null ? 0L : decimal(v).longValue();
      case "getShort" -> v == null ? (short) 0 : decimal(v).shortValue();
      case "getByte" -> v == null ? (byte) 0 : decimal(v).byteValue();
      case "getDouble" -> v == null ? 0d : decimal(v).doubleValue();
      case "getFloat" -> v == null ? 0f : decimal(v).floatValue();
      case "getBoolean" -> v != null && (v instanceof Boolean b ? b : decimal(v).signum() != 0);
      case "getBytes" -> (byte[]) v;
      case "getTimestamp" -> v == null ? null : Timestamp.valueOf(as(v, LocalDateTime.class));
      default -> UNSERVED;
    };
  }

  private static String text(Object v) {
    if (v instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (v instanceof byte[] b) {
      return java.util.HexFormat.of().withUpperCase().formatHex(b);
    }
    return v.toString();
  }

  private static BigDecimal decimal(Object v) throws SQLException {
    if (v instanceof BigDecimal d) {
      return d;
    }
    if (v instanceof Number n) {
      return n instanceof Double || n instanceof Float ? BigDecimal.valueOf(n.doubleValue())
          : BigDecimal.valueOf(n.longValue());
    }
    try {
      return new BigDecimal(v.toString().trim());
    } catch (NumberFormatException e) {
      throw new SQLException("Fail to convert to internal representation: " + v, "99999", 17059);
    }
  }

  /**
   * Whether {@code type} is built from a value's stored bytes, as the real driver's datum classes
   * are (a JSON column read as the driver's JSON datum gets its OSON bytes): the caller has that
   * class, the simulator only calls its public {@code (byte[])} constructor.
   */
  private static boolean hasBytesConstructor(Class<?> type) {
    try {
      return type.getConstructor(byte[].class) != null;   // never null: it throws when there is none
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  private static Object datum(Class<?> type, byte[] bytes) throws SQLException {
    try {
      return type.getConstructor(byte[].class).newInstance((Object) bytes.clone());
    } catch (ReflectiveOperationException e) {
      throw new SQLException("Cannot make a " + type.getName() + ": " + e, "99999", 17004, e);
    }
  }

  private static <T> T as(Object v, Class<T> type) throws SQLException {
    if (v == null || type.isInstance(v)) {
      return type.cast(v);
    }
    Object out;
    if (type == LocalDateTime.class && v instanceof OffsetDateTime o) {
      out = o.toLocalDateTime();
    } else if (type == LocalDateTime.class && v instanceof Timestamp t) {
      out = t.toLocalDateTime();
    } else if (v instanceof byte[] bytes && hasBytesConstructor(type)) {
      out = datum(type, bytes);
    } else if (type == BigDecimal.class) {
      out = decimal(v);
    } else if (type == Integer.class) {
      out = decimal(v).intValueExact();
    } else if (type == Long.class) {
      out = decimal(v).longValueExact();
    } else if (type == String.class) {
      out = text(v);
    } else {
      throw new SQLException("Unsupported conversion of " + v.getClass().getSimpleName() + " to " + type.getName(),
          "99999", 17004);
    }
    return type.cast(out);
  }

  private Object metadata(Object proxy, String name, Object[] args) {
    return switch (name) {
      case "getColumnCount" -> executed.labels().size();
      case "getColumnName", "getColumnLabel" -> executed.labels().get((Integer) args[0] - 1);
      case "getColumnType" -> executed.types().get((Integer) args[0] - 1);
      default -> UNSERVED;
    };
  }
}
