package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connector on a real KRaft broker and distributed Connect worker in this JVM, with
 * exactly-once source support enabled, capturing a scripted simulator registered under a test URL.
 */
class ConnectClusterIT {

  static final ObjectMapper JSON = new ObjectMapper();

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

  static Map<String, String> connectorProps(String url, String prefix) {
    return connectorProps(url, prefix, spill);
  }

  /** The props of a test connector on {@code url}, named and prefixed {@code prefix}. */
  static Map<String, String> connectorProps(String url, String prefix, Path spill) {
    Map<String, String> props = new HashMap<>(ShopScript.settings(url));
    props.put("name", prefix);
    props.put("connector.class", RedolineSourceConnector.class.getName());
    props.put("tasks.max", "1");
    props.put("cdc.topic.prefix", prefix);
    props.put("cdc.start.scn", "1");
    props.put("cdc.buffer.spill.dir", spill.resolve(prefix).toString());
    props.put("exactly.once.support", "required");
    props.put("transaction.boundary", "connector");
    props.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    props.put("key.converter.schemas.enable", "false");
    props.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    props.put("value.converter.schemas.enable", "false");
    props.put("topic.creation.default.replication.factor", "1");
    props.put("topic.creation.default.partitions", "1");
    return props;
  }

  /** Reads a topic with read_committed until {@code done} holds. */
  static List<ConsumerRecord<byte[], byte[]>> readCommitted(
      String topic, Predicate<List<ConsumerRecord<byte[], byte[]>>> done) {
    return readCommitted(connect, topic, done);
  }

  /** Reads a topic of {@code cluster} with read_committed until {@code done} holds. */
  static List<ConsumerRecord<byte[], byte[]>> readCommitted(
      EmbeddedConnectCluster cluster,
      String topic,
      Predicate<List<ConsumerRecord<byte[], byte[]>>> done) {
    return TopicReader.readCommitted(cluster, topic, done);
  }

