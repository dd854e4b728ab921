package dev.redoline.simulator.internal.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.SQLFeatureNotSupportedException;

/**
 * The driver's JDBC objects are dynamic proxies over small handlers: the simulator answers the part
 * of JDBC that database clients use (statements with binds, forward-only result sets, fetch size,
 * query timeout, cancel), and every other method fails with {@link SQLFeatureNotSupportedException}
 * naming it, instead of several hundred stub methods.
 */
public final class Proxies {

  private Proxies() {}

  /** A handler that answers by method name and says {@code null} for a method it does not serve. */
  interface Handler {
    /** Sentinel: the method is not served. */
    Object UNSERVED = new Object();

    Object call(Object proxy, String name, Object[] args) throws Throwable;
  }

  @SuppressWarnings("unchecked")
  static <T> T of(Class<T> type, Handler handler, Class<?>... more) {
    Class<?>[] interfaces = new Class<?>[more.length + 1];
    interfaces[0] = type;
    System.arraycopy(more, 0, interfaces, 1, more.length);
    InvocationHandler h =
        (proxy, method, args) ->
            invoke(handler, proxy, method, args == null ? new Object[0] : args);
    return (T) Proxy.newProxyInstance(Proxies.class.getClassLoader(), interfaces, h);
  }

  private static Object invoke(Handler handler, Object proxy, Method method, Object[] args)
      throws Throwable {
    String name = method.getName();
    switch (name) {
      case "equals":
        return proxy == args[0];
      case "hashCode":
        return System.identityHashCode(proxy);
      case "isWrapperFor":
        return ((Class<?>) args[0]).isInstance(proxy);
      case "unwrap":
        if (((Class<?>) args[0]).isInstance(proxy)) {
          return proxy;
        }
        throw new java.sql.SQLException("Not a wrapper of " + args[0]);
      default:
        break;
    }
    Object result;
    try {
      result = handler.call(proxy, name, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
    if (result == Handler.UNSERVED) {
      if (name.equals("toString")) {
        return handler.getClass().getSimpleName();
      }
      if (name.equals("getWarnings")) {
        return null;
      }
      if (name.equals("clearWarnings")) {
        return null;
      }
      throw new SQLFeatureNotSupportedException(
          "The Oracle simulator's driver does not support "
              + method.getDeclaringClass().getSimpleName()
              + "."
              + name);
    }
    return result;
  }
}
