package dev.redoline.connect;

import static dev.redoline.connect.ConnectClusterIT.ids;
import static dev.redoline.connect.ConnectClusterIT.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.redoline.core.Position;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.apache.kafka.test.TestUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Debezium users rely on, on a real broker and Connect worker with exactly-once delivery:
 * {@code cdc.skipped.operations} across a restart, the transaction topic of {@code
 * cdc.transaction.metadata} read back under read_committed, and the streaming metrics under
 * Debezium's MBean name read over JMX from the running task.
 */
class DebeziumCompatibilityIT {

  private static final long WAIT_MS = TimeUnit.SECONDS.toMillis(60);

  private static EmbeddedConnectCluster connect;

  @TempDir static Path spill;

  @BeforeAll
  static void cluster() {
    connect = TestConnect.cluster();
  }

  @AfterEach
  void deleteConnectors() {
    TestConnect.deleteConnectors();
  }

  private static Map<String, String> props(String url, String name) {
    return ConnectClusterIT.connectorProps(url, name, spill);
  }

  private static void start(String name, Map<String, String> props) throws InterruptedException {
    connect.configureConnector(name, props);
    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning(
            name, 1, "connector " + name + " did not start");
  }

  private static void stop(String name) throws InterruptedException {
    connect.deleteConnector(name);
    connect.assertions().assertConnectorDoesNotExist(name, "connector " + name + " not deleted");
  }

  private static List<ConsumerRecord<byte[], byte[]>> readCommitted(
      String topic, Predicate<List<ConsumerRecord<byte[], byte[]>>> done) {
    return TopicReader.readCommitted(connect, topic, done);
  }

  /**
   * A transaction inserting {@code id}, updating it and inserting and deleting {@code id + 1000}.
   */
  private static void mixed(SimulatedOracle o, long id) {
    SimulatedTransaction tx = o.begin();
    String row = tx.insert(ShopScript.ORDERS, id, "NEW", null);
    tx.update(ShopScript.ORDERS, row, Map.of("STATUS", "PAID"));
    String gone = tx.insert(ShopScript.ORDERS, id + 1000, "GONE", null);
    tx.delete(ShopScript.ORDERS, gone);
    tx.commit();
  }

