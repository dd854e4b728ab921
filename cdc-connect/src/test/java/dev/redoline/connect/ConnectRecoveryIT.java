package dev.redoline.connect;

import static dev.redoline.connect.ConnectClusterIT.assertNoKafkaCommitInsideAnOracleTransaction;
import static dev.redoline.connect.ConnectClusterIT.ids;
import static dev.redoline.connect.ConnectClusterIT.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.SimulatedTransaction;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import javax.management.ObjectName;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.apache.kafka.test.TestUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connector's recovery paths on a real broker and Connect worker with exactly-once enabled and
 * the connector's own Kafka clients on: the journal topic across a restart, a task that dies in the
 * middle of an Oracle transaction, dead letters and the fail path, metrics over JMX.
 */
class ConnectRecoveryIT {

  /** The longest a wait on a condition of the cluster may take. */
  static final long WAIT_MS = TimeUnit.SECONDS.toMillis(60);

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

  static Map<String, String> props(String url, String name) {
    Map<String, String> props = new HashMap<>(ShopScript.settings(url));
    props.put("name", name);
    props.put("connector.class", RedolineSourceConnector.class.getName());
    props.put("tasks.max", "1");
    props.put("cdc.topic.prefix", name);
    props.put("cdc.start.scn", "1");
    props.put("cdc.buffer.spill.dir", spill.resolve(name).toString());
    props.put("cdc.kafka.bootstrap.servers", connect.kafka().bootstrapServers());
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

  static List<ConsumerRecord<byte[], byte[]>> read(
      String topic, boolean committedOnly, Predicate<List<ConsumerRecord<byte[], byte[]>>> done) {
    return TopicReader.read(connect, topic, committedOnly, done);
  }

  static Position stored(String name) {
    var offsets = connect.connectorOffsets(name).offsets();
    return offsets.isEmpty() ? null : OffsetCodec.fromOffset(offsets.get(0).offset());
  }

  static void start(String name, Map<String, String> props) {
    connect.configureConnector(name, props);
    try {
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(
              name, 1, "connector " + name + " did not start");
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }

  static List<Long> range(long from, long to) {
    return LongStream.rangeClosed(from, to).boxed().toList();
  }

  @Test
  void longTransaction_isJournaledTheOffsetPassesItAndItIsDeliveredWholeAfterARestart()
      throws Exception {
    ShopScript shop = ShopScript.withAmounts(21);
    AtomicReference<SimulatedTransaction> open = new AtomicReference<>();
    shop.then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ShopScript.ORDERS, 1000L, "OPEN", null);
              tx.insert(ShopScript.ORDERS, 1001L, "OPEN", null);
              open.set(tx);
            })
        .orders(1, 5, 2);
    String url = shop.oracle.url();
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "journal";
      Map<String, String> props = props(url, name);
      props.put("cdc.buffer.journal.after.ms", "0");
      props.put("cdc.heartbeat.interval.ms", "500");
      start(name, props);
      List<ConsumerRecord<byte[], byte[]>> first =
          read(name + ".SHOP.ORDERS", true, rs -> rs.size() >= 10);
      assertThat(ids(first)).isEqualTo(range(1, 10));
      var source = json(first.get(0).value()).get("source");
      RedoAddress afterOpenStart =
          RedoAddress.parseRsId(source.get("redo_thread").asInt(), source.get("rs_id").asText());
      TestUtils.waitForCondition(
          () -> {
            Position p = stored(name);
            return p != null
                && PositionState.of(p)
                        .resume()
                        .get(afterOpenStart.thread())
                        .compareTo(afterOpenStart)
                    > 0;
          },
          WAIT_MS,
          "the committed offset's resume address did not move past the open transaction's first change");
      String xid = open.get().xid().toHex();
      read(
          name + ".journal",
          true,
          rs ->
              rs.stream()
                  .anyMatch(
                      r ->
                          new String(r.key(), java.nio.charset.StandardCharsets.UTF_8)
                              .startsWith(xid + "/0/")));

