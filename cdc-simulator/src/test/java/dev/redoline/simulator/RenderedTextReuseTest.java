package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A record's SQL_REDO is kept between mining passes only while what it depends on stays: after the
 * table changes (ADD COLUMN raises DATA_OBJV#), the same record is shown in Dictionary Mismatch
 * form on the next pass, as LogMiner with the online catalog shows it.
 */
class RenderedTextReuseTest {

  private static final TableId ITEMS = TableId.of("APP", "ITEMS");

  private static List<String> inserts(Connection c) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT SEG_OWNER, SQL_REDO FROM V$LOGMNR_CONTENTS WHERE OPERATION_CODE = 1")) {
      while (rs.next()) {
        out.add(rs.getString(1) + " " + rs.getString(2));
      }
    }
    return out;
  }

  @Test
  void aSecondPass_afterTheTableChanged_rendersTheRecordAgain() throws SQLException {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(5).logBytes(8L << 20).build();
    oracle.createTable(
        TableLayout.builder(ITEMS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .primaryKey("ID")
            .build());
    long low = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    tx.insert(ITEMS, 1L);
    tx.commit();
    oracle.flushAll();
    try (Connection c = DriverManager.getConnection(oracle.url())) {
      CurrentLogMining.start(c, low);
      List<String> first = inserts(c);
      assertThat(first).hasSize(1);
      assertThat(first.get(0)).startsWith("APP insert into \"APP\".\"ITEMS\"");
      assertThat(inserts(c)).isEqualTo(first);
      oracle.schema().addColumn(ITEMS, "NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 10));
      oracle.flushAll();
      List<String> after = inserts(c);
      assertThat(after).hasSize(1);
      assertThat(after.get(0)).startsWith("UNKNOWN insert into \"UNKNOWN\".\"OBJ# ");
    }
  }
}
