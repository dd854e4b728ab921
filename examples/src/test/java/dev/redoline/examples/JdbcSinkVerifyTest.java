package dev.redoline.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CommitMark;
import dev.redoline.core.TableId;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.verify.HeldCapture;
import dev.redoline.verify.JdbcTarget;
import dev.redoline.verify.PostgresServer;
import dev.redoline.verify.TableReport;
import dev.redoline.verify.Verifier;
import dev.redoline.verify.VerifyReport;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo workload captured by the embedded engine into a real PostgreSQL server through the JDBC
 * sink, verified while the capture runs (at the SCN the sink's position says it applied), then with
 * divergences seeded into the copy: found exactly, repaired through ad-hoc snapshots of the keys,
 * and verified equal again.
 */
class JdbcSinkVerifyTest {

  static final List<TableId> TABLES =
      List.of("CUSTOMERS", "PRODUCTS", "ORDERS", "ORDER_LINES", "DOCUMENTS").stream()
          .map(t -> TableId.of("SHOP", t))
          .toList();

  @TempDir Path state;

  @Test
  void verify_runningCaptureIntoPostgres_isEqualAndRepairsSeededDivergences() throws Exception {
    String url = PostgresServer.shared().newDatabase("verify_sink");
    Replays replays = new Replays(state);
    HeldCapture capture = new HeldCapture(replays.oracle);
    List<CommitMark> committed = new CopyOnWriteArrayList<>();
    Map<String, String> settings = replays.settings("jdbc");
    settings.put("cdc.database.url", replays.oracle.url());
    settings.put("cdc.start.scn", "current"); // a first start snapshots the rows already there
    Verifier verifier =
        Verifier.builder()
            .config(settings)
            .tables(TABLES)
            .target(JdbcTarget.of(url))
            .chunkRows(16)
            .build();

    try (JdbcSink sink = JdbcSink.open(url)) {
      EmbeddedEngine engine = start(capture, settings, sink, committed);
      Replays.await(() -> committed.size() >= 30, "30 transactions");

      VerifyReport running = capture.held(verifier::verify); // the capture goes on meanwhile
      assertThat(running.scnSource()).isEqualTo("target");
      assertThat(running.toText()).contains("equal");
      assertThat(running.equal()).as(running.toText()).isTrue();
      assertThat(running.tables())
          .allSatisfy(t -> assertThat(t.sourceRows()).isEqualTo(t.targetRows()));
      assertThat(running.tables().stream().mapToLong(TableReport::sourceRows).sum()).isPositive();

      engine.stop();
      assertThat(engine.awaitTermination(Replays.PATIENCE)).isTrue();
    }

    long[] seeded = seed(url);
    VerifyReport broken = capture.held(verifier::verify);
    TableReport customers = report(broken, "CUSTOMERS");
    assertThat(customers.missing())
        .extracting(Object::toString)
        .containsExactly("[" + seeded[0] + "]");
    assertThat(customers.differing())
        .extracting(d -> d.key() + " " + d.columns())
        .containsExactly("[" + seeded[1] + "] [NAME]");
    assertThat(report(broken, "ORDERS").extra())
        .extracting(Object::toString)
        .containsExactly("[999999]");
    assertThat(broken.differences()).isEqualTo(3);

    try (JdbcSink sink = JdbcSink.open(url)) {
      EmbeddedEngine engine = start(capture, settings, sink, committed);
      assertThat(
              verifier.repair(broken, (table, filter) -> engine.snapshot(List.of(table), filter)))
          .isEqualTo(3);
      VerifyReport[] after = new VerifyReport[1];
      Replays.await(
          () -> {
            try {
              after[0] = capture.held(verifier::verify);
            } catch (Exception e) {
              throw new IllegalStateException(e);
            }
            return after[0].equal();
          },
          "a verification that finds the copy equal after the repair");
      engine.stop();
      assertThat(engine.awaitTermination(Replays.PATIENCE)).isTrue();
    }
  }

  /** Starts the capture into {@code sink}, noting each committed transaction. */
  private static EmbeddedEngine start(
      HeldCapture capture,
      Map<String, String> settings,
      JdbcSink sink,
      List<CommitMark> committed) {
    return capture.start(
        settings,
        tx -> {
          sink.handle(tx);
          committed.add(tx.commit().mark());
        },
        sink.offsets());
  }

  private static TableReport report(VerifyReport report, String table) {
    return report.tables().stream()
        .filter(t -> t.table().table().equals(table))
        .findFirst()
        .orElseThrow();
  }

  /** Deletes a customer, renames another, adds an order; the keys of the first two. */
  private static long[] seed(String url) throws Exception {
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      long[] keys = new long[2];
      try (var rs =
          s.executeQuery("SELECT \"ID\" FROM \"SHOP_CUSTOMERS\" ORDER BY \"ID\" LIMIT 2")) {
        rs.next();
        keys[0] = rs.getLong(1);
        rs.next();
        keys[1] = rs.getLong(1);
      }
      s.executeUpdate("DELETE FROM \"SHOP_CUSTOMERS\" WHERE \"ID\" = " + keys[0]);
      s.executeUpdate(
          "UPDATE \"SHOP_CUSTOMERS\" SET \"NAME\" = 'someone else' WHERE \"ID\" = " + keys[1]);
      s.executeUpdate(
          "INSERT INTO \"SHOP_ORDERS\" (\"ID\", \"CUSTOMER_ID\", \"STATUS\", \"ORDERED_AT\")"
              + " VALUES (999999, 1, 'NEW', '2024-03-01T09:00')");
      return keys;
    }
  }
}
