package dev.redoline.simulator.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * CSF continuation pieces of SQL_REDO/SQL_UNDO over 4,000 UTF-8 bytes (docs/logminer.md#columns and
 * item 21 of #what-the-simulator-models).
 */
class SqlRedoCsfTest {

  private static int bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8).length;
  }

  @Test
  void splitCsf_shortTextIsOnePiece() {
    assertThat(SqlRedoRenderer.splitCsf("commit;")).containsExactly("commit;");
    assertThat(SqlRedoRenderer.splitCsf("")).containsExactly("");
    assertThat(SqlRedoCsf.count("")).isEqualTo(1);
    assertThat(SqlRedoCsf.count("b".repeat(4001))).isEqualTo(2);
  }

  @Test
  void splitCsf_exactly4000BytesIsOnePiece() {
    String text = "a".repeat(4000);
    assertThat(SqlRedoRenderer.splitCsf(text)).containsExactly(text);
  }

  @Test
  void splitCsf_4001BytesGives4000And1() {
    String text = "b".repeat(4001);
    assertThat(SqlRedoRenderer.splitCsf(text)).containsExactly("b".repeat(4000), "b");
  }

  @Test
  void splitCsf_countsBytesNotChars() {
    // 2,500 two-byte characters: 5,000 bytes, so 2,000 characters per 4,000-byte piece.
    String text = "\u00e9".repeat(2500);
    List<String> pieces = SqlRedoRenderer.splitCsf(text);
    assertThat(pieces).containsExactly("\u00e9".repeat(2000), "\u00e9".repeat(500));
  }

  @Test
  void splitCsf_threeByteCharacterAtBoundaryMovesToNextPiece() {
    // 3,998 ASCII bytes then a 3-byte character: it would end at byte 4,001, so it starts piece 2.
    String text = "x".repeat(3998) + "\u20ac" + "y";
    List<String> pieces = SqlRedoRenderer.splitCsf(text);
    assertThat(pieces).containsExactly("x".repeat(3998), "\u20ac" + "y");
    assertThat(bytes(pieces.get(0))).isEqualTo(3998);
  }

  @Test
  void splitCsf_surrogatePairStaysWhole() {
    // 3,997 bytes then a 4-byte character: 4,001 bytes, so the pair moves whole to piece 2.
    String text = "x".repeat(3997) + "\ud83d\ude00" + "z";
    List<String> pieces = SqlRedoRenderer.splitCsf(text);
    assertThat(pieces).containsExactly("x".repeat(3997), "\ud83d\ude00z");
    String fits = "x".repeat(3996) + "\ud83d\ude00" + "z";
    assertThat(SqlRedoRenderer.splitCsf(fits))
        .containsExactly("x".repeat(3996) + "\ud83d\ude00", "z");
  }

  @Test
  void splitCsf_cutsInsideALiteral() {
    TableLayout t =
        TableLayout.builder(TableId.of("S", "T"), 1)
            .column("V", OracleType.sized(OracleType.Kind.VARCHAR2, 4000), true)
            .column("W", OracleType.sized(OracleType.Kind.VARCHAR2, 4000), true)
            .build();
    SqlRedoRenderer sql = new SqlRedoRenderer(SqlRedoRenderer.RenderOptions.defaults());
    String redo = sql.insert(t, Row.of("v".repeat(3000), "w".repeat(3000)));
    List<String> pieces = SqlRedoRenderer.splitCsf(redo);
    String prefix = "insert into \"S\".\"T\"(\"V\",\"W\") values ('";
    assertThat(prefix).hasSize(38);
    assertThat(pieces).hasSize(2);
    // 38 + 3000 + 3 ("','") = 3041 bytes, so piece 1 holds 959 'w's: the cut falls inside W's
    // literal.
    assertThat(pieces.get(0)).isEqualTo(prefix + "v".repeat(3000) + "','" + "w".repeat(959));
    assertThat(pieces.get(1)).isEqualTo("w".repeat(2041) + "');");
  }

  @Test
  void splitCsf_randomTexts_piecesFitAndConcatenateBack() {
    Random random = new Random(42);
    int[] widths = {0x41, 0xe9, 0x20ac, 0x1f600};
    for (int n = 0; n < 300; n++) {
      StringBuilder sb = new StringBuilder();
      int length = random.nextInt(12_000);
      for (int i = 0; i < length; i++) {
        sb.appendCodePoint(widths[random.nextInt(widths.length)]);
      }
      String text = sb.toString();
      List<String> pieces = SqlRedoRenderer.splitCsf(text);
      assertThat(String.join("", pieces)).isEqualTo(text);
      assertThat(SqlRedoCsf.count(text))
          .as("pieces counted without making them")
          .isEqualTo(pieces.size());
      for (int i = 0; i < pieces.size(); i++) {
        String piece = pieces.get(i);
        assertThat(bytes(piece)).isLessThanOrEqualTo(4000);
        assertThat(
                Character.isHighSurrogate(piece.isEmpty() ? 'a' : piece.charAt(piece.length() - 1)))
            .isFalse();
        if (i < pieces.size() - 1) {
          // greedy: the next piece's first character did not fit
          int next = pieces.get(i + 1).codePointAt(0);
          assertThat(bytes(piece) + bytes(new String(Character.toChars(next)))).isGreaterThan(4000);
        }
      }
    }
  }

  /**
   * A random text of one to four UTF-8 bytes a character, quotes included, and with {@code
   * loneSurrogates} lone surrogates of both kinds.
   */
  private static String randomText(Random random, int maxChars, boolean loneSurrogates) {
    int[] codePoints = {0x41, 0xe9, 0x20ac, 0x1f600, 0x27, 0xd83d, 0xde00};
    StringBuilder sb = new StringBuilder();
    int length = random.nextInt(maxChars);
    for (int i = 0; i < length; i++) {
      sb.appendCodePoint(codePoints[random.nextInt(codePoints.length - (loneSurrogates ? 0 : 2))]);
    }
    return sb.toString();
  }

  @Test
  void counter_randomTextsInRandomAppends_countsThePiecesSplitCuts() {
    Random random = new Random(7);
    for (int n = 0; n < 120; n++) {
      String text = randomText(random, 12_000, true);
      SqlRedoCsf.Counter counter = new SqlRedoCsf.Counter();
      int at = 0;
      while (at < text.length()) {
        // appends of any length, so that a surrogate pair is often split between two of them
        int end = Math.min(text.length(), at + random.nextInt(7));
        if (end - at == 1 && random.nextBoolean()) {
          counter.append(text.charAt(at));
        } else {
          counter.append(text.substring(at, end));
        }
        at = end;
      }
      assertThat(counter.pieces()).as("text %s", n).isEqualTo(SqlRedoCsf.split(text).size());
      assertThat(counter.pieces()).isEqualTo(SqlRedoCsf.count(text));
      assertThat(counter.bytes()).isEqualTo(bytes(text));
    }
    assertThat(new SqlRedoCsf.Counter().pieces()).isEqualTo(1);
    assertThat(new SqlRedoCsf.Counter().append("x".repeat(3999)).append('\ud83d').pieces())
        .as("a last lone surrogate is one byte, '?'")
        .isEqualTo(1);
    assertThat(new SqlRedoCsf.Counter().append("x".repeat(4000)).append('\ud83d').pieces())
        .isEqualTo(2);
  }

  /**
   * A statement written into a counter has the pieces of the same statement rendered and split: the
   * renderer writes both through the same code, for every statement shape and naming, with values
   * of several bytes a character long enough for several pieces.
   */
  @Test
  void aStatementWrittenIntoACounter_hasThePiecesOfItsRenderedText() {
    TableLayout t =
        TableLayout.builder(TableId.of("S", "T"), 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("V", OracleType.sized(OracleType.Kind.VARCHAR2, 4000), true)
            .column("N", OracleType.sized(OracleType.Kind.NVARCHAR2, 2000), true)
            .column("W", OracleType.sized(OracleType.Kind.VARCHAR2, 4000), true)
            .primaryKey("ID")
            .build();
    SqlRedoRenderer sql = new SqlRedoRenderer(SqlRedoRenderer.RenderOptions.defaults());
    Random random = new Random(11);
    for (int n = 0; n < 16; n++) {
      Row before =
          Row.of((long) n, randomText(random, 3000, false), randomText(random, 2000, false), null);
      Row after =
          Row.of((long) n, randomText(random, 3000, false), null, randomText(random, 3000, false));
      Row set = Row.of(dev.redoline.core.Absent.NOT_LOGGED, after.get(1), null, after.get(3));
      String rowId = "AAAR32AAHAAAAFfAA" + (char) ('A' + n % 26);
      List<SqlSink.Writing> shapes =
          List.of(
              out -> sql.insert(t, after, out),
              out -> sql.update(t, set, before, rowId, out),
              out -> sql.delete(t, before, rowId, out),
              out -> sql.undoInsert(t.table(), rowId, out),
              out -> sql.undoUpdate(t, set, rowId, out),
              out -> sql.undoSqlOfUpdate(t, set, before, rowId, out),
              out -> sql.insertByColumnNumber(t, after, out),
              out -> sql.updateByColumnNumber(t, set, before, rowId, out),
              out -> sql.deleteByColumnNumber(t, before, rowId, out),
              out -> sql.insertWithoutDictionary(45_522, t, after, out),
              out -> sql.updateWithoutDictionary(45_522, t, set, before, rowId, out),
              out -> sql.deleteWithoutDictionary(45_522, t, before, rowId, out));
      for (int shape = 0; shape < shapes.size(); shape++) {
        String text = SqlSink.Text.of(shapes.get(shape));
        SqlRedoCsf.Counter counted = new SqlRedoCsf.Counter();
        shapes.get(shape).to(counted);
        assertThat(counted.pieces())
            .as("row %s, shape %s", n, shape)
            .isEqualTo(SqlRedoRenderer.splitCsf(text).size());
        assertThat(counted.bytes()).isEqualTo(bytes(text));
      }
    }
  }
}
