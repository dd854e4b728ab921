package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.DecodeException;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every LOB row form of docs/logminer.md#lob-xml-and-extended-string-rows, decoded by {@link
 * RedoDecoder#decodeLob}.
 */
class LobRowGoldenTest {

  private static final TableLayout DOCS =
      TableLayout.builder(TableId.of("APP", "DOCS"), 1)
          .column("ID", OracleType.number(10, 0), false)
          .column("NAME", OracleType.sized(Kind.VARCHAR2, 40), true)
          .column("BODY", OracleType.of(Kind.CLOB), true)
          .column("SCAN", OracleType.of(Kind.BLOB), true)
          .column("SECRET", OracleType.of(Kind.CLOB), true)
          .column("DOC", OracleType.of(Kind.XMLTYPE), true)
          .primaryKey("ID")
          .build();
  private static final String PREAMBLE =
      "DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6174); \n loc_b BLOB; \n"
          + " buf_b RAW(6174); \n loc_nc NCLOB; \n buf_nc NVARCHAR2(6174); \nBEGIN\n";

  private final RedoDecoder decoder =
      RedoDecoder.builder().excludeColumns(List.of("APP.DOCS.SECRET")).build();

  private LobPiece decode(int code, String redo) {
    return decoder.decodeLob(code, redo, DOCS);
  }

  private static Row where(Object id, Object name) {
    Row.Builder b = Row.builder(6);
    b.set(0, id);
    b.set(1, name);
    b.set(4, Absent.EXCLUDED);
    return b.build();
  }

  @Test
  void lobRowsOfARedoRow_areTheRowsTheScannerReads() {
    assertThat(RedoRow.LOB_OPERATION_CODES).isEqualTo(LobRowScanner.OPERATION_CODES);
  }

  @Test
  void locator_namesTheColumnAndTheRow() {
    LobPiece p =
        decode(
            9,
            PREAMBLE
                + " select \"BODY\" into loc_c from \"APP\".\"DOCS\" where \"ID\" = '7' and"
                + " \"NAME\" = 'a''b' for update;");
    assertThat(p).isEqualTo(new LobPiece.Locator(2, false, where(7L, "a'b"), false));
  }

  @Test
  void locator_nullValueAndNoDelimiter() {
    LobPiece p =
        decode(
            9,
            PREAMBLE
                + " select \"SCAN\" into loc_b from \"APP\".\"DOCS\" where \"ID\" = '1' and"
                + " \"NAME\" IS NULL for update");
    assertThat(p).isEqualTo(new LobPiece.Locator(3, false, where(1L, null), false));
  }

  @Test
  void locator_withoutWhere() {
    LobPiece p =
        decode(9, PREAMBLE + " select \"BODY\" into loc_c from \"APP\".\"DOCS\" for update;");
    assertThat(((LobPiece.Locator) p).where().isPresent(0)).isFalse();
  }

  @Test
  void locator_ofAnExcludedColumn_saysSo() {
    LobPiece p =
        decode(
            9,
            PREAMBLE
                + " select \"SECRET\" into loc_c from \"APP\".\"DOCS\" where \"ID\" = '3' for update;");
    assertThat(((LobPiece.Locator) p).excluded()).isTrue();
    assertThat(((LobPiece.Locator) p).column()).isEqualTo(4);
  }

  @Test
  void write_clobText_withDoubledQuotes() {
    assertThat(decode(10, " buf_c := 'it''s'; \n  dbms_lob.write(loc_c, 4, 1, buf_c);"))
        .isEqualTo(new LobPiece.Write(1, 4, "it's"));
  }

  @Test
  void write_blobHex() {
    assertThat(decode(10, " buf_b := HEXTORAW('0E0f'); dbms_lob.write(loc_b, 2, 4097, buf_b);"))
        .isEqualTo(new LobPiece.Write(4097, 2, Bytes.fromHex("0e0f")));
  }

  @Test
  void write_nclobUnistrChain() {
    assertThat(
            decode(
                10,
                " buf_nc := UNISTR('\\20AC') || 'x' || UNISTR('\\00E9''');"
                    + " dbms_lob.write(loc_nc, 4, 10, buf_nc);"))
        .isEqualTo(new LobPiece.Write(10, 4, "\u20acx\u00e9'"));
  }

  @Test
  void write_joinedCsfPieces_keepTheirText() {
    String chunk = "x".repeat(3990) + "'';" + "y".repeat(30);
    assertThat(decode(10, " buf_c := '" + chunk + "'; dbms_lob.write(loc_c, 4022, 1, buf_c);"))
        .isEqualTo(new LobPiece.Write(1, 4022, "x".repeat(3990) + "';" + "y".repeat(30)));
  }

  @Test
  void trimAndErase() {
    assertThat(decode(11, " dbms_lob.trim(loc_c, 12);")).isEqualTo(new LobPiece.Trim(12));
    assertThat(decode(29, " dbms_lob.erase(loc_c, 3, 2);")).isEqualTo(new LobPiece.Erase(2, 3));
    assertThat(decode(28, " dbms_lob.erase(loc_b, 10, 1);")).isEqualTo(new LobPiece.Erase(1, 10));
  }

