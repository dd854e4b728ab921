package dev.redoline.simulator.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Absent;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
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
 * Literals of every type of docs/logminer.md#literals under session NLS settings other than
 * Redoline's own (requirement 20): Oracle's defaults for territory AMERICA, and territory GERMANY
 * (decimal comma, 24-hour clock, session time zone Europe/Berlin). Expected texts are hand-written
 * from Oracle's format rules; the AMERICA DATE and TIMESTAMP cases are the examples of
 * docs/logminer.md#literals.
 */
class SqlRedoNlsGoldenTest {

  /** Oracle's defaults for NLS_TERRITORY=GERMANY, with the session in Berlin. */
  static final SessionNls GERMANY =
      new SessionNls(
          "DD.MM.RR",
          "DD.MM.RR HH24:MI:SSXFF",
          "DD.MM.RR HH24:MI:SSXFF TZR",
          ",.",
          "Europe/Berlin");

  private static final SqlRedoRenderer AMERICA =
      new SqlRedoRenderer(
          SqlRedoRenderer.RenderOptions.defaults().withNls(SessionNls.ORACLE_DEFAULTS));
  private static final SqlRedoRenderer EUROPE =
      new SqlRedoRenderer(SqlRedoRenderer.RenderOptions.defaults().withNls(GERMANY));

  private static final Absent NL = Absent.NOT_LOGGED;
  private static final OracleType NUMBER =
      OracleType.number(OracleType.UNSPECIFIED, OracleType.UNSPECIFIED);
  private static final OracleType DATE = OracleType.of(Kind.DATE);
  private static final OracleType TS = OracleType.of(Kind.TIMESTAMP);
  private static final OracleType TS3 = OracleType.timestamp(Kind.TIMESTAMP, 3);
  private static final OracleType TS9 = OracleType.timestamp(Kind.TIMESTAMP, 9);
  private static final OracleType TSTZ = OracleType.timestamp(Kind.TIMESTAMP_TZ, 6);
  private static final OracleType LTZ = OracleType.timestamp(Kind.TIMESTAMP_LTZ, 6);

  private static final LocalDateTime MIDNIGHT = LocalDateTime.of(2020, 2, 1, 0, 0);
  private static final LocalDateTime LATE = LocalDateTime.of(2019, 12, 31, 23, 59, 58, 123_456_789);
  private static final LocalDateTime NOON = LocalDateTime.of(2019, 7, 4, 12, 30, 0, 1);
  private static final OffsetDateTime OFFSET =
      OffsetDateTime.of(2024, 2, 14, 10, 58, 2, 202_590_000, ZoneOffset.ofHours(1));
  private static final ZonedDateTime PARIS =
      ZonedDateTime.of(2024, 7, 1, 12, 0, 0, 0, ZoneId.of("Europe/Paris"));
  private static final Instant WINTER = Instant.parse("2024-02-14T09:58:02.5Z");
  private static final Instant SUMMER = Instant.parse("2024-07-01T10:00:00Z");
  private static final Duration DS =
      Duration.ofDays(1).plusHours(2).plusMinutes(3).plusMillis(4_560).negated();

  static Stream<Arguments> oracleDefaults() {
    return Stream.of(
        Arguments.of("number_whole", NUMBER, 7013L, "'7013'"),
        Arguments.of("number_fraction", NUMBER, new BigDecimal("2.50"), "'2.5'"),
        Arguments.of("number_noLeadingZero", NUMBER, new BigDecimal("-0.5"), "'-.5'"),
        Arguments.of("binaryDouble", OracleType.of(Kind.BINARY_DOUBLE), 1234.5d, "'1.2345E+003'"),
        Arguments.of("binaryFloat", OracleType.of(Kind.BINARY_FLOAT), 0.1f, "'1.00000001E-001'"),
        Arguments.of(
            "date_lmExample",
            DATE,
            LocalDateTime.of(2021, 5, 15, 0, 0),
            "TO_DATE('15-MAY-21', 'DD-MON-RR')"),
        Arguments.of(
            "date_timeNotShown",
            DATE,
            LocalDateTime.of(2021, 5, 15, 13, 45, 30),
            "TO_DATE('15-MAY-21', 'DD-MON-RR')"),
        Arguments.of(
            "timestamp_zeroFractionLeftOut", TS, MIDNIGHT, "TO_TIMESTAMP('01-FEB-20 12.00.00 AM')"),
        Arguments.of(
            "timestamp0_noDanglingPoint",
            OracleType.parse("TIMESTAMP(0)"),
            LocalDateTime.of(2025, 6, 15, 10, 30),
            "TO_TIMESTAMP('15-JUN-25 10.30.00 AM')"),
        Arguments.of(
            "timestamp6_smallestFraction",
            TS,
            LocalDateTime.of(2025, 1, 15, 12, 0, 0, 1_000),
            "TO_TIMESTAMP('15-JAN-25 12.00.00.000001 PM')"),
        Arguments.of("timestamp3_pmCut", TS3, LATE, "TO_TIMESTAMP('31-DEC-19 11.59.58.123 PM')"),
        Arguments.of(
            "timestamp9_noon", TS9, NOON, "TO_TIMESTAMP('04-JUL-19 12.30.00.000000001 PM')"),
        Arguments.of(
            "timestampTz_offset",
            TSTZ,
            OFFSET,
            "TO_TIMESTAMP_TZ('14-FEB-24 10.58.02.202590 AM +01:00')"),
        Arguments.of(
            "timestampTz_region",
            TSTZ,
            PARIS,
            "TO_TIMESTAMP_TZ('01-JUL-24 12.00.00.000000 PM EUROPE/PARIS')"),
        Arguments.of(
            "timestampLtz_sessionUtc",
            LTZ,
            WINTER,
            "TO_TIMESTAMP_TZ('14-FEB-24 09.58.02.500000 AM +00:00')"),
        Arguments.of(
            "intervalYm",
            OracleType.parse("INTERVAL YEAR TO MONTH"),
            Period.of(3, 6, 0),
            "TO_YMINTERVAL('+03-06')"),
        Arguments.of(
            "intervalDs",
            OracleType.parse("INTERVAL DAY TO SECOND"),
            DS,
            "TO_DSINTERVAL('-01 02:03:04.560000000')"),
        Arguments.of("varchar2_dotKept", OracleType.sized(Kind.VARCHAR2, 10), "a.b", "'a.b'"));
  }

