package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.simulator.SimulatorServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A connector's first start at the current SCN (the default), with at-least-once delivery, in a
 * distributed worker of its own that is killed with {@code kill -9} before it wrote any offset (its
 * {@code offset.flush.interval.ms} is ten minutes); a second worker then finds nothing stored and
 * starts again at the then current SCN. A row deleted between the two starts must not stay in a
 * consumer's copy of the table. Before, the first worker delivered the initial snapshot's rows at
 * once, and the delete, committed below the second start, reached no one.
 */
class FirstStartKillIT {

  static final String NAME = "firstkill";

  static final String TOPIC = NAME + ".SHOP.ORDERS";

  /** The task's INFO line when it holds delivery until the first offset is stored. */
  static final String HOLDING = "First start: nothing more is delivered";

  @TempDir Path work;

  @Test
  @Timeout(value = 15, unit = TimeUnit.MINUTES) // two workers, each waited for with its bound
  void workerKilledBeforeItsFirstOffsetWrite_theNextLeavesNoDeletedRowBehind() throws Exception {
    KafkaClusterTestKit kafka = WorkerCrashIT.startBroker();
    ShopScript shop = ShopScript.of(43);
    SimulatedTransaction seed = shop.oracle.begin();
    String first = seed.insert(ShopScript.ORDERS, 1L, "NEW");
    seed.insert(ShopScript.ORDERS, 2L, "NEW");
    seed.insert(ShopScript.ORDERS, 3L, "NEW");
    seed.commit();
    SimulatorServer server = SimulatorServer.start(shop.oracle, "shop", 0, true);
    Path logs = Files.createDirectories(work.resolve("logs"));
    Path plugins =
        PluginDirectory.withSimulator(
            Path.of(System.getProperty("redoline.plugin.archive")), work.resolve("plugins"));
    WorkerProcess worker = null;
    try {
      worker =
          WorkerProcess.start(
              workerSettings(kafka.bootstrapServers(), plugins, 600_000), logs, "w1");
      WorkerProcess w1 = worker;
      WorkerCrashIT.await(w1::ready, w1, "the first worker's REST API");
      w1.putConnector(NAME, connectorSettings(server.url()));
      // before: the snapshot's three rows reach the topic; now: the task holds them back
      WorkerCrashIT.await(
          () -> copy(kafka.bootstrapServers()).size() >= 3 || logged(w1.log()),
          w1,
          "the snapshot's rows or the task's hold");
      w1.kill();

      long before = shop.actionsDone();
      shop.then(
          o -> {
            SimulatedTransaction delete = o.begin();
            delete.delete(ShopScript.ORDERS, first);
            delete.commit();
          });
      // the database's workload runs it at its next tick, before the next worker can start
      for (int tick = 0; tick < 1200 && shop.actionsDone() == before; tick++) {
        Thread.sleep(50);
      }
      assertThat(shop.actionsDone()).as("the delete of row 1 ran").isGreaterThan(before);
      worker =
          WorkerProcess.start(workerSettings(kafka.bootstrapServers(), plugins, 1_000), logs, "w2");
      WorkerProcess w2 = worker;
      shop.then(
          o -> {
            SimulatedTransaction marker = o.begin();
            marker.insert(ShopScript.ORDERS, 4L, "MARK");
            marker.commit();
          });
      WorkerCrashIT.await(
          () -> copy(kafka.bootstrapServers()).containsKey(4L), w2, "the marker row 4");
      assertThat(copy(kafka.bootstrapServers()))
          .as("the consumer's copy of SHOP.ORDERS against the database's rows; see %s", logs)
          .isEqualTo(Map.of(2L, "NEW", 3L, "NEW", 4L, "MARK"));
    } finally {
      if (worker != null) {
        worker.stop();
      }
      server.close();
      kafka.close();
    }
  }

  private static boolean logged(Path log) {
    try {
      return Files.exists(log) && Files.readString(log).contains(HOLDING);
    } catch (java.io.IOException e) {
      return false;
    }
  }

  /** The table as a consumer that applies each record of the topic by its key keeps it. */
  private static Map<Long, String> copy(String bootstrap) {
    Map<Long, String> copy = new TreeMap<>();
    Map<String, Object> settings =
        Map.of(
            "bootstrap.servers",
            bootstrap,
            "isolation.level",
            "read_uncommitted",
            "allow.auto.create.topics",
            "false",
            "key.deserializer",
            ByteArrayDeserializer.class.getName(),
            "value.deserializer",
            ByteArrayDeserializer.class.getName());
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(settings)) {
      TopicPartition tp = new TopicPartition(TOPIC, 0);
      if (consumer.partitionsFor(TOPIC, Duration.ofSeconds(10)).isEmpty()) {
        return copy;
      }
      consumer.assign(List.of(tp));
      consumer.seekToBeginning(List.of(tp));
      long end = consumer.endOffsets(List.of(tp)).get(tp);
      List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
      while (consumer.position(tp) < end) {
        consumer.poll(Duration.ofMillis(500)).forEach(records::add);
      }
      for (ConsumerRecord<byte[], byte[]> r : records) {
        long id = json(r.key()).path("ID").asLong();
        JsonNode after = r.value() == null ? null : json(r.value()).path("after");
        if (after == null || after.isNull() || after.isMissingNode()) {
          copy.remove(id);
        } else {
          copy.put(id, after.path("STATUS").asText());
        }
      }
    } catch (org.apache.kafka.common.KafkaException e) {
      return copy; // the topic does not exist yet
    }
    return copy;
  }

  private static JsonNode json(byte[] bytes) {
    try {
      return ConnectClusterIT.JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The crash drill's worker, but at-least-once, with topics of its own and the given flush. */
  private static Map<String, String> workerSettings(String bootstrap, Path plugins, long flushMs) {
    Map<String, String> w = WorkerCrashIT.workerSettings(bootstrap, plugins);
    w.put("group.id", "redoline-firstkill");
    w.put("config.storage.topic", "firstkill-configs");
    w.put("offset.storage.topic", "firstkill-offsets");
    w.put("status.storage.topic", "firstkill-status");
    w.remove("exactly.once.source.support");
    w.remove("producer.transaction.timeout.ms");
    // at-least-once: offsets are written on this schedule only
    w.put("offset.flush.interval.ms", String.valueOf(flushMs));
    return w;
  }

  private Map<String, String> connectorSettings(String url) {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("connector.class", "dev.redoline.connect.RedolineSourceConnector");
    c.put("tasks.max", "1");
    c.put("cdc.database.url", url);
    c.put("cdc.tables.include", "SHOP.*");
    c.put("cdc.topic.prefix", NAME);
    c.put("cdc.mining.idle.ms", "200");
    c.put("cdc.buffer.spill.dir", work.resolve("spill").toString());
    c.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    c.put("key.converter.schemas.enable", "false");
    c.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    c.put("value.converter.schemas.enable", "false");
    c.put("topic.creation.default.replication.factor", "1");
    c.put("topic.creation.default.partitions", "1");
    c.put("topic.creation.default.retention.ms", "-1");
    return c;
  }
}
