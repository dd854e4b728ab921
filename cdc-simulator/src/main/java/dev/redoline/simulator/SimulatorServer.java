package dev.redoline.simulator;

import dev.redoline.simulator.internal.jdbc.LocalBackend;
import dev.redoline.simulator.internal.jdbc.SimulatedDatabases;
import dev.redoline.simulator.internal.jdbc.SimulatorUrl;
import dev.redoline.simulator.internal.jdbc.Wire;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import dev.redoline.simulator.internal.workload.Workloads;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The simulator as its own process: one database, running its workload in real time, served on
 * 127.0.0.1 to any number of clients ({@code jdbc:redoline:sim://127.0.0.1:<port>/<database>}),
 * which may crash and reconnect as often as they like: the database outlives them all.
 *
 * <pre>
 * java -jar cdc-simulator/target/cdc-simulator-&lt;version&gt;-server.jar --workload stress --port 15210
 * </pre>
 *
 * <p>Options: {@code --workload demo|stress|biglob} (default {@code demo}), {@code --seed N}
 * (default 1), {@code --port N} (default 15210; 0 picks a free port), {@code --lob-bytes N} (the
 * size of the {@code biglob} workload's generated BLOB, default 1 GiB), {@code --log-bytes N} (the
 * size of its redo logs, default 4 MiB), {@code --pace on|N} (LogMiner's pace, {@link
 * LogMinerPace}: the published figures, or N changes a second; default none), {@code --exit-with
 * PID} (stop when that process ends, as a test's forked server does). The server listens on the
 * loopback address only, prints one line when it is ready ({@code listening on 127.0.0.1:PORT
 * database NAME}), and stops cleanly on SIGTERM or Ctrl-C, closing every client connection.
 */
public final class SimulatorServer implements AutoCloseable {

  /** The port used when none is given. */
  public static final int DEFAULT_PORT = 15210;

  private final SimulatedOracle oracle;
  private final String database;
  private final ServerSocket listener;
  private final RealTime clock;
  private final Set<Socket> clients = ConcurrentHashMap.newKeySet();
  private final Thread acceptor;
  private volatile boolean closed;

  private SimulatorServer(
      SimulatedOracle oracle, String database, ServerSocket listener, RealTime clock) {
    this.oracle = oracle;
    this.database = database;
    this.listener = listener;
    this.clock = clock;
    this.acceptor = new Thread(this::accept, "redoline-simulator-server");
  }

  /**
   * Serves {@code oracle} as {@code database} on 127.0.0.1:{@code port} (0: any free port). With
   * {@code realTime} its clock moves with the wall clock until {@link #close()}.
   *
   * @throws IOException when the port cannot be bound
   */
  public static SimulatorServer start(
      SimulatedOracle oracle, String database, int port, boolean realTime) throws IOException {
    Objects.requireNonNull(oracle, "oracle == null");
    Objects.requireNonNull(database, "database == null");
    ServerSocket listener = new ServerSocket();
    listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    SimulatorServer server =
        new SimulatorServer(oracle, database, listener, realTime ? RealTime.start(oracle) : null);
    server.acceptor.start();
    return server;
  }

  /** The port the server listens on. */
  public int port() {
    return listener.getLocalPort();
  }

  /** The JDBC URL of the served database. */
  public String url() {
    return SimulatorUrl.PREFIX + "//127.0.0.1:" + port() + "/" + database;
  }

  /** Starts a server from the command line; see the class comment for the options. */
  public static void main(String[] args) throws Exception {
    String workload = "demo";
    long seed = 1;
    int port = DEFAULT_PORT;
    long lobBytes = Workloads.DEFAULT_BIG_LOB_BYTES;
    long logBytes = Workloads.BIG_LOB_LOG_BYTES;
    LogMinerPace pace = null;
    for (int i = 0; i < args.length; i += 2) { // every option takes one value
      String value = i + 1 < args.length ? args[i + 1] : null;
      switch (args[i]) {
        case "--workload" -> workload = required(args[i], value);
        case "--seed" -> seed = Long.parseLong(required(args[i], value));
        case "--port" -> port = Integer.parseInt(required(args[i], value));
        case "--lob-bytes" -> lobBytes = Long.parseLong(required(args[i], value));
        case "--log-bytes" -> logBytes = Long.parseLong(required(args[i], value));
        case "--pace" -> pace = LogMinerPace.parse(required(args[i], value));
        case "--exit-with" -> exitWith(Long.parseLong(required(args[i], value)));
        default -> {
          System.err.println(
              "Unknown option "
                  + args[i]
                  + "; usage: --workload demo|stress|biglob [--seed N]"
                  + " [--port N] [--lob-bytes N] [--log-bytes N] [--pace on|N] [--exit-with PID]");
          System.exit(2);
        }
      }
    }
    SimulatedOracle oracle;
    try {
      Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
      oracle =
          workload.equals("biglob")
              ? Workloads.bigLob(seed, now, lobBytes, logBytes)
              : Workloads.create(workload, seed, now);
      oracle.logMinerPace(pace);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    SimulatorServer server = start(oracle, workload, port, true);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  server.close();
                  System.out.println("redoline simulator stopped");
                },
                "redoline-simulator-shutdown"));
    System.out.println(
        "redoline simulator listening on 127.0.0.1:"
            + server.port()
            + " database "
            + workload
            + " ("
            + server.url()
            + ")");
    server.acceptor.join();
  }

  /**
   * Ends this server when process {@code pid} ends (however it ends: a test JVM killed or out of
   * memory runs no cleanup), so a forked server never outlives the test that started it.
   */
  // The watch's future is not kept: its action ends the JVM, and nothing waits for it.
  @SuppressWarnings("FutureReturnValueIgnored")
  private static void exitWith(long pid) {
    ProcessHandle.of(pid)
        .ifPresentOrElse(
            p ->
                p.onExit()
                    .thenRun(
                        () -> {
                          System.out.println(
                              "redoline simulator: process " + pid + " ended, stopping");
                          System.exit(0);
                        }),
            () -> System.exit(0));
  }

  private static String required(String option, String value) {
    if (value == null) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return value;
  }

  private void accept() {
    while (!closed) {
      Socket client;
      try {
        client = listener.accept();
      } catch (IOException e) {
        if (!closed) {
          System.err.println("redoline simulator: accept failed: " + e);
        }
        return;
      }
      clients.add(client);
      Thread t = new Thread(() -> serve(client), "redoline-simulator-client-" + client.getPort());
      t.setDaemon(true);
      t.start();
    }
  }

  /** One client's session: requests in order until it closes, breaks or loses its connection. */
  private void serve(Socket client) {
    LocalBackend session = null;
    try (client) {
      client.setTcpNoDelay(true);
      ObjectOutputStream out =
          new ObjectOutputStream(new BufferedOutputStream(client.getOutputStream()));
      out.flush();
      ObjectInputStream in = Wire.input(new BufferedInputStream(client.getInputStream()));
      while (true) {
        Wire.Request request = (Wire.Request) in.readObject();
        if (request instanceof Wire.Close) {
          return;
        }
        if (request instanceof Wire.Cancel c) {
          if (session != null) {
            session.cancel(c.cursor());
          }
          continue;
        }
        if (request instanceof Wire.CloseCursor c) {
          if (session != null) {
            session.closeCursor(c.cursor());
          }
          continue;
        }
        Wire.Reply reply;
        try {
          if (request instanceof Wire.Hello h) {
            if (!h.database().equals(database)) {
              throw OracleErrors.error(12514);
            }
            session = LocalBackend.open(SimulatedDatabases.of(oracle), h.instance());
            reply = new Wire.Reply(null, null);
          } else if (session == null) {
            throw OracleErrors.error(3114);
          } else {
            reply = new Wire.Reply(answer(session, request), null);
          }
        } catch (SQLException e) {
          if (e.getErrorCode() == 900 && e.getCause() != null) {
            // H2 failed in a way no ORA code names (ORA-00900 stands for it): the client sees only
            // the code, so the cause is told on the server's output.
            System.err.println("redoline simulator: ORA-00900 stands for " + e.getCause());
          }
          reply = new Wire.Reply(null, Wire.Failure.of(e));
        }
        Wire.writeReply(out, reply);
        out.reset();
        out.flush();
        if (reply.failure() != null && reply.failure().connectionLost()) {
          return; // the session is gone: the connection really closes, as Oracle's would
        }
      }
    } catch (SocketException | java.io.EOFException e) {
      // The client went away (crashed, killed, or closed without a word): its session ends.
    } catch (IOException | ClassNotFoundException | ClassCastException e) {
      if (!closed) {
        System.err.println(
            "redoline simulator: client " + client.getRemoteSocketAddress() + " dropped: " + e);
      }
    } finally {
      clients.remove(client);
      if (session != null) {
        session.close();
      }
    }
  }

  private static Object answer(LocalBackend session, Wire.Request request) throws SQLException {
    if (request instanceof Wire.Execute e) {
      return session.execute(e.sql(), e.binds(), e.timeoutSeconds());
    }
    if (request instanceof Wire.Fetch f) {
      return session.fetch(f.cursor(), f.max());
    }
    throw OracleErrors.error(900);
  }

  /**
   * Stops listening, closes every client connection and stops the clock. The database stays as it
   * is.
   */
  @Override
  public void close() {
    closed = true;
    try {
      listener.close();
    } catch (IOException e) {
      // Closing: nothing to do about a listener that is already gone.
    }
    for (Socket s : clients) {
      try {
        s.close();
      } catch (IOException e) {
        // The client side may have gone first.
      }
    }
    if (clock != null) {
      clock.close();
    }
  }
}
