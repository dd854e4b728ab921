package dev.redoline.verify;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PostgreSQL server for the tests, started from the machine's server binaries (Debian's
 * {@code postgresql} package, which {@code .ci/run} installs when missing; or the directory in
 * {@code -Dredoline.postgres.bin}) in a temporary data directory, on a free loopback port, and
 * stopped when the JVM ends. initdb refuses to run as root, so as root every server command runs as
 * the {@code postgres} user through {@code runuser}, owning the data directory. Without the
 * binaries the tests that need a server are skipped, each with one line saying why.
 *
 * <pre>{@code
 * String url = PostgresServer.shared().newDatabase("verify_a");   // jdbc:postgresql://127.0.0.1:port/verify_a?user=redoline
 * }</pre>
 */
public final class PostgresServer {

  /** The longest wait for the server to accept connections (a busy two-core machine). */
  private static final int START_WAITS = 600;

  private static PostgresServer shared;

  private final Path data;
  private final int port;
  private final Process process;

  private PostgresServer(Path data, int port, Process process) {
    this.data = data;
    this.port = port;
    this.process = process;
  }

  /**
   * The one server of this JVM, started at the first call; skips the calling test without binaries.
   */
  public static synchronized PostgresServer shared() {
    if (shared == null) {
      Path bin = binaries();
      Assumptions.assumeTrue(
          bin != null,
          "PostgreSQL server binaries not found (install Debian's postgresql package,"
              + " as .ci/run does, or set -Dredoline.postgres.bin): skipped");
      try {
        shared = start(bin);
      } catch (IOException | InterruptedException | SQLException e) {
        throw new IllegalStateException("cannot start PostgreSQL from " + bin, e);
      }
      PostgresServer server = shared;
      Runtime.getRuntime().addShutdownHook(new Thread(server::stop));
    }
    return shared;
  }

  /** A new empty database on the server; its JDBC URL. */
  public String newDatabase(String name) throws SQLException {
    try (Connection c = DriverManager.getConnection(url("postgres"));
        Statement st = c.createStatement()) {
      st.execute("DROP DATABASE IF EXISTS " + name);
      st.execute("CREATE DATABASE " + name);
    }
    return url(name);
  }

  public String url(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=redoline";
  }

  private static Path binaries() {
    String given = System.getProperty("redoline.postgres.bin");
    if (given != null && Files.isExecutable(Paths.get(given, "initdb"))) {
      return Paths.get(given);
    }
    Path debian = Paths.get("/usr/lib/postgresql");
    if (!Files.isDirectory(debian)) {
      return null;
    }
    try (Stream<Path> versions = Files.list(debian)) {
      return versions
          .map(v -> v.resolve("bin"))
          .filter(
              b ->
                  Files.isExecutable(b.resolve("initdb"))
                      && Files.isExecutable(b.resolve("postgres")))
          .max(Comparator.naturalOrder())
          .orElse(null);
    } catch (IOException e) {
      return null;
    }
  }

  private static boolean root() {
    return "root".equals(System.getProperty("user.name"));
  }

  /** {@code command} as the server's user: itself, or through runuser as root. */
  private static List<String> asServerUser(List<String> command) {
    List<String> out = new ArrayList<>();
    if (root()) {
      out.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    out.addAll(command);
    return out;
  }

  private static PostgresServer start(Path bin)
      throws IOException, InterruptedException, SQLException {
    Path data = Files.createTempDirectory("redoline-pg");
    if (root()) {
      run(List.of("chown", "-R", "postgres", data.toString()));
    }
    Path log = data.resolve("initdb.log");
    Process init =
        new ProcessBuilder(
                asServerUser(
                    List.of(
                        bin.resolve("initdb").toString(),
                        "-D",
                        data.resolve("db").toString(),
                        "-U",
                        "redoline",
                        "--auth=trust",
                        "-E",
                        "UTF8",
                        "--no-locale")))
            .redirectErrorStream(true)
            .redirectOutput(
                root() ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(log.toFile()))
            .start();
    if (init.waitFor() != 0) {
      throw new IOException("initdb failed (exit " + init.exitValue() + ")");
    }
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Process server =
        new ProcessBuilder(
                asServerUser(
                    List.of(
                        bin.resolve("postgres").toString(),
                        "-D",
                        data.resolve("db").toString(),
                        "-p",
                        Integer.toString(port),
                        "-k",
                        data.toString(),
                        "-c",
                        "listen_addresses=127.0.0.1",
                        "-c",
                        "fsync=off",
                        "-c",
                        "synchronous_commit=off")))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    PostgresServer started = new PostgresServer(data, port, server);
    SQLException last = null;
    for (int i = 0; i < START_WAITS; i++) {
      if (!server.isAlive()) {
        throw new IOException("postgres ended at its start (exit " + server.exitValue() + ")");
      }
      try (Connection c = DriverManager.getConnection(started.url("postgres"))) {
        return started;
      } catch (SQLException e) {
        last = e;
        Thread.sleep(100);
      }
    }
    started.stop();
    throw last;
  }

  private static void run(List<String> command) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    if (p.waitFor() != 0) {
      throw new IOException(command + " failed (exit " + p.exitValue() + ")");
    }
  }

  private void stop() {
    // the postmaster's own pid: as root the process started is runuser, which may not pass SIGTERM
    // on
    try {
      String pid = Files.readAllLines(data.resolve("db").resolve("postmaster.pid")).get(0).trim();
      run(List.of("kill", "-TERM", pid));
    } catch (IOException | RuntimeException e) {
      // not started, or already gone
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process.destroy();
    try {
      process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    process.destroyForcibly();
    try (Stream<Path> files = Files.walk(data)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary directory left behind is harmless
    }
  }
}
