package dev.redoline.simulator.internal.sql;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.internal.oracle.RedoRecord;
import dev.redoline.simulator.internal.oracle.Settings;
import dev.redoline.simulator.internal.oracle.SimLob;

/**
 * SQL_REDO of the LOB records (docs/logminer.md#lob-xml-and-extended-string-rows), one PL/SQL
 * fragment per record:
 *
 * <pre>
 * SEL_LOB_LOCATOR  DECLARE
 *                   loc_c CLOB;
 *                   buf_c VARCHAR2(6174);
 *                   ... (loc_b BLOB, buf_b RAW, loc_nc NCLOB, buf_nc NVARCHAR2)
 *                  BEGIN
 *                   select "BODY" into loc_c from "SHOP"."DOCUMENTS" where "ID" = '7' and "NAME" = 'a' for update;
 * LOB_WRITE         buf_c := 'chunk'; dbms_lob.write(loc_c, 5, 1, buf_c);
 * LOB_WRITE         buf_b := HEXTORAW('0e0f'); dbms_lob.write(loc_b, 2, 4097, buf_b);
 * LOB_TRIM          dbms_lob.trim(loc_c, 120);
 * LOB_ERASE         dbms_lob.erase(loc_c, 10, 1);
 * XML DOC BEGIN    XML DOC BEGIN:  select "DOC" from "S"."T" where "ID" = '1'   (binary XML; an UPDATE for text)
 * XML DOC WRITE    XML_REDO := HEXTORAW('3c612f3e'):4                          (quoted text for text storage)
 * XML DOC END      XML DOC END
 * 32K_BEGIN        DECLARE ... Stmt := 'update "S"."T" a set a."TXT" = :TXT where a."ID" = ''1'';';
 * 32K_WRITE          buf_c := '..'; DBMS_LOB.WRITEAPPEND(TempLob, 3000, buf_c);
 * 32K_END           Execute Immediate Stmt USING TempLob; END;
 * </pre>
 *
 * The buffer of an NCLOB write is national text ({@code UNISTR} when it is not ASCII); amounts and
 * offsets count characters (UTF-16 units) or bytes. A fragment longer than 4,000 bytes continues on
 * CSF rows like any SQL_REDO. The TRIM and ERASE forms are inferred from the DBMS_LOB signatures
 * that Debezium's LOB tests call, as the write form is seen in its parser.
 */
public final class LobRedoText {

  /** The declarations every SEL_LOB_LOCATOR row opens with, whatever the column's type. */
  static final String PREAMBLE =
      "DECLARE \n loc_c CLOB; \n buf_c VARCHAR2(6174); \n loc_b BLOB; \n"
          + " buf_b RAW(6174); \n loc_nc NCLOB; \n buf_nc NVARCHAR2(6174); \nBEGIN\n";

  /** The declarations of an extended string's 32K begin row (Debezium's tests). */
  static final String EXTENDED_PREAMBLE =
      "DECLARE\n TempLob CLOB;\n buf_c   VARCHAR2(32767);\n Stmt    CLOB;\nBEGIN\n"
          + " DBMS_LOB.CreateTemporary(TempLob, FALSE);\n";

  private final SqlRedoRenderer renderer;
  private final boolean xmlText;
  private final boolean xmlUnterminatedHex;

  public LobRedoText(SqlRedoRenderer renderer, Settings settings) {
    this.renderer = renderer;
    this.xmlText = settings.xmlTextStorage();
    this.xmlUnterminatedHex = settings.xmlUnterminatedHex();
  }

  public String text(RedoRecord r, TableLayout layout) {
    SimLob.Op op = r.lob();
    OracleType type = layout.column(op.column()).type();
    String suffix = suffix(type);
    return switch (r.kind()) {
      case SEL_LOB_LOCATOR ->
          PREAMBLE + renderer.lobLocatorSelect(layout, op.column(), "loc_" + suffix, r.before());
      case LOB_WRITE ->
          " buf_"
              + suffix
              + " := "
              + buffer(type, op.data())
              + "; \n  dbms_lob.write(loc_"
              + suffix
              + ", "
              + op.amount()
              + ", "
              + op.offset()
              + ", buf_"
              + suffix
              + ");";
      case LOB_TRIM -> " dbms_lob.trim(loc_" + suffix + ", " + op.amount() + ");";
      case LOB_ERASE ->
          " dbms_lob.erase(loc_" + suffix + ", " + op.amount() + ", " + op.offset() + ");";
      case XML_BEGIN -> renderer.xmlBegin(layout, op.column(), r.before(), xmlText);
      case XML_WRITE -> xmlWrite((String) op.data());
      case XML_END -> "XML DOC END";
      case EXTENDED_BEGIN ->
          EXTENDED_PREAMBLE
              + " Stmt := "
              + LiteralRenderer.quoted(renderer.extendedStatement(layout, op.column(), r.before()))
              + ";";
      case EXTENDED_WRITE ->
          "  buf_c := "
              + renderer.literal(type, op.data())
              + ";\n  DBMS_LOB.WRITEAPPEND(TempLob, "
              + op.amount()
              + ", buf_c);";
      case EXTENDED_END -> " Execute Immediate Stmt USING TempLob;\nEND;";
      default -> throw new IllegalArgumentException("not a LOB record: " + r.kind());
    };
  }

  /**
   * {@code XML_REDO := '<text>':<length>} (text storage) or {@code XML_REDO := HEXTORAW('<UTF-8
   * hex>'):<bytes>} (binary XML); with {@link Settings#xmlUnterminatedHex}, a HEXTORAW long enough
   * to be split over CSF rows loses its closing quote and parenthesis.
   */
  private String xmlWrite(String chunk) {
    if (xmlText) {
      return "XML_REDO := " + LiteralRenderer.quoted(chunk) + ":" + chunk.length();
    }
    byte[] utf8 = chunk.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    String hex = dev.redoline.core.Bytes.of(utf8).toHex();
    String text = "XML_REDO := HEXTORAW('" + hex + "'):" + utf8.length;
    if (xmlUnterminatedHex && text.length() > SqlRedoCsf.PIECE_BYTES) {
      text = "XML_REDO := HEXTORAW('" + hex + ":" + utf8.length;
    }
    return text;
  }

  private static String suffix(OracleType type) {
    return switch (type.kind()) {
      case BLOB, JSON -> "b";
      case NCLOB -> "nc";
      default -> "c";
    };
  }

  private String buffer(OracleType type, Object data) {
    return switch (type.kind()) {
      case BLOB, JSON ->
          LiteralRenderer.hexToRaw(data instanceof SimLob.Piece p ? p.bytes() : (Bytes) data);
      case NCLOB -> renderer.literal(OracleType.sized(OracleType.Kind.NVARCHAR2, 2000), data);
      default -> LiteralRenderer.quoted((String) data);
    };
  }
}
