package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The proofs of issue 4: an excluded value never reaches anything the decoder returns or throws.
 */
class ExclusionProofTest {

  private static final String SENTINEL = "SENTINEL-4f2a";
  private static final String SENTINEL_HEX = hex(SENTINEL);

  private static final TableLayout LAYOUT =
      TableLayout.builder(TableId.of("HR", "EMP"), 3)
          .column("ID", OracleType.number(10, 0), false)
          .column("SECRET", OracleType.sized(OracleType.Kind.VARCHAR2, 40), true)
          .column("BLOB_SECRET", OracleType.sized(OracleType.Kind.RAW, 40), true)
          .column("N_SECRET", OracleType.sized(OracleType.Kind.NVARCHAR2, 40), true)
          .column("AGE", OracleType.number(3, 0), true)
          .build();

  private final RedoDecoder decoder =
      RedoDecoder.builder()
          .excludeColumns(List.of("HR.EMP.SECRET", "HR.EMP.*_SECRET"))
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

  @Test
  void decode_malformedLiteralInExcludedColumn_decodesFine() {
    Change c =
        decoder.decode(
            row(
                Operation.INSERT,
                "insert into \"HR\".\"EMP\"(\"ID\",\"SECRET\",\"BLOB_SECRET\",\"N_SECRET\",\"AGE\") values "
                    + "('1',TO_DATE('not a date', 'nonsense'),HEXTORAW('zz9'),UNISTR('\\q'),'40');"));
    assertThat(c.after())
        .isEqualTo(Row.of(1L, Absent.EXCLUDED, Absent.EXCLUDED, Absent.EXCLUDED, 40L));
  }

