package dev.redoline.simulator.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The simulator's own evaluation of a V$LOGMNR_CONTENTS query gives the rows, labels and types the
 * SQL engine gives for the same statement and binds. The engine's path is taken by the same text
 * with a trailing comment, which is outside {@link ContentsQuery}'s subset (checked here too).
 */
class ContentsQueryTest {

  private static final String ENGINE = " /* evaluated by the SQL engine */";

  private static final String ALL_COLUMNS =
      ContentsView.COLUMNS.stream().map(ViewColumn::name).collect(Collectors.joining(", "));

  /**
   * The WHERE clause of the engine's mining statement (its cursor, control, DDL, user, LOB and
   * object predicates), 24 binds.
   */
  private static final String ENGINE_WHERE =
      " WHERE (THREAD# NOT IN (?, ?) OR THREAD# = ? AND (RBASQN > ? OR RBASQN = ? AND"
          + " (RBABLK > ? OR RBABLK = ? AND RBABYTE > ?)))"
          + " AND (OPERATION_CODE = 34 OR OPERATION = 'CORRUPTED_BLOCKS'"
          + " OR OPERATION_CODE IN (6, 7, 27, 36) AND ? = 1 OR OPERATION_CODE = 5 AND ? = 1"
          + " OR OPERATION_CODE NOT IN (5, 6, 7, 27, 36) AND (? = 0 OR USERNAME IS NULL OR"
          + " USERNAME NOT IN (?, ?)))"
          + " AND OPERATION_CODE NOT IN (9, 10, 68)"
          + " AND (? = 1 OR (NVL(SRC_CON_ID, 0), DATA_OBJ#) IN ((?, ?), (?, ?))"
          + " OR (NVL(SRC_CON_ID, 0), SEG_OWNER, TABLE_NAME) IN ((?, ?, ?), (?, ?, ?))"
          + " OR SEG_OWNER = 'UNKNOWN' OR TABLE_NAME LIKE 'BIN$%')";

  private static SimulatedOracle oracle;

  @BeforeAll
  static void mined() {
    oracle = SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=42");
    oracle.faults().clear();
    oracle.advance(Duration.ofSeconds(20));
    oracle.workload((db, step) -> {});
    oracle.switchAllLogfiles();
    oracle.advance(Duration.ofSeconds(10));
  }

  private static void startLogMiner(Connection c) throws SQLException {
    startLogMiner(c, 1_000_001);
  }

