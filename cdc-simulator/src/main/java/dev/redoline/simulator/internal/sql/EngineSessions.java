package dev.redoline.simulator.internal.sql;

import dev.redoline.simulator.internal.jdbc.Session;
import java.lang.ref.WeakReference;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.WeakHashMap;
import org.h2.jdbc.JdbcConnection;

/**
 * Which simulator session an engine connection serves. H2 passes a Java function a connection of
 * the engine session that runs the statement (a fresh {@link JdbcConnection} over that same engine
 * session on every call), so a view finds the simulator session it is computed for by H2's session
 * object, whatever thread runs the statement.
 *
 * <p>Both sides are held weakly: H2 keeps an open engine session until its connection closes, and
 * the simulator session must stay collectable when a client forgets to close it (as it was before
 * it was bound here).
 */
final class EngineSessions {

  private static final Map<org.h2.engine.Session, WeakReference<Session>> BOUND =
      new WeakHashMap<>();

  private EngineSessions() {}

  /** Binds {@code engine}, a connection {@link SqlEngine#open} made, to the session it serves. */
  static synchronized void bind(Connection engine, Session owner) {
    BOUND.put(engineSession(engine), new WeakReference<>(owner));
  }

  /** The simulator session whose statement the engine runs on {@code functionConnection}. */
  static synchronized Session of(Connection functionConnection) {
    WeakReference<Session> ref = BOUND.get(engineSession(functionConnection));
    Session s = ref == null ? null : ref.get();
    if (s == null) {
      throw new IllegalStateException("a simulator view was read outside a simulator statement");
    }
    return s;
  }

  private static org.h2.engine.Session engineSession(Connection c) {
    try {
      return c.unwrap(JdbcConnection.class).getSession();
    } catch (SQLException e) {
      throw new IllegalStateException("not a connection of the simulator's SQL engine", e);
    }
  }
}
