package dev.redoline.connect;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Kafka for the test classes that need a broker but no connector: the broker of the shared {@link
 * TestConnect} cluster, so the failsafe JVM starts one KRaft broker, not two. Each test names its
 * topics and transactional ids with {@link #unique}, so tests sharing the broker never meet.
 */
final class TestBroker {

  private static final AtomicInteger NAMES = new AtomicInteger();

  private TestBroker() {}

  /** The broker's bootstrap servers, starting the shared cluster on first use. */
  static String bootstrap() {
    return TestConnect.cluster().kafka().bootstrapServers();
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
