package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.SimulatedTransaction;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Snapshots through a real KRaft broker and Connect worker (exactly-once): the rows that exist
 * before the connector starts arrive as op {@code r} records marked first/true/last, then the
 * changes; a snapshot signal on {@code cdc.signal.topic} snapshots the filtered rows again while
 * streaming. The cluster is this test's own.
 */
class SnapshotIT {

  @TempDir Path spill;

  @Test
  void initialSnapshotThenStream_andASignalledSnapshotWhileStreaming() throws Exception {
    EmbeddedConnectCluster cluster = TestConnect.cluster();
    ShopScript shop = ShopScript.withAmounts(21);
    SimulatedTransaction seed = shop.oracle.begin();
    for (long id = 1; id <= 10; id++) {
      seed.insert(ShopScript.ORDERS, id, "OLD", new BigDecimal("1.00"));
    }
    seed.commit();
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "snap";
      cluster.kafka().createTopic("snap-signals", 1);
      Map<String, String> props = ConnectClusterIT.connectorProps(shop.oracle.url(), name, spill);
      props.remove("cdc.start.scn"); // a first start at the current SCN: snapshot first
      props.put("cdc.snapshot.chunk.rows", "4");
      props.put("cdc.signal.topic", "snap-signals");
      props.put("cdc.kafka.bootstrap.servers", cluster.kafka().bootstrapServers());
      cluster.configureConnector(name, props);
      cluster
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
      String topic = "snap.SHOP.ORDERS";
      ConnectClusterIT.readCommitted(cluster, topic, rs -> rs.size() >= 10);
      shop.orders(11, 2, 2);
      List<ConsumerRecord<byte[], byte[]>> records =
          ConnectClusterIT.readCommitted(cluster, topic, rs -> rs.size() >= 14);
      List<JsonNode> values = records.stream().map(r -> ConnectClusterIT.json(r.value())).toList();
      assertThat(values.subList(0, 10))
          .allSatisfy(v -> assertThat(v.get("op").asText()).isEqualTo("r"));
      assertThat(values.subList(0, 10))
          .extracting(v -> v.get("source").get("snapshot").asText())
          .containsExactly(
              "first", "true", "true", "true", "true", "true", "true", "true", "true", "last");
      assertThat(ConnectClusterIT.ids(records.subList(0, 10)))
          .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
      assertThat(values.subList(10, 14))
          .allSatisfy(
              v -> {
                assertThat(v.get("op").asText()).isEqualTo("c");
                assertThat(v.get("source").get("snapshot").asText()).isEqualTo("false");
              });

      cluster
          .kafka()
          .produce(
              "snap-signals",
              null,
              "{\"type\":\"snapshot\",\"tables\":[\"SHOP.ORDERS\"],\"filter\":\"ID <= 3\"}");
      records = ConnectClusterIT.readCommitted(cluster, topic, rs -> rs.size() >= 17);
      List<ConsumerRecord<byte[], byte[]>> again = records.subList(14, 17);
      assertThat(ConnectClusterIT.ids(again)).containsExactly(1L, 2L, 3L);
      assertThat(again)
          .allSatisfy(
              r -> assertThat(ConnectClusterIT.json(r.value()).get("op").asText()).isEqualTo("r"));
    } finally {
      clock.close();
      TestConnect.deleteConnectors();
    }
  }
}