  @Test
  void skippedOperations_neverReachKafka_andARestartRepeatsAndSkipsNothing() throws Exception {
    ShopScript shop = ShopScript.withAmounts(71);
    for (long id = 1; id <= 3; id++) {
      long n = id;
      shop.then(o -> mixed(o, n));
    }
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "skipped";
      Map<String, String> props = props(shop.oracle.url(), name);
      props.put("cdc.skipped.operations", "u,d");
      start(name, props);
      String topic = name + ".SHOP.ORDERS";
      readCommitted(topic, rs -> rs.size() >= 6);
      TestUtils.waitForCondition(
          () -> {
            var offsets = connect.connectorOffsets(name).offsets();
            Position p = offsets.isEmpty() ? null : OffsetCodec.fromOffset(offsets.get(0).offset());
            return p != null
                && PositionState.of(p).lastCommit() != null
                && PositionState.of(p).lastIndex() == PositionState.WHOLE;
          },
          WAIT_MS,
          "no whole transaction's offset committed");
      stop(name);
      for (long id = 4; id <= 5; id++) {
        long n = id;
        shop.then(o -> mixed(o, n));
      }
      start(name, props);
      List<ConsumerRecord<byte[], byte[]>> all = readCommitted(topic, rs -> rs.size() >= 10);
      assertThat(all).extracting(r -> json(r.value()).get("op").asText()).containsOnly("c");
      assertThat(ids(all))
          .as("every insert once, in commit order, across the restart")
          .containsExactly(1L, 1001L, 2L, 1002L, 3L, 1003L, 4L, 1004L, 5L, 1005L);
      stop(name);
    } finally {
      clock.close();
    }
  }

  @Test
  void transactionTopic_underReadCommitted_andDebeziumsMetricsOverJmx() throws Exception {
    ShopScript shop = ShopScript.withAmounts(72).orders(1, 3, 2);
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "txmeta";
      Map<String, String> props = props(shop.oracle.url(), name);
      props.put("cdc.transaction.metadata", "true");
      props.put("cdc.queue.max.records", "64");
      start(name, props);
      List<ConsumerRecord<byte[], byte[]>> data =
          readCommitted(name + ".SHOP.ORDERS", rs -> rs.size() >= 6);
      List<ConsumerRecord<byte[], byte[]>> markers =
          readCommitted(name + ".transaction", rs -> rs.size() >= 6);

      Map<String, Long> perXid = new LinkedHashMap<>();
      data.forEach(
          r -> perXid.merge(json(r.value()).get("transaction").get("id").asText(), 1L, Long::sum));
      assertThat(markers)
          .extracting(r -> json(r.value()).get("status").asText())
          .containsExactly("BEGIN", "END", "BEGIN", "END", "BEGIN", "END");
      for (int i = 0; i < markers.size(); i += 2) {
        JsonNode begin = json(markers.get(i).value());
        JsonNode end = json(markers.get(i + 1).value());
        String xid = begin.get("id").asText();
        assertThat(json(markers.get(i).key()).get("id").asText()).isEqualTo(xid);
        assertThat(end.get("id").asText()).isEqualTo(xid);
        assertThat(begin.get("event_count").isNull()).isTrue();
        assertThat(end.get("event_count").asLong()).isEqualTo(perXid.get(xid));
        assertThat(end.get("data_collections"))
            .singleElement()
            .satisfies(
                c -> {
                  assertThat(c.get("data_collection").asText()).isEqualTo("SHOP.ORDERS");
                  assertThat(c.get("event_count").asLong()).isEqualTo(perXid.get(xid));
                });
        assertThat(markers.get(i + 1).offset())
            .as("BEGIN and END of one Oracle transaction in one Kafka transaction")
            .isEqualTo(markers.get(i).offset() + 1);
      }
      assertThat(perXid.keySet())
          .containsExactlyElementsOf(
              markers.stream()
                  .filter((r) -> json(r.value()).get("status").asText().equals("BEGIN"))
                  .map(r -> json(r.value()).get("id").asText())
                  .toList());

      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      ObjectName metrics =
          new ObjectName("debezium.oracle:type=connector-metrics,context=streaming,server=" + name);
      assertThat(server.getAttribute(metrics, "Connected")).isEqualTo(true);
      assertThat(server.getAttribute(metrics, "TotalNumberOfEventsSeen")).isEqualTo(6L);
      assertThat(server.getAttribute(metrics, "NumberOfCommittedTransactions")).isEqualTo(3L);
      assertThat((BigInteger) server.getAttribute(metrics, "CommittedScn")).isPositive();
      assertThat((Integer) server.getAttribute(metrics, "QueueRemainingCapacity")).isBetween(0, 64);
      assertThat((Long) server.getAttribute(metrics, "FetchQueryCount")).isPositive();
      assertThat((Long) server.getAttribute(metrics, "MilliSecondsSinceLastEvent"))
          .isGreaterThanOrEqualTo(0);
      BigInteger committed = (BigInteger) server.getAttribute(metrics, "CommittedScn");

      shop.orders(7, 2, 3);
      readCommitted(name + ".SHOP.ORDERS", rs -> rs.size() >= 12);
      TestUtils.waitForCondition(
          () -> Long.valueOf(12L).equals(server.getAttribute(metrics, "TotalNumberOfEventsSeen")),
          WAIT_MS,
          "the events counter did not reach 12");
      assertThat(server.getAttribute(metrics, "NumberOfCommittedTransactions")).isEqualTo(5L);
      assertThat((BigInteger) server.getAttribute(metrics, "CommittedScn"))
          .isGreaterThan(committed);
      stop(name);
      assertThat(server.isRegistered(metrics)).as("unregistered with the task").isFalse();
    } finally {
      clock.close();
    }
  }
}
