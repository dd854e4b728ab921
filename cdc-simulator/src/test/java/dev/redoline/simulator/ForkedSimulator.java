package dev.redoline.simulator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@link SimulatorServer} in a JVM of its own, for tests whose own heap must not hold the
 * database: started from this JVM's {@code java.home} and class path with the heap it is given, on
 * a port it picks itself ({@code --port 0}) and announces, so no two tests race for one; stopped by
 * {@link #close()}, or, should this JVM end without closing it (killed, out of memory), when this
 * JVM ends ({@code --exit-with}).
 *
 * <pre>{@code
 * try (ForkedSimulator sim = ForkedSimulator.start("1g", "--workload", "biglob", "--lob-bytes", "1073741824")) {
 *   try (Connection c = DriverManager.getConnection(sim.url())) { ... }
 *   long peak = sim.peakRssBytes().orElse(-1);                 // VmHWM, read before it stops
 * }
 * }</pre>
 *
 * <p>The server's output (its ready line, errors) is kept, the last lines of it, and shown in the
 * error when it does not come up within {@link #READY_PATIENCE}.
 */
public final class ForkedSimulator implements AutoCloseable {

  /** The longest a server may take to build its database and listen: a bound, not a timing. */
  public static final Duration READY_PATIENCE = Duration.ofMinutes(5);

  private static final Pattern READY =
      Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+) database \\S+ \\((\\S+)\\)");

  /** How many of the server's last output lines are kept for diagnostics. */
  private static final int KEPT_LINES = 200;

  private final Process process;
  private final String url;
  private final List<String> output;

  private ForkedSimulator(Process process, String url, List<String> output) {
    this.process = process;
    this.url = url;
    this.output = output;
  }

  /**
   * Starts {@code java -Xmx<maxHeap> -cp <this class path> dev.redoline.simulator.SimulatorServer
   * --port 0 --exit-with <this pid> <serverArgs>} and waits for it to listen.
   *
   * @param maxHeap the server's {@code -Xmx} value, e.g. {@code "1g"}
   * @param serverArgs {@link SimulatorServer} options other than {@code --port}
   * @throws IOException when the JVM cannot be started, or does not announce its URL in time
   */
  public static ForkedSimulator start(String maxHeap, String... serverArgs) throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command =
        new ArrayList<>(
            List.of(
                java.toString(),
                "-Xmx" + maxHeap,
                "-XX:+UseSerialGC",
                "-cp",
                System.getProperty("java.class.path"),
                SimulatorServer.class.getName(),
                "--port",
                "0",
                "--exit-with",
                Long.toString(ProcessHandle.current().pid())));
    command.addAll(List.of(serverArgs));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    List<String> output = new ArrayList<>();
    CompletableFuture<String> ready = new CompletableFuture<>();
    Thread reader = new Thread(() -> drain(process, output, ready), "forked-simulator-output");
    reader.setDaemon(true);
    reader.start();
    try {
      String url = ready.get(READY_PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
      return new ForkedSimulator(process, url, output);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted while the simulator started", e);
    } catch (ExecutionException | TimeoutException e) {
      process.destroyForcibly();
      throw new IOException(
          "the forked simulator did not announce its URL ("
              + e
              + "); its output:\n"
              + String.join("\n", snapshot(output)),
          e);
    }
  }

  /**
   * Reads the server's output to its end: the ready line completes {@code ready}, the rest is kept.
   */
  private static void drain(Process process, List<String> output, CompletableFuture<String> ready) {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        synchronized (output) {
          output.add(line);
          if (output.size() > KEPT_LINES) {
            output.remove(0);
          }
        }
        Matcher m = READY.matcher(line);
        if (!ready.isDone() && m.find()) {
          ready.complete(m.group(2));
        }
      }
    } catch (IOException e) {
      ready.completeExceptionally(e);
    }
    ready.completeExceptionally(
        new IOException(
            "the server's output ended (exit code "
                + (process.isAlive() ? "none yet" : process.exitValue())
                + ")"));
  }

  private static List<String> snapshot(List<String> output) {
    synchronized (output) {
      return new ArrayList<>(output);
    }
  }

  /**
   * The JDBC URL of the served database ({@code jdbc:redoline:sim://127.0.0.1:<port>/<database>}).
   */
  public String url() {
    return url;
  }

  /** The server's process id. */
  public long pid() {
    return process.pid();
  }

  /** The last lines the server wrote (stdout and stderr). */
  public List<String> output() {
    return snapshot(output);
  }

  /**
   * The server's peak resident set size so far ({@code VmHWM} of {@code /proc/<pid>/status}), or
   * empty where the system has no such file.
   */
  public OptionalLong peakRssBytes() {
    Path status = Path.of("/proc", Long.toString(process.pid()), "status");
    if (!Files.isReadable(status)) {
      return OptionalLong.empty();
    }
    try {
      for (String line : Files.readAllLines(status)) {
        if (line.startsWith("VmHWM:")) {
          return OptionalLong.of(Long.parseLong(line.replaceAll("\\D", "")) * 1024);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return OptionalLong.empty();
  }

  /** Stops the server (SIGTERM, then a forced kill if it has not ended within 20 s). */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
