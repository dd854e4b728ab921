package dev.redoline.connect;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * One in-process KRaft broker for the test classes that need Kafka but no Connect worker, started
 * on first use and stopped when the test JVM exits (recipe: TESTING-KAFKA.md, broker only).
 */
final class TestBroker {

  private static KafkaClusterTestKit cluster;
  private static final AtomicInteger NAMES = new AtomicInteger();

  private TestBroker() {}

  /** The broker's bootstrap servers, starting it on first use. */
  static synchronized String bootstrap() {
    if (cluster == null) {
      try {
        KafkaClusterTestKit c = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder()
            .setCombined(true).setNumBrokerNodes(1).setNumControllerNodes(1).build())
            .setConfigProp("offsets.topic.replication.factor", "1")
            .setConfigProp("transaction.state.log.replication.factor", "1")
            .setConfigProp("transaction.state.log.min.isr", "1")
            .setConfigProp("group.initial.rebalance.delay.ms", "0")
            .build();
        c.format();
        c.startup();
        c.waitForReadyBrokers();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
          try {
            c.close();
          } catch (Exception e) {
            // the JVM is exiting; the temporary directories are all that could be left
          }
        }));
        cluster = c;
      } catch (Exception e) {
        throw new IllegalStateException("cannot start the test broker", e);
      }
    }
    return cluster.bootstrapServers();
  }

  /** Client settings for the broker. */
  static Map<String, Object> clients() {
    return Map.of("bootstrap.servers", bootstrap());
  }

  /** A name no other test of this JVM uses. */
  static String unique(String base) {
    return base + "-" + NAMES.incrementAndGet();
  }
}
