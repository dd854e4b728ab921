package dev.redoline.simulator.internal.jdbc;

import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.internal.oracle.Database;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A session in this JVM. Every statement and fetch holds the database's lock, so any number of
 * connections, a {@link RealTime} clock and a server's clients may share one database; a cancel
 * takes no lock, as it must reach a fetch that holds it.
 */
public final class LocalBackend implements Backend {

  private final Database oracle;
  private final Session session;
  private final Map<Long, ServerCursor> cursors = new ConcurrentHashMap<>();
  private long nextCursor;

  private LocalBackend(Database oracle, Session session) {
    this.oracle = oracle;
    this.session = session;
  }

  /** A new session on {@code instance}; ORA-01034 when the instance is down. */
  public static LocalBackend open(Database oracle, int instance) throws SQLException {
    synchronized (oracle.lock()) {
      return new LocalBackend(oracle, oracle.open(instance));
    }
  }

  @Override
  public Executed execute(String sql, List<Object> binds, int timeoutSeconds) throws SQLException {
    synchronized (oracle.lock()) {
      ServerCursor cursor = session.execute(sql, binds, timeoutSeconds);
      if (!cursor.hasRows()) {
        return new Executed(0, List.of(), List.of(), false);
      }
      long id = ++nextCursor;
      cursors.put(id, cursor);
      return new Executed(id, List.copyOf(cursor.labels()), List.copyOf(cursor.types()), true);
    }
  }

  @Override
  public ServerCursor.Batch fetch(long cursor, int max) throws SQLException {
    synchronized (oracle.lock()) {
      ServerCursor c = cursors.get(cursor);
      if (c == null) {
        throw OracleErrors.error(1001);
      }
      return c.fetch(
          max); // an error deferred from the last batch comes first, as the server sent it
    }
  }

  @Override
  public void cancel(long cursor) {
    ServerCursor c = cursors.get(cursor);
    if (c != null) {
      c.cancel();
    }
  }

  @Override
  public void closeCursor(long cursor) {
    ServerCursor c = cursors.remove(cursor);
    if (c != null) {
      synchronized (oracle.lock()) {
        c.close();
      }
    }
  }

  @Override
  public boolean usable() {
    synchronized (oracle.lock()) {
      return session.usable();
    }
  }

  @Override
  public void close() {
    synchronized (oracle.lock()) {
      cursors.values().forEach(ServerCursor::close);
      cursors.clear();
      session.close();
    }
  }
}