  static Stream<Arguments> germany() {
    return Stream.of(
        Arguments.of("number_whole", NUMBER, 7013L, "'7013'"),
        Arguments.of("number_decimalComma", NUMBER, new BigDecimal("2.50"), "'2,5'"),
        Arguments.of("number_noLeadingZero", NUMBER, new BigDecimal("-0.5"), "'-,5'"),
        Arguments.of("number_scientific", NUMBER, BigDecimal.TEN.pow(70), "'1,0E+70'"),
        Arguments.of("float", OracleType.parse("FLOAT(126)"), new BigDecimal("0.125"), "',125'"),
        Arguments.of("binaryDouble", OracleType.of(Kind.BINARY_DOUBLE), 1234.5d, "'1,2345E+003'"),
        Arguments.of("binaryFloat", OracleType.of(Kind.BINARY_FLOAT), 0.1f, "'1,00000001E-001'"),
        Arguments.of(
            "binaryDouble_nanUnchanged", OracleType.of(Kind.BINARY_DOUBLE), Double.NaN, "'Nan'"),
        Arguments.of(
            "date",
            DATE,
            LocalDateTime.of(2021, 5, 15, 13, 45, 30),
            "TO_DATE('15.05.21', 'DD.MM.RR')"),
        Arguments.of(
            "timestamp_zeroFractionLeftOut", TS, MIDNIGHT, "TO_TIMESTAMP('01.02.20 00:00:00')"),
        Arguments.of(
            "timestamp_radixIsComma",
            TS,
            MIDNIGHT.plusNanos(250_000_000),
            "TO_TIMESTAMP('01.02.20 00:00:00,250000')"),
        Arguments.of("timestamp3", TS3, LATE, "TO_TIMESTAMP('31.12.19 23:59:58,123')"),
        Arguments.of(
            "timestampTz_offset",
            TSTZ,
            OFFSET,
            "TO_TIMESTAMP_TZ('14.02.24 10:58:02,202590 +01:00')"),
        Arguments.of(
            "timestampTz_region",
            TSTZ,
            PARIS,
            "TO_TIMESTAMP_TZ('01.07.24 12:00:00,000000 EUROPE/PARIS')"),
        Arguments.of(
            "timestampLtz_berlinWinter",
            LTZ,
            WINTER,
            "TO_TIMESTAMP_TZ('14.02.24 10:58:02,500000 EUROPE/BERLIN')"),
        Arguments.of(
            "timestampLtz_berlinSummer",
            LTZ,
            SUMMER,
            "TO_TIMESTAMP_TZ('01.07.24 12:00:00,000000 EUROPE/BERLIN')"),
        Arguments.of(
            "intervalYm",
            OracleType.parse("INTERVAL YEAR TO MONTH"),
            Period.of(-3, -6, 0),
            "TO_YMINTERVAL('-03-06')"),
        Arguments.of(
            "intervalDs_pointKept",
            OracleType.parse("INTERVAL DAY TO SECOND"),
            DS,
            "TO_DSINTERVAL('-01 02:03:04.560000000')"),
        Arguments.of("char_padded", OracleType.sized(Kind.CHAR, 4), "1.5", "'1.5 '"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("oracleDefaults")
  void literal_underOracleDefaults_matchesGolden(
      String name, OracleType type, Object value, String expected) {
    assertThat(AMERICA.literal(type, value)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("germany")
  void literal_underGermanTerritory_matchesGolden(
      String name, OracleType type, Object value, String expected) {
    assertThat(EUROPE.literal(type, value)).isEqualTo(expected);
  }

  @Test
  void literal_ltzKnobOff_showsSessionLocalTimeWithTimestampMask() {
    SqlRedoRenderer r =
        new SqlRedoRenderer(
            SqlRedoRenderer.RenderOptions.defaults().withLtzAsTimestampTz(false).withNls(GERMANY));
    assertThat(r.literal(LTZ, SUMMER)).isEqualTo("TO_TIMESTAMP('01.07.24 12:00:00')");
  }

  @Test
  void literal_offsetSessionZone_shiftsLocalTimeZoneValues() {
    SqlRedoRenderer r =
        new SqlRedoRenderer(
            SqlRedoRenderer.RenderOptions.defaults()
                .withNls(SessionNls.GATEWAY.withTimeZone("-05:30")));
    assertThat(r.literal(LTZ, WINTER))
        .isEqualTo("TO_TIMESTAMP_TZ(' 2024-02-14 04:28:02.500000000 -05:30')");
  }

  @Test
  void literal_quotedTextInDateMask_isCopiedAndMaskRepeated() {
    SqlRedoRenderer r =
        new SqlRedoRenderer(
            SqlRedoRenderer.RenderOptions.defaults()
                .withNls(SessionNls.GATEWAY.withDateFormat("YYYY-MM-DD\"T\"HH24:MI:SS")));
    assertThat(r.literal(DATE, LocalDateTime.of(2021, 5, 15, 13, 45, 30)))
        .isEqualTo("TO_DATE('2021-05-15T13:45:30', 'YYYY-MM-DD\"T\"HH24:MI:SS')");
  }

  @Test
  void literal_singleQuoteInMask_isDoubledInsideTheSqlLiteral() {
    SqlRedoRenderer r =
        new SqlRedoRenderer(
            SqlRedoRenderer.RenderOptions.defaults()
                .withNls(SessionNls.GATEWAY.withDateFormat("DD \"o'clock\" HH24")));
    assertThat(r.literal(DATE, LocalDateTime.of(2021, 5, 15, 9, 0)))
        .isEqualTo("TO_DATE('15 o''clock 09', 'DD \"o''clock\" HH24')");
  }

  @Test
  void insert_underGermanTerritory_matchesGolden() {
    TableLayout orders =
        TableLayout.builder(TableId.of("INVENTORY", "ORDERS"), 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("QTY", NUMBER, true)
            .column("PLACED", DATE, true)
            .column("SHIPPED", TS, true)
            .build();
    Row row =
        Row.of(
            1L,
            new BigDecimal("2.50"),
            LocalDateTime.of(2024, 5, 6, 7, 8, 9),
            LocalDateTime.of(2024, 5, 7, 18, 0, 0, 250_000_000));
    assertThat(EUROPE.insert(orders, row))
        .isEqualTo(
            "insert into \"INVENTORY\".\"ORDERS\"(\"ID\",\"QTY\",\"PLACED\","
                + "\"SHIPPED\") values ('1','2,5',TO_DATE('06.05.24', 'DD.MM.RR'),TO_TIMESTAMP('07.05.24 18:00:00,250000'));");
    assertThat(
            EUROPE.update(
                orders, Row.of(NL, new BigDecimal("3"), NL, NL), row, "AAAR32AAHAAAAFfAAA"))
        .isEqualTo(
            "update \"INVENTORY\".\"ORDERS\" set \"QTY\" = '3' where \"ID\" = '1' and \"QTY\" = '2,5' and "
                + "\"PLACED\" = TO_DATE('06.05.24', 'DD.MM.RR') and \"SHIPPED\" = TO_TIMESTAMP('07.05.24 18:00:00,250000') "
                + "and ROWID = 'AAAR32AAHAAAAFfAAA';");
  }

  @Test
  void defaults_renderExactlyAsRedolinesOwnSettings() {
    SqlRedoRenderer gateway = new SqlRedoRenderer(SqlRedoRenderer.RenderOptions.defaults());
    assertThat(SqlRedoRenderer.RenderOptions.defaults().nls()).isEqualTo(SessionNls.GATEWAY);
    assertThat(gateway.literal(TS, MIDNIGHT))
        .isEqualTo("TO_TIMESTAMP(' 2020-02-01 00:00:00.000000000')");
    assertThat(gateway.literal(NUMBER, new BigDecimal("2.5"))).isEqualTo("'2.5'");
  }
}
