package dev.redoline.simulator.internal.jdbc;

import java.sql.SQLException;
import java.util.List;

/**
 * The database side of one JDBC connection, as the client's driver objects see it: a session in
 * this JVM ({@link LocalBackend}) or in a simulator server ({@link RemoteBackend}). Cursors are
 * numbered per connection.
 */
public interface Backend extends AutoCloseable {

  /** What a statement returned: a cursor to fetch from, or none. */
  record Executed(long cursor, List<String> labels, List<Integer> types, boolean hasRows)
      implements java.io.Serializable {}

  Executed execute(String sql, List<Object> binds, int timeoutSeconds) throws SQLException;

  ServerCursor.Batch fetch(long cursor, int max) throws SQLException;

  /** Asks a running fetch to stop; may be called from any thread. */
  void cancel(long cursor);

  void closeCursor(long cursor);

  /** Whether the session is still usable (not closed, not lost). */
  boolean usable();

  /** Ends the session. Never throws. */
  @Override
  void close();
}
