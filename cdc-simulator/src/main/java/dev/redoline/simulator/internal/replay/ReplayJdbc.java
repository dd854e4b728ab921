package dev.redoline.simulator.internal.replay;

import dev.redoline.core.internal.RecordingFormat;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JDBC objects of a replay, as proxies: a connection whose statements collect their binds and
 * ask the {@link ReplayDatabase} for their answer when they run, and result sets over the recorded
 * rows whose getters convert a recorded value to what they return. Everything a capture's gateway
 * calls is answered; other calls return the neutral value of their type.
 */
final class ReplayJdbc {

  private ReplayJdbc() {}

  static Connection connection(ReplayDatabase db) {
    return proxy(
        Connection.class,
        (proxy, method, args) ->
            switch (method.getName()) {
              case "prepareStatement" ->
                  statement(db, PreparedStatement.class, "Q", (String) args[0]);
              case "prepareCall" -> statement(db, CallableStatement.class, "C", (String) args[0]);
              case "createStatement" -> statement(db, Statement.class, "X", null);
              case "isValid" -> true;
              case "unwrap", "isWrapperFor" ->
                  throw new SQLFeatureNotSupportedException("a replay wraps nothing");
              default -> neutral(method, proxy, args);
            });
  }

  private static Object statement(ReplayDatabase db, Class<?> type, String kind, String sql) {
    TreeMap<Integer, Object> binds = new TreeMap<>();
    return proxy(
        type,
        (proxy, method, args) -> {
          String name = method.getName();
          if (name.startsWith("set")
              && args != null
              && args.length >= 2
              && args[0] instanceof Integer index
              && !name.equals("setFetchSize")) {
            binds.put(
                index,
                name.equals("setNull")
                    ? null
                    : args[1] instanceof Timestamp t ? t.toLocalDateTime() : args[1]);
            return null;
          }
          if (!name.startsWith("execute")) {
            return name.equals("clearParameters") ? clear(binds) : neutral(method, proxy, args);
          }
          String text = args != null && args.length > 0 && args[0] instanceof String s ? s : sql;
          String entryKind = sql == null ? (name.equals("executeQuery") ? "Q" : "X") : kind;
          List<String> fields = new ArrayList<>();
          for (Object v : binds.values()) {
            fields.add(RecordingFormat.value(v));
          }
          Recording.Statement answer = db.answer(entryKind, text, fields);
          if (answer != null && answer.failure() != null) {
            List<String> f = answer.failure();
            throw new SQLException(
                f.get(2),
                RecordingFormat.NULL.equals(f.get(1)) ? null : f.get(1),
                Integer.parseInt(f.get(0)));
          }
          ResultSet rows = rows(answer);
          return switch (name) {
            case "executeQuery" -> rows;
            case "execute" -> answer != null && !answer.labels().isEmpty();
            case "executeUpdate" -> 0;
            default -> neutral(method, proxy, args);
          };
        });
  }

  private static Object clear(Map<Integer, Object> binds) {
    binds.clear();
    return null;
  }

  private static ResultSet rows(Recording.Statement answer) {
    List<List<String>> rows = answer == null ? List.of() : answer.rows();
    List<String> labels = answer == null ? List.of() : answer.labels();
    int[] at = {-1};
    boolean[] wasNull = {false};
    return proxy(
        ResultSet.class,
        (proxy, method, args) -> {
          String name = method.getName();
          switch (name) {
            case "next" -> {
              at[0]++;
              return at[0] < rows.size();
            }
            case "wasNull" -> {
              return wasNull[0];
            }
            case "findColumn" -> {
              return column(labels, (String) args[0]);
            }
            case "close", "setFetchSize" -> {
              return null;
            }
            default -> {}
          }
          if (name.startsWith("get")
              && args != null
              && args.length >= 1
              && (args[0] instanceof Integer || args[0] instanceof String)) {
            if (at[0] < 0 || at[0] >= rows.size()) {
              throw new SQLException("No current row", "24000", 17289);
            }
            int index = args[0] instanceof Integer i ? i : column(labels, (String) args[0]);
            List<String> row = rows.get(at[0]);
            Object value =
                index >= 1 && index <= row.size()
                    ? RecordingFormat.parse(row.get(index - 1))
                    : null;
            wasNull[0] = value == null;
            Class<?> wanted =
                args.length > 1 && args[1] instanceof Class<?> c ? c : method.getReturnType();
            return convert(value, wanted);
          }
          return neutral(method, proxy, args);
        });
  }

  private static int column(List<String> labels, String label) throws SQLException {
    for (int i = 0; i < labels.size(); i++) {
      if (labels.get(i).equalsIgnoreCase(label)) {
        return i + 1;
      }
    }
    throw new SQLException("Invalid column name " + label, "42000", 17006);
  }

  /** A recorded value as the type a getter returns. */
  static Object convert(Object value, Class<?> type) throws SQLException {
    if (value == null) {
      return neutral(type);
    }
    if (type == Object.class || type.isInstance(value)) {
      return value;
    }
    if (type == String.class) {
      return value instanceof BigDecimal d ? d.toPlainString() : String.valueOf(value);
    }
    BigDecimal number =
        value instanceof Number n
            ? new BigDecimal(n.toString())
            : value instanceof String s ? new BigDecimal(s.trim()) : null;
    if (number != null) {
      if (type == int.class || type == Integer.class) {
        return number.intValue();
      }
      if (type == long.class || type == Long.class) {
        return number.longValue();
      }
      if (type == BigDecimal.class) {
        return number;
      }
      if (type == double.class || type == Double.class) {
        return number.doubleValue();
      }
      if (type == float.class || type == Float.class) {
        return number.floatValue();
      }
      if (type == boolean.class || type == Boolean.class) {
        return number.signum() != 0;
      }
    }
    if (type == Timestamp.class && value instanceof LocalDateTime t) {
      return Timestamp.valueOf(t);
    }
    if (type == LocalDateTime.class && value instanceof OffsetDateTime t) {
      return t.toLocalDateTime();
    }
    throw new SQLException(
        "The recorded " + value.getClass().getSimpleName() + " is not a " + type.getSimpleName(),
        "22000",
        17004);
  }

  private static Object neutral(Method method, Object proxy, Object[] args) {
    return switch (method.getName()) {
      case "toString" -> "replay " + method.getDeclaringClass().getSimpleName();
      case "hashCode" -> System.identityHashCode(proxy);
      case "equals" -> proxy == args[0];
      default -> neutral(method.getReturnType());
    };
  }

  private static Object neutral(Class<?> type) {
    if (type == boolean.class) {
      return false;
    }
    if (type == int.class) {
      return 0;
    }
    if (type == long.class) {
      return 0L;
    }
    if (type == short.class) {
      return (short) 0;
    }
    if (type == byte.class) {
      return (byte) 0;
    }
    if (type == double.class) {
      return 0d;
    }
    if (type == float.class) {
      return 0f;
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private static <T> T proxy(Class<T> type, InvocationHandler handler) {
    return (T)
        Proxy.newProxyInstance(ReplayJdbc.class.getClassLoader(), new Class<?>[] {type}, handler);
  }
}
