package dev.redoline.simulator.internal.jdbc;

import dev.redoline.simulator.internal.oracle.OracleErrors;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.SQLException;
import java.util.List;

/**
 * A session in a simulator server, over one socket. A broken socket is a lost connection, as with
 * ojdbc: ORA-17002 (connect refused or reset) or ORA-17410 (no more data), and every later call
 * fails with ORA-17008.
 */
public final class RemoteBackend implements Backend {

  private final Socket socket;
  private final ObjectOutputStream out;
  private final ObjectInputStream in;
  private volatile boolean lost;

  private RemoteBackend(Socket socket) throws IOException {
    this.socket = socket;
    this.out = new ObjectOutputStream(new BufferedOutputStream(socket.getOutputStream()));
    out.flush();
    this.in = Wire.input(new BufferedInputStream(socket.getInputStream()));
  }

  /**
   * Connects and opens a session; ORA-12541 when no server listens, the server's error otherwise.
   */
  public static RemoteBackend connect(SimulatorUrl url, int timeoutMillis) throws SQLException {
    Socket socket = new Socket();
    try {
      socket.connect(new InetSocketAddress(url.host(), url.port()), timeoutMillis);
      socket.setTcpNoDelay(true);
    } catch (IOException e) {
      closeQuietly(socket);
      SQLException refused = OracleErrors.error(12541);
      refused.initCause(e);
      throw refused;
    }
    RemoteBackend backend;
    try {
      backend = new RemoteBackend(socket);
    } catch (IOException e) {
      closeQuietly(socket);
      throw ioError(e);
    }
    backend.request(new Wire.Hello(url.database(), url.instance()));
    return backend;
  }

  private synchronized Object request(Wire.Request request) throws SQLException {
    if (lost) {
      throw OracleErrors.error(17008);
    }
    Wire.Reply reply;
    try {
      synchronized (out) {
        out.writeObject(request);
        out.reset();
        out.flush();
      }
      reply = Wire.readReply(in);
    } catch (IOException | ClassNotFoundException | ClassCastException e) {
      lost = true;
      closeQuietly(socket);
      throw ioError(e);
    }
    if (reply.failure() != null) {
      if (reply.failure().connectionLost()) {
        lost = true;
        closeQuietly(socket);
      }
      throw reply.failure().exception();
    }
    return reply.value();
  }

  private void send(Wire.Request request) {
    if (lost) {
      return;
    }
    try {
      synchronized (out) {
        out.writeObject(request);
        out.reset();
        out.flush();
      }
    } catch (IOException e) {
      lost = true;
      closeQuietly(socket);
    }
  }

  private static SQLException ioError(Exception e) {
    SQLException error =
        e instanceof java.io.EOFException ? OracleErrors.error(17410) : OracleErrors.error(17002);
    error.initCause(e);
    return error;
  }

  @Override
  public Executed execute(String sql, List<Object> binds, int timeoutSeconds) throws SQLException {
    return (Executed)
        request(new Wire.Execute(sql, new java.util.ArrayList<>(binds), timeoutSeconds));
  }

  @Override
  public ServerCursor.Batch fetch(long cursor, int max) throws SQLException {
    return (ServerCursor.Batch) request(new Wire.Fetch(cursor, max));
  }

  @Override
  public void cancel(long cursor) {
    send(new Wire.Cancel(cursor));
  }

  @Override
  public void closeCursor(long cursor) {
    send(new Wire.CloseCursor(cursor));
  }

  @Override
  public boolean usable() {
    return !lost && !socket.isClosed();
  }

  @Override
  public void close() {
    if (!lost) {
      send(new Wire.Close());
    }
    lost = true;
    closeQuietly(socket);
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // Already broken: nothing more to release.
    }
  }
}
