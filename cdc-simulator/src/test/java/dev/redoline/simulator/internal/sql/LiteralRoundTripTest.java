package dev.redoline.simulator.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Marker;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded property tests: thousands of random values per type are rendered, read back by the
 * independent {@link LiteralParser}, and must equal the original (after the documented
 * normalisations: CHAR padding, the offset of a region zone, a Period's normal form).
 */
class LiteralRoundTripTest {

  private static final int VALUES_PER_TYPE = 3000;
  private static final SqlRedoRenderer.RenderOptions OPTIONS =
      SqlRedoRenderer.RenderOptions.defaults();
  private static final SqlRedoRenderer SQL = new SqlRedoRenderer(OPTIONS);
  private static final List<ZoneId> REGIONS =
      List.of(
          ZoneId.of("Europe/Paris"),
          ZoneId.of("America/St_Johns"),
          ZoneId.of("Asia/Kolkata"),
          ZoneId.of("Australia/Lord_Howe"),
          ZoneId.of("UTC"));

  /** Text with the characters that could break a careless parser. */
  static String randomText(Random r, int maxLength, boolean asciiOnly) {
    String[] pieces = {
      "'",
      "''",
      "||",
      ",",
      " and ",
      "(",
      ")",
      ";",
      "\n",
      "\\",
      "\"",
      " ",
      "NULL",
      "UNISTR('",
      "') || ",
      "\u00e9",
      "\u0412",
      "\u20ac",
      "\ud83d\ude00",
      "\u0000",
      "\t"
    };
    StringBuilder sb = new StringBuilder();
    int length = r.nextInt(maxLength + 1);
    while (sb.length() < length) {
      if (r.nextInt(3) == 0) {
        String p = pieces[r.nextInt(pieces.length)];
        if (!asciiOnly || p.chars().allMatch(c -> c < 0x80)) {
          sb.append(p);
        }
      } else {
        sb.append((char) (0x20 + r.nextInt(0x5f)));
      }
    }
    return sb.toString();
  }

  static BigDecimal randomNumber(Random r) {
    int digits = 1 + r.nextInt(38);
    BigInteger unscaled = new BigInteger(digits * 4, r).mod(BigInteger.TEN.pow(digits));
    BigDecimal v =
        new BigDecimal(r.nextBoolean() ? unscaled : unscaled.negate(), r.nextInt(160) - 80);
    // keep inside NUMBER's range (about 1E-130 to 1E+126)
    return v.signum() != 0 && (v.precision() - v.scale() > 120 || v.precision() - v.scale() < -120)
        ? BigDecimal.ONE
        : v;
  }

  static LocalDateTime randomDateTime(Random r) {
    // Oracle's whole range, 4712 BC (ISO -4711) to 9999: BC years must come back as BC.
    return LocalDateTime.of(
        r.nextInt(14_711) - 4711,
        1 + r.nextInt(12),
        1 + r.nextInt(28),
        r.nextInt(24),
        r.nextInt(60),
        r.nextInt(60),
        r.nextInt(1_000_000_000));
  }

  private static final OracleType CHAR10 = OracleType.sized(Kind.CHAR, 10);
  private static final OracleType NCHAR10 = OracleType.sized(Kind.NCHAR, 10);

  static Stream<Arguments> generators() {
    return Stream.of(
        gen(
            OracleType.number(OracleType.UNSPECIFIED, OracleType.UNSPECIFIED),
            LiteralRoundTripTest::randomNumber),
        gen(OracleType.number(18, 0), Random::nextLong),
        gen(
            OracleType.of(Kind.BINARY_FLOAT),
            r -> r.nextInt(50) == 0 ? Float.NaN : Float.intBitsToFloat(r.nextInt())),
        gen(OracleType.of(Kind.BINARY_DOUBLE), r -> Double.longBitsToDouble(r.nextLong())),
        gen(CHAR10, r -> randomText(r, 10, true)),
        gen(NCHAR10, r -> randomText(r, 6, false)),
        gen(OracleType.sized(Kind.VARCHAR2, 4000), r -> randomText(r, 60, false)),
        gen(OracleType.sized(Kind.NVARCHAR2, 2000), r -> randomText(r, 60, false)),
        gen(OracleType.of(Kind.NCLOB), r -> randomText(r, 2000, false)),
        gen(OracleType.of(Kind.DATE), r -> randomDateTime(r).withNano(0)),
        gen(OracleType.timestamp(Kind.TIMESTAMP, 9), LiteralRoundTripTest::randomDateTime),
        gen(
            OracleType.timestamp(Kind.TIMESTAMP_TZ, 9),
            r ->
                r.nextBoolean()
                    ? OffsetDateTime.of(
                        randomDateTime(r).withYear(1 + r.nextInt(9998)),
                        ZoneOffset.ofTotalSeconds(60 * (r.nextInt(27 * 60) - 12 * 60)))
                    : ZonedDateTime.of(
                        randomDateTime(r).withYear(1980 + r.nextInt(100)),
                        REGIONS.get(r.nextInt(REGIONS.size())))),
        gen(
            OracleType.timestamp(Kind.TIMESTAMP_LTZ, 9),
            r -> randomDateTime(r).withYear(1 + r.nextInt(9998)).toInstant(ZoneOffset.UTC)),
        gen(
            OracleType.parse("INTERVAL YEAR(9) TO MONTH"),
            r -> Period.of(r.nextInt(2_000_001) - 1_000_000, r.nextInt(23) - 11, 0)),
        gen(
            OracleType.parse("INTERVAL DAY(9) TO SECOND(9)"),
            r -> Duration.ofSeconds(r.nextLong() % 86_400_000_000_000L, r.nextInt(1_000_000_000))),
        gen(OracleType.sized(Kind.RAW, 2000), LiteralRoundTripTest::randomBytes),
        gen(OracleType.of(Kind.BLOB), r -> r.nextInt(10) == 0 ? Marker.EMPTY_BLOB : randomBytes(r)),
        gen(OracleType.of(Kind.JSON), r -> r.nextInt(10) == 0 ? Marker.EMPTY_BLOB : randomBytes(r)),
        gen(
            OracleType.of(Kind.CLOB),
            r -> r.nextInt(10) == 0 ? Marker.EMPTY_CLOB : randomText(r, 300, false)));
  }

  static Bytes randomBytes(Random r) {
    byte[] b = new byte[1 + r.nextInt(40)];
    r.nextBytes(b);
    return Bytes.of(b);
  }

  private static Arguments gen(OracleType type, Function<Random, Object> generator) {
    return Arguments.of(type, generator);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("generators")
  void literal_parsesBackToSameValue(OracleType type, Function<Random, Object> generator) {
    Random random = new Random(type.toString().hashCode());
    for (int n = 0; n < VALUES_PER_TYPE; n++) {
      Object value = generator.apply(random);
      String literal = SQL.literal(type, value);
      Object parsed = LiteralParser.parse(type, literal, OPTIONS);
      assertThat(normalized(parsed))
          .as("%s rendered as %s", value, literal)
          .isEqualTo(expected(type, value));
    }
  }

  /** The value a literal stands for, after the documented normalisations. */
  static Object expected(OracleType type, Object value) {
    if (value instanceof String s && s.isEmpty()) {
      return null; // Oracle's empty string is NULL
    }
    if (type.kind() == Kind.CHAR) {
      return LiteralRenderer.padBytes((String) value, type.length());
    }
    if (type.kind() == Kind.NCHAR) {
      return LiteralRenderer.padChars((String) value, type.length());
    }
    return normalized(value);
  }

  private static Object normalized(Object value) {
    if (value instanceof ZonedDateTime z) {
      return z.toOffsetDateTime();
    }
    if (value instanceof Period p) {
      return p.normalized();
    }
    if (value instanceof Long l) {
      return new BigDecimal(l).stripTrailingZeros();
    }
    if (value instanceof BigDecimal d) {
      return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    }
    if (value instanceof Float f) {
      return Float.floatToIntBits(f); // NaN equals NaN, -0.0 differs from 0.0
    }
    if (value instanceof Double d) {
      return Double.doubleToLongBits(d);
    }
    return value;
  }

  private static final TableLayout MIXED =
      TableLayout.builder(TableId.of("s p", "t"), 1)
          .column("ID", OracleType.number(10, 0), false)
          .column("note, and", OracleType.sized(Kind.VARCHAR2, 400), true)
          .column("N", OracleType.sized(Kind.NVARCHAR2, 100), true)
          .column("AT", OracleType.timestamp(Kind.TIMESTAMP_TZ, 6), true)
          .column("R", OracleType.sized(Kind.RAW, 20), true)
          .column("D", OracleType.of(Kind.DATE), true)
          .build();

  private static Object randomSlot(Random r, int column) {
    if (r.nextInt(6) == 0) {
      return null;
    }
    switch (column) {
      case 0:
        return r.nextLong();
      case 1:
        return randomText(r, 80, false);
      case 2:
        return randomText(r, 30, false);
      case 3:
        return OffsetDateTime.of(
            randomDateTime(r).withYear(2000), ZoneOffset.ofHours(r.nextInt(25) - 12));
      case 4:
        return Bytes.of(new byte[] {(byte) r.nextInt(), (byte) r.nextInt()});
      default:
        return randomDateTime(r).withNano(0);
    }
  }

  /** Whole statements read back column by column: values never leak into the syntax around them. */
  @Test
  void statements_parseBackToSameRows() {
    Random r = new Random(7);
    for (int n = 0; n < 1000; n++) {
      Row.Builder row = Row.builder(MIXED.columns().size());
      Row.Builder set = Row.builder(MIXED.columns().size());
      Row.Builder before = Row.builder(MIXED.columns().size());
      for (int i = 0; i < MIXED.columns().size(); i++) {
        row.set(i, randomSlot(r, i));
        set.set(i, r.nextBoolean() ? randomSlot(r, i) : Absent.NOT_LOGGED);
        before.set(i, r.nextBoolean() ? randomSlot(r, i) : Absent.NOT_LOGGED);
      }
      set.set(1, randomSlot(r, 1)); // at least one changed column
      Row after = row.build();
      String insert = SQL.insert(MIXED, after);
      assertThat(normalizedSlots(SqlRedoStatementReader.insert(MIXED, insert, OPTIONS)))
          .as(insert)
          .isEqualTo(expectedSlots(after));
      String rowId = "AAAR32AAHAAAAFfAA" + (char) ('A' + r.nextInt(26));
      String update = SQL.update(MIXED, set.build(), before.build(), rowId);
      SqlRedoStatementReader.Update parsed = SqlRedoStatementReader.update(MIXED, update, OPTIONS);
      assertThat(normalizedSlots(parsed.set())).as(update).isEqualTo(expectedSlots(set.build()));
      assertThat(normalizedSlots(parsed.where()))
          .as(update)
          .isEqualTo(expectedSlots(before.build()));
      assertThat(parsed.rowId()).isEqualTo(rowId);
    }
  }

  private static List<Object> expectedSlots(Row row) {
    List<Object> slots = new java.util.ArrayList<>();
    for (int i = 0; i < row.size(); i++) {
      slots.add(row.isPresent(i) ? expected(MIXED.column(i).type(), row.get(i)) : row.get(i));
    }
    return slots;
  }

  private static List<Object> normalizedSlots(List<Object> parsed) {
    List<Object> slots = new java.util.ArrayList<>();
    for (Object v : parsed) {
      slots.add(normalized(v));
    }
    return slots;
  }
}
