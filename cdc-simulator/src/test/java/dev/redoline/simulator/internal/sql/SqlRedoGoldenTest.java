package dev.redoline.simulator.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Marker;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Statement shapes of docs/logminer.md#statement-text, #rows-without-a-dictionary,
 * #a-row-as-oracle-shows-it, #rollbacks, #start-options and #ddl. Each case builds its input here;
 * the expected text is hand-written in {@code golden/sqlredo/<case>.txt} (one trailing newline is
 * not part of the text).
 */
class SqlRedoGoldenTest {

  private static final String ROWID = "AAAR32AAHAAAAFfAAA";
  private static final Absent NL = Absent.NOT_LOGGED;

  private static final SqlRedoRenderer.RenderOptions DEFAULTS =
      SqlRedoRenderer.RenderOptions.defaults();
  private static final SqlRedoRenderer SQL = new SqlRedoRenderer(DEFAULTS);
  private static final SqlRedoRenderer NO_ROWID =
      new SqlRedoRenderer(DEFAULTS.withNoRowIdInStmt(true));
  private static final SqlRedoRenderer NO_DELIMITER =
      new SqlRedoRenderer(DEFAULTS.withNoSqlDelimiter(true));
  private static final SqlRedoRenderer NEITHER =
      new SqlRedoRenderer(DEFAULTS.withNoRowIdInStmt(true).withNoSqlDelimiter(true));

  /**
   * The Confluent row of docs/logminer.md#a-row-as-oracle-shows-it, reduced to six columns of the
   * same kinds.
   */
  static final TableLayout CUSTOMERS =
      TableLayout.builder(TableId.of("C##MYUSER", "CUSTOMERS"), 1)
          .column("GRGR_CK", OracleType.number(10, 0), false)
          .column("CICI_ID", OracleType.sized(Kind.VARCHAR2, 2), false)
          .column("CICI_EFF_DT", OracleType.timestamp(Kind.TIMESTAMP, 3), true)
          .column("CICI_TERM", OracleType.sized(Kind.VARCHAR2, 10), true)
          .column("SYS_BITMAP_NVL", OracleType.sized(Kind.VARCHAR2, 1), true)
          .column("CICI_LOCK", OracleType.sized(Kind.CHAR, 1), true)
          .build();

  static final Row CUSTOMER =
      Row.of(7013L, "01", LocalDateTime.of(2019, 2, 1, 0, 0), null, null, "N");

  static final TableLayout ORDERS =
      TableLayout.builder(TableId.of("INVENTORY", "ORDERS"), 1)
          .column("ID", OracleType.number(10, 0), false)
          .column("NOTE", OracleType.sized(Kind.VARCHAR2, 200), true)
          .column("QTY", OracleType.number(OracleType.UNSPECIFIED, OracleType.UNSPECIFIED), true)
          .column("PLACED", OracleType.of(Kind.DATE), true)
          .primaryKey("ID")
          .build();
  static final Row ORDER =
      Row.of(1L, "old", new BigDecimal("2.50"), LocalDateTime.of(2024, 5, 6, 7, 8, 9));

  static final TableLayout ODD_NAMES =
      TableLayout.builder(new TableId("PDB1", "app user", "Order Lines"), 3)
          .column("line no", OracleType.number(5, 0), false)
          .column("Name", OracleType.sized(Kind.NVARCHAR2, 50), true)
          .column("COL 1", OracleType.sized(Kind.CHAR, 5), true)
          .build();

  static final TableLayout ALL_TYPES =
      TableLayout.builder(TableId.of("S", "ALL_TYPES"), 1)
          .column("N", OracleType.number(OracleType.UNSPECIFIED, OracleType.UNSPECIFIED), true)
          .column("BF", OracleType.of(Kind.BINARY_FLOAT), true)
          .column("BD", OracleType.of(Kind.BINARY_DOUBLE), true)
          .column("C", OracleType.sized(Kind.CHAR, 3), true)
          .column("NC", OracleType.sized(Kind.NCHAR, 2), true)
          .column("V", OracleType.sized(Kind.VARCHAR2, 10), true)
          .column("NV", OracleType.sized(Kind.NVARCHAR2, 10), true)
          .column("D", OracleType.of(Kind.DATE), true)
          .column("TS", OracleType.timestamp(Kind.TIMESTAMP, 6), true)
          .column("TSTZ", OracleType.timestamp(Kind.TIMESTAMP_TZ, 6), true)
          .column("TSLTZ", OracleType.timestamp(Kind.TIMESTAMP_LTZ, 6), true)
          .column("YM", OracleType.parse("INTERVAL YEAR(2) TO MONTH"), true)
          .column("DS", OracleType.parse("INTERVAL DAY(2) TO SECOND(6)"), true)
          .column("R", OracleType.sized(Kind.RAW, 4), true)
          .column("CL", OracleType.of(Kind.CLOB), true)
          .column("BL", OracleType.of(Kind.BLOB), true)
          .column("UT", OracleType.parse("SDO_GEOMETRY"), true)
          .build();
  static final Row ALL_VALUES =
      Row.of(
          new BigDecimal("-0.5"),
          1.5f,
          -2.0,
          "ab",
          "\u00e9",
          "x'y",
          "\u0412\u044b",
          LocalDateTime.of(2020, 2, 1, 0, 0),
          LocalDateTime.of(2019, 2, 1, 0, 0, 0, 123_456_000),
          OffsetDateTime.of(2024, 2, 14, 10, 58, 2, 202_590_000, ZoneOffset.ofHours(1)),
          Instant.parse("2024-02-14T09:58:02Z"),
          Period.of(-3, -6, 0),
          Duration.ofDays(1).plusHours(2).plusMinutes(3).plusSeconds(4).plusMillis(560).negated(),
          Bytes.fromHex("0e"),
          Marker.EMPTY_CLOB,
          Marker.EMPTY_BLOB,
          Marker.UNSUPPORTED_TYPE);