      connect.deleteConnector(name);
      connect.assertions().assertConnectorDoesNotExist(name, "connector not deleted");
      shop.then(
              o -> {
                open.get().insert(ShopScript.ORDERS, 1002L, "OPEN", null);
                open.get().commit();
              })
          .orders(11, 2, 2);
      start(name, props);

      List<ConsumerRecord<byte[], byte[]>> all =
          read(name + ".SHOP.ORDERS", true, rs -> rs.size() >= 17);
      List<Long> expected = new ArrayList<>(range(1, 10));
      expected.addAll(List.of(1000L, 1001L, 1002L));
      expected.addAll(range(11, 14));
      assertThat(ids(all))
          .as("the journaled transaction whole, in commit order, nothing repeated")
          .isEqualTo(expected);
      assertNoKafkaCommitInsideAnOracleTransaction(all);
      assertThat(json(all.get(10).value()).get("transaction").get("id").asText()).isEqualTo(xid);
      assertThat(json(all.get(12).value()).get("transaction").get("total_order").asLong())
          .isEqualTo(3);
      // once Connect has stored the offset past its commit, the journal entry is tombstoned
      read(
          name + ".journal",
          true,
          rs ->
              rs.stream()
                  .anyMatch(
                      r ->
                          r.value() == null
                              && new String(r.key(), java.nio.charset.StandardCharsets.UTF_8)
                                  .startsWith(xid + "/")));
      connect.deleteConnector(name);
    } finally {
      clock.close();
    }
  }

  @Test
  void taskKilledInsideAnOracleTransaction_repeatsNothingAndSkipsNothing() throws Exception {
    ShopScript shop =
        ShopScript.withAmounts(22).orders(1, 3, 2).orders(7, 1, 300).orders(307, 3, 2);
    String url = shop.oracle.url();
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "kill";
      Map<String, String> props = props(url, name);
      props.put("cdc.queue.max.records", "16");
      props.put("transforms", "hold");
      props.put("transforms.hold.type", HoldOnceTransform.class.getName());
      props.put("transforms.hold.hold.id", "150");
      start(name, props);
      assertThat(HoldOnceTransform.REACHED.await(60, TimeUnit.SECONDS))
          .as("the task reached id 150")
          .isTrue();
      // The old task is stuck inside the big transaction with its Kafka transaction open; the
      // restarted task fences its producer, so whatever it sent is aborted.
      connect.restartTask(name, 0);
      String topic = name + ".SHOP.ORDERS";
      List<ConsumerRecord<byte[], byte[]>> committed = read(topic, true, rs -> rs.size() >= 312);
      HoldOnceTransform.RELEASE.countDown();
      assertThat(ids(committed))
          .as("nothing repeated, nothing skipped, commit order")
          .isEqualTo(range(1, 312));
      assertNoKafkaCommitInsideAnOracleTransaction(committed);
      List<ConsumerRecord<byte[], byte[]>> everything = read(topic, false, rs -> rs.size() >= 312);
      assertThat(everything.size())
          .as("records of the killed task's aborted Kafka transaction")
          .isGreaterThan(committed.size());
      connect.deleteConnector(name);
    } finally {
      HoldOnceTransform.RELEASE.countDown();
      clock.close();
    }
  }

  @Test
  void undecodableRow_underDlq_goesToTheDeadLetterTopicWithAnOpsEvent() throws Exception {
    ShopScript shop =
        ShopScript.withAmounts(23)
            .then(
                o -> {
                  SimulatedTransaction tx = o.begin();
                  tx.insert(ShopScript.ORDERS, 1L, "NEW", null);
                  tx.unsupported(ShopScript.ORDERS);
                  tx.insert(ShopScript.ORDERS, 2L, "NEW", null);
                  tx.commit();
                })
            .orders(3, 1, 1);
    String url = shop.oracle.url();
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "dlq";
      Map<String, String> props = props(url, name);
      props.put("cdc.on.decode.error", "dlq");
      start(name, props);
      assertThat(ids(read(name + ".SHOP.ORDERS", true, rs -> rs.size() >= 3)))
          .containsExactly(1L, 2L, 3L);
      var dead = json(read(name + ".dlq", true, rs -> !rs.isEmpty()).get(0).value());
      assertThat(dead.get("error_code").asText()).isEqualTo("CDC-3004");
      assertThat(dead.get("operation").asText()).isEqualTo("UNSUPPORTED");
      var ops = json(read(name + ".ops", true, rs -> !rs.isEmpty()).get(0).value());
      assertThat(ops.get("type").asText()).isEqualTo("dead_letter");
      assertEngineMetricsOverJmx(name);
      connect.deleteConnector(name);
    } finally {
      clock.close();
    }
  }

  @Test
  void restartAfterADdl_continuesTheLayoutVersionReadBackFromTheSchemaTopic() throws Exception {
    ShopScript shop = ShopScript.withAmounts(25).orders(1, 1, 1);
    String url = shop.oracle.url();
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "layouts";
      Map<String, String> props = props(url, name);
      start(name, props);
      String topic = name + ".SHOP.ORDERS";
      read(
          topic,
          true,
          rs -> rs.size() >= 1); // redo before a DDL decodes only once that DDL is mined
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
            tx.insert(ShopScript.ORDERS, 2L, "NEW", null, "v2");
            tx.commit();
          });
      read(topic, true, rs -> rs.size() >= 2);
      connect.deleteConnector(name);
      connect.assertions().assertConnectorDoesNotExist(name, "connector not deleted");
      shop.then(
          o -> {
            SimulatedTransaction tx = o.begin();
            tx.insert(ShopScript.ORDERS, 3L, "NEW", null, "after restart");
            tx.commit();
          });
      start(name, props);

      List<ConsumerRecord<byte[], byte[]>> changes = read(topic, true, rs -> rs.size() >= 3);
      assertThat(changes)
          .extracting(r -> json(r.value()).get("source").get("layout_version").asInt())
          .as("the restarted capture numbers the unchanged layout as before")
          .containsExactly(1, 2, 2);
      // everything committed to the schema topic by now: version 2 is not written again on restart
      var layouts =
          connect
              .kafka()
              .consumeAll(
                  30_000, Map.of("isolation.level", "read_committed"), Map.of(), name + ".schema");
      List<Integer> versions = new java.util.ArrayList<>();
      layouts.forEach(r -> versions.add(json(r.value()).get("version").asInt()));
      assertThat(versions).containsExactly(1, 2);
      connect.deleteConnector(name);
    } finally {
      clock.close();
    }
  }

  /** The worker publishes the task's plugin metrics as kafka.connect:type=plugins MBeans. */
  static void assertEngineMetricsOverJmx(String name) throws Exception {
    var server = ManagementFactory.getPlatformMBeanServer();
    Set<ObjectName> names =
        server.queryNames(
            new ObjectName("kafka.connect:type=plugins,connector=" + name + ",*"), null);
    assertThat(names).isNotEmpty();
    ObjectName task = names.iterator().next();
    assertThat(((Number) server.getAttribute(task, "steps-total")).doubleValue()).isPositive();
    assertThat(((Number) server.getAttribute(task, "delivered-scn")).doubleValue()).isPositive();
  }

  @Test
  void undecodableRow_underFail_stopsTheTaskWithItsCode() throws Exception {
    ShopScript shop =
        ShopScript.withAmounts(24)
            .then(
                o -> {
                  SimulatedTransaction tx = o.begin();
                  tx.unsupported(ShopScript.ORDERS);
                  tx.commit();
                });
    String url = shop.oracle.url();
    RealTime clock = RealTime.start(shop.oracle);
    try {
      String name = "fail";
      connect.configureConnector(name, props(url, name));
      connect
          .assertions()
          .assertConnectorIsRunningAndTasksHaveFailed(name, 1, "the task did not fail");
      String trace = connect.connectorStatus(name).tasks().get(0).trace();
      // the task status an operator reads (GET /connectors/<name>/status) names the code and the
      // action
      assertThat(trace)
          .contains("ConnectException: CDC-3004 ")
          .contains(
              ". Action: "
                  + dev.redoline.core.ErrorCode.REDO_NOT_RELIABLE.action()
                  + " See docs/runbook.md#cdc-3004");
      connect.deleteConnector(name);
    } finally {
      clock.close();
    }
  }
}
