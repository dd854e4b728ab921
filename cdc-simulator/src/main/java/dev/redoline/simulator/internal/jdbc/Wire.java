package dev.redoline.simulator.internal.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.util.List;

/**
 * The messages between the simulator's driver and a simulator server: Java serialization of these
 * records over a loopback socket, read through a filter that admits nothing but them and the value
 * types of rows. Every request but {@link Cancel} and {@link CloseCursor} gets one {@link Reply}; a
 * cancel needs none, so it can be written while another thread waits for a fetch.
 */
public final class Wire {

  private static final ObjectInputFilter FILTER =
      ObjectInputFilter.Config.createFilter(
          "maxdepth=20;maxarray=1000000;java.lang.*;java.math.*;java.time.*;java.util.*;"
              + "dev.redoline.simulator.*;dev.redoline.simulator.internal.jdbc.*;"
              + "[Ljava.lang.Object;;[B;!*");

  private Wire() {}

  public interface Request extends Serializable {}

  public record Hello(String database, int instance) implements Request {}

  public record Execute(String sql, List<Object> binds, int timeoutSeconds) implements Request {}

  public record Fetch(long cursor, int max) implements Request {}

  public record Cancel(long cursor) implements Request {}

  public record CloseCursor(long cursor) implements Request {}

  public record Close() implements Request {}

  /**
   * An error as ojdbc reports it: vendor code, SQLSTATE, message, and whether the connection is
   * gone.
   */
  public record Failure(int code, String sqlState, String message, boolean connectionLost)
      implements Serializable {

    public static Failure of(SQLException e) {
      return new Failure(
          e.getErrorCode(), e.getSQLState(), e.getMessage(), e instanceof SQLRecoverableException);
    }

    SQLException exception() {
      return connectionLost
          ? new SQLRecoverableException(message, sqlState, code)
          : new SQLException(message, sqlState, code);
    }
  }

  /** The answer to a request: a value, or a failure. */
  public record Reply(Object value, Failure failure) implements Serializable {}

  public static ObjectInputStream input(InputStream in) throws IOException {
    ObjectInputStream ois = new ObjectInputStream(in);
    ois.setObjectInputFilter(FILTER);
    return ois;
  }
}
