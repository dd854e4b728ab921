package dev.redoline.connect;

import static dev.redoline.connect.ConnectClusterIT.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.RealTime;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.connect.runtime.rest.entities.ConfigInfo;
import org.apache.kafka.connect.runtime.rest.entities.ConfigInfos;
import org.apache.kafka.connect.runtime.rest.entities.ConfigValueInfo;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11 in a real worker, through its REST API and its records: what validation tells a user,
 * column shaping with the decimal handling mode, and Debezium's unwrap transformation ({@code
 * ExtractNewRecordState} 3.6.1, from its Maven Central artifact, on the worker's class path as a
 * Debezium user would have it) on deletes and their tombstones.
 */
class RecordShapingIT {

  static EmbeddedConnectCluster connect;

  @TempDir static Path spill;

  @BeforeAll
  static void cluster() {
    connect = TestConnect.cluster();
  }

  @AfterEach
  void deleteConnectors() {
    TestConnect.deleteConnectors();
  }

  static ConfigValueInfo value(ConfigInfos infos, String name) {
    return infos.configs().stream()
        .map(ConfigInfo::configValue)
        .filter(v -> v.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError(name + " not in the validation result"));
  }

  @Test
  void validate_throughTheWorkersRestApi() {
    Map<String, String> props =
        ConnectClusterIT.connectorProps("jdbc:redoline:sim:demo?db=validate", "validate", spill);
    props.put("transaction.boundary", "poll");
    props.put("cdc.heartbeat.interval.ms", "ten");
    props.put("cdc.state.dir", "/var/lib/redoline");
    ConfigInfos infos =
        connect.validateConnectorConfig(RedolineSourceConnector.class.getSimpleName(), props);

    assertThat(value(infos, "transaction.boundary").errors())
        .anySatisfy(
            e ->
                assertThat(e)
                    .startsWith("CDC-4001 ")
                    .contains("must be connector when exactly.once.support=required"));
    assertThat(value(infos, "cdc.heartbeat.interval.ms").errors())
        .singleElement()
        .asString()
        .startsWith("CDC-4001 ")
        .contains("cdc.heartbeat.interval.ms='ten': is not a valid long; allowed: [0, ...]");
    assertThat(value(infos, "cdc.capture.mode").recommendedValues())
        .containsExactly("online", "archive_only");
    assertThat(value(infos, "cdc.decimal.handling.mode").recommendedValues())
        .containsExactly("precise", "double", "string");
    assertThat(value(infos, "cdc.tombstones.on.delete").recommendedValues())
        .containsExactly("true", "false");
    assertThat(infos.configs())
        .extracting(c -> c.configValue().name())
        .doesNotContain("cdc.state.dir");
    assertThat(infos.errorCount()).isEqualTo(2);
  }

  @Test
  void shapedColumnsAndHandlingModes_inTheRecords() throws Exception {
    ShopScript shop = ShopScript.withAmounts(21).orders(1, 1, 2);
    String url = shop.oracle.url();
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "shaped";
      Map<String, String> props = ConnectClusterIT.connectorProps(url, name, spill);
      props.put("cdc.columns.mask.hash", "SHOP.ORDERS.STATUS");
      props.put("cdc.columns.mask.hash.salt", "pepper");
      props.put("cdc.decimal.handling.mode", "string");
      connect.configureConnector(name, props);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
      List<ConsumerRecord<byte[], byte[]>> records =
          ConnectClusterIT.readCommitted(connect, "shaped.SHOP.ORDERS", rs -> rs.size() >= 2);
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update("pepper".getBytes(StandardCharsets.UTF_8));
      String hashOfNew =
          HexFormat.of().formatHex(sha.digest("NEW".getBytes(StandardCharsets.UTF_8)));
      for (ConsumerRecord<byte[], byte[]> r : records) {
        JsonNode after = json(r.value()).get("after");
        assertThat(after.get("STATUS").asText()).isEqualTo(hashOfNew);
        assertThat(after.get("AMOUNT").asText())
            .as("decimal.handling.mode=string")
            .isEqualTo("10.50");
        assertThat(new String(r.value(), StandardCharsets.UTF_8)).doesNotContain("\"NEW\"");
      }
      connect.deleteConnector(name);
    } finally {
      clock.close();
    }
  }

  /**
   * Runs a connector with Debezium's unwrap SMT (extra SMT settings given) and reads {@code count}
   * records.
   */
  static List<ConsumerRecord<byte[], byte[]>> unwrapped(
      String name, long seed, Map<String, String> smt, int count) throws Exception {
    ShopScript shop = ConnectClusterIT.insertThreeDeleteOne(seed);
    String url = shop.oracle.url();
    RealTime clock = RealTime.start(shop.oracle);
    try {
      Map<String, String> props = ConnectClusterIT.connectorProps(url, name, spill);
      props.put("transforms", "unwrap");
      props.put("transforms.unwrap.type", "io.debezium.transforms.ExtractNewRecordState");
      smt.forEach((k, v) -> props.put("transforms.unwrap." + k, v));
      assertThat(
              connect
                  .validateConnectorConfig(RedolineSourceConnector.class.getSimpleName(), props)
                  .errorCount())
          .isZero();
      connect.configureConnector(name, props);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
      List<ConsumerRecord<byte[], byte[]>> records =
          ConnectClusterIT.readCommitted(connect, name + ".SHOP.ORDERS", rs -> rs.size() >= count);
      connect.deleteConnector(name);
      assertThat(records.subList(0, 3))
          .allSatisfy(
              r -> {
                JsonNode row = json(r.value());
                assertThat(row.get("STATUS").asText()).isEqualTo("NEW");
                assertThat(row.has("op")).as("flattened: no envelope").isFalse();
              });
      return records;
    } finally {
      clock.close();
    }
  }

  /**
   * Debezium's unwrap SMT ({@code ExtractNewRecordState} 3.6.1) treats our delete and tombstone as
   * it treats Debezium's own: with its default {@code delete.tombstone.handling.mode=tombstone} the
   * delete becomes its empty {@code after} (a null value that keeps the row schema, JSON {@code
   * null}) and the tombstone is dropped; with {@code rewrite-with-tombstone} the delete is
   * rewritten with {@code __deleted=true} and our tombstone comes last, so compaction removes the
   * key.
   */
  @Test
  void debeziumUnwrap_defaultAndRewriteWithTombstoneModes() throws Exception {
    List<ConsumerRecord<byte[], byte[]>> byDefault = unwrapped("unwrap", 14, Map.of(), 4);
    ConsumerRecord<byte[], byte[]> delete = byDefault.get(3);
    assertThat(json(delete.key()).get("ID").asLong()).isEqualTo(2L);
    assertThat(delete.value()).isNotNull();
    assertThat(json(delete.value()).isNull())
        .as("the default mode's delete: a JSON null with the row schema")
        .isTrue();

    List<ConsumerRecord<byte[], byte[]>> rewritten =
        unwrapped(
            "rewrite", 17, Map.of("delete.tombstone.handling.mode", "rewrite-with-tombstone"), 5);
    assertThat(rewritten).hasSize(5);
    JsonNode deleted = json(rewritten.get(3).value());
    assertThat(deleted.get("ID").asLong()).isEqualTo(2L);
    assertThat(deleted.get("__deleted").asText()).isEqualTo("true");
    ConsumerRecord<byte[], byte[]> last = rewritten.get(4);
    assertThat(json(last.key()).get("ID").asLong()).isEqualTo(2L);
    assertThat(last.value())
        .as("our tombstone, last for id 2: compaction removes the key")
        .isNull();
  }
}
