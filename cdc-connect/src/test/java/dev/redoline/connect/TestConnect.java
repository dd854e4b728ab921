package dev.redoline.connect;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/**
 * One in-process Connect worker and its KRaft broker for every IT of the failsafe JVM, started on
 * first use and stopped when the JVM exits: starting a cluster per test class took most of the
 * build's IT time. Tests share it by giving each connector its own name and topic prefix and
 * deleting it when done.
 *
 * <pre>{@code
 * @BeforeAll
 * static void cluster() {
 *   connect = TestConnect.cluster();
 * }
 *
 * @AfterEach
 * void deleteConnectors() {
 *   TestConnect.deleteConnectors();   // a test that failed half way leaves nothing running
 * }
 * }</pre>
 *
 * <p>Every Connect IT with a plain worker uses it, and the broker-only ITs use its broker through
 * {@link TestBroker}. PluginArchiveIT (a plugin path, in its own JVM) and WorkerCrashIT (a worker
 * process it kills) keep workers of their own.
 *
 * <p>The broker keeps records of any age ({@code log.retention.ms=-1}): the simulated databases
 * commit in 2024, so under the default retention the broker deleted change records minutes after
 * they were written, whenever its retention check fell inside a test. Which test ran first only
 * moved that check in time; the broker-only ITs and their open or aborted transactions on their own
 * topics do not disturb the connectors.
 */
final class TestConnect {

  /** The workers' offsets topic ({@code offset.storage.topic}). */
  static final String OFFSETS_TOPIC = "redoline-it-offsets";

  private static EmbeddedConnectCluster cluster;

  private TestConnect() {}

  /** The shared cluster, starting it on first use. */
  static synchronized EmbeddedConnectCluster cluster() {
    if (cluster == null) {
      Map<String, String> worker =
          new HashMap<>(
              Map.of( // the harness adds its own settings
                  "exactly.once.source.support", "enabled",
                  "plugin.discovery", "service_load",
                  "offset.storage.topic", OFFSETS_TOPIC,
                  // task.shutdown.graceful.timeout.ms stays at its 5 s: at 1 s a deleted task still
                  // closing
                  // its journal producer met the next task of the same name, whose producer then
                  // waited
                  // for the old one's transaction to time out
                  "offset.flush.interval.ms", "1000"));
      Properties broker = new Properties();
      broker.put("transaction.state.log.replication.factor", "1");
      broker.put("transaction.state.log.min.isr", "1");
      broker.put("group.initial.rebalance.delay.ms", "0");
      // A change record's timestamp is its Oracle commit time, and ShopScript's database clock
      // starts in March 2024. Under the default seven days of retention every append rolls
      // a new segment and the broker's retention check (soon after it starts, then every five
      // minutes) deletes the older ones: a reader from the topic's start then missed records the
      // task had written, which looked like a re-created connector delivering nothing for a minute.
      broker.put("log.retention.ms", "-1");
      EmbeddedConnectCluster c =
          new EmbeddedConnectCluster.Builder()
              .name("redoline-it")
              .numBrokers(1)
              .numWorkers(1)
              .workerProps(worker)
              .brokerProps(broker)
              .build();
      c.start();
      Runtime.getRuntime().addShutdownHook(new Thread(c::stop, "redoline-it-cluster-stop"));
      cluster = c;
    }
    return cluster;
  }

  /** Deletes every connector of the shared cluster, so none outlives the test that made it. */
  static synchronized void deleteConnectors() {
    if (cluster == null) {
      return;
    }
    for (String name : cluster.connectors()) {
      cluster.deleteConnector(name);
    }
  }
}
