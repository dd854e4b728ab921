package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The simulator as a plain JDBC client sees it: ALTER SESSION shapes later SQL_REDO, DBMS_LOGMNR
 * runs from anonymous blocks with named constants, SELECTs are evaluated by the SQL engine, and
 * errors arrive as ojdbc raises them.
 */
class SessionSqlTest {

  private static final String GATEWAY_NLS =
      "ALTER SESSION SET NLS_DATE_FORMAT = 'YYYY-MM-DD HH24:MI:SS'"
          + " NLS_TIMESTAMP_FORMAT = 'YYYY-MM-DD HH24:MI:SS.FF9' NLS_TIMESTAMP_TZ_FORMAT = 'YYYY-MM-DD HH24:MI:SS.FF9"
          + " TZH:TZM' NLS_NUMERIC_CHARACTERS = '.,'";
  private static final String GERMAN_NLS =
      "ALTER SESSION SET NLS_DATE_FORMAT = 'DD.MM.RR'"
          + " NLS_TIMESTAMP_FORMAT = 'DD.MM.RR HH24:MI:SSXFF' NLS_TIMESTAMP_TZ_FORMAT = 'DD.MM.RR HH24:MI:SSXFF TZR'"
          + " NLS_NUMERIC_CHARACTERS = ',.' TIME_ZONE = 'Europe/Berlin'";
  private static final String GATEWAY_INSERT =
      "insert into \"APP\".\"PRICES\"(\"ID\",\"PRICE\",\"DAY\",\"AT\") "
          + "values ('1','2.5',TO_DATE('2021-05-15 13:45:30', 'YYYY-MM-DD HH24:MI:SS'),"
          + "TO_TIMESTAMP_TZ('2024-07-01 10:00:00.000000000 +00:00'));";
  private static final String GERMAN_INSERT =
      "insert into \"APP\".\"PRICES\"(\"ID\",\"PRICE\",\"DAY\",\"AT\") "
          + "values ('1','2,5',TO_DATE('15.05.21', 'DD.MM.RR'),TO_TIMESTAMP_TZ('01.07.24 12:00:00,000000 EUROPE/BERLIN'));";
  private static final String AMERICAN_INSERT =
      "insert into \"APP\".\"PRICES\"(\"ID\",\"PRICE\",\"DAY\",\"AT\") "
          + "values ('1','2.5',TO_DATE('15-MAY-21', 'DD-MON-RR'),TO_TIMESTAMP_TZ('01-JUL-24 10.00.00.000000 AM +00:00'));";
  private static final String INSERTS =
      "SELECT SQL_REDO FROM V$LOGMNR_CONTENTS WHERE OPERATION_CODE = 1";

  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(7).build();
  private final TableId prices =
      oracle.createTable(
          TableLayout.builder(TableId.of("APP", "PRICES"), 1)
              .column("ID", OracleType.number(10, 0), false)
              .column("PRICE", OracleType.number(10, 2), true)
              .column("DAY", OracleType.of(Kind.DATE), true)
              .column("AT", OracleType.timestamp(Kind.TIMESTAMP_LTZ, 6), true)
              .primaryKey("ID")
              .build());
  private final long low = oracle.currentScn();

  SessionSqlTest() {
    insert(1);
  }

  private void insert(long id) {
    SimulatedTransaction tx = oracle.begin();
    tx.insert(
        prices,
        id,
        new BigDecimal("2.50"),
        LocalDateTime.of(2021, 5, 15, 13, 45, 30),
        Instant.parse("2024-07-01T10:00:00Z"));
    tx.commit();
  }

  private Connection connect() throws SQLException {
    return DriverManager.getConnection(oracle.url(), "c##redoline", "secret");
  }

  /** Adds the current online log and starts LogMiner from {@code low}. */
  private void start(Connection c) throws SQLException {
    CurrentLogMining.start(c, low);
  }

