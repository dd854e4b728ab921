package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.redoline.core.Operation;
import dev.redoline.core.TableId;
import dev.redoline.logminer.oracle.OracleFree;
import dev.redoline.logminer.oracle.ReplicaCheck;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/**
 * The connector in a real Connect worker (exactly-once, {@link TestConnect}) on Oracle Database
 * Free 23ai set up as docs/oracle-setup.md says ({@link OracleFree}). Run with {@code ./mvnw -B -pl
 * cdc-connect -am verify -Poracle-it -Dit.test=OracleConnectIT -Dtest=none
 * -Dsurefire.failIfNoSpecifiedTests=false}; without Docker it is skipped after one line.
 *
 * <p>A seeded workload of inserts, updates, deletes and rolled-back transactions ends with a marker
 * row; once the marker's record is read (read_committed), the records are checked: no change of a
 * rolled-back transaction, each transaction's records together and in commit order (commit SCNs
 * never go back), and the replica built from the records equal to the table read AS OF the last
 * commit SCN ({@link ReplicaCheck}, the embedded suite's check).
 */
@EnabledIf("dev.redoline.logminer.oracle.OracleFree#dockerAvailable")
@Tag("docker")
class OracleConnectIT {

  private static final long SEED = Long.getLong("redoline.it.seed", 27L);
  private static final long MARKER_ID = 999_999;
  private static final String ROLLED_BACK = "ROLLED-BACK";
  private static OracleFree oracle;

  @TempDir Path spill;

  @BeforeAll
  static void database() throws Exception {
    oracle = OracleFree.start();
    oracle.setUp();
  }

  @AfterAll
  static void stop() {
    if (oracle != null) {
      oracle.stop();
    }
  }

  @Test
  void connectorInARealWorker_deliversEveryCommittedChangeOnceInCommitOrder() throws Exception {
    TableId orders = new TableId(OracleFree.PDB, OracleFree.SCHEMA, "ORDERS");
    try (Connection app = oracle.app();
        Statement st = app.createStatement()) {
      st.execute(
          "CREATE TABLE ORDERS (ID NUMBER(10) PRIMARY KEY, STATUS VARCHAR2(20), AMOUNT NUMBER(10,2))");
    }
    oracle.captureTable("SHOP.ORDERS");
    long start = oracle.currentScn();
    Random random = new Random(SEED);
    try (Connection app = oracle.app();
        Statement st = app.createStatement()) {
      app.setAutoCommit(false);
      for (int tx = 0; tx < 30; tx++) {
        boolean rollback = random.nextInt(4) == 0;
        for (int i = 0; i < 1 + random.nextInt(4); i++) {
          st.executeUpdate(
              "INSERT INTO ORDERS VALUES ("
                  + (tx * 10 + i)
                  + ", '"
                  + (rollback ? ROLLED_BACK : "NEW")
                  + "', "
                  + random.nextInt(100_000) / 100.0
                  + ")");
        }
        if (!rollback && tx > 0) {
          st.executeUpdate("UPDATE ORDERS SET STATUS = 'PAID' WHERE ID = " + ((tx - 1) * 10));
          st.executeUpdate("DELETE FROM ORDERS WHERE ID = " + ((tx - 1) * 10 + 1));
        }
        if (rollback) {
          app.rollback();
        } else {
          app.commit();
        }
      }
      st.executeUpdate("INSERT INTO ORDERS VALUES (" + MARKER_ID + ", 'MARKER', 0)");
      app.commit();
    }

    EmbeddedConnectCluster cluster = TestConnect.cluster();
    String name = "ora";
    Map<String, String> props = ConnectClusterIT.connectorProps(oracle.rootUrl(), name, spill);
    props.put("cdc.database.user", OracleFree.CAPTURE_USER);
    props.put("cdc.database.password", OracleFree.CAPTURE_PASSWORD);
    props.put("cdc.database.pdbs", OracleFree.PDB);
    props.put("cdc.tables.include", orders.toString());
    props.put("cdc.start.scn", Long.toString(start));
    props.put("cdc.snapshot.mode", "no_data");
    props.put("cdc.decimal.handling.mode", "string");
    props.put("cdc.kafka.bootstrap.servers", cluster.kafka().bootstrapServers());
    props.put(
        "cdc.recording.dir",
        Path.of("target", "oracle-it", "connect", "recording").toAbsolutePath().toString());
    try {
      cluster.configureConnector(name, props);
      cluster
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "connector did not start");
      List<ConsumerRecord<byte[], byte[]>> records =
          ConnectClusterIT.readCommitted(
              cluster,
              name + "." + OracleFree.PDB + ".SHOP.ORDERS",
              rs -> rs.stream().anyMatch(OracleConnectIT::isMarker));

      ReplicaCheck replica = new ReplicaCheck();
      Set<String> finished = new HashSet<>();
      String open = null;
      BigDecimal lastCommit = BigDecimal.ZERO;
      for (ConsumerRecord<byte[], byte[]> r : records) {
        if (r.value() == null) {
          continue; // a tombstone after a delete
        }
        JsonNode v = ConnectClusterIT.json(r.value());
        assertThat(v.toString()).as("no rolled-back change").doesNotContain(ROLLED_BACK);
        JsonNode source = v.get("source");
        String xid = source.get("txId").asText();
        if (!xid.equals(open)) {
          assertThat(finished.add(xid))
              .as("transaction %s delivered once, its records together", xid)
              .isTrue();
          open = xid;
        }
        BigDecimal commit = new BigDecimal(source.get("commit_scn").asText());
        assertThat(commit).as("commit order").isGreaterThanOrEqualTo(lastCommit);
        lastCommit = commit;
        Operation op =
            switch (v.get("op").asText()) {
              case "c", "r" -> Operation.INSERT;
              case "u" -> Operation.UPDATE;
              case "d" -> Operation.DELETE;
              default -> Operation.TRUNCATE;
            };
        replica.apply(orders, op, values(v.get("before")), values(v.get("after")));
      }
      try (Connection app = oracle.app()) {
        replica.assertEquals(app, orders, lastCommit.longValueExact(), true);
      }
      oracle.dumpLogMinerRows(
          start,
          lastCommit.longValueExact(),
          Path.of("target", "oracle-it", "connect", "logminer-rows.tsv").toAbsolutePath());
    } finally {
      TestConnect.deleteConnectors();
    }
  }

  private static boolean isMarker(ConsumerRecord<byte[], byte[]> r) {
    if (r.value() == null) {
      return false;
    }
    JsonNode after = ConnectClusterIT.json(r.value()).get("after");
    return after != null && !after.isNull() && after.get("ID").asLong() == MARKER_ID;
  }

  /**
   * ID, STATUS, AMOUNT of a record image (AMOUNT as decimal text,
   * cdc.decimal.handling.mode=string).
   */
  private static List<Object> values(JsonNode image) {
    if (image == null || image.isNull()) {
      return null;
    }
    List<Object> out = new ArrayList<>();
    out.add(image.get("ID").asLong());
    out.add(image.get("STATUS").isNull() ? null : image.get("STATUS").asText());
    out.add(image.get("AMOUNT").isNull() ? null : new BigDecimal(image.get("AMOUNT").asText()));
    return out;
  }
}
