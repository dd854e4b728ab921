package dev.redoline.connect;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The in-process KRaft broker for the test classes that need Kafka but no Connect worker: the
 * broker of the shared {@link TestConnect} cluster, so the failsafe JVM runs one broker.
 */
final class TestBroker {

  private static final AtomicInteger NAMES = new AtomicInteger();

  private TestBroker() {}

  /** The broker's bootstrap servers: the shared Connect cluster's broker, started on first use. */
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