  private static List<String> strings(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  private static void execute(Connection c, String sql) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute(sql);
    }
  }

  @Test
  void alterSession_betweenTwoQueries_changesTheRenderedLiterals() throws SQLException {
    try (Connection c = connect()) {
      execute(c, GATEWAY_NLS);
      start(c);
      List<String> before = strings(c, INSERTS);
      execute(c, GERMAN_NLS);
      List<String> german = strings(c, INSERTS);
      execute(
          c,
          "ALTER SESSION SET NLS_DATE_FORMAT = 'DD-MON-RR' NLS_TIMESTAMP_FORMAT = 'DD-MON-RR HH.MI.SSXFF AM'"
              + " NLS_TIMESTAMP_TZ_FORMAT = 'DD-MON-RR HH.MI.SSXFF AM TZR' NLS_NUMERIC_CHARACTERS = '.,'"
              + " TIME_ZONE = '00:00'");
      List<String> american = strings(c, INSERTS);

      assertThat(before).containsExactly(GATEWAY_INSERT);
      assertThat(german).containsExactly(GERMAN_INSERT);
      assertThat(american).containsExactly(AMERICAN_INSERT);
    }
  }

  @Test
  void aNewSession_hasOraclesDefaults_untilItSaysAlterSession() throws SQLException {
    try (Connection c = connect()) {
      start(c);
      assertThat(strings(c, INSERTS)).containsExactly(AMERICAN_INSERT);
    }
  }

  @Test
  void alterSession_duringAFetch_leavesTheOpenCursorAsItWasOpened() throws SQLException {
    insert(2);
    try (Connection c = connect()) {
      execute(c, GATEWAY_NLS);
      start(c);
      List<String> texts = new ArrayList<>();
      try (Statement st = c.createStatement()) {
        st.setFetchSize(1);
        try (ResultSet rs = st.executeQuery(INSERTS)) {
          execute(c, GERMAN_NLS);
          while (rs.next()) {
            texts.add(rs.getString(1));
          }
        }
      }
      assertThat(texts)
          .hasSize(2)
          .allMatch(t -> t.contains("'2.5'") && t.contains("'YYYY-MM-DD HH24:MI:SS'"));
      assertThat(strings(c, INSERTS)).hasSize(2).allMatch(t -> t.contains("'2,5'"));
    }
  }

  @Test
  void alterSession_survivesARestartOfLogMinerButNotTheConnection() throws SQLException {
    try (Connection c = connect()) {
      execute(c, GERMAN_NLS);
      execute(c, "BEGIN SYS.DBMS_LOGMNR.END_LOGMNR(); END;".replace("END_LOGMNR()", "END_LOGMNR"));
    } catch (SQLException e) {
      assertThat(e.getErrorCode()).isEqualTo(1307); // no session yet: END_LOGMNR says so
    }
    try (Connection c = connect()) {
      execute(c, GERMAN_NLS);
      start(c);
      execute(c, "BEGIN SYS.DBMS_LOGMNR.END_LOGMNR(); END;");
      start(c);
      assertThat(strings(c, INSERTS)).containsExactly(GERMAN_INSERT);
    }
    try (Connection fresh = connect()) {
      start(fresh);
      assertThat(strings(fresh, INSERTS)).containsExactly(AMERICAN_INSERT);
    }
  }

  @Test
  void aBadMaskOrParameter_isRefusedAsOracleRefusesIt() throws SQLException {
    try (Connection c = connect()) {
      assertThatThrownBy(() -> execute(c, "ALTER SESSION SET NLS_DATE_FORMAT = 'YYYY-QQ'"))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1821));
      assertThatThrownBy(() -> execute(c, "ALTER SESSION SET NO_SUCH_THING = 'x'"))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(2248));
    }
  }

  @Test
  void aClosedConnection_raisesOra17008_asRecoverable() throws SQLException {
    Connection c = connect();
    c.close();
    assertThat(c.isClosed()).isTrue();
    assertThatThrownBy(() -> execute(c, GATEWAY_NLS))
        .isInstanceOfSatisfying(
            SQLRecoverableException.class, e -> assertThat(e.getErrorCode()).isEqualTo(17008));
  }

  @Test
  void selectsAreEvaluatedBySql_withJoinsPredicatesAndBinds() throws SQLException {
    oracle.switchLogfile(1);
    oracle.advance(Duration.ofSeconds(5));
    try (Connection c = connect();
        PreparedStatement ps =
            c.prepareStatement(
                "SELECT COUNT(*) FROM V$ARCHIVED_LOG A JOIN V$DATABASE D"
                    + " ON A.RESETLOGS_CHANGE# = D.RESETLOGS_CHANGE# WHERE A.NEXT_CHANGE# > ? AND A.STATUS = 'A'")) {
      ps.setBigDecimal(1, BigDecimal.ZERO);
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isEqualTo(1);
      }
      ps.setBigDecimal(1, BigDecimal.valueOf(oracle.currentScn() + 1));
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getInt(1)).isZero();
      }
    }
  }

  @Test
  void globalLogViewsRepeatEveryRowPerOpenInstance() throws SQLException {
    SimulatedOracle rac = SimulatedOracle.builder().threads(2).build();
    rac.switchAllLogfiles();
    rac.advance(Duration.ofSeconds(5));
    try (Connection c = DriverManager.getConnection(rac.url())) {
      int log = count(c, "V$LOG");
      int archived = count(c, "V$ARCHIVED_LOG");
      assertThat(count(c, "GV$LOG")).isEqualTo(2 * log);
      assertThat(count(c, "GV$ARCHIVED_LOG")).isEqualTo(2 * archived).isPositive();
      rac.shutdownInstance(2, false);
      assertThat(count(c, "GV$LOG")).isEqualTo(log);
    }
  }

  private static int count(Connection c, String view) throws SQLException {
    return Integer.parseInt(strings(c, "SELECT COUNT(*) FROM " + view).get(0));
  }

  @Test
  void writesAreRefused_theCaptureUserOnlyReads() throws SQLException {
    try (Connection c = connect()) {
      assertThatThrownBy(() -> execute(c, "INSERT INTO APP.PRICES (ID) VALUES (9)"))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1031));
    }
  }

  @Test
  void unknownViewsColumnsAndPackageConstants_failWithOraclesCodes() throws SQLException {
    try (Connection c = connect()) {
      assertThatThrownBy(() -> strings(c, "SELECT 1 FROM V$NO_SUCH_VIEW"))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(942));
      assertThatThrownBy(() -> strings(c, "SELECT NO_SUCH_COLUMN FROM V$DATABASE"))
          .isInstanceOfSatisfying(
              SQLException.class,
              e ->
                  assertThat(e.getMessage())
                      .isEqualTo("ORA-00904: \"NO_SUCH_COLUMN\": invalid identifier"));
      assertThatThrownBy(
              () ->
                  execute(
                      c,
                      "BEGIN SYS.DBMS_LOGMNR.START_LOGMNR(STARTSCN => 1,"
                          + " OPTIONS => SYS.DBMS_LOGMNR.NO_SUCH_OPTION); END;"))
          .isInstanceOfSatisfying(
              SQLException.class,
              e ->
                  assertThat(e.getMessage())
                      .startsWith("ORA-06550")
                      .contains("PLS-00302: component 'NO_SUCH_OPTION' must be declared"));
      assertThatThrownBy(() -> strings(c, "SELECT SCN FROM V$LOGMNR_CONTENTS"))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1306));
    }
  }
}
