package dev.redoline.logminer.internal.jdbc;

import static dev.redoline.logminer.internal.jdbc.FakeJdbc.row;
import static dev.redoline.logminer.internal.jdbc.FakeJdbc.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.RowCursor;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The mining query through the gateway: statement settings, row mapping, cancel and close. */
class JdbcMiningQueryTest {

  /** The SELECT list the gateway sends: the fake result sets answer with these columns. */
  private static final List<String> COLUMNS = MiningSql.COLUMNS;

  private static final LocalDateTime T0 = LocalDateTime.of(2024, 3, 1, 9, 0, 0);

  private FakeJdbc db;
  private JdbcGateway gateway;

  @BeforeEach
  void open() throws SQLException {
    db = new FakeJdbc();
    gateway = JdbcGateway.open(db.connection());
  }

  private static Object[] insertRow() {
    return row(
        new BigDecimal("18446744073709551614"),
        null,
        null,
        T0,
        null,
        null,
        10,
        11,
        855L,
        1,
        "INSERT",
        0,
        "SHOP",
        "ITEMS",
        "AAAR32AAHAAAAFfAAA",
        "APP",
        1,
        " 0x000007.00018a2d.009c ",
        0,
        0,
        73206,
        69,
        73206,
        "insert into \"SHOP\".\"ITEMS\"(\"ID\") values ('1');",
        null,
        0,
        "FREEPDB1",
        3,
        3540276474L);
  }

  @Test
  void query_setsFetchSizeTimeoutAndForwardOnly() throws SQLException {
    MiningQuery q =
        MiningQuery.builder()
            .capture(3, Set.of(73206))
            .fetchSize(5000)
            .timeout(Duration.ofMillis(1500))
            .build();

    try (RowCursor rows = gateway.query(q)) {
      assertThat(rows.next()).isNull();
    }

    FakeJdbc.Executed e = db.last("SELECT SCN");
    assertThat(e.sql).isEqualTo(MiningSql.of(q).text());
    assertThat(e.bindValues()).isEqualTo(MiningSql.of(q).binds());
    assertThat(e.fetchSize).isEqualTo(5000);
    assertThat(e.timeoutSeconds).isEqualTo(2);
    assertThat(e.resultSetType).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
    assertThat(e.closed).isTrue();
  }

  @Test
  void query_mapsEveryColumnKeepingUnsignedScns() throws SQLException {
    MiningQuery q = MiningQuery.builder().captureAllObjects().build();
    db.answer(MiningSql.of(q).text(), rows(COLUMNS, insertRow()));

    try (RowCursor rows = gateway.query(q)) {
      RedoRow row = rows.next();

      assertThat(row)
          .isEqualTo(
              new RedoRow(
                  Scn.parse("18446744073709551614"),
                  null,
                  null,
                  T0,
                  null,
                  null,
                  new Xid(10, 11, 855),
                  1,
                  "INSERT",
                  false,
                  "SHOP",
                  "ITEMS",
                  "AAAR32AAHAAAAFfAAA",
                  "APP",
                  new RedoAddress(1, 7, 100909, 156),
                  0,
                  false,
                  73206,
                  69,
                  73206,
                  "insert into \"SHOP\".\"ITEMS\"(\"ID\") values ('1');",
                  null,
                  null,
                  0,
                  "FREEPDB1",
                  3,
                  3540276474L));
      assertThat(row.rsId()).isEqualTo(" 0x000007.00018a2d.009c ");
      assertThat(rows.next()).isNull();
      assertThat(rows.next()).isNull();
    }
  }

