package dev.redoline.logminer.internal.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A hand-written fake of the few JDBC interfaces the gateway uses, built with {@link
 * java.lang.reflect.Proxy}: a connection that records every statement (text, binds, fetch size,
 * timeout) and answers queries with scripted result sets or errors.
 *
 * <pre>{@code
 * FakeJdbc db = new FakeJdbc();
 * db.answer(Sql.PDBS, FakeJdbc.rows(List.of("CON_ID", "NAME", "CON_UID", "OPEN_MODE"), row(3, "PDB1", 77, "READ WRITE")));
 * JdbcGateway gateway = JdbcGateway.open(db.connection());
 * }</pre>
 *
 * <p>An unscripted query answers an empty result set; an unsupported method throws, so a test never
 * passes by accident through a method the fake does not model.
 */
final class FakeJdbc {

  /** One statement the gateway ran. */
  static final class Executed {
    final String sql;
    final Map<Integer, Object> binds = new TreeMap<>();
    int fetchSize;
    int timeoutSeconds;
    int resultSetType;
    final AtomicBoolean cancelled = new AtomicBoolean();
    boolean closed;

    Executed(String sql) {
      this.sql = sql;
    }

    List<Object> bindValues() {
      return new ArrayList<>(binds.values());
    }
  }

  final List<Executed> executed = new ArrayList<>();
  private final Map<String, List<Object>> answers = new HashMap<>();
  boolean connectionClosed;

  /** Answers the next run of {@code sql} with {@code result} (a ResultSet or an SQLException). */
  FakeJdbc answer(String sql, Object result) {
    answers.computeIfAbsent(sql, k -> new ArrayList<>()).add(result);
    return this;
  }

  /** Throws {@code error} at the next run of {@code sql}. */
  FakeJdbc fail(String sql, SQLException error) {
    return answer(sql, error);
  }

  /** The statements run, NLS setup included. */
  List<String> statements() {
    return executed.stream().map(e -> e.sql).toList();
  }

  /** The last statement run whose text starts with {@code prefix}. */
  Executed last(String prefix) {
    for (int i = executed.size() - 1; i >= 0; i--) {
      if (executed.get(i).sql.startsWith(prefix)) {
        return executed.get(i);
      }
    }
    throw new AssertionError("no statement starting with " + prefix + " in " + statements());
  }

  Connection connection() {
    return proxy(
        Connection.class,
        (p, m, a) ->
            switch (m.getName()) {
              case "prepareStatement" ->
                  statement(PreparedStatement.class, new Executed((String) a[0]), a);
              case "prepareCall" ->
                  statement(CallableStatement.class, new Executed((String) a[0]), a);
              case "createStatement" -> statement(Statement.class, null, a);
              case "close" -> {
                connectionClosed = true;
                yield null;
              }
              case "isClosed" -> connectionClosed;
              default -> throw new UnsupportedOperationException("Connection." + m.getName());
            });
  }

  private <T> T statement(Class<T> type, Executed prepared, Object[] args) {
    Executed[] current = {prepared};
    if (prepared != null) {
      prepared.resultSetType = args.length > 1 ? (Integer) args[1] : ResultSet.TYPE_FORWARD_ONLY;
    }
    return proxy(
        type,
        (p, m, a) -> {
          Executed e = current[0];
          switch (m.getName()) {
            case "setInt", "setLong", "setString", "setBigDecimal", "setObject":
              e.binds.put((Integer) a[0], a[1]);
              return null;
            case "setFetchSize":
              e.fetchSize = (Integer) a[0];
              return null;
            case "setQueryTimeout":
              e.timeoutSeconds = (Integer) a[0];
              return null;
            case "executeQuery":
              executed.add(e);
              return result(e.sql);
            case "execute":
              if (a != null && a.length == 1) { // Statement.execute(sql)
                current[0] = new Executed((String) a[0]);
              }
              executed.add(current[0]);
              Object answer = next(current[0].sql);
              if (answer instanceof SQLException error) {
                throw error;
              }
              return false;
            case "cancel":
              e.cancelled.set(true);
              return null;
            case "close":
              if (e != null) {
                e.closed = true;
              }
              return null;
            default:
              throw new UnsupportedOperationException(type.getSimpleName() + "." + m.getName());
          }
        });
  }

  private ResultSet result(String sql) throws SQLException {
    Object answer = next(sql);
    if (answer instanceof SQLException error) {
      throw error;
    }
    return answer == null ? rows(List.of()) : (ResultSet) answer;
  }

  private Object next(String sql) {
    List<Object> queue = answers.get(sql);
    return queue == null || queue.isEmpty() ? null : queue.remove(0);
  }

  /** A row of values, for {@link #rows}. */
  static Object[] row(Object... values) {
    return values;
  }

  /**
   * A forward-only result set over {@code rows}. Numbers may be given as Integer, Long or
   * BigDecimal; getters convert as ojdbc does for NUMBER columns.
   */
  static ResultSet rows(List<String> columns, Object[]... rows) {
    int[] at = {-1};
    boolean[] wasNull = {false};
    return proxy(
        ResultSet.class,
        (p, m, a) -> {
          switch (m.getName()) {
            case "next":
              return ++at[0] < rows.length;
            case "close":
              return null;
            case "wasNull":
              return wasNull[0];
            default:
              break;
          }
          if (!m.getName().startsWith("get")) {
            throw new UnsupportedOperationException("ResultSet." + m.getName());
          }
          int index = a[0] instanceof Integer i ? i - 1 : columns.indexOf((String) a[0]);
          if (index < 0 || index >= rows[at[0]].length) {
            throw new SQLException("no column " + a[0] + " in " + columns);
          }
          Object value = rows[at[0]][index];
          wasNull[0] = value == null;
          return convert(m.getName(), value, a.length > 1 ? (Class<?>) a[1] : null);
        });
  }

  /** A result set over column names given as {@code "A, B, C"}. */
  static ResultSet rows(String columns, Object[]... rows) {
    return rows(List.of(columns.split(", ")), rows);
  }

  private static Object convert(String getter, Object value, Class<?> type) {
    switch (getter) {
      case "getInt":
        return value == null ? 0 : ((Number) value).intValue();
      case "getLong":
        return value == null ? 0L : ((Number) value).longValue();
      case "getBigDecimal":
        return value == null
            ? null
            : value instanceof BigDecimal b ? b : new BigDecimal(value.toString());
      case "getString":
        return value == null
            ? null
            : value instanceof BigDecimal b ? b.toPlainString() : value.toString();
      case "getBytes":
        return value;
      case "getObject":
        if (value != null && type != null && !type.isInstance(value)) {
          throw new ClassCastException(value.getClass() + " is not " + type);
        }
        return value;
      default:
        throw new UnsupportedOperationException("ResultSet." + getter);
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> T proxy(Class<T> type, InvocationHandler handler) {
    return (T)
        Proxy.newProxyInstance(
            FakeJdbc.class.getClassLoader(),
            new Class<?>[] {type},
            (p, m, a) -> {
              if (m.getDeclaringClass() == Object.class) {
                return switch (m.getName()) {
                  case "toString" -> "Fake" + type.getSimpleName();
                  case "hashCode" -> System.identityHashCode(p);
                  default -> p == a[0];
                };
              }
              return handler.invoke(p, m, a);
            });
  }
}
