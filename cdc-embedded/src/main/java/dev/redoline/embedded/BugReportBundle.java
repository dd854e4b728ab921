package dev.redoline.embedded;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ConfigKey;
import dev.redoline.logminer.OpsEvent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * One zip file to attach to a bug report: what a maintainer needs to replay and read a capture,
 * without its secrets.
 *
 * <pre>{@code
 * BugReportBundle.write(config, opsHistory.events(), Path.of("redoline-bug.zip"));
 * }</pre>
 *
 * or from a shell, with the capture's settings in a properties file: {@code java -cp <redoline
 * jars> dev.redoline.embedded.BugReportBundle capture.properties redoline-bug.zip}.
 *
 * <p>Entries: {@code recording/} the parts of {@code cdc.recording.dir} (redacted when written:
 * excluded columns NULL, masked ones masked), {@code state/offsets.json} and {@code
 * state/schema-history.jsonl} from {@code cdc.state.dir} (stored positions and table layouts, no
 * values), {@code configuration.properties} (every setting, passwords as {@code [hidden]} and the
 * URL without credentials), {@code ops-events.txt} (the events given, oldest first) and {@code
 * versions.properties} (Redoline, Java, operating system). Dead letters and the journal are left
 * out: they hold row values.
 */
public final class BugReportBundle {

  private BugReportBundle() {}

  /**
   * Writes the bundle of the capture {@code config} describes to {@code target}.
   *
   * @param recentOps the ops events to include (an {@link OpsHistory}'s), oldest first; may be
   *     empty
   * @return the names of the entries written
   * @throws IOException when a file cannot be read or the bundle cannot be written
   */
  public static List<String> write(CdcConfig config, List<OpsEvent> recentOps, Path target)
      throws IOException {
    Objects.requireNonNull(config, "config == null");
    Objects.requireNonNull(recentOps, "recentOps == null");
    List<String> names = new ArrayList<>();
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(target))) {
      text(zip, names, "configuration.properties", configuration(config));
      text(zip, names, "versions.properties", versions());
      StringBuilder ops = new StringBuilder();
      for (OpsEvent e : recentOps) {
        ops.append(e.time())
            .append(' ')
            .append(e.type())
            .append(' ')
            .append(e.message())
            .append('\n');
      }
      text(
          zip,
          names,
          "ops-events.txt",
          ops.length() == 0 ? "(no ops events were given)\n" : ops.toString());
      Path state = Path.of(config.get(CdcConfig.STATE_DIR));
      for (String stored : List.of("offsets.json", "schema-history.jsonl")) {
        file(zip, names, "state/" + stored, state.resolve(stored));
      }
      String recording = config.get(CdcConfig.RECORDING_DIR);
      if (!recording.isBlank() && Files.isDirectory(Path.of(recording.trim()))) {
        try (Stream<Path> parts = Files.list(Path.of(recording.trim()))) {
          for (Path part : parts.filter(Files::isRegularFile).sorted().toList()) {
            file(zip, names, "recording/" + part.getFileName(), part);
          }
        }
      }
    }
    return names;
  }

  /**
   * {@code redoline bundle}: {@code <settings.properties> <bundle.zip>}; prints the entries
   * written. Exits 2 on wrong arguments, 1 when the settings are invalid or a file cannot be read
   * or written.
   */
  public static void main(String[] args) {
    if (args.length != 2) {
      System.err.println("usage: BugReportBundle <capture settings .properties> <bundle .zip>");
      System.exit(2);
    }
    try {
      Properties p = new Properties();
      try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
        p.load(in);
      }
      Map<String, String> settings = new TreeMap<>();
      p.stringPropertyNames().forEach(k -> settings.put(k, p.getProperty(k)));
      for (String name : write(CdcConfig.from(settings), List.of(), Path.of(args[1]))) {
        System.out.println(name);
      }
    } catch (IOException | RuntimeException e) {
      System.err.println("No bundle written: " + e.getMessage());
      System.exit(1);
    }
  }

  /** Every setting as given, each shown as a log line may show it. */
  static String configuration(CdcConfig config) {
    StringBuilder out = new StringBuilder("# Redoline settings; secrets hidden\n");
    new TreeMap<>(config.originals())
        .forEach(
            (name, value) -> {
              ConfigKey<?> key =
                  CdcConfig.KEYS.stream()
                      .filter(k -> k.name().equals(name))
                      .findFirst()
                      .orElse(null);
              out.append(name)
                  .append('=')
                  .append(key == null ? value : CdcConfig.shown(key, value))
                  .append('\n');
            });
    return out.toString();
  }

  private static String versions() {
    String redoline = BugReportBundle.class.getPackage().getImplementationVersion();
    return "redoline="
        + (redoline == null ? "unknown (not run from a released jar)" : redoline)
        + "\n"
        + "java.version="
        + System.getProperty("java.version")
        + "\n"
        + "java.vendor="
        + System.getProperty("java.vendor")
        + "\n"
        + "os="
        + System.getProperty("os.name")
        + " "
        + System.getProperty("os.version")
        + " "
        + System.getProperty("os.arch")
        + "\n";
  }

  private static void text(ZipOutputStream zip, List<String> names, String name, String text)
      throws IOException {
    zip.putNextEntry(new ZipEntry(name));
    zip.write(text.getBytes(StandardCharsets.UTF_8));
    zip.closeEntry();
    names.add(name);
  }

  private static void file(ZipOutputStream zip, List<String> names, String name, Path file)
      throws IOException {
    if (!Files.isRegularFile(file)) {
      return;
    }
    zip.putNextEntry(new ZipEntry(name));
    try (InputStream in = Files.newInputStream(file)) {
      in.transferTo(zip);
    }
    zip.closeEntry();
    names.add(name);
  }
}
