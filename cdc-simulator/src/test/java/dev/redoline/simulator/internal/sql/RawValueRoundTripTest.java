package dev.redoline.simulator.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.decoder.internal.DecodeInput;
import dev.redoline.decoder.internal.RedoDecoder;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Cross-check of two independent implementations of Oracle's internal byte formats: random values
 * of every type are written as Dictionary Mismatch rows by the simulator ({@link RawValueEncoder}
 * through {@link SqlRedoRenderer}'s {@code *WithoutDictionary} methods) and read back by the
 * decoder ({@link RedoDecoder}); the values must be the same. It lives in the simulator's package
 * because the encoder and renderer are package-private.
 */
class RawValueRoundTripTest {

  private static final int ROWS = 300;
  private static final TableLayout LAYOUT =
      TableLayout.builder(TableId.of("SHOP", "ALL_TYPES"), 1)
          .column("I", OracleType.number(18, 0), true)
          .column("D2", OracleType.number(12, 2), true)
          .column("ANY", OracleType.number(OracleType.UNSPECIFIED, OracleType.UNSPECIFIED), true)
          .column("F", OracleType.parse("FLOAT(126)"), true)
          .column("BF", OracleType.of(Kind.BINARY_FLOAT), true)
          .column("BD", OracleType.of(Kind.BINARY_DOUBLE), true)
          .column("C", OracleType.sized(Kind.CHAR, 12), true)
          .column("NC", OracleType.sized(Kind.NCHAR, 6), true)
          .column("V", OracleType.sized(Kind.VARCHAR2, 4000), true)
          .column("NV", OracleType.sized(Kind.NVARCHAR2, 2000), true)
          .column("CL", OracleType.of(Kind.CLOB), true)
          .column("NCL", OracleType.of(Kind.NCLOB), true)
          .column("LG", OracleType.of(Kind.LONG), true)
          .column("DT", OracleType.of(Kind.DATE), true)
          .column("TS", OracleType.timestamp(Kind.TIMESTAMP, 9), true)
          .column("TZ", OracleType.timestamp(Kind.TIMESTAMP_TZ, 9), true)
          .column("LTZ", OracleType.timestamp(Kind.TIMESTAMP_LTZ, 9), true)
          .column("YM", OracleType.parse("INTERVAL YEAR(9) TO MONTH"), true)
          .column("DS", OracleType.parse("INTERVAL DAY(9) TO SECOND(9)"), true)
          .column("R", OracleType.sized(Kind.RAW, 2000), true)
          .column("BL", OracleType.of(Kind.BLOB), true)
          .column("LR", OracleType.of(Kind.LONG_RAW), true)
          .column("RID", OracleType.of(Kind.ROWID), true)
          .build();
  private static final SqlRedoRenderer SQL =
      new SqlRedoRenderer(SqlRedoRenderer.RenderOptions.defaults());
  private static final String ROWID = "AAAR+oAAFAAAARfACG";

  @Test
  void decoder_readsEverySimulatorEncodedValueBack() {
    Random random = new Random(73200L);
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      for (int n = 0; n < ROWS; n++) {
        Row values = randomRow(random);
        String insert = SQL.insertWithoutDictionary(73200, LAYOUT, values);
        assertThat(decoder.decode(row(Operation.INSERT, insert)).after())
            .as(insert)
            .isEqualTo(values);
        String delete = SQL.deleteWithoutDictionary(73200, LAYOUT, values, ROWID);
        Change deleted = decoder.decode(row(Operation.DELETE, delete));
        assertThat(deleted.before()).as(delete).isEqualTo(values);
        assertThat(deleted.rowId()).isEqualTo(ROWID);
      }
    }
  }

  @Test
  void decoder_readsSimulatorMismatchUpdate_setOverWhere() {
    Random random = new Random(45522L);
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      for (int n = 0; n < ROWS / 3; n++) {
        Row before = randomRow(random);
        Row newValues = randomRow(random);
        Object[] set = new Object[LAYOUT.columns().size()];
        Object[] after = new Object[set.length];
        for (int i = 0; i < set.length; i++) {
          boolean changed = random.nextInt(3) == 0;
          set[i] = changed ? newValues.get(i) : Absent.NOT_LOGGED;
          after[i] = changed ? newValues.get(i) : before.get(i);
        }
        String update = SQL.updateWithoutDictionary(73200, LAYOUT, Row.of(set), before, ROWID);
        Change c = decoder.decode(row(Operation.UPDATE, update));
        assertThat(c.before()).as(update).isEqualTo(before);
        assertThat(c.after()).as(update).isEqualTo(Row.of(after));
      }
    }
  }

  @Test
  void decoder_readsSimulatorEmptyLobsAndUnsupportedMarkers() {
    Object[] values = new Object[LAYOUT.columns().size()];
    values[LAYOUT.indexOf("CL")] = Marker.EMPTY_CLOB;
    values[LAYOUT.indexOf("BL")] = Marker.EMPTY_BLOB;
    values[LAYOUT.indexOf("R")] = Marker.UNSUPPORTED_TYPE;
    Row row = Row.of(values);
    String insert = SQL.insertWithoutDictionary(9, LAYOUT, row);
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      assertThat(decoder.decode(row(Operation.INSERT, insert)).after()).as(insert).isEqualTo(row);
    }
  }

  private static DecodeInput row(Operation op, String text) {
    return DecodeInput.of(
        op,
        text,
        LAYOUT,
        Scn.of(100),
        RedoAddress.parseRsId(1, " 0x000007.00018a2d.009c "),
        0,
        null,
        Instant.EPOCH,
        2,
        "Dictionary Mismatch");
  }

  private static Row randomRow(Random r) {
    Object[] values = new Object[LAYOUT.columns().size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = r.nextInt(10) == 0 ? null : randomValue(LAYOUT.column(i).type(), r);
    }
    return Row.of(values);
  }

  /** A value in the exact Java form the decoder produces for the type. */
  private static Object randomValue(OracleType type, Random r) {
    switch (type.kind()) {
      case NUMBER:
        if (type.isWholeNumber()) {
          return r.nextLong() % 1_000_000_000_000_000_000L;
        }
        return type.scale() == 2
            ? BigDecimal.valueOf(r.nextLong() % 1_000_000_000_000L, 2)
            : decimal(r);
      case FLOAT:
        return decimal(r);
      case BINARY_FLOAT:
        return r.nextInt(8) == 0 ? Float.NaN : Float.intBitsToFloat(r.nextInt());
      case BINARY_DOUBLE:
        return r.nextInt(8) == 0 ? Double.NEGATIVE_INFINITY : Double.longBitsToDouble(r.nextLong());
      case CHAR:
        return padded(ascii(r, 1 + r.nextInt(type.length())), type.length());
      case NCHAR:
        return padded(String.valueOf((char) (0xC0 + r.nextInt(0x100))), type.length());
      case VARCHAR2:
      case NVARCHAR2:
      case CLOB:
      case NCLOB:
      case LONG:
        return text(r, 1 + r.nextInt(40));
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
      case ROWID:
        return rowId(r);
      default:
        byte[] bytes = new byte[1 + r.nextInt(40)];
        r.nextBytes(bytes);
        return Bytes.of(bytes);
    }
  }

  private static BigDecimal decimal(Random r) {
    BigInteger unscaled = new BigInteger(1 + r.nextInt(125), r);
    BigDecimal value =
        new BigDecimal(r.nextBoolean() ? unscaled.negate() : unscaled, r.nextInt(60) - 20);
    value = value.round(new MathContext(38)).stripTrailingZeros();
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

  private static String padded(String s, int length) {
    return s + " ".repeat(length - s.length());
  }

  private static String ascii(Random r, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append((char) ('!' + r.nextInt(94)));
    }
    return sb.toString();
  }

  private static String text(Random r, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      switch (r.nextInt(4)) {
        case 0 -> sb.append((char) ('a' + r.nextInt(26)));
        case 1 -> sb.append("'|, ");
        case 2 -> sb.append((char) (0xC0 + r.nextInt(0x1F00)));
        default -> sb.appendCodePoint(0x1F300 + r.nextInt(200));
      }
    }
    return sb.toString();
  }

  /** An 18-character extended ROWID with a file number below 1024 and a row below 65536. */
  private static String rowId(Random r) {
    String digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    long[] parts = {
      r.nextInt() & 0xFFFF_FFFFL, r.nextInt(1024), r.nextInt(1 << 22), r.nextInt(1 << 16)
    };
    int[] widths = {6, 3, 6, 3};
    StringBuilder sb = new StringBuilder();
    for (int p = 0; p < 4; p++) {
      for (int shift = 6 * (widths[p] - 1); shift >= 0; shift -= 6) {
        sb.append(digits.charAt((int) (parts[p] >>> shift & 63)));
      }
    }
    return sb.toString();
  }
}
