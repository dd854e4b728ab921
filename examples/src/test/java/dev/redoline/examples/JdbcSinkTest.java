package dev.redoline.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CommitMark;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.embedded.EngineState;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JdbcSinkTest {

  @TempDir Path state;

  @Test
  void replay_isExactlyOnceAcrossStopsAndAFailureBeforeCommit() throws Exception {
    Replays replays = new Replays(state);
    String url = "jdbc:h2:" + state.resolve("replica");
    List<CommitMark> committed = new CopyOnWriteArrayList<>();

    try (JdbcSink sink = JdbcSink.open(url)) {
      run(replays, sink, committed, 8);
    }
    try (JdbcSink sink = JdbcSink.open(url)) {
      AtomicInteger calls = new AtomicInteger();
      sink.beforeCommit =
          () -> {
            if (calls.incrementAndGet() == 3) {
              throw new IllegalStateException("crash between the writes and the commit");
            }
          };
      EmbeddedEngine engine =
          replays
              .engine(
                  "jdbc",
                  tx -> {
                    sink.handle(tx);
                    committed.add(tx.commit().mark());
                  })
              .offsetStore(sink.offsets())
              .build();
      engine.start();
      assertThat(engine.awaitTermination(Replays.PATIENCE)).isTrue();
      assertThat(engine.state()).isEqualTo(EngineState.FAILED);
    }
    try (JdbcSink sink = JdbcSink.open(url)) {
      run(replays, sink, committed, committed.size() + 8);
    }

    assertThat(committed).doesNotHaveDuplicates().isSorted();
    List<Replays.Handled> reference = replays.reference(committed.get(committed.size() - 1));
    assertThat(committed)
        .containsExactlyElementsOf(reference.stream().map(Replays.Handled::mark).toList());
    assertThat(h2(url)).isEqualTo(Replays.model(reference));
  }

  private static void run(Replays replays, JdbcSink sink, List<CommitMark> committed, int until)
      throws Exception {
    EmbeddedEngine engine =
        replays
            .engine(
                "jdbc",
                tx -> {
                  sink.handle(tx);
                  committed.add(tx.commit().mark());
                })
            .offsetStore(sink.offsets())
            .build();
    engine.start();
    Replays.await(() -> committed.size() >= until, until + " transactions");
    engine.stop();
    assertThat(engine.awaitTermination(Replays.PATIENCE)).isTrue();
    assertThat(engine.state()).isEqualTo(EngineState.STOPPED);
  }

  /** The replica's captured tables as table -> key -> column -> value text. */
  private static Map<String, Map<String, Map<String, String>>> h2(String url) throws Exception {
    Map<String, Map<String, Map<String, String>>> tables = new TreeMap<>();
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      for (String table : List.of("CUSTOMERS", "PRODUCTS", "ORDERS", "ORDER_LINES", "DOCUMENTS")) {
        try (ResultSet rs = s.executeQuery("SELECT * FROM \"SHOP_" + table + "\"")) {
          ResultSetMetaData meta = rs.getMetaData();
          Map<String, Map<String, String>> rows = new TreeMap<>();
          while (rs.next()) {
            Map<String, String> row = new TreeMap<>();
            for (int i = 1; i <= meta.getColumnCount(); i++) {
              if (meta.getColumnName(i).equals(JdbcSink.UNAVAILABLE_COLUMN)) {
                continue; // the sink's own record of what a change did not carry
              }
              Object v = rs.getObject(i);
              row.put(
                  meta.getColumnName(i),
                  v == null
                      ? null
                      : v instanceof java.math.BigDecimal d
                          ? d.stripTrailingZeros().toPlainString()
                          : v.toString());
            }
            rows.put(key(table, row), row);
          }
          if (!rows.isEmpty()) {
            tables.put(table, rows);
          }
        } catch (java.sql.SQLException e) {
          // a table the capture never wrote to does not exist in the replica
        }
      }
    }
    return tables;
  }

  private static String key(String table, Map<String, String> row) {
    return table.equals("ORDER_LINES")
        ? "{\"ORDER_ID\":" + row.get("ORDER_ID") + ",\"LINE_NO\":" + row.get("LINE_NO") + "}"
        : "{\"ID\":" + row.get("ID") + "}";
  }
}
