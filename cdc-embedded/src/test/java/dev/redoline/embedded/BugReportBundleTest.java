package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Scn;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bug-report bundle of a recorded capture holds the recording, the stored positions, the
 * configuration, the ops events and the versions, and none of the secrets the settings hold.
 */
class BugReportBundleTest {

  private static final String PASSWORD = "pw-9c1e-never-shown";
  private static final String SALT = "salt-77aa-never-shown";
  private static final String CLIENT = "sasl.jaas.config=secret-3b1f-never-shown";

  @TempDir Path dir;

  @Test
  void bundle_holdsWhatAReportNeeds_andNoSecret() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(28).build();
    Scn start = RecordingReplayTest.workload(oracle);
    Map<String, String> settings =
        RecordingReplayTest.settings(oracle.url(), start, dir.resolve("state"));
    settings.put("cdc.recording.dir", dir.resolve("recording").toString());
    settings.put("cdc.database.user", "C##REDOLINE");
    settings.put("cdc.database.password", PASSWORD);
    settings.put("cdc.columns.mask.hash.salt", SALT);
    settings.put("cdc.kafka.client.config", CLIENT);
    OpsHistory history = new OpsHistory(50);
    Recorder recorder = new Recorder();
    EmbeddedEngine engine =
        EmbeddedEngine.builder()
            .config(settings)
            .handler(recorder)
            .ops(history)
            .database(Database.jdbc(CdcConfig.from(settings), oracle.clock(), oracle::advance))
            .build();
    engine.start();
    recorder.awaitCount(RecordingReplayTest.COMMITTED);
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();

    Path bundle = dir.resolve("bug.zip");
    BugReportBundle.write(CdcConfig.from(settings), history.events(), bundle);

    Map<String, String> entries = entries(bundle);
    assertThat(entries)
        .containsKeys(
            "configuration.properties",
            "versions.properties",
            "ops-events.txt",
            "state/offsets.json");
    assertThat(entries.keySet()).anyMatch(n -> n.startsWith("recording/recording-"));
    assertThat(entries.get("configuration.properties"))
        .contains("cdc.database.password=[hidden]")
        .contains("cdc.database.user=C##REDOLINE")
        .contains("cdc.recording.dir=");
    assertThat(entries.get("versions.properties"))
        .contains("java.version=" + System.getProperty("java.version"));
    assertThat(entries.get("state/offsets.json")).isNotBlank();
    String recording =
        entries.entrySet().stream()
            .filter(e -> e.getKey().startsWith("recording/"))
            .map(Map.Entry::getValue)
            .reduce("", String::concat);
    assertThat(recording).contains("V$LOGMNR_CONTENTS");
    for (Map.Entry<String, String> e : entries.entrySet()) {
      assertThat(e.getValue())
          .as(e.getKey())
          .doesNotContain(PASSWORD)
          .doesNotContain(SALT)
          .doesNotContain("secret-3b1f");
    }
    assertThat(new String(Files.readAllBytes(bundle), StandardCharsets.ISO_8859_1))
        .doesNotContain(PASSWORD);
  }

  /** Every entry as text; a recording part decompressed. */
  private static Map<String, String> entries(Path zip) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        byte[] bytes = in.readAllBytes();
        if (e.getName().endsWith(".gz")) {
          try (InputStream gz = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
            bytes = gz.readAllBytes();
          }
        }
        out.put(e.getName(), new String(bytes, StandardCharsets.UTF_8));
      }
    }
    return out;
  }
}
