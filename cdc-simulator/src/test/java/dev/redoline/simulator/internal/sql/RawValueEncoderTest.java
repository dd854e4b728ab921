package dev.redoline.simulator.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.time.ZoneOffset;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Oracle's internal encodings shown as HEXTORAW in no-dictionary rows
 * (docs/logminer.md#rows-without-a-dictionary).
 */
class RawValueEncoderTest {

  private static final OracleType NUMBER =
      OracleType.number(OracleType.UNSPECIFIED, OracleType.UNSPECIFIED);

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("number_zero", NUMBER, 0L, "80"),
        Arguments.of("number_one", NUMBER, 1L, "c102"),
        Arguments.of("number_4000", NUMBER, 4000L, "c229"),
        Arguments.of("number_11000", NUMBER, 11000L, "c3020b"),
        Arguments.of("number_94737", NUMBER, 94737L, "c30a3026"),
        Arguments.of("number_100", NUMBER, 100L, "c202"),
        Arguments.of("number_123", NUMBER, 123L, "c20218"),
        Arguments.of("number_half", NUMBER, new BigDecimal("0.5"), "c033"),
        Arguments.of("number_hundredth", NUMBER, new BigDecimal("0.01"), "c002"),
        Arguments.of("number_fraction", NUMBER, new BigDecimal("12.345"), "c10d2333"),
        Arguments.of("number_minusOne", NUMBER, -1L, "3e6466"),
        Arguments.of("number_minus123", NUMBER, -123L, "3d644e66"),
        Arguments.of("number_minusHalf", NUMBER, new BigDecimal("-0.5"), "3f3366"),
        Arguments.of(
            "number_twentyDigitsNegativeHasNoTerminator",
            NUMBER,
            new BigDecimal("-1234567890123456789012345678901234567890"),
            "2b" + "59432d170b".repeat(4)),
        Arguments.of(
            "date",
            OracleType.of(Kind.DATE),
            LocalDateTime.of(2020, 2, 1, 13, 5, 9),
            "787802010e060a"),
        Arguments.of(
            "date_yearZero",
            OracleType.of(Kind.DATE),
            LocalDateTime.of(0, 1, 1, 0, 0),
            "64640101010101"),
        Arguments.of(
            "timestamp",
            OracleType.timestamp(Kind.TIMESTAMP, 9),
            LocalDateTime.of(1999, 12, 31, 23, 59, 59, 1),
            "77c70c1f183c3c" + "00000001"),
        Arguments.of(
            "timestampTz_convertedToUtc",
            OracleType.timestamp(Kind.TIMESTAMP_TZ, 6),
            OffsetDateTime.of(2024, 1, 1, 0, 30, 0, 0, ZoneOffset.ofHoursMinutes(-5, -30)),
            "787c0101070101" + "00000000" + "0f1e"),
        Arguments.of(
            "timestampTz_plusOne",
            OracleType.timestamp(Kind.TIMESTAMP_TZ, 6),
            OffsetDateTime.of(2024, 2, 14, 10, 0, 0, 0, ZoneOffset.ofHours(1)),
            "787c020e0a0101" + "00000000" + "153c"),
        Arguments.of(
            "timestampLtz_utc",
            OracleType.timestamp(Kind.TIMESTAMP_LTZ, 6),
            Instant.parse("2000-01-01T00:00:00Z"),
            "78640101010101" + "00000000"),
        Arguments.of("binaryFloat_one", OracleType.of(Kind.BINARY_FLOAT), 1.0f, "bf800000"),
        Arguments.of("binaryFloat_minusOne", OracleType.of(Kind.BINARY_FLOAT), -1.0f, "407fffff"),
        Arguments.of(
            "binaryDouble_one", OracleType.of(Kind.BINARY_DOUBLE), 1.0, "bff0000000000000"),
        Arguments.of(
            "intervalYm",
            OracleType.parse("INTERVAL YEAR TO MONTH"),
            Period.of(1, 2, 0),
            "800000013e"),
        Arguments.of(
            "intervalDs",
            OracleType.parse("INTERVAL DAY TO SECOND"),
            Duration.ofDays(2).plusHours(3).plusMinutes(4).plusSeconds(5).plusNanos(6),
            "800000023f4041" + "80000006"),
        Arguments.of("varchar2_utf8", OracleType.sized(Kind.VARCHAR2, 10), "\u00e9a", "c3a961"),
        Arguments.of("char_padded", OracleType.sized(Kind.CHAR, 3), "a", "612020"),
        Arguments.of(
            "nvarchar2_utf16",
            OracleType.sized(Kind.NVARCHAR2, 10),
            "a\ud83d\ude00",
            "0061d83dde00"),
        Arguments.of("raw", OracleType.sized(Kind.RAW, 4), Bytes.fromHex("0E"), "0e"),
        Arguments.of(
            "rowid",
            OracleType.of(Kind.ROWID),
            "AAAR32AAHAAAAFbAAA",
            "00011df6" + "01c0015b" + "0000"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void encode_matchesHandComputedBytes(String name, OracleType type, Object value, String hex) {
    assertThat(RawValueEncoder.encode(type, value).toHex()).isEqualTo(hex);
    assertThat(RawValueEncoder.literal(type, value)).isEqualTo("HEXTORAW('" + hex + "')");
  }

  @Test
  void literal_nullsMarkersAndUnsupported() {
    assertThat(RawValueEncoder.literal(NUMBER, null)).isEqualTo("NULL");
    assertThat(RawValueEncoder.literal(OracleType.of(Kind.CLOB), Marker.EMPTY_CLOB))
        .isEqualTo("''");
    assertThat(RawValueEncoder.literal(OracleType.of(Kind.BLOB), Marker.EMPTY_BLOB))
        .isEqualTo("''");
    assertThat(RawValueEncoder.literal(NUMBER, Marker.UNSUPPORTED_TYPE))
        .isEqualTo("Unsupported Type");
    assertThat(RawValueEncoder.literal(OracleType.sized(Kind.VARCHAR2, 5), "")).isEqualTo("NULL");
  }

  @Test
  void encode_numberOutOfRange_isRefused() {
    assertThatThrownBy(() -> RawValueEncoder.encode(NUMBER, new BigDecimal("1E+126")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A NUMBER has a base-100 exponent in -65..62, not 63");
    assertThatThrownBy(
            () ->
                RawValueEncoder.encode(
                    NUMBER, new BigDecimal("1.00000000000000000000000000000000000000001")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("A NUMBER holds at most 20 base-100 digits, not 22");
  }

  @Test
  void encode_badRowId_isRefused() {
    assertThatThrownBy(() -> RawValueEncoder.encode(OracleType.of(Kind.ROWID), "AAA"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("An extended ROWID has 18 characters, not 3");
  }

  /** Decodes NUMBER bytes by the rule of the class Javadoc, independently, for random values. */
  @Test
  void encode_numberDecodesBackForRandomValues() {
    Random random = new Random(20240214);
    for (int n = 0; n < 3000; n++) {
      BigDecimal value = LiteralRoundTripTest.randomNumber(random);
      byte[] b = RawValueEncoder.encode(NUMBER, value).toByteArray();
      assertThat(decodeNumber(b))
          .as("%s -> %s", value, Bytes.of(b).toHex())
          .isEqualByComparingTo(value);
    }
  }

  private static BigDecimal decodeNumber(byte[] b) {
    int first = b[0] & 0xff;
    if (first == 0x80) {
      return BigDecimal.ZERO;
    }
    boolean negative = first < 0x80;
    int e = negative ? 0x3e - first : first - 0xc1;
    int end = negative && (b[b.length - 1] & 0xff) == 0x66 ? b.length - 1 : b.length;
    BigDecimal v = BigDecimal.ZERO;
    for (int i = 1; i < end; i++) {
      int digit = negative ? 101 - (b[i] & 0xff) : (b[i] & 0xff) - 1;
      v = v.add(BigDecimal.valueOf(digit).scaleByPowerOfTen(2 * (e - i + 1)));
    }
    return negative ? v.negate() : v;
  }
}
