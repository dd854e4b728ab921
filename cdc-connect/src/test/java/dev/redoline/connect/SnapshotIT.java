package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.verify.KafkaTarget;
import dev.redoline.verify.TableReport;
import dev.redoline.verify.Verifier;
import dev.redoline.verify.VerifyCommand;
import dev.redoline.verify.VerifyReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
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
 * streaming. The stress workload captured into the topics is verified while it runs (cdc-verify's
 * KafkaTarget): each verification, in one call, equal to Oracle but for documents whose CLOB was
 * amended in place (declared unavailable by their latest record), and divergences seeded into a
 * topic are found exactly, by the verifier, by {@code redoline verify --target kafka://...} and by
 * the verify signal, whose repair (ad-hoc snapshots of the keys, a tombstone for the extra one)
 * makes the topics equal again. The cluster is the shared one of every Connect IT.
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

  /**
   * The stress workload's tables. In SHOP.DOCUMENTS about one document in four has its CLOB amended
   * in place by DBMS_LOB calls whose content the capture cannot read: the record carries the
   * placeholder (listed in {@code redoline.unavailable}), the topic keeps the earlier content, and
   * the verification reports the row as differing in a column the latest change did not carry,
   * never as an undeclared difference (docs/verify.md, "LOBs changed in place").
   */
  static final List<TableId> SHOP =
      List.of("CUSTOMERS", "PRODUCTS", "ORDERS", "ORDER_LINES", "DOCUMENTS").stream()
          .map(t -> TableId.of("SHOP", t))
          .toList();

  /** How long the topics may take to catch up with Oracle on a loaded machine. */
  static final Duration PATIENCE = Duration.ofMinutes(6);

  @Test
  void verify_stressCapturedIntoKafka_equalWhileRunning_thenDivergencesFoundAndRepaired()
      throws Exception {
    EmbeddedConnectCluster cluster = TestConnect.cluster();
    String bootstrap = cluster.kafka().bootstrapServers();
    // no 5,000-row transaction during the test: the topics follow closely enough to be verified
    SimulatedOracle oracle = SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=29&huge=3600");
    String url = oracle.url();
    String name = "vfy";
    RealTime clock = RealTime.start(oracle);
    Map<String, String> props = ConnectClusterIT.connectorProps(url, name, spill);
    long customerRows;
    try {
      cluster.kafka().createTopic("vfy-signals", 1);
      props.remove("cdc.start.scn"); // the rows already there come as the initial snapshot
      props.put("cdc.signal.topic", "vfy-signals");
      props.put("cdc.kafka.bootstrap.servers", bootstrap);
      cluster.configureConnector(name, props);
      cluster
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
      Map<String, String> capture = new HashMap<>();
      capture.put("cdc.database.url", url);
      capture.put("cdc.tables.include", "SHOP.*");
      // the worker's offsets topic: the connector's stored offset says which tables' initial
      // snapshot has reached the topics (read with the connector's own settings)
      Map<String, String> withOffsets = new HashMap<>(props);
      withOffsets.put("offset.storage.topic", TestConnect.OFFSETS_TOPIC);
      Verifier verifier =
          Verifier.builder()
              .config(capture)
              .tables(SHOP)
              .target(KafkaTarget.of(Map.of("bootstrap.servers", bootstrap), withOffsets))
              .build();

      // while the workload runs: once every table's initial snapshot is complete (its ops event),
      // the topics are waited for until they have applied an SCN read from Oracle after that, and
      // one verification then compares every table: equal but for documents amended in place
      // (declared unavailable by their latest record). The same again once more orders are in.
      ConnectClusterIT.readCommitted(
          cluster,
          name + ".ops",
          rs ->
              SHOP.stream()
                  .allMatch(
                      t ->
                          rs.stream()
                              .anyMatch(
                                  r ->
                                      new String(r.value(), StandardCharsets.UTF_8)
                                          .contains("snapshot of " + t + " complete"))));
      verifier.awaitApplied(Scn.of(oracle.currentScn()), PATIENCE);
      VerifyReport first = verifier.verify();
      assertClean(first);
      awaitMoreOrders(url, report(first, "ORDERS").sourceRows());
      verifier.awaitApplied(Scn.of(oracle.currentScn()), PATIENCE);
      VerifyReport later = verifier.verify();
      assertClean(later);
      assertThat(later.scn()).isGreaterThan(first.scn());
      assertThat(later.scnSource()).isEqualTo("target");
      assertThat(later.tables())
          .allSatisfy(t -> assertThat(t.sourceRows()).isEqualTo(t.targetRows()));
      assertThat(report(later, "ORDERS").sourceRows())
          .isGreaterThan(report(first, "ORDERS").sourceRows());
      customerRows = report(later, "CUSTOMERS").targetRows(); // seeded once, never changed
    } finally {
      clock.close();
    }

    // seeded into SHOP.CUSTOMERS, which the workload does not change once seeded
    String topic = name + ".SHOP.CUSTOMERS";
    List<ConsumerRecord<byte[], byte[]>> customers =
        ConnectClusterIT.readCommitted(cluster, topic, rs -> rs.size() >= customerRows);
    Map<String, byte[]> latest = new LinkedHashMap<>();
    customers.forEach(r -> latest.put(new String(r.key(), StandardCharsets.UTF_8), r.value()));
    List<String> keys = List.copyOf(latest.keySet());
    String gone = keys.get(0);
    String changed = keys.get(1);
    ObjectNode changedValue = (ObjectNode) ConnectClusterIT.json(latest.get(changed));
    ((ObjectNode) changedValue.get("after")).put("NAME", "not the name in Oracle");
    ObjectNode extraValue = changedValue.deepCopy();
    ((ObjectNode) extraValue.get("after")).put("ID", 987654321L);
    cluster.kafka().produce(topic, gone, null);
    cluster.kafka().produce(topic, changed, changedValue.toString());
    cluster.kafka().produce(topic, "{\"ID\":987654321}", extraValue.toString());
    long goneId = ConnectClusterIT.json(gone.getBytes(StandardCharsets.UTF_8)).get("ID").asLong();
    long changedId =
        ConnectClusterIT.json(changed.getBytes(StandardCharsets.UTF_8)).get("ID").asLong();

    VerifyReport broken = verifier(bootstrap, url, props).verify();
    TableReport c = report(broken, "CUSTOMERS");
    assertThat(c.missing()).extracting(Object::toString).containsExactly("[" + goneId + "]");
    assertThat(c.extra()).extracting(Object::toString).containsExactly("[987654321]");
    assertThat(c.differing())
        .extracting(d -> d.key() + " " + d.columns())
        .containsExactly("[" + changedId + "] [NAME]");
    assertThat(broken.differences()).as(broken.toText()).isEqualTo(3);

    // the command line on the same topics: differences are exit 1
    String[] args = {
      "--source", url, "--target", "kafka://" + bootstrap + "/" + name, "--tables", "SHOP.CUSTOMERS"
    };
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThat(VerifyCommand.run(args, new PrintStream(out, true), new PrintStream(err, true)))
        .as(err.toString(StandardCharsets.UTF_8))
        .isEqualTo(VerifyCommand.DIFFERENT);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("987654321");

    // the verify signal: the report on the ops topic, the repair through ad-hoc snapshots
    cluster
        .kafka()
        .produce(
            "vfy-signals",
            null,
            "{\"type\":\"verify\",\"tables\":[\"SHOP.CUSTOMERS\"],\"repair\":true}");
    List<ConsumerRecord<byte[], byte[]>> ops =
        ConnectClusterIT.readCommitted(
            cluster,
            name + ".ops",
            rs -> rs.stream().anyMatch(r -> new String(r.value()).contains("verify_differences")));
    String event =
        ops.stream()
            .map(r -> ConnectClusterIT.json(r.value()))
            .filter(v -> v.get("type").asText().equals("verify_differences"))
            .findFirst()
            .orElseThrow()
            .get("message")
            .asText();
    assertThat(
            ConnectClusterIT.json(event.getBytes(StandardCharsets.UTF_8))
                .get("differences")
                .asInt())
        .isEqualTo(3);
    List<ConsumerRecord<byte[], byte[]>> again =
        ConnectClusterIT.readCommitted(cluster, topic, rs -> rs.size() >= customers.size() + 6);
    assertThat(again.subList(customers.size() + 3, again.size()))
        .as("the repair: the two keys read again as op r, a tombstone for the extra key")
        .extracting(
            r ->
                r.value() == null
                    ? "tombstone"
                    : ConnectClusterIT.json(r.value()).get("op").asText())
        .containsExactlyInAnyOrder("r", "r", "tombstone");
    // the repair is in the topic: one verification finds it equal
    VerifyReport repaired = verifier(bootstrap, url, props).verify();
    assertThat(repaired.equal()).as(repaired.toText()).isTrue();
    out.reset();
    assertThat(VerifyCommand.run(args, new PrintStream(out, true), new PrintStream(err, true)))
        .as(err.toString(StandardCharsets.UTF_8))
        .isEqualTo(VerifyCommand.EQUAL);
    TestConnect.deleteConnectors();
  }

  private static Verifier verifier(String bootstrap, String url, Map<String, String> props) {
    return Verifier.builder()
        .config(Map.of("cdc.database.url", url, "cdc.tables.include", "SHOP.*"))
        .tables(List.of(TableId.of("SHOP", "CUSTOMERS")))
        .target(KafkaTarget.of(Map.of("bootstrap.servers", bootstrap), props))
        .build();
  }

  /**
   * Every table compared, and nothing differing but rows of SHOP.DOCUMENTS in BODY, which their
   * latest record did not carry.
   */
  private static void assertClean(VerifyReport report) {
    assertThat(report.tables()).as(report.toText()).allMatch(TableReport::compared);
    assertThat(report.undeclaredDifferences()).as(report.toText()).isZero();
    for (TableReport t : report.tables()) {
      assertThat(t.differing())
          .as(report.toText())
          .allSatisfy(
              d -> {
                assertThat(t.table().table()).isEqualTo("DOCUMENTS");
                assertThat(d.unavailable()).containsExactly("BODY");
              });
    }
  }

  /** Waits until Oracle holds more than {@code rows} orders, within {@link #PATIENCE}. */
  private static void awaitMoreOrders(String url, long rows) throws Exception {
    Instant end = Instant.now().plus(PATIENCE);
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      while (Instant.now().isBefore(end)) {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM SHOP.ORDERS")) {
          rs.next();
          if (rs.getLong(1) > rows) {
            return;
          }
        }
        Thread.sleep(200);
      }
    }
    throw new AssertionError("Oracle held no more than " + rows + " orders within " + PATIENCE);
  }

  private static TableReport report(VerifyReport report, String table) {
    return report.tables().stream()
        .filter(t -> t.table().table().equals(table))
        .findFirst()
        .orElseThrow();
  }
}
