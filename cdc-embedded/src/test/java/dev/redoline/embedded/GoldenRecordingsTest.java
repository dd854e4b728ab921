package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Change;
import dev.redoline.core.Scn;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden cases: every directory under {@code src/test/resources/recordings/} holds a capture's
 * {@code recording/}, the {@code settings.properties} it ran with (no password) and the {@code
 * delivered.txt} it delivered; each is replayed on the simulator and must deliver exactly that
 * stream. The real-Oracle suite writes such directories ({@code target/oracle-it/<case>/}); copying
 * one here makes what a real database did a test of the normal build. A case that is the second
 * capture of a restart also holds the state the capture started from ({@link #STATE_AT_START}),
 * copied into the replay's state directory first. The {@code simulator-shop} case is made by this
 * class: run with {@code -Dredoline.golden.write=true} to make it again.
 */
class GoldenRecordingsTest {

  static final Path CASES = Path.of("src", "test", "resources", "recordings");

  /** A case's stored state ({@code cdc.state.dir}) as it was when the recorded capture started. */
  static final String STATE_AT_START = "state-at-start";

  @TempDir Path dir;

  @Test
  void everyRecordedCase_replaysToTheStreamItDelivered() throws Exception {
    if (Boolean.getBoolean("redoline.golden.write")) {
      writeSimulatorCase(CASES.resolve("simulator-shop"));
    }
    List<Path> cases;
    try (Stream<Path> dirs = Files.list(CASES)) {
      cases = dirs.filter(Files::isDirectory).sorted().toList();
    }
    assertThat(cases).as("golden cases under " + CASES).isNotEmpty();
    for (Path c : cases) {
      List<String> expected =
          Files.readAllLines(c.resolve("delivered.txt"), StandardCharsets.UTF_8);
      Map<String, String> settings = load(c.resolve("settings.properties"));
      settings.put(
          "cdc.database.url",
          "jdbc:redoline:sim:replay?file="
              + c.resolve("recording").toAbsolutePath()
              + "&golden="
              + System.nanoTime());
      Path state = dir.resolve(c.getFileName());
      copyTree(c.resolve(STATE_AT_START), state);
      settings.put("cdc.state.dir", state.toString());
      settings.put(
          "cdc.buffer.spill.dir", dir.resolve(c.getFileName()).resolve("spill").toString());
      settings.remove("cdc.recording.dir");
      settings.remove("cdc.database.password");
      Recorder recorder = new Recorder();
      EmbeddedEngine engine =
          EmbeddedEngine.builder()
              .config(settings)
              .handler(recorder)
              .database(Database.fromConfig(CdcConfig.from(settings)))
              .build();
      engine.start();
      try {
        Recorder.await(
            () -> render(recorder.handled()).size() >= expected.size(),
            c + ": " + expected.size() + " changes");
      } finally {
        engine.stop();
        assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
      }
      assertThat(render(recorder.handled())).as(c.toString()).containsExactlyElementsOf(expected);
    }
  }

  /** Copies a directory tree, when there is one, into {@code to}. */
  static void copyTree(Path from, Path to) throws IOException {
    if (!Files.isDirectory(from)) {
      return;
    }
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : files.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }

  /** One line per delivered change: transaction, operation, table, position, after image. */
  static List<String> render(List<Recorder.Handled> delivered) {
    List<String> lines = new ArrayList<>();
    for (Recorder.Handled h : delivered) {
      for (Change c : h.changes()) {
        lines.add(
            h.xid()
                + "\t"
                + c.operation()
                + "\t"
                + c.table()
                + "\t"
                + c.scn()
                + "\t"
                + c.address()
                + "\t"
                + c.before()
                + "\t"
                + c.after());
      }
    }
    return lines;
  }

  /** Writes a case's settings (the password left out) next to its recording. */
  static void writeSettings(Map<String, String> settings, Path file) throws IOException {
    Properties p = new Properties();
    new TreeMap<>(settings)
        .forEach(
            (k, v) -> {
              if (!k.equals("cdc.database.password")) {
                p.setProperty(k, v);
              }
            });
    try (OutputStream out = Files.newOutputStream(file)) {
      p.store(out, "settings of the recorded capture (password left out)");
    }
  }

  private static Map<String, String> load(Path file) throws IOException {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
    Map<String, String> out = new HashMap<>();
    p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
    return out;
  }

  /** Records {@link RecordingReplayTest#workload} into {@code target}. */
  private void writeSimulatorCase(Path target) throws Exception {
    if (Files.isDirectory(target)) {
      try (Stream<Path> old = Files.walk(target)) {
        for (Path p : old.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    Files.createDirectories(target);
    SimulatedOracle oracle = SimulatedOracle.builder().seed(29).build();
    Scn start = RecordingReplayTest.workload(oracle);
    Map<String, String> settings =
        RecordingReplayTest.settings(oracle.url(), start, dir.resolve("writing"));
    settings.put("cdc.recording.dir", target.resolve("recording").toString());
    Recorder recorder = new Recorder();
    EmbeddedEngine engine =
        EmbeddedEngine.builder()
            .config(settings)
            .handler(recorder)
            .database(Database.jdbc(CdcConfig.from(settings), oracle.clock(), oracle::advance))
            .build();
    engine.start();
    recorder.awaitCount(RecordingReplayTest.COMMITTED);
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    Files.write(
        target.resolve("delivered.txt"), render(recorder.handled()), StandardCharsets.UTF_8);
    writeSettings(settings, target.resolve("settings.properties"));
  }
}
