package dev.redoline.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.CommitMark;
import dev.redoline.embedded.EmbeddedEngine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Example (b) against a real broker in the test JVM. */
class KafkaSinkIT {

  static final List<String> TABLES = List.of("CUSTOMERS", "PRODUCTS", "ORDERS", "ORDER_LINES");

  static KafkaClusterTestKit cluster;

  @TempDir Path state;

  @BeforeAll
  static void broker() throws Exception {
    cluster =
        new KafkaClusterTestKit.Builder(
                new TestKitNodes.Builder()
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1)
                    .build())
            .setConfigProp("offsets.topic.replication.factor", "1")
            .setConfigProp("transaction.state.log.replication.factor", "1")
            .setConfigProp("transaction.state.log.min.isr", "1")
            .setConfigProp("group.initial.rebalance.delay.ms", "0")
            .build();
    cluster.format();
    cluster.startup();
    cluster.waitForReadyBrokers();
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", cluster.bootstrapServers()))) {
      List<NewTopic> topics = new ArrayList<>();
      TABLES.forEach(t -> topics.add(new NewTopic("demo.SHOP." + t, 1, (short) 1)));
      topics.add(new NewTopic("demo.offsets", 1, (short) 1));
      admin.createTopics(topics).all().get();
    }
  }

  @AfterAll
  static void stopBroker() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void sink_writesEachTransactionOnceWithItsPositionAcrossRestarts() throws Exception {
    Replays replays = new Replays(state);
    List<CommitMark> committed = new CopyOnWriteArrayList<>();
    run(replays, committed, 6);
    run(replays, committed, committed.size() + 6);

    List<Replays.Handled> reference = replays.reference(committed.get(committed.size() - 1));
    assertThat(committed)
        .containsExactlyElementsOf(reference.stream().map(Replays.Handled::mark).toList());
    Map<String, Integer> expected = new HashMap<>();
    for (Replays.Handled h : reference) {
      for (Change c : h.changes()) {
        expected.merge(c.table().table(), 1, Integer::sum);
      }
    }
    for (String table : TABLES) {
      assertThat(consume("demo.SHOP." + table)).as(table).hasSize(expected.getOrDefault(table, 0));
    }
    List<String> positions = consume("demo.offsets");
    assertThat(positions).hasSize(committed.size());
    assertThat(PositionText.read(positions.get(positions.size() - 1)).scn())
        .isEqualTo(committed.get(committed.size() - 1).scn());
    // a stored position is a whole transaction's: its map form says every change was delivered
    assertThat(PositionText.read(positions.get(0)).toMap())
        .containsEntry("commit_index", Long.MAX_VALUE);
  }

  private void run(Replays replays, List<CommitMark> committed, int until) throws Exception {
    try (KafkaSink sink = KafkaSink.open(cluster.bootstrapServers(), "demo", "redoline-test")) {
      EmbeddedEngine engine =
          replays
              .engine(
                  "kafka",
                  tx -> {
                    sink.handle(tx);
                    committed.add(tx.commit().mark());
                  })
              .offsetStore(sink.offsets())
              .build();
      engine.start();
      Replays.await(() -> committed.size() >= until, until + " transactions");
      engine.stop();
      assertThat(engine.awaitTermination(Replays.PATIENCE)).isTrue();
    }
  }

  private static List<String> consume(String topic) {
    Map<String, Object> config =
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            cluster.bootstrapServers(),
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            "read_committed",
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
            false);
    List<String> values = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
      TopicPartition partition = new TopicPartition(topic, 0);
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      long end = consumer.endOffsets(List.of(partition)).get(partition);
      while (consumer.position(partition) < end) {
        for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
          values.add(r.value());
        }
      }
    }
    return values;
  }
}
