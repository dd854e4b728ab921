package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A mining query's rows are made from the redo as the client fetches them, one batch of its fetch
 * size at a time, not all when the query runs: whatever the size of the logs, the simulator never
 * holds more than a batch. The rows show it through the dictionary at mining time: a table changed
 * between two fetches is shown in Dictionary Mismatch form from the next batch on, while the rows
 * already fetched were made before the change. Through the in-process driver and through a server
 * alike. (Before the rows were streamed, every row was made when the query ran, so all of them
 * showed the table as it was then.)
 */
class ContentsRowsTest {

  private static final TableId ITEMS = TableId.of("APP", "ITEMS");
  private static final int INSERTS = 25;
  private static final int FETCH_SIZE = 10;

  private final SimulatedOracle oracle =
      SimulatedOracle.builder().seed(5).logBytes(8L << 20).build();
  private SimulatorServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void inProcess_rowsAreMadeBatchByBatch_asTheClientFetches() throws Exception {
    long low = committedInserts();
    try (Connection c = DriverManager.getConnection(oracle.url())) {
      assertMadeBatchByBatch(c, low);
    }
  }

  @Test
  void throughAServer_rowsAreMadeBatchByBatch_asTheClientFetches() throws Exception {
    long low = committedInserts();
    server = SimulatorServer.start(oracle, "test", 0, false);
    try (Connection c = DriverManager.getConnection(server.url())) {
      assertMadeBatchByBatch(c, low);
    }
  }

  /** One transaction of {@link #INSERTS} inserts, flushed; the SCN before it. */
  private long committedInserts() {
    synchronized (oracle) {
      oracle.createTable(
          TableLayout.builder(ITEMS, 1)
              .column("ID", OracleType.number(10, 0), false)
              .primaryKey("ID")
              .build());
      long low = oracle.currentScn();
      SimulatedTransaction tx = oracle.begin();
      for (long id = 1; id <= INSERTS; id++) {
        tx.insert(ITEMS, id);
      }
      tx.commit();
      oracle.flushAll();
      return low;
    }
  }

  private void assertMadeBatchByBatch(Connection c, long low) throws SQLException {
    CurrentLogMining.start(c, low);
    List<String> owners = new ArrayList<>();
    try (PreparedStatement q =
        c.prepareStatement(
            "SELECT SEG_OWNER, SQL_REDO FROM V$LOGMNR_CONTENTS WHERE OPERATION_CODE = ?")) {
      q.setInt(1, 1);
      q.setFetchSize(FETCH_SIZE);
      try (ResultSet rs = q.executeQuery()) {
        for (int i = 0; i < FETCH_SIZE; i++) {
          assertThat(rs.next()).isTrue();
          owners.add(rs.getString(1));
        }
        // The first batch is taken; the table changes before the client asks for the next.
        synchronized (oracle) {
          oracle.schema().addColumn(ITEMS, "NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 10));
          oracle.flushAll();
        }
        while (rs.next()) {
          owners.add(rs.getString(1));
          assertThat(rs.getString(2)).startsWith("insert into \"UNKNOWN\".\"OBJ# ");
        }
      }
    }
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < INSERTS; i++) {
      expected.add(i < FETCH_SIZE ? "APP" : "UNKNOWN");
    }
    assertThat(owners).isEqualTo(expected);
  }
}
