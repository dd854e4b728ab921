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
}
