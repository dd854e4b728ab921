package dev.redoline.logminer.simulator;

import static dev.redoline.logminer.simulator.Mining.catchSql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.MiningQuery;
import dev.redoline.logminer.RedoRow;
import dev.redoline.logminer.RowCursor;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Requirement 20: ALTER SESSION must be honoured by the SQL_REDO of later queries. */
class SimulatedConnectionNlsTest {

  private static final String GATEWAY_INSERT = "insert into \"APP\".\"PRICES\"(\"ID\",\"PRICE\",\"DAY\",\"AT\") "
      + "values ('1','2.5',TO_DATE('2021-05-15 13:45:30', 'YYYY-MM-DD HH24:MI:SS'),"
      + "TO_TIMESTAMP_TZ('2024-07-01 10:00:00.000000000 +00:00'));";
  private static final String GERMAN_INSERT = "insert into \"APP\".\"PRICES\"(\"ID\",\"PRICE\",\"DAY\",\"AT\") "
      + "values ('1','2,5',TO_DATE('15.05.21', 'DD.MM.RR'),TO_TIMESTAMP_TZ('01.07.24 12:00:00,000000 EUROPE/BERLIN'));";
  private static final String AMERICAN_INSERT = "insert into \"APP\".\"PRICES\"(\"ID\",\"PRICE\",\"DAY\",\"AT\") "
      + "values ('1','2.5',TO_DATE('15-MAY-21', 'DD-MON-RR'),TO_TIMESTAMP_TZ('01-JUL-24 10.00.00.000000 AM +00:00'));";

  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(7).build();
  private final TableId prices = oracle.createTable(TableLayout.builder(TableId.of("APP", "PRICES"), 1)
      .column("ID", OracleType.number(10, 0), false)
      .column("PRICE", OracleType.number(10, 2), true)
      .column("DAY", OracleType.of(Kind.DATE), true)
      .column("AT", OracleType.timestamp(Kind.TIMESTAMP_LTZ, 6), true)
      .primaryKey("ID").build());
  private final long low = oracle.currentScn();

  SimulatedConnectionNlsTest() {
    insert(1);
  }

  private void insert(long id) {
    SimulatedTransaction tx = oracle.begin();
    tx.insert(prices, id, new BigDecimal("2.50"), LocalDateTime.of(2021, 5, 15, 13, 45, 30),
        Instant.parse("2024-07-01T10:00:00Z"));
    tx.commit();
  }

  private SimulatedConnection started() throws SQLException {
    SimulatedConnection db = (SimulatedConnection) oracle.connect();
    Mining.start(db, low, null);
    return db;
  }

  private static List<String> insertTexts(List<RedoRow> rows) {
    return Mining.dml(rows).stream().map(RedoRow::sqlRedo).toList();
  }

  @Test
  void alterSession_betweenTwoQueries_changesTheRenderedLiterals() throws SQLException {
    try (SimulatedConnection db = started()) {
      List<RedoRow> before = Mining.all(db);
      db.alterSession(SqlRedoNlsGoldenTest.GERMANY);
      List<RedoRow> after = Mining.all(db);
      db.alterSession(SessionNls.ORACLE_DEFAULTS);
      List<RedoRow> american = Mining.all(db);

      assertThat(insertTexts(before)).containsExactly(GATEWAY_INSERT);
      assertThat(insertTexts(after)).containsExactly(GERMAN_INSERT);
      assertThat(insertTexts(american)).containsExactly(AMERICAN_INSERT);
      assertThat(insertTexts(before)).containsExactly(GATEWAY_INSERT);   // rows already returned keep their text
    }
  }

  @Test
  void alterSession_duringAFetch_leavesTheOpenCursorAsItWasOpened() throws SQLException {
    insert(2);
    try (SimulatedConnection db = started()) {
      try (RowCursor cursor = db.query(MiningQuery.builder().captureAllObjects().build())) {
        db.alterSession(SqlRedoNlsGoldenTest.GERMANY);
        List<String> texts = new ArrayList<>();
        for (RedoRow r = cursor.next(); r != null; r = cursor.next()) {
          if (r.operationCode() == 1) {
            texts.add(r.sqlRedo());
          }
        }
        assertThat(texts).hasSize(2).allMatch(t -> t.contains("'2.5'") && t.contains("'YYYY-MM-DD HH24:MI:SS'"));
      }
      assertThat(insertTexts(Mining.all(db))).hasSize(2).allMatch(t -> t.contains("'2,5'"));
    }
  }

  @Test
  void alterSession_survivesARestartOfLogMinerButNotTheConnection() throws SQLException {
    try (SimulatedConnection db = started()) {
      db.alterSession(SessionNls.ORACLE_DEFAULTS);
      db.endSession();
      Mining.start(db, low, null);
      assertThat(insertTexts(Mining.all(db))).containsExactly(AMERICAN_INSERT);
    }
    try (SimulatedConnection fresh = started()) {
      assertThat(insertTexts(Mining.all(fresh))).containsExactly(GATEWAY_INSERT);
    }
  }

  @Test
  void alterSession_onAClosedConnection_raisesOra17008() throws SQLException {
    SimulatedConnection db = started();
    db.close();
    SQLException e = catchSql(() -> db.alterSession(SessionNls.ORACLE_DEFAULTS));
    assertThat(e.getErrorCode()).isEqualTo(17008);
    try (SimulatedConnection open = started()) {
      assertThatThrownBy(() -> open.alterSession(null))
          .isInstanceOf(NullPointerException.class).hasMessage("nls == null");
    }
  }
}
