package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.redoline.core.Absent;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code cdc.columns.mask.hash} and {@code cdc.columns.truncate} at parse time (issue 11, point 6):
 * the shaped value replaces the raw one in every image, and the raw literal is never in a result,
 * an error message or an excerpt.
 */
class ColumnShapingTest {

  private static final String SENTINEL = "SENTINEL-77c1";
  private static final byte[] SALT = "pepper".getBytes(StandardCharsets.UTF_8);

  private static final TableLayout LAYOUT =
      TableLayout.builder(TableId.of("SHOP", "CUSTOMERS"), 1)
          .column("ID", OracleType.number(10, 0), false)
          .column("EMAIL", OracleType.sized(OracleType.Kind.VARCHAR2, 80), true)
          .column("NOTES", OracleType.sized(OracleType.Kind.NVARCHAR2, 200), true)
          .column("PIN", OracleType.number(6, 0), true)
          .column("AGE", OracleType.number(3, 0), true)
          .build();

  private final RedoDecoder decoder =
      RedoDecoder.builder()
          .hashColumns(List.of("SHOP.CUSTOMERS.EMAIL", "SHOP.CUSTOMERS.PIN"), SALT)
          .truncateColumns(List.of("SHOP.*.NOTES:8", "SHOP.CUSTOMERS.AGE:1"))
          .decodeThreads(2)
          .build();

  @AfterEach
  void close() {
    decoder.close();
  }

  private static DecodeInput row(Operation op, String redo) {
    return DecodeInput.of(
        op, redo, LAYOUT, Scn.of(1), RedoAddress.start(1), 0, null, Instant.EPOCH);
  }

  /** SHA-256 of salt then value, computed independently of the decoder. */
  static String expectedHash(String value) throws Exception {
    MessageDigest d = MessageDigest.getInstance("SHA-256");
    d.update(SALT);
    return HexFormat.of().formatHex(d.digest(value.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void decode_insert_hashesAndTruncatesCharacterColumnsAndExcludesAHashedNumber() throws Exception {
    Change c =
        decoder.decode(
            row(
                Operation.INSERT,
                "insert into \"SHOP\".\"CUSTOMERS\"(\"ID\",\"EMAIL\",\"NOTES\",\"PIN\",\"AGE\") values "
                    + "('1','ann@example.com','a long note of "
                    + SENTINEL
                    + "','1234','42');"));
    assertThat(c.after())
        .isEqualTo(Row.of(1L, expectedHash("ann@example.com"), "a long n", Absent.EXCLUDED, 42L));
    assertThat(expectedHash("ann@example.com")).hasSize(64).matches("[0-9a-f]+");
  }

  @Test
  void decode_updateAndDelete_shapeBothImagesAndKeepNulls() throws Exception {
    Change u =
        decoder.decode(
            row(
                Operation.UPDATE,
                "update \"SHOP\".\"CUSTOMERS\" set \"EMAIL\" = 'new@example.com', \"NOTES\" = NULL where \"ID\" = '1' and "
                    + "\"EMAIL\" = 'old@example.com' and \"NOTES\" = '"
                    + SENTINEL
                    + "';"));
    assertThat(u.before().get(1)).isEqualTo(expectedHash("old@example.com"));
    assertThat(u.before().get(2)).isEqualTo("SENTINEL");
    assertThat(u.after().get(1)).isEqualTo(expectedHash("new@example.com"));
    assertThat(u.after().get(2)).isNull();
    Change d =
        decoder.decode(
            row(
                Operation.DELETE,
                "delete from \"SHOP\".\"CUSTOMERS\" where \"ID\" = '1' and \"EMAIL\" IS NULL;"));
    assertThat(d.before().get(1)).isNull();
  }

  @Test
  void decode_truncation_countsCodePointsAndNeverSplitsASurrogatePair() {
    String text = "\uD83D\uDE00\uD83D\uDE00abcdefgh"; // two emoji then letters
    Change c =
        decoder.decode(
            row(
                Operation.INSERT,
                "insert into \"SHOP\".\"CUSTOMERS\"(\"ID\",\"NOTES\") values ('1','"
                    + text
                    + "');"));
    assertThat(c.after().get(2)).isEqualTo("\uD83D\uDE00\uD83D\uDE00abcdef");
  }

  @Test
  void decodeAll_parallel_theRawValueIsInNoResult() {
    List<DecodeInput> rows = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      rows.add(
          row(
              Operation.INSERT,
              "insert into \"SHOP\".\"CUSTOMERS\"(\"ID\",\"EMAIL\",\"PIN\") values ('"
                  + i
                  + "','"
                  + SENTINEL
                  + "','"
                  + (100 + i)
                  + "');"));
    }
    List<DecodeResult> results = decoder.decodeAll(rows);
    assertThat(results).hasSize(300).allMatch(DecodeResult::isChange);
    for (DecodeResult r : results) {
      assertThat(r.change().toString() + r.change().after()).doesNotContain("SENTINEL");
      assertThat(r.change().after().get(3)).isEqualTo(Absent.EXCLUDED);
    }
  }

  @Test
  void decode_errorAfterAHashedValue_excerptBlanksIt() {
    DecodeException e =
        catchThrowableOfType(
            DecodeException.class,
            () ->
                decoder.decode(
                    row(
                        Operation.INSERT,
                        "insert into \"SHOP\".\"CUSTOMERS\"(\"ID\",\"EMAIL\",\"AGE\") values ('1','"
                            + SENTINEL
                            + "','old');")));
    assertThat(e.column()).isEqualTo("AGE");
    assertThat(e.excerpt()).contains("'1',***,'old'");
    assertThat(e.getMessage() + e.excerpt()).doesNotContain("SENTINEL");
  }

  @Test
  void decode_badLiteralOfAShapedColumn_showsNoneOfIt() {
    DecodeException e =
        catchThrowableOfType(
            DecodeException.class,
            () ->
                decoder.decode(
                    row(
                        Operation.INSERT,
                        "insert into \"SHOP\".\"CUSTOMERS\"(\"ID\",\"NOTES\") values ('1',UNISTR('"
                            + SENTINEL
                            + "\\q'));")));
    assertThat(e.column()).isEqualTo("NOTES");
    assertThat(e.getMessage() + e.excerpt()).doesNotContain("SENTINEL");
    assertThat(e.excerpt()).endsWith("values ('1',");
  }

  @Test
  void builder_badTruncationRule_isRefusedQuotingIt() {
    IllegalArgumentException e =
        catchThrowableOfType(
            IllegalArgumentException.class,
            () -> RedoDecoder.builder().truncateColumns(List.of("SHOP.T.C")));
    assertThat(e).hasMessage("Not a truncation rule: 'SHOP.T.C' (expected PATTERN:N, N >= 1)");
  }
}
