package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Property: for random layouts and values, SQL_REDO rendered as LogMiner does (by {@link
 * TestRedoRenderer}) decodes to the same values.
 */
class DecodeRoundTripTest {

  private static final int ROUNDS = 3_000;
  private static final String[] NAME_PARTS = {
    "ID", "Name", "col 1", "a'b", "ÄÖ", "X$Y#", "order", "and", "where"
  };
  private static final String TEXT_CHARS = "abcXYZ 019',;()|\"*/\\\n\t=éß€日本😀";

  @Test
  void decode_givesBackRenderedValues() {
    Random random = new Random(20240214L);
    TestRedoRenderer renderer = new TestRedoRenderer(random);
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      for (int round = 0; round < ROUNDS; round++) {
        TableLayout layout = randomLayout(random, round);
        int n = layout.columns().size();
        Object[] a = new Object[n];
        Object[] b = new Object[n];
        for (int i = 0; i < n; i++) {
          a[i] = randomValue(random, layout.column(i).type());
          b[i] = randomValue(random, layout.column(i).type());
        }
        Operation op =
            List.of(Operation.INSERT, Operation.UPDATE, Operation.DELETE).get(random.nextInt(3));
        String rowId =
            random.nextBoolean() ? "AAAR32AAHAAAAFbAA" + (char) ('A' + random.nextInt(26)) : null;
        boolean[] inWhere = randomMask(random, n, 0);
        boolean[] inSet = randomMask(random, n, 1);
        String redo =
            switch (op) {
              case INSERT -> renderer.insert(layout, a);
              case UPDATE -> renderer.update(layout, inSet, b, inWhere, a, rowId);
              default -> renderer.delete(layout, inWhere, a, rowId);
            };
        Change change =
            decoder.decode(
                DecodeInput.of(
                    op, redo, layout, Scn.of(round), RedoAddress.start(1), 0, null, Instant.EPOCH));
        String context = "round " + round + ": " + redo;
        if (op == Operation.INSERT) {
          assertSlots(change.after().size(), i -> change.after().get(i), i -> a[i], context);
        } else {
          assertSlots(
              n, i -> change.before().get(i), i -> inWhere[i] ? a[i] : Absent.NOT_LOGGED, context);
          assertThat(change.rowId()).as(context).isEqualTo(rowId);
        }
        if (op == Operation.UPDATE) {
          assertSlots(
              n,
              i -> change.after().get(i),
              i -> inSet[i] ? b[i] : inWhere[i] ? a[i] : Absent.NOT_LOGGED,
              context);
        }
      }
    }
  }

  private static void assertSlots(
      int n,
      java.util.function.IntFunction<Object> actual,
      java.util.function.IntFunction<Object> expected,
      String context) {
    for (int i = 0; i < n; i++) {
      assertThat(actual.apply(i)).as("slot %s of %s", i, context).isEqualTo(expected.apply(i));
    }
  }

  private static boolean[] randomMask(Random random, int n, int atLeast) {
    boolean[] mask = new boolean[n];
    int count = 0;
    for (int i = 0; i < n; i++) {
      mask[i] = random.nextInt(3) > 0;
      count += mask[i] ? 1 : 0;
    }
    if (count < atLeast) {
      mask[random.nextInt(n)] = true;
    }
    return mask;
  }

  private static TableLayout randomLayout(Random random, int round) {
    TableLayout.Builder builder =
        TableLayout.builder(TableId.of("S" + random.nextInt(3), "Tab le" + round), 1);
    int n = 1 + random.nextInt(12);
    for (int i = 0; i < n; i++) {
      String name = NAME_PARTS[random.nextInt(NAME_PARTS.length)] + "_" + i;
      builder.column(name, randomType(random), true);
    }
    return builder.build();
  }

  private static OracleType randomType(Random random) {
    Kind kind = TestRedoRenderer.KINDS[random.nextInt(TestRedoRenderer.KINDS.length)];
    return switch (kind) {
      case NUMBER ->
          switch (random.nextInt(4)) {
            case 0 -> OracleType.number(10, 0);
            case 1 -> OracleType.number(38, 0);
            case 2 -> OracleType.number(12, random.nextInt(6) + 1);
            default -> OracleType.number(OracleType.UNSPECIFIED, OracleType.UNSPECIFIED);
          };
      case FLOAT -> OracleType.parse("FLOAT");
      case CHAR, NCHAR -> OracleType.sized(kind, 1 + random.nextInt(10));
      case VARCHAR2, NVARCHAR2, RAW -> OracleType.sized(kind, 100);
      case TIMESTAMP, TIMESTAMP_TZ, TIMESTAMP_LTZ -> OracleType.timestamp(kind, random.nextInt(10));
      default -> OracleType.of(kind);
    };
  }

  static Object randomValue(Random random, OracleType type) {
    if (random.nextInt(7) == 0) {
      return null;
    }
    return switch (type.kind()) {
      case NUMBER -> number(random, type);
      case FLOAT -> decimal(random, random.nextInt(8));
      case BINARY_FLOAT ->
          random.nextInt(10) == 0
              ? special(random).floatValue()
              : Float.intBitsToFloat(random.nextInt() & 0x7F7FFFFF)
                  * (random.nextBoolean() ? 1 : -1);
      case BINARY_DOUBLE ->
          random.nextInt(10) == 0
              ? special(random)
              : random.nextGaussian() * Math.pow(10, random.nextInt(40) - 20);
      case CHAR, NCHAR -> pad(text(random, type.length()), type.length());
      case VARCHAR2, NVARCHAR2, CLOB, NCLOB -> text(random, random.nextInt(30));
      case DATE -> dateTime(random).withNano(0);
      case TIMESTAMP -> truncate(dateTime(random), type.scale());
      case TIMESTAMP_TZ ->
          OffsetDateTime.of(
              truncate(dateTime(random), type.scale()),
              ZoneOffset.ofTotalSeconds((random.nextInt(28 * 4 + 1) - 12 * 4) * 15 * 60));
      case TIMESTAMP_LTZ -> truncate(dateTime(random), type.scale()).toInstant(ZoneOffset.UTC);
      case INTERVAL_YM ->
          random.nextBoolean()
              ? Period.of(random.nextInt(100), random.nextInt(12), 0)
              : Period.of(-random.nextInt(100), -random.nextInt(12), 0);
      case INTERVAL_DS ->
          Duration.ofSeconds(
              random.nextInt(1_000_000_000) - 500_000_000L, random.nextInt(1_000_000_000));
      case RAW, BLOB -> {
        byte[] bytes = new byte[random.nextInt(20)];
        random.nextBytes(bytes);
        yield Bytes.of(bytes);
      }
      default -> throw new IllegalArgumentException(type.toString());
    };
  }

  private static Object number(Random random, OracleType type) {
    if (type.isWholeNumber()) {
      if (type.precision() > 18 && random.nextInt(4) == 0) {
        return new BigDecimal(new BigInteger(100, random));
      }
      return (long)
          (random.nextGaussian() * Math.pow(10, random.nextInt(type.precision() > 18 ? 18 : 9)));
    }
    if (type.scale() > 0) {
      return BigDecimal.valueOf(random.nextLong() % 10_000_000_000L, type.scale());
    }
    return decimal(random, random.nextInt(30));
  }

  /** A value as the decoder returns it for an unconstrained NUMBER: text scale, never below 0. */
  private static BigDecimal decimal(Random random, int scale) {
    BigDecimal d =
        new BigDecimal(new BigInteger(1 + random.nextInt(120), random), scale - 10)
            .stripTrailingZeros();
    d = random.nextBoolean() ? d.negate() : d;
    return d.scale() < 0 ? d.setScale(0) : d;
  }

  private static Double special(Random random) {
    return switch (random.nextInt(3)) {
      case 0 -> Double.NaN;
      case 1 -> Double.POSITIVE_INFINITY;
      default -> Double.NEGATIVE_INFINITY;
    };
  }

  private static String text(Random random, int length) {
    StringBuilder sb = new StringBuilder();
    while (sb.length() < length) {
      sb.appendCodePoint(
          TEXT_CHARS.codePointAt(
              TEXT_CHARS.offsetByCodePoints(
                  0, random.nextInt(TEXT_CHARS.codePointCount(0, TEXT_CHARS.length())))));
    }
    return sb.toString();
  }

  private static String pad(String s, int length) {
    StringBuilder sb = new StringBuilder(s);
    while (sb.length() < length) {
      sb.append(' ');
    }
    return sb.toString();
  }

  private static LocalDateTime dateTime(Random random) {
    return LocalDateTime.of(
        1 + random.nextInt(9999),
        1 + random.nextInt(12),
        1 + random.nextInt(28),
        random.nextInt(24),
        random.nextInt(60),
        random.nextInt(60),
        random.nextInt(1_000_000_000));
  }

  private static LocalDateTime truncate(LocalDateTime t, int digits) {
    int unit = (int) Math.pow(10, 9 - digits);
    return t.withNano(t.getNano() / unit * unit);
  }
}
