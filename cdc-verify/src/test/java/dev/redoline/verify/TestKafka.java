package dev.redoline.verify;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * One KRaft broker for every test of this JVM that reads topics, started on first use and stopped
 * when the JVM exits. Tests never share a topic: each names its own with {@link #unique}.
 */
public final class TestKafka {

  private static final AtomicInteger NAMES = new AtomicInteger();
  private static KafkaClusterTestKit cluster;

  private TestKafka() {}

  /** The broker's bootstrap servers, starting it on first use. */
  public static synchronized String bootstrap() {
    if (cluster == null) {
      try {
        KafkaClusterTestKit started =
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
        started.format();
        started.startup();
        started.waitForReadyBrokers();
        Runtime.getRuntime().addShutdownHook(new Thread(TestKafka::stop, "test-kafka-stop"));
        cluster = started;
      } catch (Exception e) {
        throw new IllegalStateException("the test broker did not start", e);
      }
    }
    return cluster.bootstrapServers();
  }

  private static synchronized void stop() {
    try {
      cluster.close();
    } catch (Exception e) {
      // the JVM is exiting; the broker's files are in a temporary directory
    }
  }

  /** A name no other test of this JVM uses. */
  public static String unique(String base) {
    return base + NAMES.incrementAndGet();
  }

  /** A record to write: {@code value} null for a tombstone, headers as name/value pairs. */
  public record Written(String topic, String key, String value, String... headers) {}

  /**
   * Creates {@code topics} with one partition each and writes {@code records} to them in order,
   * each acknowledged before this returns, without a transaction: every record is committed.
   */
  public static void write(List<String> topics, List<Written> records) {
    Map<String, Object> clients = Map.of("bootstrap.servers", bootstrap());
    try (Admin admin = Admin.create(clients)) {
      List<NewTopic> created = new ArrayList<>();
      topics.forEach(t -> created.add(new NewTopic(t, 1, (short) 1)));
      admin.createTopics(created).all().get();
      try (KafkaProducer<byte[], byte[]> producer =
          new KafkaProducer<>(clients, new ByteArraySerializer(), new ByteArraySerializer())) {
        for (Written r : records) {
          ProducerRecord<byte[], byte[]> record =
              new ProducerRecord<>(r.topic(), 0, bytes(r.key()), bytes(r.value()));
          for (int i = 0; i + 1 < r.headers().length; i += 2) {
            record.headers().add(r.headers()[i], bytes(r.headers()[i + 1]));
          }
          producer.send(record).get();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (Exception e) {
      throw new IllegalStateException("could not write the test topics", e);
    }
  }

  private static byte[] bytes(String text) {
    return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
  }
}
