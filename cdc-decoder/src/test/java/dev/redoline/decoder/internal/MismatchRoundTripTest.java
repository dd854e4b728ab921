package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

/**
 * Property test: random values of every type, encoded by {@link TestRawEncoder} into a Dictionary
 * Mismatch INSERT and DELETE, decode back to the same values.
 */
class MismatchRoundTripTest {

  private static final int ROWS = 400;
  private static final TableLayout LAYOUT =
      TableLayout.builder(TableId.of("S", "ALL_TYPES"), 3)
          .column("I", OracleType.number(18, 0), true)
          .column("D2", OracleType.number(12, 2), true)
          .column("ANY", OracleType.number(OracleType.UNSPECIFIED, OracleType.UNSPECIFIED), true)
          .column("F", OracleType.parse("FLOAT(126)"), true)
          .column("BF", OracleType.of(Kind.BINARY_FLOAT), true)
          .column("BD", OracleType.of(Kind.BINARY_DOUBLE), true)
          .column("V", OracleType.sized(Kind.VARCHAR2, 4000), true)
          .column("NV", OracleType.sized(Kind.NVARCHAR2, 2000), true)
          .column("CL", OracleType.of(Kind.CLOB), true)
          .column("DT", OracleType.of(Kind.DATE), true)
          .column("TS", OracleType.timestamp(Kind.TIMESTAMP, 9), true)
          .column("TZ", OracleType.timestamp(Kind.TIMESTAMP_TZ, 9), true)
          .column("LTZ", OracleType.timestamp(Kind.TIMESTAMP_LTZ, 9), true)
          .column("YM", OracleType.parse("INTERVAL YEAR(9) TO MONTH"), true)
          .column("DS", OracleType.parse("INTERVAL DAY(9) TO SECOND(9)"), true)
          .column("R", OracleType.sized(Kind.RAW, 2000), true)
          .column("BL", OracleType.of(Kind.BLOB), true)
          .build();

  @Test
  void decode_randomValuesOfEveryType_roundTripThroughRawBytes() {
    Random random = new Random(20240214L);
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      for (int n = 0; n < ROWS; n++) {
        Object[] values = new Object[LAYOUT.columns().size()];
        for (int i = 0; i < values.length; i++) {
          values[i] = random.nextInt(12) == 0 ? null : randomValue(LAYOUT.column(i).type(), random);
        }
        Row expected = Row.of(values);
        Change insert = decoder.decode(row(Operation.INSERT, insertText(values)));
        assertThat(insert.after()).as("row %s: %s", n, insertText(values)).isEqualTo(expected);
        Change delete = decoder.decode(row(Operation.DELETE, deleteText(values)));
        assertThat(delete.before()).as("row %s", n).isEqualTo(expected);
      }
    }
  }

  private static DecodeInput row(Operation op, String text) {
    return DecodeInput.of(
        op,
        text,
        LAYOUT,
        Scn.of(7),
        RedoAddress.parseRsId(1, " 0x000007.00018a2d.009c "),
        0,
        null,
        Instant.EPOCH,
        2,
        "Dictionary Mismatch");
  }

  private static String insertText(Object[] values) {
    StringJoiner columns = new StringJoiner(",");
    StringJoiner literals = new StringJoiner(",");
    for (int i = 0; i < values.length; i++) {
      columns.add("\"COL " + LAYOUT.column(i).position() + "\"");
      literals.add(TestRawEncoder.literal(LAYOUT.column(i).type(), values[i]));
    }
    return "insert into \"UNKNOWN\".\"OBJ# 73200\"(" + columns + ") values (" + literals + ");";
  }

  private static String deleteText(Object[] values) {
    List<String> conditions = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      String name = "\"COL " + LAYOUT.column(i).position() + "\"";
      conditions.add(
          values[i] == null
              ? name + " IS NULL"
              : name + " = " + TestRawEncoder.literal(LAYOUT.column(i).type(), values[i]));
    }
    return "delete from \"UNKNOWN\".\"OBJ# 73200\" where "
        + String.join(" and ", conditions)
        + " and ROWID = 'AAAR32AAHAAAAFbAAA';";
  }

  /** A random value of the decoder's Java type for {@code type}, in the form it decodes to. */
  private static Object randomValue(OracleType type, Random r) {
    switch (type.kind()) {
      case NUMBER:
        if (type.isWholeNumber()) {
          return r.nextLong() % 1_000_000_000_000_000_000L;
        }
        if (type.scale() == 2) {
          return BigDecimal.valueOf(r.nextLong() % 1_000_000_000_000L, 2);
        }
        return decimal(r);
      case FLOAT:
        return decimal(r);
      case BINARY_FLOAT:
        return r.nextInt(10) == 0 ? Float.NEGATIVE_INFINITY : Float.intBitsToFloat(r.nextInt());
      case BINARY_DOUBLE:
        return r.nextInt(10) == 0 ? -0.0d : Double.longBitsToDouble(r.nextLong());
      case VARCHAR2:
      case NVARCHAR2:
      case CLOB:
        return text(r);
      case DATE:
        return dateTime(r).withNano(0);
      case TIMESTAMP:
        return r.nextBoolean() ? dateTime(r).withNano(0) : dateTime(r);
      case TIMESTAMP_TZ:
        return dateTime(r)
            .plusYears(1)
            .atOffset(ZoneOffset.ofTotalSeconds((r.nextInt(26 * 60 + 1) - 12 * 60) * 60));
      case TIMESTAMP_LTZ:
        return dateTime(r).toInstant(ZoneOffset.UTC);
      case INTERVAL_YM:
        return Period.ofMonths(r.nextInt(2_000_001) - 1_000_000).normalized();
      case INTERVAL_DS:
        return Duration.ofSeconds(r.nextLong() % 100_000_000_000L, r.nextInt(1_000_000_000));
      default:
        byte[] bytes = new byte[1 + r.nextInt(40)];
        r.nextBytes(bytes);
        return Bytes.of(bytes);
    }
  }

  /** Up to 38 significant digits at any NUMBER scale, in the decoder's normal form. */
  private static BigDecimal decimal(Random r) {
    BigInteger unscaled = new BigInteger(1 + r.nextInt(126), r);
    if (unscaled.bitLength() > 126) {
      unscaled = unscaled.shiftRight(1);
    }
    BigDecimal value =
        new BigDecimal(r.nextBoolean() ? unscaled.negate() : unscaled, r.nextInt(60) - 20);
    value = value.round(new java.math.MathContext(38)).stripTrailingZeros();
    return value.scale() < 0 ? value.setScale(0) : value;
  }

  private static LocalDateTime dateTime(Random r) {
    return LocalDateTime.of(
        r.nextInt(10_000),
        1 + r.nextInt(12),
        1 + r.nextInt(28),
        r.nextInt(24),
        r.nextInt(60),
        r.nextInt(60),
        r.nextInt(1_000_000_000));
  }

  private static String text(Random r) {
    StringBuilder sb = new StringBuilder();
    int n = 1 + r.nextInt(30);
    for (int i = 0; i < n; i++) {
      switch (r.nextInt(4)) {
        case 0 -> sb.append((char) ('a' + r.nextInt(26)));
        case 1 -> sb.append("'\" ,()|");
        case 2 -> sb.append((char) (0xA0 + r.nextInt(0x2000)));
        default -> sb.appendCodePoint(0x1F600 + r.nextInt(64));
      }
    }
    return sb.toString();
  }
}
