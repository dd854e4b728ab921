package dev.redoline.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A table that was empty when the initial snapshot read it, whose rows inserted later the copy has
 * lost: its snapshot did reach the copy (the capture position the copy holds names it {@code
 * done}), so the verification reports the rows missing, on the JDBC and the Kafka targets. Only a
 * table whose snapshot the position names no progress of is reported as not compared yet.
 *
 * <p>Before, the Kafka target said a table was awaiting its snapshot whenever its topic held no
 * snapshot row while any record read was of a transaction marked partial for a snapshot: such
 * records stay in the topics for good, so the loss in {@link
 * #kafka_tableEmptyWhenSnapshotted_rowsLostLater_reportedMissing} showed as "not compared" (that
 * test failed on the old code); the JDBC target could not tell at all.
 */
class SnapshotReachedTest {

  static final TableId LATE = TableId.of("SHOP", "LATE");
  static final TableId OTHER = TableId.of("SHOP", "OTHER");

  SimulatedOracle oracle;
  Scn scn;

  @BeforeEach
  void setUp() {
    oracle = SimulatedOracle.builder().seed(29).build();
    for (TableId t : List.of(LATE, OTHER)) {
      oracle.createTable(
          TableLayout.builder(t, 1)
              .column("ID", OracleType.number(10, 0), false)
              .column("V", OracleType.sized(Kind.VARCHAR2, 20), true)
              .primaryKey("ID")
              .build());
    }
    // SHOP.LATE was empty when snapshotted; these rows came later, and the copy lost them
    SimulatedTransaction tx = oracle.begin();
    tx.insert(LATE, BigDecimal.valueOf(1), "late one");
    tx.insert(LATE, BigDecimal.valueOf(2), "late two");
    tx.insert(OTHER, BigDecimal.valueOf(1), "a");
    tx.commit();
    scn = Scn.of(oracle.currentScn());
  }

  /** A position at {@code scn} that tracks snapshots, with {@code tables}' progress. */
  private Map<String, Object> position(Map<String, String> tables) {
    Map<String, Object> map = new HashMap<>(Position.start(scn).toMap());
    map.put("v", 3);
    map.put("snapshot", "tracked");
    tables.forEach((t, p) -> map.put("snapshot." + t, p));
    return map;
  }

  private Verifier verifier(VerifyTarget target) {
    return Verifier.builder()
        .config(Map.of("cdc.database.url", oracle.url(), "cdc.tables.include", "SHOP.*"))
        .tables(List.of(LATE, OTHER))
        .target(target)
        .build();
  }

  private static TableReport late(VerifyReport report) {
    return report.tables().stream().filter(t -> t.table().equals(LATE)).findFirst().orElseThrow();
  }

  // ---- JDBC: the position committed with the rows ----

  private String jdbcCopy(String name, Map<String, Object> position) throws Exception {
    String url = "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1";
    Properties text = new Properties();
    position.forEach((k, v) -> text.setProperty(k, String.valueOf(v)));
    StringWriter w = new StringWriter();
    text.store(w, null);
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE REDOLINE_OFFSET (ID INT PRIMARY KEY, POSITION VARCHAR(4000) NOT NULL)");
      s.execute("CREATE TABLE \"SHOP_LATE\" (\"ID\" DECIMAL PRIMARY KEY, \"V\" VARCHAR(20))");
      s.execute("CREATE TABLE \"SHOP_OTHER\" (\"ID\" DECIMAL PRIMARY KEY, \"V\" VARCHAR(20))");
      s.execute("INSERT INTO \"SHOP_OTHER\" VALUES (1, 'a')");
      try (PreparedStatement p = c.prepareStatement("INSERT INTO REDOLINE_OFFSET VALUES (1, ?)")) {
        p.setString(1, w.toString());
        p.executeUpdate();
      }
    }
    return url;
  }

  @Test
  void jdbc_tableEmptyWhenSnapshotted_rowsLostLater_reportedMissing() throws Exception {
    String url = jdbcCopy("reached", position(Map.of("SHOP.LATE", "done", "SHOP.OTHER", "done")));

    VerifyReport report = verifier(JdbcTarget.of(url)).verify();

    assertThat(report.scn()).isEqualTo(scn);
    assertThat(late(report).compared()).as(report.toText()).isTrue();
    assertThat(late(report).missing()).extracting(Object::toString).containsExactly("[1]", "[2]");
    assertThat(report.differences()).isEqualTo(2);
  }

  @Test
  void jdbc_snapshotNotBegun_notComparedYet() throws Exception {
    String url = jdbcCopy("pending", position(Map.of("SHOP.OTHER", "done")));

    VerifyReport report = verifier(JdbcTarget.of(url)).verify();

    assertThat(late(report).compared()).as(report.toText()).isFalse();
    assertThat(late(report).reason()).contains("initial snapshot had not reached the copy");
    assertThat(report.differences()).as(report.toText()).isZero();
  }

  // ---- Kafka: the connector's stored offset, read before the topics ----

  private KafkaTarget kafka(Map<String, Object> offset) {
    // SHOP.OTHER's snapshot row, then a transaction committed while SHOP.LATE's snapshot was
    // still to come (partial): such records stay in the topic
    return new TestTopics()
        .topic(LATE)
        .topic(
            OTHER,
            TestTopics.record(1, "r|" + scn + "|1|a|last|-"),
            TestTopics.record(1, "u|" + scn + "|1|a|false|SNAPSHOT"))
        .target(offset);
  }

  @Test
  void kafka_tableEmptyWhenSnapshotted_rowsLostLater_reportedMissing() throws Exception {
    VerifyReport report =
        verifier(kafka(position(Map.of("SHOP.LATE", "done", "SHOP.OTHER", "done")))).verify();

    assertThat(report.scn()).isEqualTo(scn);
    assertThat(late(report).compared()).as(report.toText()).isTrue();
    assertThat(late(report).missing()).extracting(Object::toString).containsExactly("[1]", "[2]");
    assertThat(report.differences()).as(report.toText()).isEqualTo(2);
  }

  @Test
  void kafka_snapshotNotBegun_notComparedYet() throws Exception {
    VerifyReport report = verifier(kafka(position(Map.of("SHOP.OTHER", "done")))).verify();

    assertThat(late(report).compared()).as(report.toText()).isFalse();
    assertThat(late(report).reason()).contains("initial snapshot had not reached the copy");
    assertThat(report.differences()).as(report.toText()).isZero();
  }

  @Test
  void kafka_noStoredOffset_cannotTell_compares() throws Exception {
    VerifyReport report = verifier(kafka(null)).verify();

    assertThat(late(report).compared()).as(report.toText()).isTrue();
    assertThat(late(report).missing()).hasSize(2);
  }
}