  @Test
  void xmlBegin_binaryStorage() {
    LobPiece p =
        decode(68, "XML DOC BEGIN:  select \"DOC\" from \"APP\".\"DOCS\" where \"ID\" = '1'");
    assertThat(p).isEqualTo(new LobPiece.Locator(5, false, where(1L, Absent.NOT_LOGGED), true));
  }

  @Test
  void xmlBegin_textStorage() {
    LobPiece p =
        decode(68, "update \"APP\".\"DOCS\" a set a.\"DOC\" = XMLType(:1)  where a.\"ID\" = '1';");
    assertThat(p).isEqualTo(new LobPiece.Locator(5, false, where(1L, Absent.NOT_LOGGED), true));
  }

  @Test
  void xmlWrite_textHexAndNull() {
    assertThat(decode(70, "XML_REDO := '<a x=''1''/>':10"))
        .isEqualTo(new LobPiece.Write(0, 10, "<a x='1'/>"));
    assertThat(decode(70, "XML_REDO := HEXTORAW('3c612f3e'):4"))
        .isEqualTo(new LobPiece.Write(0, 4, "<a/>"));
    assertThat(decode(70, "XML_REDO := NULL")).isEqualTo(new LobPiece.Write(0, 0, ""));
    assertThat(decode(71, "XML DOC END")).isEqualTo(new LobPiece.End());
  }

  @Test
  void xmlWrite_unterminatedLastHexChunk_isReadToItsEnd() {
    // Oracle's bug: the closing quote and parenthesis of a HEXTORAW split over CSF rows are missing
    assertThat(decode(70, "XML_REDO := HEXTORAW('3c612f3e:4"))
        .isEqualTo(new LobPiece.Write(0, 4, "<a/>"));
    assertThat(decode(70, "XML_REDO := HEXTORAW('3c612f3e"))
        .isEqualTo(new LobPiece.Write(0, 4, "<a/>"));
  }

  @Test
  void errors_areTypedAndNeverShowTheData() {
    assertThatThrownBy(
            () -> decode(10, " buf_c := 'SENTINEL-42'; dbms_lob.write(loc_c, x, 1, buf_c);"))
        .isInstanceOfSatisfying(
            DecodeException.class,
            e -> {
              assertThat(e.code()).isEqualTo("CDC-3001");
              assertThat(e.getMessage()).doesNotContain("SENTINEL");
              assertThat(e.excerpt()).doesNotContain("SENTINEL");
            });
    assertThatThrownBy(
            () -> decode(10, " buf_b := HEXTORAW('0g'); dbms_lob.write(loc_b, 1, 1, buf_b);"))
        .isInstanceOfSatisfying(
            DecodeException.class, e -> assertThat(e.code()).isEqualTo("CDC-3002"));
    assertThatThrownBy(
            () ->
                decode(
                    9, PREAMBLE + " select \"NOPE\" into loc_c from \"APP\".\"DOCS\" for update;"))
        .isInstanceOfSatisfying(
            DecodeException.class, e -> assertThat(e.code()).isEqualTo("CDC-3003"));
    assertThatThrownBy(() -> decode(11, " dbms_lob.trim(loc_c);"))
        .isInstanceOfSatisfying(
            DecodeException.class, e -> assertThat(e.code()).isEqualTo("CDC-3001"));
  }

  @Test
  void locatorError_neverShowsAnExcludedValue() {
    assertThatThrownBy(
            () ->
                decode(
                    9,
                    PREAMBLE
                        + " select \"BODY\" into loc_c from \"APP\".\"DOCS\" where"
                        + " \"SECRET\" = 'SENTINEL-42' and \"ID\" = 'x' for update;"))
        .isInstanceOfSatisfying(
            DecodeException.class, e -> assertThat(e.getMessage()).doesNotContain("SENTINEL"));
  }

  private static final String EXTENDED_PREAMBLE =
      "DECLARE\n TempLob CLOB;\n buf_c   VARCHAR2(32767);\n Stmt    CLOB;\n"
          + "BEGIN\n DBMS_LOB.CreateTemporary(TempLob, FALSE);\n";

  @Test
  void extendedString_beginNamesTheColumnAndTheRow_withAndWithoutAlias() {
    assertThat(
            decode(
                91,
                EXTENDED_PREAMBLE
                    + " Stmt := 'update \"APP\".\"DOCS\" a set a.\"NAME\" = :NAME where"
                    + " a.\"ID\" = ''1'';';"))
        .isEqualTo(new LobPiece.Locator(1, false, where(1L, Absent.NOT_LOGGED), true));
    assertThat(
            decode(
                91,
                EXTENDED_PREAMBLE
                    + " Stmt := 'update \"APP\".\"DOCS\" set \"NAME\" = :NAME where"
                    + " \"ID\" = ''2'' and \"BODY\" IS NULL;';"))
        .isEqualTo(
            new LobPiece.Locator(
                1, false, where(2L, Absent.NOT_LOGGED).toBuilder().set(2, null).build(), true));
  }

  @Test
  void extendedString_writeAppendsAndEndEnds() {
    assertThat(decode(92, "  buf_c := 'it''s long';\n  DBMS_LOB.WRITEAPPEND(TempLob, 9, buf_c);"))
        .isEqualTo(new LobPiece.Write(0, 9, "it's long"));
    assertThat(decode(93, " Execute Immediate Stmt USING TempLob;\nEND;"))
        .isEqualTo(new LobPiece.End());
  }
}
