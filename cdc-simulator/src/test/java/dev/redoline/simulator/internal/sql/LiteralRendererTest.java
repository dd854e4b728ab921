package dev.redoline.simulator.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Marker;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Literal forms of docs/logminer.md#literals, each compared with a hand-written expected string.
 */
class LiteralRendererTest {

  private static final SqlRedoRenderer RENDERER =
      new SqlRedoRenderer(SqlRedoRenderer.RenderOptions.defaults());

  private static final OracleType NUMBER =
      OracleType.number(OracleType.UNSPECIFIED, OracleType.UNSPECIFIED);
  private static final OracleType VARCHAR2 = OracleType.sized(Kind.VARCHAR2, 4000);
  private static final OracleType NVARCHAR2 = OracleType.sized(Kind.NVARCHAR2, 2000);
  private static final OracleType DATE = OracleType.of(Kind.DATE);
  private static final OracleType TS = OracleType.timestamp(Kind.TIMESTAMP, 6);
  private static final OracleType TSTZ = OracleType.timestamp(Kind.TIMESTAMP_TZ, 6);
  private static final OracleType LTZ = OracleType.timestamp(Kind.TIMESTAMP_LTZ, 6);

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("null", VARCHAR2, null, "NULL"),
        Arguments.of("number_cfltValue", NUMBER, 7013L, "'7013'"),
        Arguments.of("number_zero", NUMBER, 0L, "'0'"),
        Arguments.of("number_negativeLong", NUMBER, -540L, "'-540'"),
        Arguments.of("number_longMin", NUMBER, Long.MIN_VALUE, "'-9223372036854775808'"),
        Arguments.of("number_noLeadingZero", NUMBER, new BigDecimal("0.5"), "'.5'"),
        Arguments.of("number_negativeNoLeadingZero", NUMBER, new BigDecimal("-0.5"), "'-.5'"),
        Arguments.of("number_trailingZerosDropped", NUMBER, new BigDecimal("12.3400"), "'12.34'"),
        Arguments.of("number_zeroWithScale", NUMBER, new BigDecimal("0.000"), "'0'"),
        Arguments.of("number_positiveExponentPlain", NUMBER, new BigDecimal("1E+3"), "'1000'"),
        Arguments.of("number_huge", NUMBER, new BigDecimal("1E+70"), "'1.0E+70'"),
        Arguments.of(
            "number_hugeWithDigits", NUMBER, new BigDecimal("-1.2345E+70"), "'-1.2345E+70'"),
        Arguments.of("number_tiny", NUMBER, new BigDecimal("2.5E-100"), "'2.5E-100'"),
        Arguments.of(
            "number_64CharsStaysPlain",
            NUMBER,
            BigDecimal.TEN.pow(63),
            "'1" + "0".repeat(63) + "'"),
        Arguments.of("number_65CharsScientific", NUMBER, BigDecimal.TEN.pow(64), "'1.0E+64'"),
        Arguments.of("number_smallFractionPlain", NUMBER, new BigDecimal("0.000123"), "'.000123'"),
        Arguments.of(
            "float_isNumber", OracleType.parse("FLOAT(126)"), new BigDecimal("3.25"), "'3.25'"),
        Arguments.of("binaryFloat", OracleType.of(Kind.BINARY_FLOAT), 1.2345f, "'1.23450005E+000'"),
        Arguments.of(
            "binaryFloat_nineDigits", OracleType.of(Kind.BINARY_FLOAT), 3.14f, "'3.1400001E+000'"),
        Arguments.of(
            "binaryDouble_seventeenDigits",
            OracleType.of(Kind.BINARY_DOUBLE),
            3.14,
            "'3.1400000000000001E+000'"),
        Arguments.of(
            "binaryFloat_large", OracleType.of(Kind.BINARY_FLOAT), 1234.5f, "'1.2345E+003'"),
        Arguments.of(
            "binaryFloat_max",
            OracleType.of(Kind.BINARY_FLOAT),
            Float.MAX_VALUE,
            "'3.40282347E+038'"),
        Arguments.of(
            "binaryDouble_small", OracleType.of(Kind.BINARY_DOUBLE), -0.00125, "'-1.25E-003'"),
        Arguments.of("binaryDouble_one", OracleType.of(Kind.BINARY_DOUBLE), 1.0, "'1.0E+000'"),
        Arguments.of("binaryDouble_zero", OracleType.of(Kind.BINARY_DOUBLE), 0.0, "'0'"),
        Arguments.of("binaryDouble_negativeZero", OracleType.of(Kind.BINARY_DOUBLE), -0.0, "'-0'"),
        Arguments.of(
            "binaryDouble_minSubnormal",
            OracleType.of(Kind.BINARY_DOUBLE),
            Double.MIN_VALUE,
            "'4.9406564584124654E-324'"),
        Arguments.of("binaryDouble_nan", OracleType.of(Kind.BINARY_DOUBLE), Double.NaN, "'Nan'"),
        Arguments.of(
            "binaryFloat_infinity",
            OracleType.of(Kind.BINARY_FLOAT),
            Float.POSITIVE_INFINITY,
            "'Inf'"),
        Arguments.of(
            "binaryDouble_negativeInfinity",
            OracleType.of(Kind.BINARY_DOUBLE),
            Double.NEGATIVE_INFINITY,
            "'-Inf'"),
        Arguments.of(
            "char_padded",
            OracleType.sized(Kind.CHAR, 20),
            "1033263000011",
            "'1033263000011       '"),
        Arguments.of("char_singleBlank", OracleType.sized(Kind.CHAR, 1), " ", "' '"),
        Arguments.of("char_paddedByBytes", OracleType.sized(Kind.CHAR, 4), "\u00e9", "'\u00e9  '"),
        Arguments.of("char_quoteCountsOnce", OracleType.sized(Kind.CHAR, 3), "'", "'''  '"),
        Arguments.of(
            "nchar_paddedByChars", OracleType.sized(Kind.NCHAR, 3), "\u00e9", "UNISTR('\\00E9  ')"),
        Arguments.of("nchar_asciiPadded", OracleType.sized(Kind.NCHAR, 3), "a", "'a  '"),
        Arguments.of("varchar2_plain", VARCHAR2, "text", "'text'"),
        Arguments.of("varchar2_quotesDoubled", VARCHAR2, "Bob's dog", "'Bob''s dog'"),
        Arguments.of("varchar2_quotedWord", VARCHAR2, "I love 'Debezium'", "'I love ''Debezium'''"),
        Arguments.of("varchar2_concatOperator", VARCHAR2, "I||am", "'I||am'"),
        Arguments.of("varchar2_commaAndParens", VARCHAR2, "a,b) values (", "'a,b) values ('"),
        Arguments.of("varchar2_andKeyword", VARCHAR2, "x' and \"C\" = 'y", "'x'' and \"C\" = ''y'"),
        Arguments.of("varchar2_newlines", VARCHAR2, "line1\nline2\r\n", "'line1\nline2\r\n'"),
        Arguments.of(
            "varchar2_nonAsciiLiteral",
            VARCHAR2,
            "caf\u00e9 \u0412\u044b \ud83d\ude00",
            "'caf\u00e9 \u0412\u044b \ud83d\ude00'"),
        Arguments.of("varchar2_backslashLiteral", VARCHAR2, "a\\b", "'a\\b'"),
        Arguments.of("varchar2_emptyIsNull", VARCHAR2, "", "NULL"),
        Arguments.of("nvarchar2_ascii", NVARCHAR2, "plain", "'plain'"),
        Arguments.of("nvarchar2_cyrillic", NVARCHAR2, "\u0412\u044b", "UNISTR('\\0412\\044B')"),
        Arguments.of("nvarchar2_mixed", NVARCHAR2, "caf\u00e9's", "UNISTR('caf\\00E9''s')"),
        Arguments.of(
            "nvarchar2_surrogatePair", NVARCHAR2, "\ud83d\ude00", "UNISTR('\\D83D\\DE00')"),
        Arguments.of("nvarchar2_backslashEscaped", NVARCHAR2, "\\\u00e9", "UNISTR('\\005C\\00E9')"),
        Arguments.of("nclob_national", OracleType.of(Kind.NCLOB), "\u00fc", "UNISTR('\\00FC')"),
        Arguments.of(
            "date",
            DATE,
            LocalDateTime.of(2020, 2, 1, 0, 0),
            "TO_DATE(' 2020-02-01 00:00:00', 'SYYYY-MM-DD HH24:MI:SS')"),
        Arguments.of(
            "date_fractionCut",
            DATE,
            LocalDateTime.of(1999, 12, 31, 23, 59, 58, 999_999_999),
            "TO_DATE(' 1999-12-31 23:59:58', 'SYYYY-MM-DD HH24:MI:SS')"),
        Arguments.of(
            "date_yearZero",
            DATE,
            LocalDateTime.of(0, 1, 2, 3, 4, 5),
            "TO_DATE(' 0000-01-02 03:04:05', 'SYYYY-MM-DD HH24:MI:SS')"),
        Arguments.of(
            "timestamp_nineDigits",
            TS,
            LocalDateTime.of(2019, 2, 1, 0, 0),
            "TO_TIMESTAMP(' 2019-02-01 00:00:00.000000000')"),
        Arguments.of(
            "timestamp_nanos",
            TS,
            LocalDateTime.of(2019, 2, 1, 13, 5, 9, 123_000_000),
            "TO_TIMESTAMP(' 2019-02-01 13:05:09.123000000')"),
        Arguments.of(
            "timestamp_yearZero",
            TS,
            LocalDateTime.of(0, 1, 2, 0, 0, 0, 1),
            "TO_TIMESTAMP(' 0000-01-02 00:00:00.000000001')"),
        Arguments.of(
            "timestampTz_offset",
            TSTZ,
            OffsetDateTime.of(2024, 2, 14, 10, 58, 2, 202_590_000, ZoneOffset.ofHours(1)),
            "TO_TIMESTAMP_TZ(' 2024-02-14 10:58:02.202590000 +01:00')"),
        Arguments.of(
            "timestampTz_negativeHalfHour",
            TSTZ,
            OffsetDateTime.of(2024, 2, 14, 10, 58, 2, 0, ZoneOffset.ofHoursMinutes(-3, -30)),
            "TO_TIMESTAMP_TZ(' 2024-02-14 10:58:02.000000000 -03:30')"),
        Arguments.of(
            "timestampTz_regionPrintsOffsetInForce",
            TSTZ,
            ZonedDateTime.of(2024, 7, 1, 12, 0, 0, 0, ZoneId.of("Europe/Paris")),
            "TO_TIMESTAMP_TZ(' 2024-07-01 12:00:00.000000000 +02:00')"),
        Arguments.of(
            "timestampTz_utc",
            TSTZ,
            OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC),
            "TO_TIMESTAMP_TZ(' 2024-01-01 00:00:00.000000000 +00:00')"),
        Arguments.of(
            "timestampLtz_inUtc",
            LTZ,
            Instant.parse("2024-02-14T09:58:02.5Z"),
            "TO_TIMESTAMP_TZ(' 2024-02-14 09:58:02.500000000 +00:00')"),
        Arguments.of(
            "intervalYm_negative",
            OracleType.parse("INTERVAL YEAR TO MONTH"),
            Period.of(-3, -6, 0),
            "TO_YMINTERVAL('-03-06')"),
        Arguments.of(
            "intervalYm_positiveNormalized",
            OracleType.parse("INTERVAL YEAR TO MONTH"),
            Period.ofMonths(42),
            "TO_YMINTERVAL('+03-06')"),
        Arguments.of(
            "intervalYm_precision4",
            OracleType.parse("INTERVAL YEAR(4) TO MONTH"),
            Period.ofYears(12),
            "TO_YMINTERVAL('+0012-00')"),
        Arguments.of(
            "intervalDs_negative",
            OracleType.parse("INTERVAL DAY(3) TO SECOND(2)"),
            Duration.ofDays(1).plusHours(2).plusMinutes(3).plusSeconds(4).plusMillis(560).negated(),
            "TO_DSINTERVAL('-001 02:03:04.560000000')"),
        Arguments.of(
            "intervalDs_defaultPrecision",
            OracleType.parse("INTERVAL DAY TO SECOND"),
            Duration.ofSeconds(59, 1),
            "TO_DSINTERVAL('+00 00:00:59.000000001')"),
        Arguments.of(
            "raw_lowerCase", OracleType.sized(Kind.RAW, 16), Bytes.fromHex("0E"), "HEXTORAW('0e')"),
        Arguments.of(
            "raw_emptyIsNull", OracleType.sized(Kind.RAW, 16), Bytes.of(new byte[0]), "NULL"),
        Arguments.of(
            "blob_inline",
            OracleType.of(Kind.BLOB),
            Bytes.fromHex("deadBEEF"),
            "HEXTORAW('deadbeef')"),
        Arguments.of(
            "longRaw", OracleType.of(Kind.LONG_RAW), Bytes.fromHex("00ff"), "HEXTORAW('00ff')"),
        Arguments.of("clob_inline", OracleType.of(Kind.CLOB), "X", "'X'"),
        Arguments.of("clob_empty", OracleType.of(Kind.CLOB), Marker.EMPTY_CLOB, "EMPTY_CLOB()"),
        Arguments.of("nclob_empty", OracleType.of(Kind.NCLOB), Marker.EMPTY_CLOB, "EMPTY_CLOB()"),
        Arguments.of("blob_empty", OracleType.of(Kind.BLOB), Marker.EMPTY_BLOB, "EMPTY_BLOB()"),
        Arguments.of(
            "json_bytes",
            OracleType.of(Kind.JSON),
            Bytes.fromHex("ff4a5a01"),
            "/* JSON */ HEXTORAW('ff4a5a01')"),
        Arguments.of(
            "json_empty", OracleType.of(Kind.JSON), Marker.EMPTY_BLOB, "/* JSON */ EMPTY_BLOB()"),
        Arguments.of("long_text", OracleType.of(Kind.LONG), "long text", "'long text'"),
        Arguments.of(
            "rowidColumn", OracleType.of(Kind.ROWID), "AAAR32AAHAAAAFbAAA", "'AAAR32AAHAAAAFbAAA'"),
        Arguments.of("unsupportedMarker", VARCHAR2, Marker.UNSUPPORTED_TYPE, "Unsupported Type"),
        Arguments.of(
            "unsupportedColumnType",
            OracleType.parse("SDO_GEOMETRY"),
            "anything",
            "Unsupported Type"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void literal_matchesHandWrittenForm(String name, OracleType type, Object value, String expected) {
    assertThat(RENDERER.literal(type, value)).isEqualTo(expected);
  }

  @Test
  void literal_nanAndInfinitySpellingsAreKnobs() {
    SqlRedoRenderer r =
        new SqlRedoRenderer(new SqlRedoRenderer.RenderOptions(false, false, "NaN", "INF"));
    OracleType type = OracleType.of(Kind.BINARY_FLOAT);
    assertThat(r.literal(type, Float.NaN)).isEqualTo("'NaN'");
    assertThat(r.literal(type, Float.NEGATIVE_INFINITY)).isEqualTo("'-INF'");
  }

  @Test
  void literal_ltzKnobGivesTimestampForm() {
    SqlRedoRenderer r =
        new SqlRedoRenderer(SqlRedoRenderer.RenderOptions.defaults().withLtzAsTimestampTz(false));
    assertThat(r.literal(LTZ, Instant.parse("2000-01-01T00:00:00Z")))
        .isEqualTo("TO_TIMESTAMP(' 2000-01-01 00:00:00.000000000')");
  }

  @Test
  void literal_numberFixedLimitIsKnob() {
    SqlRedoRenderer r =
        new SqlRedoRenderer(SqlRedoRenderer.RenderOptions.defaults().withNumberFixedMaxChars(5));
    assertThat(r.literal(NUMBER, 12345L)).isEqualTo("'12345'");
    assertThat(r.literal(NUMBER, 123456L)).isEqualTo("'1.23456E+05'");
    assertThat(r.literal(NUMBER, new BigDecimal("0.00001"))).isEqualTo("'1.0E-05'");
  }

  @Test
  void literal_longNationalValueChainsUnistrCalls() {
    SqlRedoRenderer r =
        new SqlRedoRenderer(SqlRedoRenderer.RenderOptions.defaults().withUnistrChunkUnits(3));
    assertThat(r.literal(NVARCHAR2, "\u0412\u044b\u0431\u0443x"))
        .isEqualTo("UNISTR('\\0412\\044B\\0431') || UNISTR('\\0443x')");
  }

  @Test
  void literal_unistrChainNeverSplitsSurrogatePair() {
    SqlRedoRenderer r =
        new SqlRedoRenderer(SqlRedoRenderer.RenderOptions.defaults().withUnistrChunkUnits(2));
    assertThat(r.literal(NVARCHAR2, "a\ud83d\ude00b"))
        .isEqualTo("UNISTR('a') || UNISTR('\\D83D\\DE00') || UNISTR('b')");
  }

  @Test
  void literal_defaultUnistrChunkIs800Units() {
    String value = "\u00e9".repeat(801);
    assertThat(RENDERER.literal(NVARCHAR2, value))
        .isEqualTo("UNISTR('" + "\\00E9".repeat(800) + "') || UNISTR('\\00E9')");
  }

  @Test
  void literal_absentSlot_isRefused() {
    assertThatThrownBy(() -> RENDERER.literal(VARCHAR2, Absent.NOT_LOGGED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("An absent slot (NOT_LOGGED) has no literal; leave it out of the statement");
  }

  @Test
  void literal_wrongJavaType_namesTypeAndClassButNotValue() {
    assertThatThrownBy(() -> RENDERER.literal(DATE, "secret-2020"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "A DATE column cannot hold a java.lang.String (see the Row javadoc for the value type of each Oracle type)")
        .hasMessageNotContaining("secret");
  }

  @Test
  void literal_markerOfOtherKind_isRefused() {
    assertThatThrownBy(() -> RENDERER.literal(OracleType.of(Kind.BLOB), Marker.EMPTY_CLOB))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("A BLOB column cannot hold a Marker.EMPTY_CLOB");
  }

  @Test
  void literal_xmlType_isRefused() {
    assertThatThrownBy(() -> RENDERER.literal(OracleType.of(Kind.XMLTYPE), "<a/>"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("A XMLTYPE column cannot hold a java.lang.String");
  }

  @Test
  void literal_yearBeforeOraclesFirst_isRefused() {
    assertThatThrownBy(() -> RENDERER.literal(DATE, LocalDateTime.of(-4712, 1, 1, 0, 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Year -4712 cannot be written with the mask SYYYY-MM-DD HH24:MI:SS (Oracle's years are "
                + "4712 BC, ISO -4711, to 9999)");
  }

  @Test
  void literal_bcDate_carriesMinusUnderGatewayMaskAndNoSignUnderYyyy() {
    LocalDateTime idesOfMarch = LocalDateTime.of(-43, 3, 15, 0, 0); // 44 BC
    assertThat(RENDERER.literal(DATE, idesOfMarch))
        .isEqualTo("TO_DATE('-0044-03-15 00:00:00', 'SYYYY-MM-DD HH24:MI:SS')");
    // ISO year -1 is 2 BC; ISO year 0 stays Oracle's year 0 (date_yearZero above).
    assertThat(RENDERER.literal(TS, LocalDateTime.of(-1, 12, 31, 23, 59, 59, 999_999_999)))
        .isEqualTo("TO_TIMESTAMP('-0002-12-31 23:59:59.999999999')");
    SqlRedoRenderer yyyy =
        new SqlRedoRenderer(
            SqlRedoRenderer.RenderOptions.defaults()
                .withNls(SessionNls.GATEWAY.withDateFormat("YYYY-MM-DD HH24:MI:SS")));
    // The loss the SYYYY mask avoids: 44 BC and AD 44 are the same text.
    assertThat(yyyy.literal(DATE, idesOfMarch))
        .isEqualTo("TO_DATE('0044-03-15 00:00:00', 'YYYY-MM-DD HH24:MI:SS')");
    assertThat(yyyy.literal(DATE, LocalDateTime.of(44, 3, 15, 0, 0)))
        .isEqualTo("TO_DATE('0044-03-15 00:00:00', 'YYYY-MM-DD HH24:MI:SS')");
  }

  @Test
  void literal_offsetWithSeconds_isRefused() {
    OffsetDateTime t = OffsetDateTime.of(2020, 1, 1, 0, 0, 0, 0, ZoneOffset.ofTotalSeconds(3601));
    assertThatThrownBy(() -> RENDERER.literal(TSTZ, t))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Offset +01:00:01 has seconds; TZH:TZM cannot show it");
  }

  @Test
  void literal_periodWithDays_isRefused() {
    assertThatThrownBy(
            () -> RENDERER.literal(OracleType.parse("INTERVAL YEAR TO MONTH"), Period.ofDays(3)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("An INTERVAL YEAR TO MONTH value has no days: 3 days given");
  }

  @Test
  void renderOptions_badKnobs_areRefusedWithTheValue() {
    assertThatThrownBy(() -> SqlRedoRenderer.RenderOptions.defaults().withUnistrChunkUnits(1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unistrChunkUnits must be 2 or more (a surrogate pair): 1");
    assertThatThrownBy(() -> new SqlRedoRenderer.RenderOptions(false, false, null, "Inf"))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("binaryNanText == null");
  }
}