  /**
   * docs/logminer.md#rows-without-a-dictionary, Oracle's own example: four columns, values EF_GH,
   * Technical Writer, 4000, 11000.
   */
  static final TableLayout EMP =
      TableLayout.builder(TableId.of("HR", "EMP"), 1)
          .column("ENAME", OracleType.sized(Kind.VARCHAR2, 10), true)
          .column("JOB", OracleType.sized(Kind.VARCHAR2, 20), true)
          .column("SAL", OracleType.number(7, 2), true)
          .column("COMM", OracleType.number(7, 2), true)
          .build();

  static Map<String, Supplier<String>> cases() {
    Map<String, Supplier<String>> c = new LinkedHashMap<>();
    c.put("insert_cfltShape", () -> SQL.insert(CUSTOMERS, CUSTOMER));
    c.put("undoSqlOfInsert_cfltShape", () -> SQL.undoSqlOfInsert(CUSTOMERS, CUSTOMER, ROWID));
    c.put("insert_allNulls", () -> SQL.insert(ORDERS, Row.of(null, null, null, null)));
    c.put(
        "insert_quotedLowerCaseAndSpacedIdentifiers",
        () -> SQL.insert(ODD_NAMES, Row.of(10L, "\u00c5sa", "ab")));
    c.put("insert_everyType", () -> SQL.insert(ALL_TYPES, ALL_VALUES));
    c.put(
        "insert_valuesThatLookLikeSql",
        () ->
            SQL.insert(
                ORDERS,
                Row.of(2L, "a','b') values ('c' and \"ID\" = 'x'||'y';\nnext line", null, null)));
    c.put(
        "insert_nationalSurrogatePairs",
        () -> SQL.insert(ODD_NAMES, Row.of(1L, "ok \ud83d\ude00!", null)));
    c.put("insert_noSqlDelimiter", () -> NO_DELIMITER.insert(ORDERS, ORDER));
    c.put("insert_noRowIdInStmtChangesNothing", () -> NO_ROWID.insert(ORDERS, ORDER));
    c.put(
        "update_primaryKeyLogging",
        () -> SQL.update(ORDERS, Row.of(NL, "new", NL, NL), Row.of(1L, "old", NL, NL), ROWID));
    c.put(
        "update_allColumnLogging",
        () ->
            SQL.update(
                ORDERS,
                Row.of(NL, "new", NL, NL),
                Row.of(1L, "old", null, LocalDateTime.of(2024, 5, 6, 7, 8, 9)),
                ROWID));
    c.put(
        "update_setNullsAndTwoItems",
        () ->
            SQL.update(
                ORDERS,
                Row.of(NL, null, new BigDecimal("3"), NL),
                Row.of(1L, "old", new BigDecimal("2.50"), NL),
                ROWID));
    c.put(
        "update_nullOldValueFirst",
        () -> SQL.update(ORDERS, Row.of(NL, "x", NL, NL), Row.of(NL, null, NL, null), ROWID));
    c.put(
        "update_noRowIdInStmt",
        () -> NO_ROWID.update(ORDERS, Row.of(NL, "new", NL, NL), Row.of(1L, "old", NL, NL), ROWID));
    c.put(
        "update_withoutWhere",
        () -> NO_ROWID.update(ORDERS, Row.of(NL, "1", null, NL), Row.of(NL, NL, NL, NL), ROWID));
    c.put(
        "update_rowIdOnlyWhere",
        () -> SQL.update(ORDERS, Row.of(NL, "1", NL, NL), Row.of(NL, NL, NL, NL), ROWID));
    c.put(
        "update_noSqlDelimiter",
        () ->
            NO_DELIMITER.update(
                ORDERS, Row.of(NL, "new", NL, NL), Row.of(1L, "old", NL, NL), ROWID));
    c.put(
        "update_neitherRowIdNorDelimiter",
        () -> NEITHER.update(ORDERS, Row.of(NL, "new", NL, NL), Row.of(1L, "old", NL, NL), ROWID));
    c.put(
        "update_quotedIdentifiers",
        () -> SQL.update(ODD_NAMES, Row.of(NL, "b", NL), Row.of(10L, "a", "ab"), ROWID));
    c.put("delete_allColumns", () -> SQL.delete(ORDERS, ORDER, ROWID));
    c.put("delete_keyOnly", () -> SQL.delete(ORDERS, Row.of(1L, NL, NL, NL), ROWID));
    c.put(
        "delete_nullsInEveryPosition",
        () -> SQL.delete(ORDERS, Row.of(null, null, null, null), ROWID));
    c.put("delete_noRowIdInStmt", () -> NO_ROWID.delete(ORDERS, Row.of(1L, "it's", NL, NL), ROWID));
    c.put("delete_withoutWhere", () -> NO_ROWID.delete(ORDERS, Row.of(NL, NL, NL, NL), ROWID));
    c.put(
        "delete_noSqlDelimiter", () -> NO_DELIMITER.delete(ORDERS, Row.of(1L, NL, NL, NL), ROWID));
    c.put("undoInsert_rowIdOnly", () -> SQL.undoInsert(ORDERS.table(), ROWID));
    c.put("undoInsert_noRowIdInStmt", () -> NO_ROWID.undoInsert(ORDERS.table(), ROWID));
    c.put("undoInsert_noRowIdNoDelimiter", () -> NEITHER.undoInsert(ORDERS.table(), ROWID));
    c.put(
        "undoUpdate_setsOldValuesByRowId",
        () -> SQL.undoUpdate(ORDERS, Row.of(NL, "old", null, NL), ROWID));
    c.put(
        "undoUpdate_noRowIdInStmt",
        () -> NO_ROWID.undoUpdate(ORDERS, Row.of(NL, "old", NL, NL), ROWID));
    c.put("undoDelete_insertsDeletedRow", () -> SQL.undoDelete(ORDERS, ORDER));
    c.put(
        "undoSqlOfUpdate_inverseStatement",
        () ->
            SQL.undoSqlOfUpdate(
                ORDERS,
                Row.of(NL, "new", NL, NL),
                Row.of(1L, "old", new BigDecimal("2.50"), NL),
                ROWID));
    c.put("undoSqlOfDelete_insert", () -> SQL.undoSqlOfDelete(ORDERS, ORDER));
    c.put(
        "insertWithoutDictionary_oracleDocExample",
        () ->
            SQL.insertWithoutDictionary(
                45522, EMP, Row.of("EF_GH", "Technical Writer", 4000L, 11000L)));
    c.put(
        "insertWithoutDictionary_everyType",
        () -> SQL.insertWithoutDictionary(77, ALL_TYPES, ALL_VALUES));
    c.put(
        "deleteWithoutDictionary_mismatchRow",
        () ->
            SQL.deleteWithoutDictionary(
                73640, EMP, Row.of(NL, null, 94737L, new BigDecimal("-1")), "AAAR+oAAFAAAARfACG"));
    c.put(
        "updateWithoutDictionary_mismatchRow",
        () ->
            SQL.updateWithoutDictionary(
                73640,
                EMP,
                Row.of("x", NL, NL, NL),
                Row.of("y", NL, 1L, NL),
                "AAAR+oAAFAAAARfACG"));
    c.put(
        "deleteWithoutDictionary_noRowIdNoDelimiter",
        () ->
            NEITHER.deleteWithoutDictionary(
                73640, EMP, Row.of(NL, NL, 1L, NL), "AAAR+oAAFAAAARfACG"));
    c.put(
        "ddl_createTableAsIssued",
        () -> SQL.ddl("create table \"My T\" (id number, \"x y\" varchar2(10))"));
    c.put(
        "ddl_dropToRecycleBin",
        () -> SQL.ddl("drop table test AS \"BIN$Hj8m6MQaRY+mHXVrEflJFA==$0\""));
    c.put("ddl_noSqlDelimiter", () -> NO_DELIMITER.ddl("truncate table inventory.orders"));
    c.put("start_setTransaction", SQL::startTransaction);
    c.put("commit", SQL::commit);
    c.put("rollback", SQL::rollback);
    c.put("commit_noSqlDelimiter", NO_DELIMITER::commit);
    return c;
  }

  static Stream<Arguments> goldenCases() {
    return cases().entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("goldenCases")
  void render_matchesGoldenFile(String name, Supplier<String> render) throws IOException {
    assertThat(render.get()).isEqualTo(golden(name));
  }

  @Test
  void goldenFiles_eachHasACase() throws IOException {
    assertThat(cases()).hasSizeGreaterThanOrEqualTo(45);
    for (String name : cases().keySet()) {
      assertThat(golden(name)).as(name).isNotEmpty();
    }
  }

  static String golden(String name) throws IOException {
    try (InputStream in =
        SqlRedoGoldenTest.class.getResourceAsStream("/golden/sqlredo/" + name + ".txt")) {
      assertThat(in).as("golden/sqlredo/%s.txt", name).isNotNull();
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      assertThat(text).as("%s ends with one newline", name).endsWith("\n");
      return text.substring(0, text.length() - 1);
    }
  }
}