  @Test
  void decode_excludedSentinel_isAbsentFromEveryReturnedObject() {
    List<String> texts =
        List.of(
            "insert into \"HR\".\"EMP\"(\"ID\",\"SECRET\",\"BLOB_SECRET\",\"N_SECRET\",\"AGE\") values ('1','"
                + SENTINEL
                + "',HEXTORAW('"
                + SENTINEL_HEX
                + "'),UNISTR('"
                + SENTINEL
                + "') || '"
                + SENTINEL
                + "','2');",
            "update \"HR\".\"EMP\" set \"SECRET\" = '"
                + SENTINEL
                + "', \"AGE\" = '3' where \"ID\" = '1' and \"SECRET\" = '"
                + SENTINEL
                + "x' and \"BLOB_SECRET\" = HEXTORAW('"
                + SENTINEL_HEX
                + "') and ROWID = 'AAAR32AAHAAAAFbAAA';",
            "delete from \"HR\".\"EMP\" where \"ID\" = '1' and \"N_SECRET\" = '"
                + SENTINEL
                + "' and \"SECRET\" IS NULL;");
    List<DecodeInput> rows = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      String text = texts.get(i % 3);
      rows.add(
          row(
              text.startsWith("insert")
                  ? Operation.INSERT
                  : text.startsWith("update") ? Operation.UPDATE : Operation.DELETE,
              text));
    }
    List<DecodeResult> results = decoder.decodeAll(rows); // 300 rows: the parallel path
    assertThat(results).hasSize(300).allMatch(DecodeResult::isChange);
    for (DecodeResult r : results) {
      assertNoSentinel(r.change());
    }
  }

  @Test
  void decode_errorAfterExcludedValue_excerptBlanksIt() {
    DecodeException e =
        catchThrowableOfType(
            DecodeException.class,
            () ->
                decoder.decode(
                    row(
                        Operation.INSERT,
                        "insert into \"HR\".\"EMP\"(\"ID\",\"SECRET\",\"AGE\") values ('1','"
                            + SENTINEL
                            + "','old');")));
    assertThat(e.code()).isEqualTo("CDC-3002");
    assertThat(e.column()).isEqualTo("AGE");
    assertThat(e.excerpt()).contains("'1',***,'old'");
    assertNoSentinel(e);
  }

  @Test
  void decode_errorBeforeExcludedValue_excerptStopsBeforeIt() {
    DecodeException e =
        catchThrowableOfType(
            DecodeException.class,
            () ->
                decoder.decode(
                    row(
                        Operation.INSERT,
                        "insert into \"HR\".\"EMP\"(\"ID\",\"SECRET\") values ('x','"
                            + SENTINEL
                            + "');")));
    assertThat(e.column()).isEqualTo("ID");
    assertThat(e.excerpt()).endsWith("values ('x'");
    assertNoSentinel(e);
  }

  @Test
  void decode_unknownColumnBeforeValues_excerptHasNoValues() {
    DecodeException e =
        catchThrowableOfType(
            DecodeException.class,
            () ->
                decoder.decode(
                    row(
                        Operation.INSERT,
                        "insert into \"HR\".\"EMP\"(\"ID\",\"GONE\",\"SECRET\") values ('1','2','"
                            + SENTINEL
                            + "');")));
    assertThat(e.code()).isEqualTo("CDC-3003");
    assertThat(e.excerpt()).endsWith("\"GONE\"");
    assertNoSentinel(e);
  }

  @Test
  void decode_unterminatedExcludedLiteral_errorShowsNoneOfIt() {
    DecodeException e =
        catchThrowableOfType(
            DecodeException.class,
            () ->
                decoder.decode(
                    row(
                        Operation.UPDATE,
                        "update \"HR\".\"EMP\" set \"AGE\" = '1' where \"SECRET\" = '"
                            + SENTINEL
                            + " and ROWID = AAA;")));
    assertThat(e.code()).isEqualTo("CDC-3001");
    assertThat(e.excerpt()).endsWith("\"SECRET\" = ");
    assertNoSentinel(e);
  }

  @Test
  void decode_misquotedExcludedLiteral_isAnUnescapedQuoteShowingNoneOfIt() {
    // the quote before AAA cannot end a literal (a letter follows): CDC-3005, excerpt cut before
    // the value
    DecodeException e =
        catchThrowableOfType(
            DecodeException.class,
            () ->
                decoder.decode(
                    row(
                        Operation.UPDATE,
                        "update \"HR\".\"EMP\" set \"AGE\" = '1' where \"SECRET\" = '"
                            + SENTINEL
                            + " and ROWID = 'AAA';")));
    assertThat(e.code()).isEqualTo("CDC-3005");
    assertThat(e.excerpt()).endsWith("\"SECRET\" = ");
    assertNoSentinel(e);
  }

  @Test
  void decode_syntaxErrorInLaterValue_doesNotShowExcludedValueAhead() {
    DecodeException e =
        catchThrowableOfType(
            DecodeException.class,
            () ->
                decoder.decode(
                    row(
                        Operation.INSERT,
                        "insert into \"HR\".\"EMP\"(\"AGE\",\"SECRET\") values (FOO('1'),'"
                            + SENTINEL
                            + "');")));
    assertThat(e.code()).isEqualTo("CDC-3001");
    assertNoSentinel(e);
  }

  private static void assertNoSentinel(Change c) {
    StringBuilder all = new StringBuilder(c.toString());
    for (Row row : new Row[] {c.before(), c.after()}) {
      if (row == null) {
        continue;
      }
      for (int i = 0; i < row.size(); i++) {
        Object v = row.get(i);
        all.append('|').append(v instanceof Bytes b ? b.toHex() : String.valueOf(v));
      }
    }
    assertThat(all.toString())
        .doesNotContain(SENTINEL)
        .doesNotContain(SENTINEL_HEX)
        .doesNotContain("SENTINEL");
  }

  private static void assertNoSentinel(DecodeException e) {
    assertThat(e.getMessage()).doesNotContain("SENTINEL");
    assertThat(e.detail()).doesNotContain("SENTINEL");
    assertThat(String.valueOf(e.excerpt())).doesNotContain("SENTINEL");
  }

  private static String hex(String s) {
    StringBuilder sb = new StringBuilder();
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
      sb.append(String.format("%02x", b));
    }
    return sb.toString();
  }
}