  @Test
  void query_mapsCommittedDataOnlyColumnsAndEmptyTransactionCommits() throws SQLException {
    MiningQuery q = MiningQuery.builder().build();
    db.answer(
        MiningSql.of(q).text(),
        rows(
            COLUMNS,
            row(
                20L,
                0L,
                20L,
                T0,
                T0.minusSeconds(5),
                T0,
                10,
                11,
                4294967295L,
                7,
                "COMMIT",
                0,
                null,
                null,
                null,
                null,
                0,
                " 0x000001.00000002.0010 ",
                0,
                0,
                null,
                null,
                null,
                "commit;",
                null,
                0,
                null,
                null,
                null),
            row(
                21L,
                null,
                null,
                T0,
                null,
                null,
                null,
                null,
                null,
                255,
                null,
                1,
                "UNKNOWN",
                "OBJ# 45522",
                null,
                null,
                2,
                " 0x000002.00000003.0004 ",
                1,
                1,
                45522,
                1,
                45522,
                null,
                "Dictionary Mismatch",
                2,
                null,
                null,
                null)));

    try (RowCursor rows = gateway.query(q)) {
      RedoRow commit = rows.next();
      RedoRow odd = rows.next();

      assertThat(commit.startScn()).isEqualTo(Scn.ZERO);
      assertThat(commit.commitScn()).isEqualTo(Scn.of(20));
      assertThat(commit.startTimestamp()).isEqualTo(T0.minusSeconds(5));
      assertThat(commit.xid().hasUnknownSequence()).isTrue();
      assertThat(commit.address()).isEqualTo(new RedoAddress(0, 1, 2, 16));
      assertThat(commit.dataObj()).isNull();
      assertThat(commit.srcConId()).isNull();
      assertThat(commit.srcConUid()).isNull();
      assertThat(odd.xid()).isEqualTo(new Xid(0, 0, 0));
      assertThat(odd.operation()).isEmpty();
      assertThat(odd.sqlRedo()).isEmpty();
      assertThat(odd.rollback()).isTrue();
      assertThat(odd.csf()).isTrue();
      assertThat(odd.ssn()).isEqualTo(1);
      assertThat(odd.status()).isEqualTo(2);
      assertThat(odd.info()).isEqualTo("Dictionary Mismatch");
    }
  }

  @Test
  void next_malformedRsId_stopsWithCorruptRedoNamingTheRow() throws SQLException {
    MiningQuery q = MiningQuery.builder().build();
    Object[] bad = insertRow();
    bad[MiningSql.column("RS_ID") - 1] = "garbage";
    db.answer(MiningSql.of(q).text(), rows(COLUMNS, bad));

    try (RowCursor rows = gateway.query(q)) {
      assertThatThrownBy(rows::next)
          .isInstanceOfSatisfying(
              CdcException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.CORRUPT_REDO))
          .hasMessageContaining(
              "V$LOGMNR_CONTENTS row with SCN 18446744073709551614, THREAD# 1, RS_ID 'garbage'");
    }
  }

  @Test
  void query_errorAtExecute_propagatesUnchangedAndClosesTheStatement() throws SQLException {
    MiningQuery q = MiningQuery.builder().build();
    SQLException reused =
        new SQLException(
            "ORA-00310: archived log contains sequence 6; sequence 7 required", "64000", 310);
    db.fail(MiningSql.of(q).text(), reused);

    assertThatThrownBy(() -> gateway.query(q)).isSameAs(reused);
    assertThat(db.last("SELECT SCN").closed).isTrue();
  }

  @Test
  void cancel_callsStatementCancel() throws SQLException {
    MiningQuery q = MiningQuery.builder().build();
    db.answer(MiningSql.of(q).text(), rows(COLUMNS, insertRow()));

    try (RowCursor rows = gateway.query(q)) {
      rows.cancel();
    }

    assertThat(db.last("SELECT SCN").cancelled).isTrue();
  }

  @Test
  void timeoutSeconds_roundsUpAndZeroMeansNone() {
    assertThat(JdbcGateway.timeoutSeconds(Duration.ZERO)).isZero();
    assertThat(JdbcGateway.timeoutSeconds(Duration.ofMillis(1))).isEqualTo(1);
    assertThat(JdbcGateway.timeoutSeconds(Duration.ofMinutes(2))).isEqualTo(120);
    assertThat(JdbcGateway.timeoutSeconds(Duration.ofDays(100_000))).isEqualTo(Integer.MAX_VALUE);
  }
}
