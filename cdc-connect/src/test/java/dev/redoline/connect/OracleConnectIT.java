package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.redoline.core.Operation;
import dev.redoline.core.TableId;
import dev.redoline.logminer.oracle.Delivered;
import dev.redoline.logminer.oracle.OracleFree;
import dev.redoline.logminer.oracle.OracleWorkload;
import dev.redoline.logminer.oracle.ReplicaCheck;
import dev.redoline.logminer.oracle.StreamCheck;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The connector in a real Connect worker (exactly-once, {@link TestConnect}) on Oracle Database
 * Free 23ai set up as docs/oracle-setup.md says ({@link OracleFree}). Run with {@code ./mvnw -B -pl
 * cdc-connect -am verify -Poracle-it -Dit.test=OracleConnectIT -Dtest=none
 * -Dsurefire.failIfNoSpecifiedTests=false}; without Docker it is skipped after one line.
 *
 * <p>The cases run the embedded suite's workloads ({@link OracleWorkload}) where Connect differs:
 * DML over the supported types, LOBs (whose unknown content a record carries as the unavailable
 * placeholder), DDL (a record schema per layout), the task restarted in the middle of an open
 * transaction, and an ad-hoc snapshot asked on the signal topic. Each reads every captured table's
 * topic (read_committed) once the marker row's record is there and checks it with {@link
 * StreamCheck}, the embedded suite's checks: each transaction's records together, once, in commit
 * order, no rolled-back change, and the replica built from the records equal to the tables read AS
 * OF the last commit SCN. Dates, timestamps and intervals are left out of the row comparison (their
 * record forms are numbers of units); every other column is compared. Each case leaves its LogMiner
 * dump and the capture's recording under {@code target/oracle-it/connect-<case>/}.
 */
