package dev.redoline.verify;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A connection that records every SQL text it prepares and every value its result sets return, so a
 * test can show what left the database.
 */
final class RecordingConnection {

  final List<String> statements = new CopyOnWriteArrayList<>();
  final List<Object> values = new CopyOnWriteArrayList<>();

  /** The values of flashback queries ({@code AS OF SCN}) alone: what was read from the table. */
  final List<Object> tableValues = new CopyOnWriteArrayList<>();

  Connection wrap(Connection real) {
    return proxy(
        Connection.class,
        real,
        (name, args, result) -> {
          if (name.equals("prepareStatement")) {
            String sql = (String) args[0];
            statements.add(sql);
            return proxy(
                PreparedStatement.class,
                result,
                (n, a, r) ->
                    n.equals("executeQuery")
                        ? proxy(
                            ResultSet.class,
                            r,
                            (n2, a2, r2) -> {
                              if (n2.startsWith("get")
                                  && a2 != null
                                  && a2.length >= 1
                                  && !n2.equals("getMetaData")) {
                                values.add(r2);
                                if (sql.contains("AS OF SCN")) {
                                  tableValues.add(r2);
                                }
                              }
                              return r2;
                            })
                        : r);
          }
          return result;
        });
  }

  private interface After {
    Object after(String method, Object[] args, Object result) throws Exception;
  }

  @SuppressWarnings("unchecked")
  private static <T> T proxy(Class<T> type, Object real, After after) {
    return (T)
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (p, m, args) -> {
              Object result;
              try {
                result = m.invoke(real, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
              return after.after(m.getName(), args, result);
            });
  }
}
