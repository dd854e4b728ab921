package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.apache.kafka.connect.util.clusters.WorkerHandle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deploys the built archives through {@code plugin.path} into a Connect worker. This class runs in
 * its own failsafe execution whose class path holds neither this module's classes nor the Redoline
 * jars nor the simulator, so the connector and the simulator's driver can only come from the
 * archive, in the plugin's class loader. It names the connector by class name only.
 */
class PluginArchiveIT {

  static final String CONNECTOR = "dev.redoline.connect.RedolineSourceConnector";

  static final String SIMULATOR_DRIVER = "dev.redoline.simulator.SimulatorDriver";

  @TempDir Path plugins;

  @Test
  void pluginArchive_carriesNoSimulator() throws IOException {
    List<String> jars = jarNames(Path.of(System.getProperty("redoline.plugin.archive")));
    assertThat(jars)
        .as("the plugin's jars")
        .anyMatch(j -> j.startsWith("cdc-connect-"))
        .noneMatch(j -> j.startsWith("cdc-simulator-"))
        .noneMatch(j -> j.startsWith("h2-"));
  }

  @Test
  void trialArchive_isThePluginPlusTheSimulatorAndH2() throws IOException {
    List<String> plugin = jarNames(Path.of(System.getProperty("redoline.plugin.archive")));
    List<String> trial = jarNames(Path.of(System.getProperty("redoline.trial.archive")));
    assertThat(trial).containsAll(plugin);
    assertThat(trial.stream().filter(j -> !plugin.contains(j)))
        .as("what the trial adds")
        .hasSize(2)
        .anyMatch(j -> j.startsWith("cdc-simulator-"))
        .anyMatch(j -> j.startsWith("h2-"));
  }

  @Test
  void pluginPath_trialArchiveCapturesTheDemoDatabaseIsolatedFromTheClassPath() throws Exception {
    assertThatThrownBy(() -> Class.forName(CONNECTOR)).isInstanceOf(ClassNotFoundException.class);
    assertThatThrownBy(() -> Class.forName(SIMULATOR_DRIVER))
        .isInstanceOf(ClassNotFoundException.class);
    unzip(Path.of(System.getProperty("redoline.trial.archive")), plugins);
    Map<String, String> worker =
        new HashMap<>(
            Map.of(
                "plugin.path", plugins.toString(),
                "plugin.discovery", "service_load",
                "offset.flush.interval.ms", "1000"));
    EmbeddedConnectCluster connect =
        new EmbeddedConnectCluster.Builder()
            .name("redoline-plugin-it")
            .numBrokers(1)
            .numWorkers(1)
            .workerProps(worker)
            .brokerProps(new Properties())
            .build();
    connect.start();
    try {
      Map<String, String> props = new HashMap<>();
      props.put("name", "demo");
      props.put("connector.class", CONNECTOR);
      props.put("tasks.max", "1");
      props.put("cdc.database.url", "jdbc:redoline:sim:demo?seed=3");
      props.put("cdc.tables.include", "SHOP.*");
      props.put("cdc.topic.prefix", "demo");
      props.put("cdc.buffer.spill.dir", plugins.resolve("spill").toString());
      props.put("topic.creation.default.replication.factor", "1");
      props.put("topic.creation.default.partitions", "1");
      props.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
      props.put("value.converter.schemas.enable", "false");
      assertThat(connect.validateConnectorConfig("RedolineSourceConnector", props).errorCount())
          .isZero();
      connect.configureConnector("demo", props);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning("demo", 1, "connector did not start");
      List<ConsumerRecord<byte[], byte[]>> records =
          TopicReader.read(connect, "demo.SHOP.ORDERS", false, rs -> rs.size() >= 3);
      assertThat(new String(records.get(0).value(), java.nio.charset.StandardCharsets.UTF_8))
          .contains("\"connector\":\"redoline\"")
          .containsPattern(
              "\"op\":\"[rc]\""); // the rows that exist at the start come first, as a snapshot

      // The plugin with the simulator but without H2 (the in-process URL's driver then lacks
      // org.h2.Driver): a worker that loads it answers validation with CDC-4091 beside
      // cdc.database.url, not HTTP 500 with a NoClassDefFoundError. One more worker of this
      // cluster, started after the jar is gone, so its plugin class loader never saw it.
      connect.deleteConnector("demo");
      connect.assertions().assertConnectorDoesNotExist("demo", "connector not deleted");
      removeH2(plugins);
      WorkerHandle withoutH2 = connect.addWorker();
      HttpResponse<String> answer = validate(withoutH2.url(), props);
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      assertThat(answer.body()).contains("CDC-4091").contains("org.h2.Driver");
    } finally {
      connect.stop();
    }
  }

  /** Deletes H2's jar from every unzipped plugin's {@code lib/}. */
  private static void removeH2(Path plugins) throws IOException {
    List<Path> h2;
    try (Stream<Path> files = Files.walk(plugins)) {
      h2 =
          files
              .filter(f -> f.getParent().getFileName().toString().equals("lib"))
              .filter(f -> f.getFileName().toString().startsWith("h2-"))
              .toList();
    }
    assertThat(h2).as("the trial archive's H2").isNotEmpty();
    for (Path jar : h2) {
      Files.delete(jar);
    }
  }

  /**
   * {@code PUT /connector-plugins/RedolineSourceConnector/config/validate} on one worker, asked
   * again while the worker is still starting (a bounded number of times).
   */
  private static HttpResponse<String> validate(URI worker, Map<String, String> props)
      throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(
                worker.resolve("/connector-plugins/RedolineSourceConnector/config/validate"))
            .header("Content-Type", "application/json")
            .PUT(HttpRequest.BodyPublishers.ofString(new ObjectMapper().writeValueAsString(props)))
            .build();
    HttpClient client = HttpClient.newHttpClient();
    HttpResponse<String> answer = null;
    for (int attempt = 0; attempt < 60; attempt++) {
      answer = client.send(request, HttpResponse.BodyHandlers.ofString());
      if (answer.statusCode() != 404 && answer.statusCode() != 503) {
        return answer;
      }
      Thread.sleep(1000); // the worker's REST resources are not up yet
    }
    return answer;
  }

  /** The file names of the jars in an archive's {@code lib/}. */
  static List<String> jarNames(Path zip) throws IOException {
    List<String> names = new ArrayList<>();
    try (InputStream in = Files.newInputStream(zip);
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e = z.getNextEntry(); e != null; e = z.getNextEntry()) {
        String[] parts = e.getName().split("/");
        if (parts.length == 3 && parts[1].equals("lib") && parts[2].endsWith(".jar")) {
          names.add(parts[2]);
        }
      }
    }
    return names;
  }

  static void unzip(Path zip, Path into) throws IOException {
    try (InputStream in = Files.newInputStream(zip);
        ZipInputStream z = new ZipInputStream(in)) {
      for (ZipEntry e = z.getNextEntry(); e != null; e = z.getNextEntry()) {
        Path target = into.resolve(e.getName()).normalize();
        if (!target.startsWith(into)) {
          throw new IOException("Entry outside the target directory: " + e.getName());
        }
        if (e.isDirectory()) {
          Files.createDirectories(target);
        } else {
          Files.createDirectories(target.getParent());
          Files.copy(z, target);
        }
      }
    }
  }
}