@EnabledIf("dev.redoline.logminer.oracle.OracleFree#dockerAvailable")
@Tag("docker")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OracleConnectIT {

  private static final long SEED = Long.getLong("redoline.it.seed", 27L);

  /** The most one read of a topic waits; below every case's {@code @Timeout}. */
  private static final Duration PATIENCE = Duration.ofMinutes(2);

  /**
   * The record value of LOB content a change does not carry ({@code cdc.lob.unavailable.value}).
   */
  private static final String UNAVAILABLE = "__debezium_unavailable_value";

  /** Column types whose record form is not the JDBC value's: left out of the row comparison. */
  private static final Set<String> NOT_COMPARED =
      Set.of("DATE", "TIMESTAMP", "INTERVAL YEAR", "INTERVAL DAY");

  @RegisterExtension static final OracleFree.Shared ORACLE = new OracleFree.Shared();

  @AfterEach
  void deleteConnectors() {
    TestConnect.deleteConnectors();
  }

  @Test
  @Order(1)
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void dmlOverEverySupportedType() throws Exception {
    capture("types", workload().types(), Map.of());
  }

  @Test
  @Order(2)
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void lobsSecureFileAndBasicFile() throws Exception {
    capture("lobs", workload().lobs(), Map.of());
  }

  @Test
  @Order(3)
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void ddlAddDropColumnNewTableIntervalPartitions() throws Exception {
    capture("ddl", workload().ddl(), Map.of());
  }

  @Test
  @Order(4)
  @Timeout(value = 4, unit = TimeUnit.MINUTES)
  void taskRestartedMidTransaction() throws Exception {
    OracleWorkload workload = workload();
    OracleWorkload.Case c = workload.restart();
    EmbeddedConnectCluster cluster = TestConnect.cluster();
    String name = "restart";
    start(cluster, name, c, Map.of());
    readCommitted(cluster, topic(name, c.marker()), rs -> !rs.isEmpty());
    try (Connection open = workload.openTransaction()) {
      cluster.restartTask(name, 0); // in the middle of the open transaction
      cluster
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "the task did not start again");
      workload.finish(open);
    }
    Map<TableId, List<Delivered>> delivered = collect(cluster, name, c);
    assertThat(delivered.get(c.marker()))
        .as("the transaction open at the restart, delivered whole")
        .filteredOn(d -> d.after() != null && "2".equals(ReplicaCheck.normalize(d.after().get(0))))
        .hasSize(1);
    checks(name, c, delivered);
  }

  @Test
  @Order(5)
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void adHocSnapshotAskedOnTheSignalTopic() throws Exception {
    TableId adhoc = workload().snapshotTables().get(1);
    OracleWorkload.Case c =
        new OracleWorkload.Case(
            "adhoc", ORACLE.get().currentScn(), List.of(adhoc), List.of(), Map.of());
    EmbeddedConnectCluster cluster = TestConnect.cluster();
    String name = "adhoc";
    cluster.kafka().createTopic(name + "-signals", 1);
    start(
        cluster,
        name,
        c,
        Map.of(
            "cdc.signal.topic",
            name + "-signals",
            "cdc.kafka.bootstrap.servers",
            cluster.kafka().bootstrapServers()));
    cluster
        .kafka()
        .produce(name + "-signals", null, "{\"type\":\"snapshot\",\"tables\":[\"" + adhoc + "\"]}");
    List<ConsumerRecord<byte[], byte[]>> records =
        readCommitted(cluster, topic(name, adhoc), rs -> rs.size() >= 5);
    assertThat(records)
        .allSatisfy(
            r -> assertThat(json(r).get("op").asText()).as("a snapshot read").isEqualTo("r"));
    checks(name, c, Map.of(adhoc, delivered(adhoc, records)));
  }

  // ---- harness ----------------------------------------------------------------------------

  private static OracleWorkload workload() {
    return new OracleWorkload(ORACLE.get(), SEED);
  }

  /**
   * Commits the case's marker, runs the connector until its record is read, then checks every
   * captured table's records.
   */
  private static void capture(String name, OracleWorkload.Case c, Map<String, String> extra)
      throws Exception {
    EmbeddedConnectCluster cluster = TestConnect.cluster();
    start(cluster, name, c, extra);
    checks(name, c, collect(cluster, name, c));
  }

  private static void start(
      EmbeddedConnectCluster cluster, String name, OracleWorkload.Case c, Map<String, String> extra)
      throws Exception {
    Path dir = caseDir(name);
    Map<String, String> props = ConnectClusterIT.connectorProps(ORACLE.get().rootUrl(), name, dir);
    props.put("cdc.database.user", OracleFree.CAPTURE_USER);
    props.put("cdc.database.password", OracleFree.CAPTURE_PASSWORD);
    props.put("cdc.database.pdbs", OracleFree.PDB);
    props.put(
        "cdc.tables.include",
        String.join(",", c.tables().stream().map(TableId::toString).toList()));
    props.put("cdc.start.scn", Long.toString(c.start()));
    props.put("cdc.snapshot.mode", "no_data");
    props.put("cdc.decimal.handling.mode", "string");
    props.put("cdc.recording.dir", dir.resolve("recording").toString());
    props.putAll(c.settings());
    props.putAll(extra);
    cluster.configureConnector(name, props);
    cluster
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
  }

  /**
   * Commits the marker, reads its table's topic until the marker's record, then every other
   * captured table's topic to its end: with exactly-once delivery everything committed before the
   * marker is readable once the marker is.
   */
  private static Map<TableId, List<Delivered>> collect(
      EmbeddedConnectCluster cluster, String name, OracleWorkload.Case c) throws Exception {
    workload().marker(c);
    Map<TableId, List<Delivered>> out = new HashMap<>();
    List<ConsumerRecord<byte[], byte[]>> marked =
        readCommitted(
            cluster,
            topic(name, c.marker()),
            rs -> rs.stream().anyMatch(OracleConnectIT::isMarker));
    out.put(c.marker(), delivered(c.marker(), marked));
    for (TableId t : c.tables()) {
      if (!t.equals(c.marker())) {
        out.put(t, delivered(t, readToEnd(cluster, topic(name, t))));
      }
    }
    return out;
  }

  /** {@link StreamCheck} per topic, the replica of every table, and the LogMiner dump. */
  private static void checks(String name, OracleWorkload.Case c, Map<TableId, List<Delivered>> all)
      throws Exception {
    BigDecimal last = BigDecimal.ZERO;
    List<Delivered> every = new ArrayList<>();
    for (TableId t : c.tables()) {
      List<Delivered> delivered = all.getOrDefault(t, List.of());
      last = last.max(StreamCheck.assertOnceInCommitOrder(delivered));
      every.addAll(delivered);
    }
    long scn = last.signum() == 0 ? ORACLE.get().currentScn() : last.longValueExact();
    Map<TableId, Set<Integer>> shaped = new HashMap<>();
    for (TableId t : c.tables()) {
      shaped.put(t, notCompared(t));
    }
    try (Connection app = ORACLE.get().app()) {
      StreamCheck.assertReplicaEqualsSource(every, app, scn, c.tables(), c.keysOnly(), shaped);
    }
    ORACLE
        .get()
        .dumpLogMinerRows(
            c.start(), Math.max(scn, c.start() + 1), caseDir(name).resolve("logminer-rows.tsv"));
  }

  private static Set<Integer> notCompared(TableId t) throws Exception {
    Set<Integer> out = new HashSet<>();
    List<String[]> columns = workload().columns(t);
    for (int i = 0; i < columns.size(); i++) {
      String type = columns.get(i)[1];
      if (NOT_COMPARED.stream().anyMatch(type::startsWith)) {
        out.add(i);
      }
    }
    return out;
  }

  private static Path caseDir(String name) throws Exception {
    Path dir = Path.of("target", "oracle-it", "connect-" + name).toAbsolutePath();
    Files.createDirectories(dir);
    return dir;
  }

  private static String topic(String name, TableId t) {
    return name + "." + t;
  }

  private static List<ConsumerRecord<byte[], byte[]>> readCommitted(
      EmbeddedConnectCluster cluster,
      String topic,
      java.util.function.Predicate<List<ConsumerRecord<byte[], byte[]>>> done) {
    return ConnectClusterIT.readCommitted(cluster, topic, done);
  }

  /** Every committed record of a one-partition topic, up to its last stable offset now. */
  private static List<ConsumerRecord<byte[], byte[]>> readToEnd(
      EmbeddedConnectCluster cluster, String topic) {
    List<ConsumerRecord<byte[], byte[]>> all = new ArrayList<>();
    TopicPartition partition = new TopicPartition(topic, 0);
    try (KafkaConsumer<byte[], byte[]> consumer =
        cluster
            .kafka()
            .createConsumer(
                Map.of("isolation.level", "read_committed", "auto.offset.reset", "earliest"))) {
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      long end = consumer.endOffsets(List.of(partition)).get(partition);
      long deadline = System.nanoTime() + PATIENCE.toNanos();
      while (consumer.position(partition) < end) {
        assertThat(System.nanoTime()).as("%s read to offset %s", topic, end).isLessThan(deadline);
        consumer.poll(Duration.ofMillis(500)).forEach(all::add);
      }
    }
    return all;
  }

  private static JsonNode json(ConsumerRecord<byte[], byte[]> r) {
    return ConnectClusterIT.json(r.value());
  }

  private static boolean isMarker(ConsumerRecord<byte[], byte[]> r) {
    if (r.value() == null) {
      return false;
    }
    JsonNode after = json(r).get("after");
    return after != null
        && !after.isNull()
        && after.elements().next().asLong() == OracleWorkload.MARKER_ID;
  }

  /** The records of one table as the suites' checks take them (tombstones left out). */
  private static List<Delivered> delivered(TableId t, List<ConsumerRecord<byte[], byte[]>> records)
      throws Exception {
    List<String[]> columns = workload().columns(t);
    List<Delivered> out = new ArrayList<>();
    for (ConsumerRecord<byte[], byte[]> r : records) {
      if (r.value() == null) {
        continue; // a tombstone after a delete
      }
      JsonNode v = json(r);
      JsonNode source = v.get("source");
      JsonNode commit = source.get("commit_scn");
      JsonNode tx = source.get("txId"); // a snapshot row has none
      Operation op =
          switch (v.get("op").asText()) {
            case "c", "r" -> Operation.INSERT;
            case "u" -> Operation.UPDATE;
            case "d" -> Operation.DELETE;
            default -> Operation.TRUNCATE;
          };
      out.add(
          new Delivered(
              tx == null || tx.isNull() ? "snapshot" : tx.asText(),
              new BigDecimal(
                  commit == null || commit.isNull() ? source.get("scn").asText() : commit.asText()),
              t,
              op,
              values(v.get("before"), columns),
              values(v.get("after"), columns),
              v.toString()));
    }
    return out;
  }

  /**
   * A record image's values in column order, as JDBC reads them: numbers (decimal text) as {@code
   * BigDecimal}, binary columns decoded from base64, the unavailable-LOB placeholder as {@link
   * ReplicaCheck#UNCHANGED}. The image's fields are the columns the record carries, in order: a
   * layout change is compared by key only.
   */
  private static List<Object> values(JsonNode image, List<String[]> columns) {
    if (image == null || image.isNull()) {
      return null;
    }
    Map<String, String> types = new HashMap<>();
    columns.forEach(c -> types.put(c[0], c[1]));
    List<Object> out = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = image.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      out.add(value(field.getValue(), types.getOrDefault(field.getKey(), "VARCHAR2")));
    }
    return out;
  }

  private static Object value(JsonNode v, String type) {
    if (v == null || v.isNull()) {
      return null;
    }
    String text = v.asText();
    boolean binary = type.equals("BLOB") || type.equals("RAW");
    byte[] bytes = binary ? Base64.getDecoder().decode(text) : null;
    if (text.equals(UNAVAILABLE)
        || (binary && new String(bytes, StandardCharsets.UTF_8).equals(UNAVAILABLE))) {
      return ReplicaCheck.UNCHANGED;
    }
    return switch (type) {
      case "NUMBER", "FLOAT" -> new BigDecimal(text);
      case "BINARY_FLOAT" -> Float.valueOf(text);
      case "BINARY_DOUBLE" -> Double.valueOf(text);
      case "BOOLEAN" -> v.asBoolean();
      default -> binary ? bytes : text;
    };
  }
}
