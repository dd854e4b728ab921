package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.internal.jdbc.SimulatorUrl;
import dev.redoline.simulator.internal.workload.Workloads;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * SELECTs of user tables through JDBC: the committed rows now, the rows as of an SCN, and the
 * errors of a flashback query Oracle raises (ORA-08181, ORA-01466, ORA-01555, ORA-01031), and the
 * select-list functions a snapshot reads XMLTYPE, VECTOR and INTERVAL columns through.
 */
class FlashbackQueryTest {

  private final SimulatedOracle oracle =
      SimulatedOracle.builder().seed(3).undoRetention(Duration.ofMinutes(1)).build();
  private final TableId items =
      oracle.createTable(
          TableLayout.builder(TableId.of("APP", "ITEMS"), 1)
              .column("ID", OracleType.number(10, 0), false)
              .column("NAME", OracleType.sized(Kind.VARCHAR2, 20), true)
              .column("PRICE", OracleType.number(10, 2), true)
              .primaryKey("ID")
              .build());

  private Connection connect() throws SQLException {
    return DriverManager.getConnection(oracle.url(), "c##redoline", "secret");
  }

  private static List<String> read(Connection c, String sql, Object... binds) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < binds.length; i++) {
        ps.setObject(i + 1, binds[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          rows.add(rs.getLong(1) + ":" + rs.getString(2) + ":" + rs.getBigDecimal(3));
        }
      }
    }
    return rows;
  }

  /**
   * Review 2, item b2: under a linguistic NLS_SORT (ojdbc derives it from the client's locale, or
   * ALTER SESSION sets it) ORDER BY of text follows the language, while {@code >} stays binary
   * (NLS_COMP BINARY); NLS_SORT BINARY orders by bytes again.
   */
  @Test
  void b2_linguisticNlsSort_ordersTextByLanguage_whileGreaterThanStaysBinary() throws SQLException {
    SimulatedTransaction tx = oracle.begin();
    String[] names = {"B", "a", "D", "c"};
    for (int i = 0; i < names.length; i++) {
      tx.insert(items, (long) i + 1, names[i], null);
    }
    tx.commit();
    String sql =
        "SELECT \"ID\", \"NAME\", \"PRICE\" FROM \"APP\".\"ITEMS\" WHERE \"NAME\" > ?"
            + " ORDER BY \"NAME\" FETCH FIRST 10 ROWS ONLY";
    try (Connection c = connect()) {
      try (var st = c.createStatement()) {
        st.execute("ALTER SESSION SET NLS_SORT = 'GERMAN'");
      }
      assertThat(read(c, sql, "A")).containsExactly("2:a:null", "1:B:null", "4:c:null", "3:D:null");
      // 'B' sorts after 'a', yet 'B' > 'a' is false: a keyset page after 'a' leaves 'B' out
      assertThat(read(c, sql, "a")).containsExactly("4:c:null");
      try (var st = c.createStatement()) {
        st.execute("ALTER SESSION SET NLS_LANGUAGE = 'AMERICAN'");
      }
      assertThat(read(c, sql, "A")).containsExactly("1:B:null", "3:D:null", "2:a:null", "4:c:null");
      try (var st = c.createStatement()) {
        assertThatThrownBy(() -> st.execute("ALTER SESSION SET NLS_SORT = 'KLINGON'"))
            .hasMessageStartingWith("ORA-12705");
      }
    }
  }

  @Test
  void asOfScnSeesTheCommittedRowsOfThatScnAndPlainSelectOnlyCommittedOnes() throws SQLException {
    SimulatedTransaction tx = oracle.begin();
    String one = tx.insert(items, 1L, "one", new BigDecimal("1.50"));
    tx.insert(items, 2L, "two", new BigDecimal("2.00"));
    tx.commit();
    long first = oracle.currentScn();
    tx = oracle.begin();
    tx.update(items, one, Map.of("NAME", "uno"));
    tx.insert(items, 3L, "three", null);
    tx.commit();
    SimulatedTransaction open = oracle.begin();
    open.insert(items, 4L, "uncommitted", null);
    try (Connection c = connect()) {
      String sql =
          "SELECT \"ID\", \"NAME\", \"PRICE\" FROM \"APP\".\"ITEMS\" AS OF SCN ? WHERE \"ID\" > ?"
              + " ORDER BY \"ID\" FETCH FIRST 5 ROWS ONLY";
      assertThat(read(c, sql, first, 0L)).containsExactly("1:one:1.50", "2:two:2.00");
      assertThat(read(c, sql, oracle.currentScn(), 1L))
          .containsExactly("2:two:2.00", "3:three:null");
      assertThat(read(c, "SELECT ID, NAME, PRICE FROM app.items ORDER BY ID"))
          .containsExactly("1:uno:1.50", "2:two:2.00", "3:three:null");
    }
  }

  @Test
  void rowIdIsAPseudoColumnToReadInRowIdOrder() throws SQLException {
    SimulatedTransaction tx = oracle.begin();
    List<String> rowIds = new ArrayList<>();
    for (long id = 1; id <= 3; id++) {
      rowIds.add(tx.insert(items, id, "ROWID " + id, null));
    }
    tx.commit();
    try (Connection c = connect();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT \"ID\", \"NAME\", ROWID FROM \"APP\".\"ITEMS\" AS OF SCN ?"
                    + " WHERE (ROWID > ?) ORDER BY ROWID")) {
      ps.setLong(1, oracle.currentScn());
      ps.setString(2, rowIds.get(0));
      List<String> seen = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          seen.add(rs.getLong(1) + " " + rs.getString(2) + " " + rs.getString(3));
        }
      }
      assertThat(seen).containsExactly("2 ROWID 2 " + rowIds.get(1), "3 ROWID 3 " + rowIds.get(2));
    }
  }

  @Test
  void anScnInTheFutureIsOra08181() throws SQLException {
    try (Connection c = connect()) {
      assertThatThrownBy(
              () ->
                  read(
                      c,
                      "SELECT ID, NAME, PRICE FROM APP.ITEMS AS OF SCN ?",
                      oracle.currentScn() + 10))
          .isInstanceOf(SQLException.class)
          .hasMessageStartingWith("ORA-08181")
          .extracting(e -> ((SQLException) e).getErrorCode())
          .isEqualTo(8181);
    }
  }

  @Test
  void asOfWithoutFlashbackOnTheTableOrFlashbackAnyTableIsOra01031() throws SQLException {
    SimulatedOracle denied =
        SimulatedOracle.builder().seed(4).revoke("FLASHBACK ANY TABLE").build();
    TableId granted = TableId.of("APP", "GRANTED");
    SimulatedOracle allowed =
        SimulatedOracle.builder()
            .seed(4)
            .revoke("FLASHBACK ANY TABLE")
            .grantFlashback(granted)
            .build();
    for (SimulatedOracle o : List.of(denied, allowed)) {
      for (String name : List.of("ITEMS", "GRANTED")) {
        o.createTable(
            TableLayout.builder(TableId.of("APP", name), 1)
                .column("ID", OracleType.number(10, 0), false)
                .primaryKey("ID")
                .build());
      }
    }
    try (Connection c = DriverManager.getConnection(denied.url(), "c##redoline", "secret")) {
      assertThatThrownBy(
              () -> readIds(c, "SELECT ID FROM APP.ITEMS AS OF SCN " + denied.currentScn()))
          .isInstanceOf(SQLException.class)
          .hasMessageStartingWith("ORA-01031")
          .extracting(e -> ((SQLException) e).getErrorCode())
          .isEqualTo(1031);
      assertThat(readIds(c, "SELECT ID FROM APP.ITEMS"))
          .isEmpty(); // a plain SELECT needs no FLASHBACK
      assertThat(
              readIds(
                  c, "SELECT PRIVILEGE FROM SESSION_PRIVS WHERE PRIVILEGE = 'FLASHBACK ANY TABLE'"))
          .isEmpty();
    }
    try (Connection c = DriverManager.getConnection(allowed.url(), "c##redoline", "secret")) {
      assertThat(readIds(c, "SELECT ID FROM APP.GRANTED AS OF SCN " + allowed.currentScn()))
          .isEmpty();
      assertThatThrownBy(
              () -> readIds(c, "SELECT ID FROM APP.ITEMS AS OF SCN " + allowed.currentScn()))
          .hasMessageStartingWith("ORA-01031");
    }
  }

  @Test
  void xmlSerializeFromVectorAndToCharOfAnInterval_giveTheTextsOracleGives() throws SQLException {
    SimulatedOracle o = SimulatedOracle.builder().seed(5).build();
    TableId t =
        o.createTable(
            TableLayout.builder(TableId.of("APP", "TYPED"), 1)
                .column("ID", OracleType.number(10, 0), false)
                .column("X", OracleType.of(Kind.XMLTYPE), true)
                .column("V", OracleType.vector(2, 32), true)
                .column(
                    "YM",
                    new OracleType(
                        Kind.INTERVAL_YM, OracleType.UNSPECIFIED, 3, OracleType.UNSPECIFIED),
                    true)
                .column("DS", new OracleType(Kind.INTERVAL_DS, OracleType.UNSPECIFIED, 2, 3), true)
                .primaryKey("ID")
                .build());
    SimulatedTransaction tx = o.begin();
    tx.insert(
        t,
        1L,
        "<a>1</a>",
        dev.redoline.core.VectorValue.ofFloat32(1.5f, -2f),
        java.time.Period.of(-2, -3, 0),
        Duration.ofHours(26).plusMillis(450));
    tx.commit();
    try (Connection c = DriverManager.getConnection(o.url(), "c##redoline", "secret");
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT XMLSERIALIZE(CONTENT \"X\" AS CLOB), FROM_VECTOR(\"V\" "
                    + "RETURNING CLOB), TO_CHAR(\"YM\"), TO_CHAR(\"DS\") FROM APP.TYPED AS OF SCN ?")) {
      ps.setObject(1, o.currentScn());
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(List.of(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)))
            .containsExactly("<a>1</a>", "[1.5E+000,-2.0E+000]", "-002-03", "+01 02:00:00.450");
      }
    }
  }

  private static List<Long> readIds(Connection c, String sql) throws SQLException {
    List<Long> ids = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql);
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        ids.add(rs.getLong(1));
      }
    }
    return ids;
  }

  @Test
  void anScnBeforeTheTableDefinitionChangedIsOra01466() throws SQLException {
    long before = oracle.currentScn();
    oracle.schema().addColumn(items, "NOTE", OracleType.sized(Kind.VARCHAR2, 10));
    try (Connection c = connect()) {
      assertThatThrownBy(() -> read(c, "SELECT ID, NAME, PRICE FROM APP.ITEMS AS OF SCN " + before))
          .isInstanceOf(SQLException.class)
          .hasMessageStartingWith("ORA-01466");
      assertThat(read(c, "SELECT ID, NAME, PRICE FROM APP.ITEMS AS OF SCN " + oracle.currentScn()))
          .isEmpty();
    }
  }

  @Test
  void aReadNeedingUndoOlderThanTheRetentionIsOra01555() throws SQLException {
    SimulatedTransaction tx = oracle.begin();
    String row = tx.insert(items, 1L, "one", null);
    tx.commit();
    long old = oracle.currentScn();
    oracle.advance(Duration.ofSeconds(10));
    tx = oracle.begin();
    tx.update(items, row, Map.of("NAME", "changed"));
    tx.commit();
    try (Connection c = connect()) {
      // undo of the update is 10 s old: kept
      assertThat(read(c, "SELECT ID, NAME, PRICE FROM APP.ITEMS AS OF SCN ?", old))
          .containsExactly("1:one:null");
      oracle.advance(Duration.ofMinutes(2));
      assertThatThrownBy(() -> read(c, "SELECT ID, NAME, PRICE FROM APP.ITEMS AS OF SCN ?", old))
          .isInstanceOf(SQLException.class)
          .hasMessageStartingWith("ORA-01555");
      // a quiet table needs no undo, however old the SCN
      long quiet = oracle.currentScn();
      oracle.advance(Duration.ofMinutes(2));
      assertThat(read(c, "SELECT ID, NAME, PRICE FROM APP.ITEMS AS OF SCN ?", quiet))
          .containsExactly("1:changed:null");
    }
  }

  @Test
  void workloadUrlsSeedAsManyCustomersAsAsked() throws SQLException {
    SimulatedOracle demo = Workloads.create("demo", 1, SimulatedOracle.DEFAULT_START, 2_500);
    assertThat(demo.rows(Workloads.CUSTOMERS)).hasSize(2_500);
    assertThat(SimulatorUrl.parse("jdbc:redoline:sim:demo?rows=7").seedRows()).isEqualTo(7);
    assertThatThrownBy(() -> SimulatorUrl.parse("jdbc:redoline:sim:demo?rows=0").seedRows())
        .hasMessageContaining("rows");
  }

  @Test
  void stressUrlsSayHowOftenTheHugeTransactionComes() {
    // The 5,000-row transaction sets a product's STOCK to 0..4999 in turn; orders only lower it
    // from 1,000.
    SimulatedOracle often = SimulatedOracle.forUrl("jdbc:redoline:sim:stress?huge=2");
    SimulatedOracle usual = SimulatedOracle.forUrl("jdbc:redoline:sim:stress");
    often.advance(Duration.ofMillis(2_500));
    usual.advance(Duration.ofMillis(2_500));
    assertThat(often.rows(Workloads.PRODUCTS))
        .anyMatch(r -> ((Number) r.get(3)).longValue() > 4_000);
    assertThat(usual.rows(Workloads.PRODUCTS))
        .allMatch(r -> ((Number) r.get(3)).longValue() <= 1_000);
    assertThat(SimulatorUrl.parse("jdbc:redoline:sim:stress").hugeEvery())
        .isEqualTo(Duration.ofSeconds(30));
    assertThatThrownBy(() -> SimulatorUrl.parse("jdbc:redoline:sim:stress?huge=0").hugeEvery())
        .hasMessageContaining("huge");
  }

  @Test
  void alterSessionSetContainer_readsThatPdbsTablesAsOfTheDatabaseWideScn() throws SQLException {
    SimulatedOracle cdb = SimulatedOracle.builder().seed(4).pdbs("SALES", "HR").build();
    TableId sales =
        cdb.createTable(
            TableLayout.builder(new TableId("SALES", "APP", "ITEMS"), 1)
                .column("ID", OracleType.number(10, 0), false)
                .column("NAME", OracleType.sized(Kind.VARCHAR2, 20), true)
                .column("PRICE", OracleType.number(10, 2), true)
                .primaryKey("ID")
                .build());
    SimulatedTransaction tx = cdb.begin();
    String rowId = tx.insert(sales, 1L, "one", new BigDecimal("1.00"));
    tx.commit();
    long scn = cdb.currentScn();
    tx = cdb.begin();
    java.util.Map<String, Object> changes = new java.util.HashMap<>();
    changes.put("NAME", "uno");
    changes.put("PRICE", null);
    tx.update(sales, rowId, changes);
    tx.commit();
    String sql = "SELECT ID, NAME, PRICE FROM APP.ITEMS AS OF SCN ? ORDER BY ID";
    try (Connection c = DriverManager.getConnection(cdb.url(), "c##redoline", "secret")) {
      // at CDB$ROOT the PDB's table is not there
      assertThatThrownBy(() -> read(c, sql, scn)).isInstanceOf(SQLException.class);
      c.createStatement().execute("ALTER SESSION SET CONTAINER = \"SALES\"");
      assertThat(read(c, sql, scn)).containsExactly("1:one:1.00");
      assertThat(read(c, "SELECT ID, NAME, PRICE FROM APP.ITEMS")).containsExactly("1:uno:null");
      c.createStatement().execute("ALTER SESSION SET CONTAINER = hr");
      assertThatThrownBy(() -> read(c, sql, scn)).isInstanceOf(SQLException.class);
      assertThatThrownBy(() -> c.createStatement().execute("ALTER SESSION SET CONTAINER = NOPE"))
          .isInstanceOfSatisfying(
              SQLException.class,
              e -> {
                assertThat(e.getErrorCode()).isEqualTo(65011);
                assertThat(e.getMessage())
                    .startsWith("ORA-65011: Pluggable database NOPE does not exist.");
              });
    }
    SimulatedOracle withoutGrant =
        SimulatedOracle.builder().seed(4).pdbs("SALES").revoke("SET CONTAINER").build();
    try (Connection c = DriverManager.getConnection(withoutGrant.url(), "c##redoline", "secret")) {
      assertThatThrownBy(() -> c.createStatement().execute("ALTER SESSION SET CONTAINER = SALES"))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1031));
    }
  }
}
