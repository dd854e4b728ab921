package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Forms of LogMiner rows recorded on a real Oracle Database 23 Free (the public
 * rophy/OpenLogReplicator suite's {@code logminer-reference.json} files) that the simulator now
 * writes, under Oracle's default NLS settings: a session that never said ALTER SESSION.
 */
class RecordedRowFormsTest {

  private static final TableId TIMES = TableId.of("OLR_TEST", "TEST_TIMESTAMPS");
  private static final TableId NULLS = TableId.of("OLR_TEST", "TEST_NULLS");
  private static final TableId FLOATS = TableId.of("OLR_TEST", "TEST_FLOATS");

  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(13).build();
  private final long low = oracle.currentScn();

  private Connection connect() throws SQLException {
    return DriverManager.getConnection(oracle.url(), "c##redoline", "secret");
  }

  private static List<String> redo(Connection c, int code) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT SQL_REDO FROM V$LOGMNR_CONTENTS WHERE OPERATION_CODE = " + code)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Test
  void timestampWithAZeroFraction_andTimestamp0_haveNoDecimalPoint() throws SQLException {
    oracle.createTable(
        TableLayout.builder(TIMES, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("COL_TS0", OracleType.timestamp(Kind.TIMESTAMP, 0), true)
            .column("COL_TS3", OracleType.timestamp(Kind.TIMESTAMP, 3), true)
            .column("COL_TS6", OracleType.timestamp(Kind.TIMESTAMP, 6), true)
            .primaryKey("ID")
            .build());
    SimulatedTransaction tx = oracle.begin();
    LocalDateTime half = LocalDateTime.of(2025, 6, 15, 10, 30, 0, 500_000_000);
    tx.insert(TIMES, 1L, half.withNano(0), half, half);
    LocalDateTime midnight = LocalDateTime.of(2000, 1, 1, 0, 0);
    tx.insert(TIMES, 2L, midnight, midnight, midnight);
    tx.commit();

    try (Connection c = connect()) {
      CurrentLogMining.start(c, low);
      assertThat(redo(c, 1))
          .containsExactly(
              "insert into \"OLR_TEST\".\"TEST_TIMESTAMPS\"(\"ID\",\"COL_TS0\",\"COL_TS3\",\"COL_TS6\")"
                  + " values ('1',TO_TIMESTAMP('15-JUN-25 10.30.00 AM'),"
                  + "TO_TIMESTAMP('15-JUN-25 10.30.00.500 AM'),TO_TIMESTAMP('15-JUN-25 10.30.00.500000 AM'));",
              "insert into \"OLR_TEST\".\"TEST_TIMESTAMPS\"(\"ID\",\"COL_TS0\",\"COL_TS3\",\"COL_TS6\")"
                  + " values ('2',TO_TIMESTAMP('01-JAN-00 12.00.00 AM'),"
                  + "TO_TIMESTAMP('01-JAN-00 12.00.00 AM'),TO_TIMESTAMP('01-JAN-00 12.00.00 AM'));");
    }
  }

  @Test
  void binaryFloatAndDouble_haveNineAndSeventeenDigits_zeroAndSpecialValuesSpelledOut()
      throws SQLException {
    oracle.createTable(
        TableLayout.builder(FLOATS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("BF", OracleType.of(Kind.BINARY_FLOAT), true)
            .column("BD", OracleType.of(Kind.BINARY_DOUBLE), true)
            .primaryKey("ID")
            .build());
    SimulatedTransaction tx = oracle.begin();
    tx.insert(FLOATS, 1L, 3.14f, 3.14d);
    tx.insert(FLOATS, 2L, 0f, 0d);
    tx.insert(FLOATS, 3L, Float.NaN, Double.POSITIVE_INFINITY);
    tx.insert(FLOATS, 4L, Float.NEGATIVE_INFINITY, 1d);
    tx.commit();

    try (Connection c = connect()) {
      CurrentLogMining.start(c, low);
      assertThat(redo(c, 1))
          .extracting(s -> s.substring(s.indexOf("values")))
          .containsExactly(
              "values ('1','3.1400001E+000','3.1400000000000001E+000');",
              "values ('2','0','0');",
              "values ('3','Nan','Inf');",
              "values ('4','-Inf','1.0E+000');");
    }
  }

  @Test
  void anUpdateSettingANullColumnToNull_listsEveryColumnInSet() throws SQLException {
    nullsTable();
    SimulatedTransaction tx = oracle.begin();
    String row = tx.insert(NULLS, 2L, "now has value", new BigDecimal("999"), null);
    tx.update(NULLS, row, nullOf("COL_C"));
    tx.update(NULLS, row, Map.of("COL_A", "changed"));
    tx.commit();

    try (Connection c = connect()) {
      CurrentLogMining.start(c, low);
      assertThat(redo(c, 3))
          .containsExactly(
              "update \"OLR_TEST\".\"TEST_NULLS\" set \"ID\" = '2', \"COL_A\" = 'now has value',"
                  + " \"COL_B\" = '999', \"COL_C\" = NULL where \"ID\" = '2' and \"COL_A\" = 'now has"
                  + " value' and \"COL_B\" = '999' and \"COL_C\" IS NULL;",
              "update \"OLR_TEST\".\"TEST_NULLS\" set \"COL_A\" = 'changed' where \"ID\" = '2' and"
                  + " \"COL_A\" = 'now has value' and \"COL_B\" = '999' and \"COL_C\" IS NULL;");
    }
  }

  @Test
  void committedDataOnly_leavesOutARowUndoneByRollbackToSavepoint() throws SQLException {
    nullsTable();
    SimulatedTransaction tx = oracle.begin();
    tx.insert(NULLS, 1L, "kept", null, null);
    tx.savepoint("a");
    String undone = tx.insert(NULLS, 2L, "undone", null, null);
    tx.update(NULLS, undone, Map.of("COL_A", "undone too"));
    tx.rollbackToSavepoint("a");
    tx.insert(NULLS, 3L, "after", null, null);
    tx.commit();

    try (Connection c = connect()) {
      CurrentLogMining.addCurrentLog(c);
      try (PreparedStatement start =
          c.prepareCall(
              "BEGIN SYS.DBMS_LOGMNR.START_LOGMNR(STARTSCN => ?, OPTIONS =>"
                  + " SYS.DBMS_LOGMNR.DICT_FROM_ONLINE_CATALOG"
                  + " + SYS.DBMS_LOGMNR.COMMITTED_DATA_ONLY); END;")) {
        start.setBigDecimal(1, BigDecimal.valueOf(low));
        start.execute();
      }
      List<String> dml = new ArrayList<>();
      try (Statement st = c.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "SELECT OPERATION, ROLLBACK, SQL_REDO FROM V$LOGMNR_CONTENTS"
                      + " WHERE SEG_OWNER = 'OLR_TEST' AND OPERATION_CODE <> 5")) {
        while (rs.next()) {
          dml.add(rs.getString(1) + " " + rs.getInt(2) + " " + rs.getString(3));
        }
      }
      assertThat(dml).hasSize(2);
      assertThat(dml.get(0)).startsWith("INSERT 0 ").contains("'kept'");
      assertThat(dml.get(1)).startsWith("INSERT 0 ").contains("'after'");
    }
  }

  @Test
  void selectStarOnAUserTable_showsTheTablesColumnsOnly() throws SQLException {
    nullsTable();
    SimulatedTransaction tx = oracle.begin();
    tx.insert(NULLS, 1L, "a", null, null);
    tx.commit();

    try (Connection c = connect();
        Statement st = c.createStatement()) {
      for (String sql :
          List.of(
              "SELECT * FROM OLR_TEST.TEST_NULLS",
              "select distinct * from \"OLR_TEST\".\"TEST_NULLS\" AS OF SCN " + oracle.currentScn(),
              "SELECT * FROM OLR_TEST.TEST_NULLS WHERE ROWID IS NOT NULL")) {
        try (ResultSet rs = st.executeQuery(sql)) {
          ResultSetMetaData meta = rs.getMetaData();
          List<String> names = new ArrayList<>();
          for (int i = 1; i <= meta.getColumnCount(); i++) {
            names.add(meta.getColumnName(i));
          }
          assertThat(names).as(sql).containsExactly("ID", "COL_A", "COL_B", "COL_C");
          assertThat(rs.next()).isTrue();
          assertThat(rs.getString("COL_A")).isEqualTo("a");
        }
      }
    }
  }

  private void nullsTable() {
    oracle.createTable(
        TableLayout.builder(NULLS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("COL_A", OracleType.sized(Kind.VARCHAR2, 100), true)
            .column("COL_B", OracleType.number(10, 0), true)
            .column("COL_C", OracleType.of(Kind.DATE), true)
            .primaryKey("ID")
            .build());
  }

  private static Map<String, Object> nullOf(String column) {
    Map<String, Object> m = new HashMap<>();
    m.put(column, null);
    return m;
  }
}
