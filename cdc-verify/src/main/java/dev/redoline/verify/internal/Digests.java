package dev.redoline.verify.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import dev.redoline.core.internal.OracleNumberText;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Clob;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The digests of {@link SourceSql}, computed in Java from a target's values: what Oracle computes
 * from its row, this class computes from the copy, so equal rows give equal digests.
 *
 * <p><b>A column's piece</b> is {@code -} for NULL, else the 32 upper-case hex digits of the MD5 of
 * its canonical bytes: a number's {@code TO_CHAR(n, 'TM9')} text ({@code 1.5}, {@code .5}, {@code
 * -.5}), a DATE's {@code YYYY-MM-DD HH24:MI:SS}, a TIMESTAMP(n)'s {@code ...SS.FFn}, text as UTF-8
 * (the database character set AL32UTF8; CLOBs are converted to it by DBMS_CRYPTO), RAW and BLOB as
 * their bytes. <b>A row's digest</b> is the MD5 of its pieces written one after the other (in
 * groups of {@link #GROUP}, each group digested first, so the text Oracle concatenates stays under
 * VARCHAR2's 4,000 bytes). <b>A chunk's checksum</b> is its row count and the sum of the first 15
 * hex digits (60 bits) of each row's digest: a sum, so it does not depend on the order rows are
 * read in.
 *
 * <p>A target's value is first read back into its Oracle type, undoing what the sinks do to it: a
 * date-time written as ISO text ({@code 2024-01-02T03:04}), a RAW as hex, a NUMBER as a scaled
 * decimal ({@code 1.5000000000}).
 */
public final class Digests {

  /** The most pieces concatenated in one digest. */
  static final int GROUP = 100;

  /** The piece of a NULL. */
  static final String NULL_PIECE = "-";

  private static final DateTimeFormatter DATE =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT);

  /** A TIMESTAMP's text per fractional digits (0 to 9), cut as {@code FFn} cuts, not rounded. */
  private static final DateTimeFormatter[] TIMESTAMP = new DateTimeFormatter[10];

  static {
    for (int n = 0; n <= 9; n++) {
      TIMESTAMP[n] =
          DateTimeFormatter.ofPattern(
              "uuuu-MM-dd HH:mm:ss" + (n == 0 ? "" : "." + "S".repeat(n)), Locale.ROOT);
    }
  }

  private static final HexFormat HEX = HexFormat.of().withUpperCase();

  private Digests() {}

  /** The piece of a target's {@code value} of a column of {@code kind}. */
  public static String piece(OracleType.Kind kind, Object value) {
    return piece(kind, 9, value);
  }

  /**
   * The piece of a target's {@code value} of a column of {@code kind}, a TIMESTAMP written with
   * {@code fraction} fractional digits.
   */
  public static String piece(OracleType.Kind kind, int fraction, Object value) {
    if (value == null) {
      return NULL_PIECE;
    }
    return HEX.formatHex(md5(canonical(kind, fraction, value)));
  }

  /**
   * The {@code TO_CHAR} mask of a TIMESTAMP compared with {@code fraction} digits: {@code
   * 'YYYY-MM-DD HH24:MI:SS.FF6'}; a TIMESTAMP(n) holds n digits, so {@code FFn} loses nothing.
   */
  public static String timestampMask(int fraction) {
    return "YYYY-MM-DD HH24:MI:SS" + (fraction == 0 ? "" : ".FF" + fraction);
  }

  /**
   * The digest of a row's pieces, as Oracle's {@code RAWTOHEX(STANDARD_HASH(p1 || p2 ..., 'MD5'))}.
   */
  public static String row(List<String> pieces) {
    List<String> level = pieces;
    while (level.size() > GROUP) {
      List<String> next = new ArrayList<>();
      for (int i = 0; i < level.size(); i += GROUP) {
        next.add(
            HEX.formatHex(
                md5(
                    String.join("", level.subList(i, Math.min(level.size(), i + GROUP)))
                        .getBytes(StandardCharsets.US_ASCII))));
      }
      level = next;
    }
    return HEX.formatHex(md5(String.join("", level).getBytes(StandardCharsets.US_ASCII)));
  }

  /** The number a row adds to its chunk's sum: the first 15 hex digits of its digest. */
  public static long number(String rowDigest) {
    return Long.parseLong(rowDigest.substring(0, 15), 16);
  }

  /** The canonical bytes of a value (see the class comment). */
  static byte[] canonical(OracleType.Kind kind, int fraction, Object value) {
    return switch (kind) {
      case NUMBER, FLOAT ->
          OracleNumberText.tm9(decimal(value)).getBytes(StandardCharsets.US_ASCII);
      case DATE -> DATE.format(dateTime(value)).getBytes(StandardCharsets.US_ASCII);
      case TIMESTAMP ->
          TIMESTAMP[fraction].format(dateTime(value)).getBytes(StandardCharsets.US_ASCII);
      case RAW, BLOB -> bytes(value);
      default -> text(value).getBytes(StandardCharsets.UTF_8);
    };
  }

  /** A target's value of a key column, in the Java type {@link KeyOrder} compares. */
  public static Comparable<?> keyValue(OracleType.Kind kind, Object value) {
    if (value == null) {
      return null;
    }
    return switch (kind) {
      case NUMBER, FLOAT -> decimal(value).stripTrailingZeros();
      case DATE, TIMESTAMP -> dateTime(value);
      default -> text(value);
    };
  }

  static BigDecimal decimal(Object value) {
    if (value instanceof BigDecimal d) {
      return d;
    }
    if (value instanceof Long
        || value instanceof Integer
        || value instanceof Short
        || value instanceof Byte) {
      return BigDecimal.valueOf(((Number) value).longValue());
    }
    if (value instanceof java.math.BigInteger b) {
      return new BigDecimal(b);
    }
    if (value instanceof Number n) {
      return new BigDecimal(n.toString());
    }
    return new BigDecimal(value.toString().trim());
  }

  static LocalDateTime dateTime(Object value) {
    if (value instanceof LocalDateTime t) {
      return t;
    }
    if (value instanceof Timestamp t) {
      return t.toLocalDateTime();
    }
    if (value instanceof java.time.OffsetDateTime t) {
      return t.toLocalDateTime();
    }
    return LocalDateTime.parse(value.toString().trim().replace(' ', 'T'));
  }

  static byte[] bytes(Object value) {
    if (value instanceof byte[] b) {
      return b;
    }
    if (value instanceof Bytes b) {
      return b.toByteArray();
    }
    return HexFormat.of().parseHex(value.toString().trim().toLowerCase(Locale.ROOT));
  }

  static String text(Object value) {
    if (value instanceof Clob clob) {
      try {
        return clob.getSubString(1, (int) clob.length());
      } catch (SQLException e) {
        throw new IllegalArgumentException("a CLOB that cannot be read: " + e.getMessage(), e);
      }
    }
    return value.toString();
  }

  static byte[] md5(byte[] bytes) {
    try {
      return MessageDigest.getInstance("MD5").digest(bytes);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has MD5", e);
    }
  }
}