  /** Every archived and current log added, LogMiner started at {@code from}. */
  private static void startLogMiner(Connection c, long from) throws SQLException {
    Set<String> added = new HashSet<>();
    List<String> names = new ArrayList<>();
    for (String logs :
        List.of(
            "SELECT NAME, THREAD#, SEQUENCE# FROM V$ARCHIVED_LOG WHERE DEST_ID = 1",
            "SELECT F.MEMBER, L.THREAD#, L.SEQUENCE# FROM V$LOG L JOIN V$LOGFILE F"
                + " ON F.GROUP# = L.GROUP# WHERE L.STATUS = 'CURRENT'")) {
      try (PreparedStatement ps = c.prepareStatement(logs);
          ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (added.add(rs.getInt(2) + ":" + rs.getLong(3))) {
            names.add(rs.getString(1));
          }
        }
      }
    }
    assertThat(names).isNotEmpty();
    for (String name : names) {
      try (PreparedStatement add =
          c.prepareCall(
              "BEGIN SYS.DBMS_LOGMNR.ADD_LOGFILE(LOGFILENAME => ?, OPTIONS => SYS.DBMS_LOGMNR.ADDFILE); END;")) {
        add.setString(1, name);
        add.execute();
      }
    }
    try (PreparedStatement start =
        c.prepareCall(
            "BEGIN SYS.DBMS_LOGMNR.START_LOGMNR(STARTSCN => ?,"
                + " OPTIONS => SYS.DBMS_LOGMNR.DICT_FROM_ONLINE_CATALOG); END;")) {
      start.setBigDecimal(1, BigDecimal.valueOf(from));
      start.execute();
    }
  }

  /**
   * Labels and types, then every row, each value with its Java type, RAW values as lists of bytes
   * so that rows compare by content.
   */
  private static List<List<Object>> result(Connection c, String sql, List<Object> binds)
      throws SQLException {
    List<List<Object>> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < binds.size(); i++) {
        ps.setObject(i + 1, binds.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        ResultSetMetaData md = rs.getMetaData();
        List<Object> header = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          header.add(md.getColumnLabel(i) + ":" + md.getColumnType(i));
        }
        out.add(header);
        while (rs.next()) {
          List<Object> row = new ArrayList<>();
          for (int i = 1; i <= md.getColumnCount(); i++) {
            Object v = rs.getObject(i);
            row.add(
                v instanceof byte[] b
                    ? Arrays.toString(b)
                    : v == null ? null : v.getClass().getSimpleName() + " " + v);
          }
          out.add(row);
        }
      }
    }
    return out;
  }

  /** Both paths' results, after checking that each statement takes the path it is meant to. */
  private static List<List<Object>> sameOnBothPaths(Connection c, String sql, Object... binds)
      throws SQLException {
    List<Object> b = Arrays.asList(binds);
    assertThat(ContentsQuery.compile(sql, b)).as(sql).isNotNull();
    assertThat(ContentsQuery.compile(sql + ENGINE, b)).isNull();
    List<List<Object>> own = result(c, sql, b);
    List<List<Object>> engine = result(c, sql + ENGINE, b);
    for (int i = 0; i < Math.min(own.size(), engine.size()); i++) {
      assertThat(own.get(i)).as("row %s of %s", i, sql).isEqualTo(engine.get(i));
    }
    assertThat(own).as(sql).hasSameSizeAs(engine);
    return own;
  }

  @Test
  void everyColumnOfEveryRow_isAsTheSqlEngineHandsItOut() throws SQLException {
    try (Connection c = DriverManager.getConnection(oracle.url())) {
      startLogMiner(c);
      List<List<Object>> all =
          sameOnBothPaths(c, "SELECT " + ALL_COLUMNS + " FROM V$LOGMNR_CONTENTS");
      assertThat(all.size()).isGreaterThan(1_000);
    }
  }

  @Test
  void theEnginesPredicates_keepTheSameRows() throws SQLException {
    try (Connection c = DriverManager.getConnection(oracle.url())) {
      startLogMiner(c);
      String select =
          "SELECT SCN, XIDUSN, OPERATION_CODE, SEG_OWNER, TABLE_NAME, USERNAME, THREAD#, RS_ID,"
              + " CSF, DATA_OBJ#, SQL_REDO, INFO, STATUS, SRC_CON_ID FROM V$LOGMNR_CONTENTS";
      List<List<Object>> every = sameOnBothPaths(c, select);
      Object objectId = null;
      for (List<Object> row : every.subList(1, every.size())) {
        if (row.get(9) != null && "String SHOP".equals(row.get(3))) {
          objectId = Integer.valueOf(((String) row.get(9)).replaceAll(".* ", ""));
          break;
        }
      }
      assertThat(objectId).isNotNull();
      String engineShape = select + ENGINE_WHERE;
      List<List<Object>> kept =
          sameOnBothPaths(
              c,
              engineShape,
              2,
              3,
              1,
              2,
              2,
              10,
              10,
              0,
              1,
              0,
              1,
              "SHOP",
              "X",
              0,
              0,
              objectId,
              0,
              -1,
              0,
              "SHOP",
              "ORDERS",
              0,
              "-",
              "-");
      assertThat(kept.size()).isGreaterThan(1).isLessThan(every.size());
      List<List<Object>> everyObject =
          sameOnBothPaths(
              c,
              engineShape,
              2,
              3,
              1,
              0,
              0,
              0,
              0,
              0,
              1,
              1,
              0,
              "-",
              "-",
              1,
              -1,
              -1,
              -1,
              -1,
              -1,
              "-",
              "-",
              -1,
              "-",
              "-");
      assertThat(everyObject.size()).isGreaterThan(kept.size());
    }
  }

  private static final TableId NOTES = TableId.of("APP", "NOTES");
  private static final TableId OTHER = TableId.of("APP", "OTHER");
  private static final TableId CHANGED = TableId.of("APP", "CHANGED");
  private static final TableId DROPPED = TableId.of("APP", "DROPPED");

  /**
   * A database with records of several CSF pieces (SQL_REDO and SQL_UNDO past 4,000 bytes) on a
   * captured table and on one that is not, a record of a table changed since (shown as {@code
   * UNKNOWN}) and one of a table in the recycle bin (shown under its BIN$ name); returns the SCN
   * they are mined from.
   */
  private static long withLongStatements(SimulatedOracle db) {
    for (TableId t : List.of(NOTES, OTHER, CHANGED, DROPPED)) {
      db.createTable(
          TableLayout.builder(t, 1)
              .column("ID", OracleType.number(10, 0), false)
              .column("TEXT", OracleType.sized(OracleType.Kind.VARCHAR2, 4000), true)
              .column("MORE", OracleType.sized(OracleType.Kind.VARCHAR2, 4000), true)
              .primaryKey("ID")
              .build());
    }
    long low = db.currentScn();
    SimulatedTransaction tx = db.begin();
    for (int i = 1; i <= 4; i++) {
      String rowId = tx.insert(NOTES, (long) i, "n".repeat(3000), "p".repeat(1000 * i));
      tx.update(NOTES, rowId, Map.of("TEXT", "m".repeat(3900)));
      tx.insert(OTHER, (long) i, "o".repeat(3000), "q".repeat(1000 * i));
      tx.insert(CHANGED, (long) i, "c", null);
      tx.insert(DROPPED, (long) i, "d", null);
    }
    tx.commit();
    db.schema().addColumn(CHANGED, "NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 10));
    db.schema().drop(DROPPED, false);
    db.flushAll();
    return low;
  }

  /**
   * The engine's statement decides on a whole record from the columns its CSF pieces share, before
   * its SQL is rendered; its rows are still those of the SQL engine, a kept record with all its
   * pieces, with and without SQL_UNDO selected. A WHERE clause that reads a piece's own column
   * (SQL_REDO, SQL_UNDO, CSF) is evaluated on every piece, and also agrees.
   */
  @Test
  void aRecordsCsfPieces_areKeptOrDroppedTogether() throws SQLException {
    SimulatedOracle db = SimulatedOracle.builder().seed(7).logBytes(8L << 20).build();
    long low = withLongStatements(db);
    String select =
        "SELECT SCN, OPERATION_CODE, SEG_OWNER, TABLE_NAME, RS_ID, SSN, CSF, DATA_OBJ#, SQL_REDO,"
            + " INFO, STATUS FROM V$LOGMNR_CONTENTS";
    Object[] captureNotes = {
      2, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0, "-", "-", 0, -1, -1, -1, -1, 0, "APP", "NOTES", 0, "-", "-"
    };
    assertThat(
            ContentsQuery.compile(select + ENGINE_WHERE, List.of(captureNotes)).decidesPerRecord())
        .isTrue();
    try (Connection c = DriverManager.getConnection(db.url())) {
      startLogMiner(c, low);
      List<List<Object>> every = sameOnBothPaths(c, select);
      List<List<Object>> kept = sameOnBothPaths(c, select + ENGINE_WHERE, captureNotes);
      List<String> tables = kept.stream().skip(1).map(r -> (String) r.get(3)).toList();
      assertThat(tables).contains("String NOTES").doesNotContain("String OTHER");
      assertThat(tables).anyMatch(t -> t != null && t.startsWith("String OBJ# "));
      assertThat(tables).anyMatch(t -> t != null && t.startsWith("String BIN$"));
      assertThat(kept.stream().skip(1).filter(r -> !r.get(6).toString().endsWith(" 0")))
          .as("rows of a record continued on the next row (CSF 1)")
          .hasSizeGreaterThanOrEqualTo(4);
      assertThat(every.stream().skip(1).filter(r -> "String OTHER".equals(r.get(3))))
          .hasSizeGreaterThan(4);

      String withUndo = select.replace("SQL_REDO,", "SQL_REDO, SQL_UNDO,");
      // SQL_UNDO is rendered only when named or when it could add a piece: the same rows either way
      assertThat(sameOnBothPaths(c, withUndo + ENGINE_WHERE, captureNotes)).hasSameSizeAs(kept);
      // Without SQL_REDO selected only its number of pieces is kept: the same rows, CSF included
      List<List<Object>> withoutRedo =
          sameOnBothPaths(c, select.replace(" SQL_REDO,", "") + ENGINE_WHERE, captureNotes);
      assertThat(withoutRedo.stream().skip(1).map(r -> r.get(6)).toList())
          .isEqualTo(kept.stream().skip(1).map(r -> r.get(6)).toList());

      String readsPieces = select + " WHERE SQL_REDO LIKE '%mmm%' OR CSF = 1";
      assertThat(ContentsQuery.compile(readsPieces, List.of()).decidesPerRecord()).isFalse();
      List<List<Object>> pieces = sameOnBothPaths(c, readsPieces);
      assertThat(pieces.size()).isGreaterThan(1).isLessThan(every.size());
      assertThat(
              ContentsQuery.compile(withUndo + " WHERE SQL_UNDO IS NULL", List.of())
                  .decidesPerRecord())
          .isFalse();
      sameOnBothPaths(c, withUndo + " WHERE SQL_UNDO IS NOT NULL AND SEG_OWNER = ?", "APP");
    }
  }

  @Test
  void nullsAndNegations_followThreeValuedLogic() throws SQLException {
    try (Connection c = DriverManager.getConnection(oracle.url())) {
      startLogMiner(c);
      String select = "SELECT SCN, USERNAME, SEG_OWNER, DATA_OBJ#, INFO FROM V$LOGMNR_CONTENTS";
      assertThat(sameOnBothPaths(c, select + " WHERE USERNAME NOT IN (?, NULL)", "SHOP"))
          .hasSize(1);
      assertThat(sameOnBothPaths(c, select + " WHERE USERNAME IS NULL OR INFO IS NOT NULL"))
          .hasSizeGreaterThan(1);
      assertThat(
              sameOnBothPaths(
                  c, select + " WHERE NOT (USERNAME = ? OR SEG_OWNER LIKE 'SY%')", "SYS"))
          .hasSizeGreaterThan(1);
      sameOnBothPaths(c, select + " WHERE (SRC_CON_ID, DATA_OBJ#) NOT IN ((0, ?))", 5);
      assertThat(
              sameOnBothPaths(
                  c,
                  select + " WHERE (SRC_CON_ID, SEG_OWNER) IN ((?, ?), (?, ?))",
                  0,
                  "SHOP",
                  1,
                  "SYS"))
          .hasSize(1);
      assertThat(
              sameOnBothPaths(
                  c, select + " WHERE SCN > ? AND SCN <= ?", 1_000_100L, new BigDecimal("1000500")))
          .hasSizeGreaterThan(1);
      sameOnBothPaths(c, select + " WHERE SEG_OWNER <> '' OR USERNAME = ?", "");
    }
  }

  @Test
  void statementsOutsideTheSubset_goToTheSqlEngine() {
    for (String sql :
        List.of(
            "SELECT * FROM V$LOGMNR_CONTENTS",
            "SELECT SCN FROM V$LOGMNR_CONTENTS ORDER BY SCN",
            "SELECT SCN FROM V$LOGMNR_CONTENTS WHERE UPPER(USERNAME) = 'X'",
            "SELECT SCN FROM V$LOGMNR_CONTENTS WHERE USERNAME = 1",
            "SELECT SCN FROM V$LOGMNR_CONTENTS WHERE TIMESTAMP > SYSDATE",
            "SELECT SCN FROM V$LOGMNR_CONTENTS WHERE SCN = ?")) {
      assertThat(ContentsQuery.compile(sql, List.of())).as(sql).isNull();
    }
  }
}
