package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Absent;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The hot-path shortcuts (exact keyword case, a column list in layout order, date-times in the
 * exact session form, one scanner reused row after row) give the same values and errors as the
 * tolerant paths they bypass.
 */
class FastPathEquivalenceTest {

  private static final TableLayout LAYOUT =
      TableLayout.builder(new TableId("PDB1", "S", "T"), 1)
          .column("ID", OracleType.number(10, 0), false)
          .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 20), true)
          .column("D", OracleType.parse("DATE"), true)
          .column("TS", OracleType.parse("TIMESTAMP(6)"), true)
          .column("TZ", OracleType.parse("TIMESTAMP(6) WITH TIME ZONE"), true)
          .build();
  private static final TableLayout NARROW =
      TableLayout.builder(new TableId("PDB1", "S", "U"), 1)
          .column("ID", OracleType.number(10, 0), false)
          .build();

  private static DecodeInput row(Operation op, String sql, TableLayout layout) {
    return DecodeInput.of(op, sql, layout, Scn.of(1), RedoAddress.start(1), 0, null, Instant.EPOCH);
  }

  private static Change decode(Operation op, String sql) {
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      return decoder.decode(row(op, sql, LAYOUT));
    }
  }

  private static Row insertDateTimes(String date, String timestamp, String zoned) {
    return decode(
            Operation.INSERT,
            "insert into \"S\".\"T\"(\"ID\",\"D\",\"TS\",\"TZ\") values ('1',TO_DATE('"
                + date
                + "', 'YYYY-MM-DD HH24:MI:SS'),TO_TIMESTAMP('"
                + timestamp
                + "'),TO_TIMESTAMP_TZ('"
                + zoned
                + "'));")
        .after();
  }

  @Test
  void dateTimes_sessionFormAndTolerantForms_giveTheSameValues() {
    Row exact =
        insertDateTimes(
            "2024-02-14 10:36:02", "2024-02-14 10:36:02.5", "2024-02-14 10:36:02.202590000 +01:00");
    Row tolerant =
        insertDateTimes(
            " 2024-02-14T10:36:02 ",
            "2024-2-14 10:36:02.500000000 ",
            "2024-02-14 10:36:2.20259 +01:00");
    assertThat(exact).isEqualTo(tolerant);
    assertThat(exact.get(2)).isEqualTo(LocalDateTime.of(2024, 2, 14, 10, 36, 2));
    assertThat(exact.get(3)).isEqualTo(LocalDateTime.of(2024, 2, 14, 10, 36, 2, 500_000_000));
    assertThat(exact.get(4))
        .isEqualTo(OffsetDateTime.of(2024, 2, 14, 10, 36, 2, 202_590_000, ZoneOffset.ofHours(1)));
  }

  @Test
  void dateTimes_sessionFormEdges_trailingDotNineDigitsAndYearZero() {
    Row row =
        insertDateTimes(
            "0000-01-01 00:00:00", "2020-02-01 00:00:00.", "2024-02-14 10:36:02.123456789+05:30");
    assertThat(row.get(2)).isEqualTo(LocalDateTime.of(0, 1, 1, 0, 0));
    assertThat(row.get(3)).isEqualTo(LocalDateTime.of(2020, 2, 1, 0, 0));
    assertThat(row.get(4))
        .isEqualTo(
            OffsetDateTime.of(
                2024, 2, 14, 10, 36, 2, 123_456_789, ZoneOffset.ofHoursMinutes(5, 30)));
  }

  @Test
  void dateTimes_sessionFormOutOfRange_isValueNotConvertibleNamingTheField() {
    assertThatThrownBy(
            () ->
                insertDateTimes(
                    "2024-13-01 00:00:00", "2024-01-01 00:00:00", "2024-01-01 00:00:00 +00:00"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining(
            "'2024-13-01 00:00:00' is not a valid DATE (Invalid value for MonthOfYear")
        .extracting(e -> ((DecodeException) e).errorCode())
        .isEqualTo(ErrorCode.VALUE_NOT_CONVERTIBLE);
  }

  @Test
  void zoned_threeSecondDigits_isNotCutShortByTheFixedForm() {
    Row row =
        insertDateTimes(
            "2024-01-01 00:00:00", "2024-01-01 00:00:00", "2024-02-14 10:36:005 +01:00");
    assertThat(row.get(4))
        .isEqualTo(OffsetDateTime.of(2024, 2, 14, 10, 36, 5, 0, ZoneOffset.ofHours(1)));
  }

  @Test
  void insert_keywordsAndFunctionsInAnyCase_decodeLikeLogMinersCase() {
    Change upper =
        decode(
            Operation.INSERT,
            "INSERT INTO \"S\".\"T\"(\"ID\",\"D\") VALUES ('1',to_date('2024-02-14 10:36:02', 'yyyy-mm-dd hh24:mi:ss'));");
    Change lower =
        decode(
            Operation.INSERT,
            "insert into \"S\".\"T\"(\"ID\",\"D\") values ('1',TO_DATE('2024-02-14 10:36:02', 'YYYY-MM-DD HH24:MI:SS'));");
    assertThat(upper.after()).isEqualTo(lower.after());
    assertThat(upper.after().get(2)).isEqualTo(LocalDateTime.of(2024, 2, 14, 10, 36, 2));
  }

  @Test
  void insert_fullListInLayoutOrderAndSpacedList_giveTheSameImage() {
    String values = " values ('7','n',NULL,NULL,NULL);";
    Change exact =
        decode(
            Operation.INSERT,
            "insert into \"S\".\"T\"(\"ID\",\"NAME\",\"D\",\"TS\",\"TZ\")" + values);
    Change spaced =
        decode(
            Operation.INSERT,
            "insert into \"S\".\"T\"( \"ID\", \"NAME\",\"D\" ,\"TS\",\"TZ\")" + values);
    assertThat(exact.after())
        .isEqualTo(spaced.after())
        .isEqualTo(Row.of(7L, "n", null, null, null));
  }

  @Test
  void insert_listWithAnExtraColumnAfterTheLayoutOrder_isUnknownColumn() {
    assertThatThrownBy(
            () ->
                decode(
                    Operation.INSERT,
                    "insert into \"S\".\"T\"(\"ID\",\"NAME\",\"D\",\"TS\",\"TZ\",\"X\") values ('7','n',NULL,NULL,NULL,'x');"))
        .isInstanceOf(DecodeException.class)
        .extracting(e -> ((DecodeException) e).errorCode())
        .isEqualTo(ErrorCode.UNKNOWN_TABLE_OR_COLUMN);
  }

  @Test
  void decodeAll_reusedScanner_leaksNothingBetweenRowsOrLayouts() {
    List<DecodeInput> rows =
        List.of(
            row(
                Operation.INSERT,
                "insert into \"S\".\"T\"(\"ID\",\"NAME\",\"D\",\"TS\",\"TZ\") values ('1','a',NULL,NULL,NULL);",
                LAYOUT),
            row(Operation.INSERT, "insert into \"S\".\"U\"(\"ID\") values ('2');", NARROW),
            row(Operation.INSERT, "insert into \"S\".\"T\"(\"ID\") values ('x');", LAYOUT),
            row(
                Operation.UPDATE,
                "update \"S\".\"T\" set \"NAME\" = 'b', \"NAME\" = 'c' where \"ID\" = '3';",
                LAYOUT),
            row(Operation.DELETE, "delete from \"S\".\"T\" where \"ID\" = '4';", LAYOUT));
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      List<DecodeResult> results = decoder.decodeAll(rows);
      Absent gone = Absent.NOT_LOGGED;
      assertThat(results.get(0).change().after()).isEqualTo(Row.of(1L, "a", null, null, null));
      assertThat(results.get(1).change().after()).isEqualTo(Row.of(2L));
      assertThat(results.get(2).error().errorCode()).isEqualTo(ErrorCode.VALUE_NOT_CONVERTIBLE);
      assertThat(results.get(3).change().before()).isEqualTo(Row.of(3L, gone, gone, gone, gone));
      assertThat(results.get(3).change().after()).isEqualTo(Row.of(3L, "c", gone, gone, gone));
      assertThat(results.get(4).change().before()).isEqualTo(Row.of(4L, gone, gone, gone, gone));
    }
  }

  @Test
  void insert_expectedNameWithoutOpeningQuote_isMalformedNotMatched() {
    assertThatThrownBy(
            () ->
                decode(
                    Operation.INSERT, "insert into \"S\".\"T\"(\"ID\",XNAME\") values ('1','a');"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("Expected a double-quoted name but found 'X'")
        .extracting(e -> ((DecodeException) e).errorCode())
        .isEqualTo(ErrorCode.MALFORMED_REDO_SQL);
  }

  @Test
  void where_expectedNameFollowedByDoubledQuote_takesTheGeneralMatch() {
    assertThatThrownBy(
            () ->
                decode(
                    Operation.DELETE,
                    "delete from \"S\".\"T\" where \"ID\" = '1' and \"NAME\"\"\" = 'a';"))
        .isInstanceOf(DecodeException.class)
        .hasMessageContaining("Column \"NAME\"\"\" is not a column of")
        .extracting(e -> ((DecodeException) e).errorCode())
        .isEqualTo(ErrorCode.UNKNOWN_TABLE_OR_COLUMN);
  }
}