  static JsonNode json(byte[] bytes) {
    try {
      return JSON.readTree(bytes);
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  static List<Long> ids(List<ConsumerRecord<byte[], byte[]>> records) {
    return records.stream().map(r -> json(r.key()).get("ID").asLong()).toList();
  }

  @Test
  void exactlyOnce_wholeTransactionsInCommitOrderAcrossARestart() throws Exception {
    ShopScript shop = ShopScript.withAmounts(11).orders(1, 20, 5);
    String url = shop.oracle.url();
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "eos";
      Map<String, String> props = connectorProps(url, name);
      assertThat(
              connect
                  .validateConnectorConfig(RedolineSourceConnector.class.getSimpleName(), props)
                  .errorCount())
          .isZero();
      connect.configureConnector(name, props);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
      String topic = "eos.SHOP.ORDERS";
      readCommitted(topic, rs -> rs.size() >= 100);

      connect.deleteConnector(name);
      connect.assertions().assertConnectorDoesNotExist(name, "connector not deleted");
      shop.orders(101, 10, 5);
      connect.configureConnector(name, props);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not restart");

      List<ConsumerRecord<byte[], byte[]>> records = readCommitted(topic, rs -> rs.size() >= 150);
      List<Long> expected = new ArrayList<>();
      for (long id = 1; id <= 150; id++) {
        expected.add(id);
      }
      assertThat(ids(records))
          .as("nothing repeated, nothing skipped, commit order")
          .isEqualTo(expected);
      assertNoKafkaCommitInsideAnOracleTransaction(records);
      JsonNode source = json(records.get(0).value()).get("source");
      assertThat(source.get("connector").asText()).isEqualTo("redoline");
      assertThat(json(records.get(0).value()).get("op").asText()).isEqualTo("c");
    } finally {
      clock.close();
    }
  }

  /**
   * A commit marker takes an offset of the partition, so a gap between two consecutive records is
   * where a Kafka transaction ended; it must follow the last change of an Oracle transaction.
   */
  static void assertNoKafkaCommitInsideAnOracleTransaction(
      List<ConsumerRecord<byte[], byte[]>> records) {
    int boundaries = 0;
    for (int i = 1; i < records.size(); i++) {
      if (records.get(i).offset() > records.get(i - 1).offset() + 1) {
        JsonNode source = json(records.get(i - 1).value()).get("source");
        assertThat(source.get("txSeq").asLong())
            .as("Kafka commit after record %s", i - 1)
            .isEqualTo(source.get("tx_size").asLong());
        boundaries++;
      }
    }
    assertThat(boundaries).isPositive();
  }

  @Test
  void heartbeatsMoveTheStoredOffsetAndDdlAddsALayoutVersion() throws Exception {
    ShopScript shop = ShopScript.withAmounts(12).orders(1, 1, 1);
    dev.redoline.core.TableId noise =
        shop.oracle.createTable(
            dev.redoline.core.TableLayout.builder(dev.redoline.core.TableId.of("HR", "NOISE"), 1)
                .column("ID", dev.redoline.core.OracleType.number(10, 0), false)
                .primaryKey("ID")
                .build());
    String url = shop.oracle.url();
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "ddl";
      Map<String, String> props = connectorProps(url, name);
      props.put("cdc.heartbeat.interval.ms", "1000");
      connect.configureConnector(name, props);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
      // The DDL waits until the row before it is delivered: the engine mines with the online
      // dictionary, so redo older than a DDL it has not mined yet would not decode (CDC-3003).
      readCommitted("ddl.SHOP.ORDERS", rs -> rs.size() >= 1);
      shop.then(
          o ->
              o.schema()
                  .addColumn(
                      ShopScript.ORDERS,
                      "NOTE",
                      dev.redoline.core.OracleType.sized(
                          dev.redoline.core.OracleType.Kind.VARCHAR2, 20)));
      shop.then(
          o -> {
            SimulatedTransaction tx = o.begin();
            tx.insert(ShopScript.ORDERS, 2L, "NEW", null, "after ddl");
            tx.commit();
          });
      List<ConsumerRecord<byte[], byte[]>> layouts =
          readCommitted(
              "ddl.schema",
              rs -> rs.stream().anyMatch(r -> json(r.value()).get("version").asInt() == 2));
      assertThat(layouts).extracting(r -> json(r.value()).get("version").asInt()).contains(1, 2);
      JsonNode v2 =
          layouts.stream()
              .map(r -> json(r.value()))
              .filter(v -> v.get("version").asInt() == 2)
              .findFirst()
              .orElseThrow();
      assertThat(v2.get("columns").get(3).get("name").asText()).isEqualTo("NOTE");
      List<ConsumerRecord<byte[], byte[]>> changes =
          readCommitted("ddl.SHOP.ORDERS", rs -> rs.size() >= 2);
      JsonNode second = json(changes.get(1).value());
      assertThat(second.get("after").get("NOTE").asText()).isEqualTo("after ddl");
      assertThat(second.get("source").get("layout_version").asInt()).isEqualTo(2);

      readCommitted("ddl.heartbeat", rs -> rs.size() >= 2);
      TopicPartition hb = new TopicPartition("ddl.heartbeat", 0);
      long before = connect.kafka().endOffset(hb);
      PositionState first = PositionState.of(storedPosition(name));
      for (long i = 0; i < 5; i++) { // redo of a table not captured: the captured tables stay quiet
        long id = i;
        shop.then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(noise, id);
              tx.commit();
            });
      }
      List<ConsumerRecord<byte[], byte[]>> heartbeats =
          readCommitted("ddl.heartbeat", rs -> rs.size() >= before + 3);
      for (int i = 1; i < heartbeats.size(); i++) { // never backwards in time or position
        JsonNode previous = json(heartbeats.get(i - 1).value());
        JsonNode next = json(heartbeats.get(i).value());
        assertThat(next.get("ts_ms").asLong())
            .isGreaterThanOrEqualTo(previous.get("ts_ms").asLong());
        assertThat(heartbeats.get(i).timestamp())
            .isGreaterThanOrEqualTo(heartbeats.get(i - 1).timestamp());
        assertThat(new java.math.BigInteger(next.get("commit_scn").asText()))
            .isGreaterThanOrEqualTo(new java.math.BigInteger(previous.get("commit_scn").asText()));
      }
      PositionState later = PositionState.of(storedPosition(name));
      assertThat(later.lastCommit()).isEqualTo(first.lastCommit()); // nothing committed meanwhile
      assertThat(later.resume().get(1))
          .as("the resume address moves on a quiet database")
          .isGreaterThan(first.resume().get(1));
      connect.deleteConnector(name);
    } finally {
      clock.close();
    }
  }

  static dev.redoline.core.Position storedPosition(String name) {
    return OffsetCodec.fromOffset(connect.connectorOffsets(name).offsets().get(0).offset());
  }

  /** Inserts ids 1 to 3 in one transaction, then deletes id 2 in another. */
  static ShopScript insertThreeDeleteOne(long seed) {
    ShopScript shop = ShopScript.withAmounts(seed);
    String[] second = new String[1];
    shop.then(
        o -> {
          SimulatedTransaction tx = o.begin();
          tx.insert(ShopScript.ORDERS, 1L, "NEW", null);
          second[0] = tx.insert(ShopScript.ORDERS, 2L, "NEW", null);
          tx.insert(ShopScript.ORDERS, 3L, "NEW", null);
          tx.commit();
        });
    shop.then(
        o -> {
          SimulatedTransaction tx = o.begin();
          tx.delete(ShopScript.ORDERS, second[0]);
          tx.commit();
        });
    return shop;
  }

  @Test
  void delete_isFollowedByATombstoneInItsKafkaTransaction() throws Exception {
    ShopScript shop = insertThreeDeleteOne(13);
    String url = shop.oracle.url();
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "tomb";
      connect.configureConnector(name, connectorProps(url, name));
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
      List<ConsumerRecord<byte[], byte[]>> records =
          readCommitted("tomb.SHOP.ORDERS", rs -> rs.size() >= 5);
      assertThat(records).hasSize(5);
      ConsumerRecord<byte[], byte[]> delete = records.get(3);
      ConsumerRecord<byte[], byte[]> tombstone = records.get(4);
      assertThat(json(delete.value()).get("op").asText()).isEqualTo("d");
      assertThat(json(delete.key()).get("ID").asLong()).isEqualTo(2L);
      assertThat(tombstone.key()).isEqualTo(delete.key());
      assertThat(tombstone.value()).as("a tombstone: the Kafka value is null").isNull();
      assertThat(tombstone.offset())
          .as("no commit marker between them: one Kafka transaction")
          .isEqualTo(delete.offset() + 1);
      connect.deleteConnector(name);
    } finally {
      clock.close();
    }
  }

  @Test
  void schemaTopic_holdsEachLayoutVersionOnceAcrossRestarts() throws Exception {
    ShopScript shop = ShopScript.withAmounts(15).orders(1, 1, 1);
    String url = shop.oracle.url();
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "once";
      Map<String, String> props = connectorProps(url, name);
      props.put("cdc.kafka.bootstrap.servers", connect.kafka().bootstrapServers());
      for (int start = 1; start <= 4; start++) {
        connect.configureConnector(name, props);
        connect
            .assertions()
            .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
        int expected = start;
        readCommitted(
            "once.SHOP.ORDERS",
            rs -> rs.size() >= expected); // this start has announced its layouts
        connect.deleteConnector(name);
        connect.assertions().assertConnectorDoesNotExist(name, "connector not deleted");
        shop.orders(start + 1, 1, 1);
      }
      var layouts =
          connect
              .kafka()
              .consumeAll(
                  30_000, Map.of("isolation.level", "read_committed"), Map.of(), "once.schema");
      List<Integer> versions = new ArrayList<>();
      layouts.forEach(r -> versions.add(json(r.value()).get("version").asInt()));
      assertThat(versions)
          .as("one record, version 1 of SHOP.ORDERS, however many starts")
          .containsExactly(1);
    } finally {
      clock.close();
    }
  }

  @Test
  void logs_everyCaptureLineCarriesTheWorkersConnectorContextAndRecoveriesAreLeveled()
      throws Exception {
    ShopScript shop = ShopScript.withAmounts(16).orders(1, 1, 1);
    String url = shop.oracle.url();
    RealTime clock = RealTime.start(shop.oracle);
    String name = "logs";
    String context;
    try (org.apache.kafka.connect.util.LoggingContext worker =
        org.apache.kafka.connect.util.LoggingContext.forTask(
            new org.apache.kafka.connect.util.ConnectorTaskId(name, 0))) {
      context = org.slf4j.MDC.get(org.apache.kafka.connect.util.LoggingContext.CONNECTOR_CONTEXT);
    }
    try (LogLines lines = LogLines.capture()) {
      connect.configureConnector(name, connectorProps(url, name));
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
      readCommitted("logs.SHOP.ORDERS", rs -> rs.size() >= 1);
      // the faults come once the capture runs (the database's clock is real: planned earlier, the
      // validation's preflight would meet them)
      shop.then(
          o ->
              o.faults()
                  .atCall(
                      dev.redoline.simulator.GatewayCall.THREADS,
                      1,
                      dev.redoline.simulator.Fault.connectionReset()));
      shop.orders(2, 1, 1);
      shop.then(o -> o.faults().atRow(1, dev.redoline.simulator.Fault.onlineLogReused()));
      shop.orders(3, 1, 1);
      readCommitted("logs.SHOP.ORDERS", rs -> rs.size() >= 3);
      connect.deleteConnector(name);
      connect.assertions().assertConnectorDoesNotExist(name, "connector not deleted");

      List<org.apache.logging.log4j.core.LogEvent> ours =
          lines.events().stream()
              .filter(
                  e ->
                      e.getThreadName().startsWith("redoline-")
                          && e.getThreadName().contains("-" + name))
              .toList();
      assertThat(ours)
          .extracting(org.apache.logging.log4j.core.LogEvent::getThreadName)
          .contains("redoline-capture-" + name);
      assertThat(ours)
          .allSatisfy(
              e ->
                  assertThat(e.getContextData().<String>getValue("connector.context"))
                      .as("%s on %s", e.getMessage().getFormattedMessage(), e.getThreadName())
                      .isEqualTo(context));
      assertThat(context).isEqualTo("[" + name + "|task-0] ");
      assertThat(lines.events())
          .as("the task thread's own lines, where the worker set the context")
          .filteredOn(e -> e.getThreadName().startsWith("task-thread-" + name))
          .isNotEmpty()
          .allSatisfy(
              e ->
                  assertThat(e.getContextData().<String>getValue("connector.context"))
                      .isEqualTo(context));
      // the other connectors of this worker too: each capture thread's lines carry its own
      // connector
      assertThat(lines.events())
          .filteredOn(e -> e.getThreadName().startsWith("redoline-capture-"))
          .allSatisfy(
              e ->
                  assertThat(e.getContextData().<String>getValue("connector.context"))
                      .isEqualTo(
                          "["
                              + e.getThreadName().substring("redoline-capture-".length())
                              + "|task-0] "));
      assertThat(level(ours, "RECONNECT: ")).isEqualTo(org.apache.logging.log4j.Level.WARN);
      assertThat(level(ours, "REMINE: ")).isEqualTo(org.apache.logging.log4j.Level.DEBUG);
    } finally {
      clock.close();
    }
  }

  /**
   * The drop-transaction signal end to end: a transaction left open in the database is named on the
   * signal topic, dropped from the buffer with a TRANSACTION_DROPPED ops event naming it, and when
   * it commits later none of its changes reach the change topic.
   */
  @Test
  void dropTransactionSignal_dropsAnOpenTransactionForGood() throws Exception {
    ShopScript shop = ShopScript.withAmounts(18);
    AtomicReference<SimulatedTransaction> open = new AtomicReference<>();
    shop.then(
        o -> {
          SimulatedTransaction tx = o.begin();
          tx.insert(ShopScript.ORDERS, 1L, "STUCK", new java.math.BigDecimal("1.00"));
          open.set(tx);
        });
    shop.orders(2, 1, 1); // committed after the open transaction's insert: mined after it
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "drop";
      connect.kafka().createTopic("drop-signals", 1);
      Map<String, String> props = connectorProps(shop.oracle.url(), name);
      props.put("cdc.signal.topic", "drop-signals");
      props.put("cdc.kafka.bootstrap.servers", connect.kafka().bootstrapServers());
      connect.configureConnector(name, props);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
      readCommitted("drop.SHOP.ORDERS", rs -> rs.size() >= 1);
      String xid = open.get().xid().toHex();

      connect
          .kafka()
          .produce("drop-signals", null, "{\"type\":\"drop-transaction\",\"xid\":\"" + xid + "\"}");
      List<ConsumerRecord<byte[], byte[]>> ops =
          readCommitted(
              "drop.ops", rs -> rs.stream().anyMatch(r -> opsType(r, "transaction_dropped")));
      assertThat(ops)
          .filteredOn(r -> opsType(r, "transaction_dropped"))
          .singleElement()
          .satisfies(
              r ->
                  assertThat(json(r.value()).get("message").asText())
                      .startsWith("transaction " + xid + " dropped on request: 1 changes"));
      shop.then(o -> open.get().commit());
      shop.orders(3, 1, 1);
      List<ConsumerRecord<byte[], byte[]>> records =
          readCommitted("drop.SHOP.ORDERS", rs -> ids(rs).contains(3L));
      assertThat(ids(records))
          .as("the dropped transaction's insert never arrives")
          .containsExactly(2L, 3L);
    } finally {
      clock.close();
    }
  }

  /**
   * Catching up on changes committed longer ago than the change topic's retention.ms (the simulator
   * commits in 2024; the topic keeps seven days): the task warns once and writes a
   * RECORDS_PAST_RETENTION ops event naming the topic.
   */
  @Test
  void recordsOlderThanTheTopicsRetention_warnWithAnOpsEvent() throws Exception {
    ShopScript shop = ShopScript.withAmounts(19).orders(1, 2, 1);
    RealTime clock = RealTime.start(shop.oracle);
    String name = "ret";
    try (LogLines lines = LogLines.capture()) {
      connect
          .kafka()
          .createTopic(
              "ret.SHOP.ORDERS", 1, 1, Map.of("retention.ms", Long.toString(7 * 86_400_000L)));
      Map<String, String> props = connectorProps(shop.oracle.url(), name);
      props.put("cdc.kafka.bootstrap.servers", connect.kafka().bootstrapServers());
      connect.configureConnector(name, props);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
      List<ConsumerRecord<byte[], byte[]>> ops =
          readCommitted(
              "ret.ops", rs -> rs.stream().anyMatch(r -> opsType(r, "records_past_retention")));
      assertThat(ops)
          .filteredOn(r -> opsType(r, "records_past_retention"))
          .as("once per topic")
          .singleElement()
          .satisfies(
              r ->
                  assertThat(json(r.value()).get("message").asText())
                      .startsWith(
                          "records written to topic ret.SHOP.ORDERS carry commit time 2024-")
                      .contains("older than its retention.ms 604800000"));
      assertThat(lines.events())
          .filteredOn(e -> e.getLevel() == org.apache.logging.log4j.Level.WARN)
          .extracting(e -> e.getMessage().getFormattedMessage())
          .anyMatch(
              m ->
                  m.startsWith("RECORDS_PAST_RETENTION: records written to topic ret.SHOP.ORDERS"));
    } finally {
      clock.close();
    }
  }

  /** Whether an ops record is of {@code type} (its key, as the ops topic writes it). */
  static boolean opsType(ConsumerRecord<byte[], byte[]> record, String type) {
    return record.key() != null && json(record.key()).asText().equals(type);
  }

  static org.apache.logging.log4j.Level level(
      List<org.apache.logging.log4j.core.LogEvent> events, String start) {
    return events.stream()
        .filter(e -> e.getMessage().getFormattedMessage().startsWith(start))
        .findFirst()
        .map(org.apache.logging.log4j.core.LogEvent::getLevel)
        .orElseThrow(
            () ->
                new AssertionError(
                    "no line "
                        + start
                        + " in "
                        + events.stream().map(e -> e.getMessage().getFormattedMessage()).toList()));
  }
}
