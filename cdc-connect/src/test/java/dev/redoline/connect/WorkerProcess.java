package dev.redoline.connect;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A distributed Connect worker in a JVM of its own, started from Kafka's own entry point ({@code
 * ConnectDistributed}) as an operator would, so that a test can kill it with {@code kill -9}
 * ({@link #kill()}) and start another in its place. Its class path is this JVM's minus every
 * Redoline class and jar and H2: the connector comes only from {@code plugin.path}. The worker
 * listens for REST calls on 127.0.0.1 and writes its log to a file of its own.
 *
 * <pre>{@code
 * WorkerProcess w = WorkerProcess.start(settings, log);
 * w.putConnector("shop", props);
 * w.kill();
 * }</pre>
 */
final class WorkerProcess {

  /**
   * How long one REST call may take before the worker counts as unresponsive: the worker's own
   * bound on a request (90 s). Creating a connector validates it and creates its topics, which on a
   * 2-core machine running other builds took longer than 10 s (the bound before).
   */
  private static final Duration REST_TIMEOUT = Duration.ofSeconds(90);

  private final Process process;
  private final URI rest;
  private final Path log;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(REST_TIMEOUT).build();

  private WorkerProcess(Process process, URI rest, Path log) {
    this.process = process;
    this.rest = rest;
    this.log = log;
  }

  /**
   * Starts a worker with {@code settings} (a REST listener on a free loopback port is added) and
   * returns without waiting for it to be ready; see {@link #ready()}.
   */
  static WorkerProcess start(Map<String, String> settings, Path dir, String name)
      throws IOException {
    int port = freeLoopbackPort();
    Properties props = new Properties();
    props.putAll(settings);
    props.put("listeners", "http://127.0.0.1:" + port);
    props.put("rest.advertised.host.name", "127.0.0.1");
    props.put("rest.advertised.port", String.valueOf(port));
    Path config = dir.resolve(name + ".properties");
    try (var out = Files.newBufferedWriter(config)) {
      props.store(out, "a Connect worker of WorkerCrashIT");
    }
    Path log = dir.resolve(name + ".log");
    List<String> command =
        new ArrayList<>(
            List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m",
                "-XX:+UseSerialGC",
                "-Dlog4j2.configurationFile=" + logConfig(dir).toUri(),
                "-cp",
                workerClassPath(),
                "org.apache.kafka.connect.cli.ConnectDistributed",
                config.toString()));
    Process p =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    return new WorkerProcess(p, URI.create("http://127.0.0.1:" + port), log);
  }

  /** Whether the REST API answers (the worker has joined its group and read its config topic). */
  boolean ready() {
    try {
      return get("/connectors").statusCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  boolean alive() {
    return process.isAlive();
  }

  /** Creates or updates a connector. */
  void putConnector(String name, Map<String, String> config) throws IOException {
    String body = ConnectClusterIT.JSON.writeValueAsString(config);
    HttpResponse<String> r =
        send(
            HttpRequest.newBuilder(rest.resolve("/connectors/" + name + "/config"))
                .timeout(REST_TIMEOUT)
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(body))
                .build());
    if (r.statusCode() / 100 != 2) {
      throw new IllegalStateException(
          "PUT connector " + name + ": HTTP " + r.statusCode() + " " + r.body());
    }
  }

  /** Whether the connector and its one task run on this worker. */
  boolean running(String name) {
    try {
      HttpResponse<String> r = get("/connectors/" + name + "/status");
      if (r.statusCode() != 200) {
        return false;
      }
      JsonNode status = ConnectClusterIT.JSON.readTree(r.body());
      JsonNode tasks = status.path("tasks");
      return "RUNNING".equals(status.path("connector").path("state").asText())
          && tasks.size() == 1
          && "RUNNING".equals(tasks.get(0).path("state").asText());
    } catch (IOException e) {
      return false;
    }
  }

  /** The task's status, with its trace when it failed, for assertion messages. */
  String status(String name) {
    try {
      return get("/connectors/" + name + "/status").body();
    } catch (IOException e) {
      return "(no status: " + e + ")";
    }
  }

  /** {@code kill -9}: the worker gets no chance to stop its task, commit or close anything. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor();
  }

  /** SIGTERM: the worker's own shutdown hook stops it cleanly. */
  void stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
      kill();
    }
  }

  Path log() {
    return log;
  }

  private HttpResponse<String> get(String path) throws IOException {
    return send(HttpRequest.newBuilder(rest.resolve(path)).timeout(REST_TIMEOUT).GET().build());
  }

  private HttpResponse<String> send(HttpRequest request) throws IOException {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  /**
   * This JVM's class path without Redoline's classes and jars and without H2, so that the worker
   * has Kafka, its dependencies and a log4j binding but finds the connector only in plugin.path.
   */
  static String workerClassPath() {
    List<String> kept = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path p = Path.of(entry);
      String file = p.getFileName() == null ? "" : p.getFileName().toString();
      boolean redoline =
          Files.isDirectory(p) || file.startsWith("cdc-") || entry.contains("/dev/redoline/");
      if (!redoline && !file.startsWith("h2-")) {
        kept.add(entry);
      }
    }
    return String.join(File.pathSeparator, kept);
  }

  /**
   * Kafka at WARN, the worker's lifecycle and the connector at INFO, on the console (the log file).
   */
  private static Path logConfig(Path dir) {
    Path file = dir.resolve("worker-log4j2.properties");
    String text =
        String.join(
            "\n",
            "rootLogger.level = WARN",
            "rootLogger.appenderRef.out.ref = out",
            "appender.out.type = Console",
            "appender.out.name = out",
            "appender.out.layout.type = PatternLayout",
            "appender.out.layout.pattern = %d{HH:mm:ss.SSS} %-5p [%t] %c{1} %m%n",
            "logger.redoline.name = dev.redoline",
            "logger.redoline.level = INFO",
            "logger.worker.name = org.apache.kafka.connect.runtime.Worker",
            "logger.worker.level = INFO",
            "");
    try {
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  private static int freeLoopbackPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
