package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The LOB flows of docs/logminer.md#lob-xml-and-extended-string-rows as V$LOGMNR_CONTENTS shows
 * them, and the table contents they leave.
 */
class LobRedoTest {

  private static final TableId DOCS = TableId.of("APP", "DOCS");
  private static final String LOCATOR_PREAMBLE =
      "DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6174); \n loc_b BLOB; \n"
          + " buf_b RAW(6174); \n loc_nc NCLOB; \n buf_nc NVARCHAR2(6174); \nBEGIN\n";

  /** One row of the view: the columns these tests look at. */
  record ViewRow(int code, String operation, String redo, int csf, String rowId, int rollback) {}

  private static SimulatedOracle database(SimulatedOracle.Builder builder) {
    // the earlier DML forms (in-row values inline in the INSERT): these tests read the LOB rows'
    // text; LobDmlForms' forms are checked through the engine (LobDmlFormsScenarioTest)
    SimulatedOracle oracle = builder.seed(3).lobValuesInline().build();
    oracle.createTable(
        TableLayout.builder(DOCS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("NAME", OracleType.sized(Kind.VARCHAR2, 40), true)
            .column("BODY", OracleType.of(Kind.CLOB), true)
            .column("SCAN", OracleType.of(Kind.BLOB), true)
            .column("NOTE", OracleType.of(Kind.NCLOB), true)
            .primaryKey("ID")
            .build());
    return oracle;
  }

  private static List<ViewRow> rows(SimulatedOracle oracle, long from) throws SQLException {
    try (Connection c = DriverManager.getConnection(oracle.url(), "c##redoline", "secret")) {
      CurrentLogMining.start(c, from);
      List<ViewRow> out = new ArrayList<>();
      try (Statement st = c.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "SELECT OPERATION_CODE, OPERATION,"
                      + " SQL_REDO, CSF, ROW_ID, ROLLBACK FROM V$LOGMNR_CONTENTS WHERE SEG_OWNER = 'APP'")) {
        while (rs.next()) {
          out.add(
              new ViewRow(
                  rs.getInt(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getInt(4),
                  rs.getString(5),
                  rs.getInt(6)));
        }
      }
      return out;
    }
  }

  @Test
  void insert_outOfLineClob_isEmptyClobThenLocatorThenWrites() throws SQLException {
    SimulatedOracle oracle = database(SimulatedOracle.builder().lobWriteChunk(1500));
    long from = oracle.currentScn();
    String body = "ab'c".repeat(750); // 3,000 characters: 6,000 bytes stored, so out of line
    SimulatedTransaction tx = oracle.begin();
    String rowId = tx.insert(DOCS, 7L, "a", body, null, null);
    tx.commit();

    List<ViewRow> rows = rows(oracle, from);
    assertThat(rows)
        .extracting(ViewRow::operation)
        .containsExactly("INSERT", "SEL_LOB_LOCATOR", "LOB_WRITE", "LOB_WRITE");
    assertThat(rows.get(0).redo())
        .isEqualTo(
            "insert into \"APP\".\"DOCS\"(\"ID\",\"NAME\",\"BODY\",\"SCAN\",\"NOTE\")"
                + " values ('7','a',EMPTY_CLOB(),NULL,NULL);");
    assertThat(rows.get(1).code()).isEqualTo(9);
    assertThat(rows.get(1).redo())
        .isEqualTo(
            LOCATOR_PREAMBLE
                + " select \"BODY\" into loc_c from \"APP\".\"DOCS\" where \"ID\" = '7' and \"NAME\" = 'a' for update;");
    String chunk = "ab'c".repeat(375).replace("'", "''");
    assertThat(rows.get(2).redo())
        .isEqualTo(" buf_c := '" + chunk + "'; \n  dbms_lob.write(loc_c, 1500, 1, buf_c);");
    assertThat(rows.get(3).redo())
        .isEqualTo(" buf_c := '" + chunk + "'; \n  dbms_lob.write(loc_c, 1500, 1501, buf_c);");
    assertThat(rows).extracting(ViewRow::rowId).containsOnly(rowId);
    assertThat(oracle.rows(DOCS))
        .containsExactly(Row.of(BigDecimal.valueOf(7).longValue(), "a", body, null, null));
  }

  @Test
  void basicFileInsertWithoutOutOfRowLobs_leavesTheColumnOutAndWritesWithNoLocator()
      throws SQLException {
    SimulatedOracle oracle =
        database(
            SimulatedOracle.builder().lobWriteChunk(1500).basicFileInsertsWithoutOutOfRowLobs());
    long from = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    String rowId = tx.insert(DOCS, 7L, "a", "ab'c".repeat(750), null, null);
    tx.commit();

    List<ViewRow> rows = rows(oracle, from);
    assertThat(rows)
        .extracting(ViewRow::operation)
        .containsExactly("INSERT", "LOB_WRITE", "LOB_WRITE");
    assertThat(rows.get(0).redo())
        .isEqualTo(
            "insert into \"APP\".\"DOCS\"(\"ID\",\"NAME\",\"SCAN\",\"NOTE\")"
                + " values ('7','a',NULL,NULL);");
    assertThat(rows).extracting(ViewRow::rowId).containsOnly(rowId);
  }

  @Test
  void basicFileWritesBeforeInsert_comeFirstWithTheNewRowsRowId() throws SQLException {
    SimulatedOracle oracle =
        database(SimulatedOracle.builder().lobWriteChunk(1500).basicFileWritesBeforeInsert());
    long from = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    String rowId = tx.insert(DOCS, 7L, "a", "ab'c".repeat(750), null, null);
    tx.commit();

    List<ViewRow> rows = rows(oracle, from);
    assertThat(rows)
        .extracting(ViewRow::operation)
        .containsExactly("LOB_WRITE", "LOB_WRITE", "INSERT");
    assertThat(rows.get(2).redo()).contains("EMPTY_CLOB()");
    assertThat(rows).extracting(ViewRow::rowId).containsOnly(rowId);
  }

  @Test
  void insert_smallLobs_areInline() throws SQLException {
    SimulatedOracle oracle = database(SimulatedOracle.builder());
    long from = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    tx.insert(DOCS, 1L, null, "short", Bytes.fromHex("0e0f"), "\u00e9t\u00e9");
    tx.commit();
    List<ViewRow> rows = rows(oracle, from);
    assertThat(rows).extracting(ViewRow::operation).containsExactly("INSERT");
    assertThat(rows.get(0).redo())
        .isEqualTo(
            "insert into \"APP\".\"DOCS\"(\"ID\",\"NAME\",\"BODY\",\"SCAN\",\"NOTE\")"
                + " values ('1',NULL,'short',HEXTORAW('0e0f'),UNISTR('\\00E9t\\00E9'));");
  }

  @Test
  void blobWrite_isHexSplitOverCsfRows() throws SQLException {
    SimulatedOracle oracle = database(SimulatedOracle.builder());
    long from = oracle.currentScn();
    byte[] scan = new byte[5000];
    for (int i = 0; i < scan.length; i++) {
      scan[i] = (byte) i;
    }
    SimulatedTransaction tx = oracle.begin();
    tx.insert(DOCS, 2L, "s", null, Bytes.of(scan), null);
    tx.commit();
    List<ViewRow> rows = rows(oracle, from);
    // 2,048 bytes per write: 4,096 hex digits, so each write is two CSF pieces; the last 904 bytes
    // fit in one
    assertThat(rows)
        .extracting(ViewRow::operation)
        .containsExactly(
            "INSERT",
            "SEL_LOB_LOCATOR",
            "LOB_WRITE",
            "LOB_WRITE",
            "LOB_WRITE",
            "LOB_WRITE",
            "LOB_WRITE");
    assertThat(rows).extracting(ViewRow::csf).containsExactly(0, 0, 1, 0, 1, 0, 0);
    String first = rows.get(2).redo() + rows.get(3).redo();
    assertThat(first)
        .startsWith(" buf_b := HEXTORAW('000102")
        .endsWith("'); \n  dbms_lob.write(loc_b, 2048, 1, buf_b);");
    assertThat(rows.get(1).redo()).contains("select \"SCAN\" into loc_b from");
    assertThat(rows.get(6).redo()).endsWith("dbms_lob.write(loc_b, 904, 4097, buf_b);");
  }

  @Test
  void nclobWrite_isNationalText() throws SQLException {
    SimulatedOracle oracle = database(SimulatedOracle.builder().lobWriteChunk(4000));
    long from = oracle.currentScn();
    String note = "\u20ac".repeat(2100); // 4,200 UTF-16 bytes: out of line
    SimulatedTransaction tx = oracle.begin();
    tx.insert(DOCS, 3L, "n", null, null, note);
    tx.commit();
    List<ViewRow> rows = rows(oracle, from);
    assertThat(rows.get(1).redo()).contains("select \"NOTE\" into loc_nc from");
    StringBuilder write = new StringBuilder();
    for (int i = 2; i < rows.size(); i++) {
      write.append(rows.get(i).redo());
    }
    assertThat(write.toString())
        .startsWith(" buf_nc := UNISTR('\\20AC\\20AC")
        .endsWith("; \n  dbms_lob.write(loc_nc, 2100, 1, buf_nc);");
  }

  @Test
  void writeTrimErase_changeTheStoredValueAsDbmsLobDoes() throws SQLException {
    SimulatedOracle oracle = database(SimulatedOracle.builder());
    SimulatedTransaction setup = oracle.begin();
    String rowId = setup.insert(DOCS, 4L, "w", "0123456789", Bytes.fromHex("01020304"), null);
    setup.commit();
    long from = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    tx.lobWrite(DOCS, rowId, "BODY", 13, "XY"); // hole of two spaces at 11-12
    tx.lobErase(DOCS, rowId, "BODY", 2, 3); // "0   456789  XY"
    tx.lobTrim(DOCS, rowId, "BODY", 12);
    tx.lobWrite(DOCS, rowId, "SCAN", 3, Bytes.fromHex("ffff0a"));
    tx.commit();
    assertThat(oracle.rows(DOCS).get(0).get(2)).isEqualTo("0   456789  ");
    assertThat(oracle.rows(DOCS).get(0).get(3)).isEqualTo(Bytes.fromHex("0102ffff0a"));
    List<ViewRow> rows = rows(oracle, from);
    assertThat(rows).extracting(ViewRow::code).containsExactly(9, 10, 9, 29, 9, 11, 9, 10);
    assertThat(rows.get(1).redo())
        .isEqualTo(" buf_c := 'XY'; \n  dbms_lob.write(loc_c, 2, 13, buf_c);");
    assertThat(rows.get(3).redo()).isEqualTo(" dbms_lob.erase(loc_c, 3, 2);");
    assertThat(rows.get(5).redo()).isEqualTo(" dbms_lob.trim(loc_c, 12);");
    assertThat(rows.get(2).redo())
        .isEqualTo(
            LOCATOR_PREAMBLE
                + " select \"BODY\" into loc_c from \"APP\".\"DOCS\" where \"ID\" = '4' and \"NAME\" = 'w' for update;");
  }

  @Test
  void lobErase_codeIsASetting() throws SQLException {
    SimulatedOracle oracle = database(SimulatedOracle.builder().lobEraseCode(28));
    SimulatedTransaction setup = oracle.begin();
    String rowId = setup.insert(DOCS, 5L, "e", "abc", null, null);
    setup.commit();
    long from = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    tx.lobErase(DOCS, rowId, "BODY", 1, 1);
    tx.commit();
    assertThat(rows(oracle, from)).extracting(ViewRow::code).containsExactly(9, 28);
  }

  @Test
  void rollbackToSavepoint_restoresTheLobAndWritesARollbackRow() throws SQLException {
    SimulatedOracle oracle = database(SimulatedOracle.builder());
    SimulatedTransaction tx = oracle.begin();
    String rowId = tx.insert(DOCS, 6L, "r", "x".repeat(2500), null, null);
    long from = oracle.currentScn();
    tx.savepoint("s");
    tx.lobWrite(DOCS, rowId, "BODY", 1, "y".repeat(10));
    tx.update(DOCS, rowId, Map.of("BODY", "z".repeat(3000)));
    tx.rollbackToSavepoint("s");
    tx.commit();
    assertThat(oracle.rows(DOCS).get(0).get(2)).isEqualTo("x".repeat(2500));
    List<ViewRow> rows = rows(oracle, from);
    List<ViewRow> undo = rows.stream().filter(r -> r.rollback() == 1).toList();
    assertThat(undo).hasSize(2);
    assertThat(undo).extracting(ViewRow::rowId).containsOnly(rowId);
    assertThat(undo.get(0).redo())
        .isEqualTo("update \"APP\".\"DOCS\" set \"BODY\" = EMPTY_CLOB();");
    ViewRow update =
        rows.stream().filter(r -> r.code() == 3 && r.rollback() == 0).findFirst().orElseThrow();
    assertThat(update.redo())
        .startsWith("update \"APP\".\"DOCS\" set \"BODY\" = EMPTY_CLOB() where \"ID\" = '6'");
  }

  @Test
  void lobWrite_onNullColumn_isRefused() {
    SimulatedOracle oracle = database(SimulatedOracle.builder());
    SimulatedTransaction tx = oracle.begin();
    String rowId = tx.insert(DOCS, 8L, "n", null, null, null);
    assertThatThrownBy(() -> tx.lobWrite(DOCS, rowId, "BODY", 1, "a"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("ORA-22275");
    assertThatThrownBy(() -> tx.lobWrite(DOCS, rowId, "NAME", 1, "a"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static SimulatedOracle xmlDatabase(SimulatedOracle.Builder builder) {
    SimulatedOracle oracle = builder.seed(4).build();
    oracle.createTable(
        TableLayout.builder(TableId.of("APP", "XDOCS"), 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("DOC", OracleType.of(Kind.XMLTYPE), true)
            .primaryKey("ID")
            .build());
    return oracle;
  }

  private static List<ViewRow> xmlRows(SimulatedOracle oracle, long from, String xml)
      throws SQLException {
    SimulatedTransaction tx = oracle.begin();
    tx.insert(TableId.of("APP", "XDOCS"), 1L, xml);
    tx.commit();
    return rows(oracle, from);
  }

  @Test
  void xml_binaryStorage_isASelectThenHexWrites() throws SQLException {
    SimulatedOracle oracle = xmlDatabase(SimulatedOracle.builder().lobWriteChunk(4));
    List<ViewRow> rows = xmlRows(oracle, oracle.currentScn(), "<a>\u00e9</a>");
    assertThat(rows).extracting(ViewRow::code).containsExactly(1, 68, 70, 70, 71);
    assertThat(rows.get(0).redo())
        .isEqualTo("insert into \"APP\".\"XDOCS\"(\"ID\",\"DOC\") values ('1',EMPTY_CLOB());");
    assertThat(rows.get(1).redo())
        .isEqualTo("XML DOC BEGIN:  select \"DOC\" from \"APP\".\"XDOCS\" where \"ID\" = '1'");
    assertThat(rows.get(2).redo())
        .isEqualTo("XML_REDO := HEXTORAW('3c613ec3a9'):5"); // 4 characters, 5 bytes
    assertThat(rows.get(3).redo()).isEqualTo("XML_REDO := HEXTORAW('3c2f613e'):4");
    assertThat(rows.get(4).redo()).isEqualTo("XML DOC END");
    assertThat(oracle.rows(TableId.of("APP", "XDOCS")).get(0).get(1)).isEqualTo("<a>\u00e9</a>");
  }

  @Test
  void xml_textStorage_isAnUpdateThenQuotedWrites() throws SQLException {
    SimulatedOracle oracle = xmlDatabase(SimulatedOracle.builder().xmlTextStorage());
    List<ViewRow> rows = xmlRows(oracle, oracle.currentScn(), "<a x='1'/>");
    assertThat(rows.get(1).redo())
        .isEqualTo("update \"APP\".\"XDOCS\" a set a.\"DOC\" = XMLType(:1)  where a.\"ID\" = '1';");
    assertThat(rows.get(2).redo()).isEqualTo("XML_REDO := '<a x=''1''/>':10");
  }

  @Test
  void xml_unterminatedHexBug_dropsTheClosingQuoteOfALongWrite() throws SQLException {
    SimulatedOracle oracle =
        xmlDatabase(SimulatedOracle.builder().lobWriteChunk(3000).xmlUnterminatedHex());
    List<ViewRow> rows = xmlRows(oracle, oracle.currentScn(), "<a>" + "x".repeat(2500) + "</a>");
    String write = rows.get(2).redo() + rows.get(3).redo();
    assertThat(rows.get(2).csf()).isEqualTo(1);
    assertThat(write).startsWith("XML_REDO := HEXTORAW('3c613e").endsWith("3c2f613e:2507");
  }

  @Test
  void extendedString_over4000Bytes_isAPlaceholderThen32kRows() throws SQLException {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(5).lobWriteChunk(3000).build();
    TableId notes = TableId.of("APP", "NOTES");
    oracle.createTable(
        TableLayout.builder(notes, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("TXT", OracleType.sized(Kind.VARCHAR2, 32767), true)
            .primaryKey("ID")
            .build());
    long from = oracle.currentScn();
    String text = "it's ".repeat(1000); // 5,000 bytes
    SimulatedTransaction tx = oracle.begin();
    tx.insert(notes, 1L, text);
    tx.insert(notes, 2L, "short");
    tx.commit();
    List<ViewRow> rows = rows(oracle, from);
    assertThat(rows).extracting(ViewRow::code).containsExactly(1, 91, 92, 92, 93, 1);
    assertThat(rows.get(0).redo())
        .isEqualTo("insert into \"APP\".\"NOTES\"(\"ID\",\"TXT\") values ('1','LM_EMPTY_STRING');");
    assertThat(rows.get(1).redo())
        .isEqualTo(
            "DECLARE\n TempLob CLOB;\n buf_c   VARCHAR2(32767);\n Stmt    CLOB;\nBEGIN\n"
                + " DBMS_LOB.CreateTemporary(TempLob, FALSE);\n Stmt := 'update \"APP\".\"NOTES\" a set a.\"TXT\" = :TXT where"
                + " a.\"ID\" = ''1'';';");
    assertThat(rows.get(2).redo())
        .isEqualTo(
            "  buf_c := '"
                + "it''s ".repeat(600)
                + "';\n"
                + "  DBMS_LOB.WRITEAPPEND(TempLob, 3000, buf_c);");
    assertThat(rows.get(5).redo())
        .isEqualTo("insert into \"APP\".\"NOTES\"(\"ID\",\"TXT\") values ('2','short');");
    assertThat(oracle.rows(notes).get(0).get(1)).isEqualTo(text);
  }
}
