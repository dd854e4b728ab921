package dev.redoline.examples;

import dev.redoline.core.CdcException;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.embedded.EngineMetrics;
import dev.redoline.embedded.EngineState;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The demo: the embedded engine on the built-in Oracle simulator, printing each committed
 * transaction as one JSON line on stdout and a progress line on stderr every five seconds. Ctrl-C
 * stops it cleanly: the transaction in flight is finished and its position stored.
 *
 * <pre>
 * ./mvnw -q -B -pl examples exec:java                                      # jdbc:redoline:sim:demo
 * ./mvnw -q -B -pl examples exec:java -Dexec.args="--config cdc.properties"
 * </pre>
 *
 * <p>Without {@code --config} it captures {@code SHOP.*} from {@code jdbc:redoline:sim:demo},
 * keeping its state in a new temporary directory (that database lives in the demo's JVM and starts
 * afresh on every run, so an old position would mean nothing to it). A configuration file holds
 * {@code cdc.*} keys (docs/configuration.md); with a simulator server ({@code
 * cdc.database.url=jdbc:redoline:sim://127.0.0.1:15210/demo}) and a {@code cdc.state.dir}, a run
 * killed and started again resumes where the last one stopped.
 */
public final class Demo {

  /** How often the progress line is printed. */
  static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

  private final Map<String, String> settings;
  private final PrintStream out;
  private final PrintStream err;
  private final Duration progressEvery;
  private final ScheduledExecutorService progress =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "redoline-demo-progress");
            t.setDaemon(true);
            return t;
          });
  private EngineMetrics previous = new EngineMetrics(0, 0, null, Duration.ZERO, null);
  private long previousNanos = System.nanoTime();

  Demo(Map<String, String> settings, PrintStream out, PrintStream err, Duration progressEvery) {
    this.settings = settings;
    this.out = out;
    this.err = err;
    this.progressEvery = progressEvery;
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> settings;
    try {
      settings = settings(args);
    } catch (IllegalArgumentException | IOException e) {
      System.err.println("redoline demo: " + e.getMessage());
      System.err.println("usage: Demo [--config cdc.properties]");
      System.exit(2);
      return;
    }
    Demo demo = new Demo(settings, System.out, System.err, PROGRESS_EVERY);
    EmbeddedEngine engine;
    try {
      engine = demo.start();
    } catch (CdcException e) {
      System.err.println("redoline demo: " + e.getMessage());
      System.exit(1);
      return;
    }
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  engine.stop();
                  try {
                    engine.awaitTermination(Duration.ofSeconds(30));
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                  System.err.println(
                      "redoline demo: stopped ("
                          + engine.metrics().transactions()
                          + " transactions)");
                },
                "redoline-demo-stop"));
    while (!engine.awaitTermination(Duration.ofSeconds(1))) {
      // the engine runs until Ctrl-C or a failure
    }
    demo.progress.shutdownNow();
    System.exit(engine.state() == EngineState.FAILED ? 1 : 0);
  }

  /**
   * The settings of a command line: the defaults, or {@code --config <file>} read as properties.
   *
   * @throws IllegalArgumentException for an argument the demo does not know
   */
  static Map<String, String> settings(String[] args) throws IOException {
    Map<String, String> settings = new LinkedHashMap<>();
    if (args.length == 0) {
      settings.put("cdc.database.url", "jdbc:redoline:sim:demo");
      settings.put("cdc.tables.include", "SHOP.*");
    } else if (args.length == 2 && args[0].equals("--config")) {
      Properties file = new Properties();
      try (Reader reader = Files.newBufferedReader(Path.of(args[1]), StandardCharsets.UTF_8)) {
        file.load(reader);
      }
      file.stringPropertyNames().forEach(k -> settings.put(k, file.getProperty(k).trim()));
    } else {
      throw new IllegalArgumentException("unknown arguments " + String.join(" ", args));
    }
    if (!settings.containsKey("cdc.state.dir")) {
      settings.put("cdc.state.dir", Files.createTempDirectory("redoline-demo-").toString());
    }
    return settings;
  }

  /** Starts the engine and the progress line; the engine prints a JSON line per transaction. */
  EmbeddedEngine start() {
    EmbeddedEngine engine =
        EmbeddedEngine.builder()
            .config(settings)
            .handler(tx -> out.println(ChangeJson.transaction(tx)))
            .failureListener(e -> err.println("redoline demo: " + e.getMessage()))
            .build();
    err.println(
        "redoline demo: capturing "
            + settings.get("cdc.tables.include")
            + " from "
            + settings.get("cdc.database.url")
            + ", state in "
            + settings.get("cdc.state.dir")
            + "; Ctrl-C stops");
    engine.start();
    long every = progressEvery.toMillis();
    progress.scheduleAtFixedRate(
        () -> err.println(progressLine(engine.metrics(), System.nanoTime())),
        every,
        every,
        TimeUnit.MILLISECONDS);
    return engine;
  }

  /** Rates since the previous line, and the lag of the last transaction handled. */
  synchronized String progressLine(EngineMetrics now, long nanos) {
    double seconds = Math.max(1e-9, (nanos - previousNanos) / 1e9);
    String line =
        String.format(
            Locale.ROOT,
            "progress: %d transactions (%.1f/s), %d changes (%.1f/s), lag %.1f s",
            now.transactions(),
            (now.transactions() - previous.transactions()) / seconds,
            now.changes(),
            (now.changes() - previous.changes()) / seconds,
            now.lag().toMillis() / 1000.0);
    previous = now;
    previousNanos = nanos;
    return line;
  }

  /** Stops the progress line; the caller stops the engine. */
  void close() {
    progress.shutdownNow();
  }
}
