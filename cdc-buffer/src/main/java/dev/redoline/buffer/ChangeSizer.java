package dev.redoline.buffer;

import dev.redoline.core.Bytes;
import dev.redoline.core.VectorValue;
import dev.redoline.core.Change;
import dev.redoline.core.Row;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZonedDateTime;

/**
 * Estimates the heap a buffered {@link Change} holds, for the memory budget.
 *
 * <pre>{@code
 * long bytes = ChangeSizer.estimate(change);
 * }</pre>
 *
 * <p>The figures are the object layouts of a 64-bit HotSpot JVM with compressed oops and class
 * pointers (heaps under 32 GB): a 12-byte header, 4-byte references, sizes rounded up to 8 bytes.
 * {@code ChangeSizerTest} checks the total against the real heap. Not counted, because they are
 * shared rather than owned by one change: the {@link dev.redoline.core.TableId} (the decoder
 * takes it from the table layout), enum constants ({@code Operation}, {@code Absent},
 * {@code Marker}), cached {@code Long} values -128..127, zone ids and offsets.
 */
final class ChangeSizer {

  /** Change record: header plus nine references and an int. */
  private static final int CHANGE = 56;
  /** Scn record: header plus a long. */
  private static final int SCN = 24;
  /** RedoAddress record: header, two ints, two longs. */
  private static final int ADDRESS = 40;
  /** Instant: header, a long and an int. */
  private static final int INSTANT = 24;
  /** Row: header plus the array reference. */
  private static final int ROW = 16;
  /** Boxed Long, Float or Double. */
  private static final int BOX = 16;
  /** BigDecimal whose unscaled value fits a long: header, long, int, int, two references. */
  private static final int DECIMAL = 40;
  /** BigInteger shell (mag array counted apart). */
  private static final int BIG_INTEGER = 40;
  /** LocalDateTime (24) with its LocalDate (24) and LocalTime (24). */
  private static final int LOCAL_DATE_TIME = 72;
  /** OffsetDateTime or ZonedDateTime shell around a LocalDateTime. */
  private static final int ZONED_SHELL = 24;
  /** Period: three ints; Duration: a long and an int. */
  private static final int PERIOD_OR_DURATION = 24;
  /** Bytes wrapper around its array. */
  private static final int BYTES = 16;
  /** String object without its array: header, hash, coder, flags, reference. */
  private static final int STRING = 24;
  /** Array header: 12-byte object header plus the 4-byte length. */
  private static final int ARRAY_HEADER = 16;

  private ChangeSizer() {}

  static long estimate(Change change) {
    return CHANGE + SCN + ADDRESS + INSTANT + string(change.rowId())
        + row(change.before()) + afterRow(change.before(), change.after());
  }

  // An UPDATE's after image is its before image overlaid with the SET clause: the slots it did
  // not set hold the very same objects, which must not be counted twice.
  private static long afterRow(Row before, Row after) {
    if (before == null || after == null || before.size() != after.size()) {
      return row(after);
    }
    long bytes = ROW + align(ARRAY_HEADER + 4L * after.size());
    for (int i = 0; i < after.size(); i++) {
      Object value = after.get(i);
      bytes += value == before.get(i) ? 0 : value(value);
    }
    return bytes;
  }

  static long row(Row row) {
    if (row == null) {
      return 0;
    }
    long bytes = ROW + align(ARRAY_HEADER + 4L * row.size());
    for (int i = 0; i < row.size(); i++) {
      bytes += value(row.get(i));
    }
    return bytes;
  }

  static long value(Object value) {
    if (value == null) {
      return 0;
    }
    if (value instanceof String s) {
      return string(s);
    }
    if (value instanceof Long l) {
      return l >= -128 && l <= 127 ? 0 : BOX;
    }
    if (value instanceof BigDecimal d) {
      return decimal(d);
    }
    if (value instanceof LocalDateTime) {
      return LOCAL_DATE_TIME;
    }
    if (value instanceof OffsetDateTime || value instanceof ZonedDateTime) {
      return ZONED_SHELL + LOCAL_DATE_TIME;
    }
    if (value instanceof Instant || value instanceof Period || value instanceof Duration) {
      return PERIOD_OR_DURATION;
    }
    if (value instanceof Double || value instanceof Float) {
      return BOX;
    }
    if (value instanceof Bytes b) {
      return BYTES + align(ARRAY_HEADER + (long) b.size());
    }
    if (value instanceof VectorValue v) {
      // the object, its two arrays (one empty) and 8 bytes a number or 1 byte per 8 bits
      int payload = v.format() == VectorValue.Format.BINARY ? v.dimensions() / 8 : 8 * v.dimensions();
      return BOX + 2 * ARRAY_HEADER + align(payload);
    }
    return 0; // Absent, Marker and Boolean constants are shared
  }

  static long string(String s) {
    if (s == null) {
      return 0;
    }
    boolean latin1 = true;
    for (int i = 0; i < s.length() && latin1; i++) {
      latin1 = s.charAt(i) < 256;
    }
    return STRING + align(ARRAY_HEADER + (long) s.length() * (latin1 ? 1 : 2));
  }

  private static long decimal(BigDecimal d) {
    // Past 63 bits of unscaled value, BigDecimal keeps a BigInteger with an int[] magnitude.
    // precision() is cheap on the compact form; unscaledValue() would allocate, so it comes second.
    if (d.precision() <= 18) {
      return DECIMAL;
    }
    int bits = d.unscaledValue().bitLength();
    if (bits < 64) {
      return DECIMAL;
    }
    int words = (bits + 31) / 32;
    return DECIMAL + BIG_INTEGER + align(ARRAY_HEADER + 4L * words);
  }

  static long align(long bytes) {
    return (bytes + 7) & ~7L;
  }
}
