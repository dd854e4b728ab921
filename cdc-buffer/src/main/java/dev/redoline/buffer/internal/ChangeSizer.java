package dev.redoline.buffer.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Row;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.VectorValue;
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
 * <p>The figures are HotSpot's object layouts on a 64-bit JVM: an object is its header then its
 * fields, rounded up to 8 bytes; an array is its header and length, then its elements. Header and
 * reference sizes are those of the running JVM ({@link HeapLayout#current()}): 12 and 4 bytes with
 * compressed class pointers and compressed oops (heaps under 32 GB, the default), 16 and 8 without.
 * {@code ChangeSizerTest} checks the total against the bytes the JVM allocates. Not counted,
 * because they are shared rather than owned by one change: the {@link dev.redoline.core.TableId}
 * (the decoder takes it from the table layout), enum constants ({@code Operation}, {@code Absent},
 * {@code Marker}), cached {@code Long} values -128..127, zone ids and offsets.
 */
final class ChangeSizer {

  private static final HeapLayout LAYOUT = HeapLayout.current();

  /** Change record: nine references and an int. */
  private static final int CHANGE = LAYOUT.object(9, 4);

  /** Scn record: a long. */
  private static final int SCN = LAYOUT.object(0, 8);

  /** RedoAddress record: two ints, two longs. */
  private static final int ADDRESS = LAYOUT.object(0, 24);

  /** Instant: a long and an int. */
  private static final int INSTANT = LAYOUT.object(0, 12);

  /** Row: the array reference. */
  private static final int ROW = LAYOUT.object(1, 0);

  /** Boxed Long or Double: a long. */
  private static final int BOX_8 = LAYOUT.object(0, 8);

  /** Boxed Float: an int. */
  private static final int BOX_4 = LAYOUT.object(0, 4);

  /** BigDecimal: intVal and stringCache references, scale, precision, intCompact. */
  private static final int DECIMAL = LAYOUT.object(2, 16);

  /** BigInteger shell: the mag reference and five ints (mag array counted apart). */
  private static final int BIG_INTEGER = LAYOUT.object(1, 20);

  /**
   * LocalDateTime (two references) with its LocalDate (int, two shorts) and LocalTime (three bytes,
   * an int).
   */
  private static final int LOCAL_DATE_TIME =
      LAYOUT.object(2, 0) + LAYOUT.object(0, 8) + LAYOUT.object(0, 7);

  /** OffsetDateTime shell around a LocalDateTime: two references. */
  private static final int OFFSET_SHELL = LAYOUT.object(2, 0);

  /** ZonedDateTime shell around a LocalDateTime: three references. */
  private static final int ZONED_SHELL = LAYOUT.object(3, 0);

  /** Period: three ints; Duration: a long and an int. */
  private static final int PERIOD_OR_DURATION = LAYOUT.object(0, 12);

  /** Bytes wrapper around its array. */
  private static final int BYTES = LAYOUT.object(1, 0);

  /** String object without its array: the value reference, hash, coder, hashIsZero. */
  private static final int STRING = LAYOUT.object(1, 6);

  /** VectorValue: the format, numbers and bits references and the dimension count. */
  private static final int VECTOR = LAYOUT.object(3, 4);

  /**
   * StreamedLob (a reference) and its LobFile (path, channel, flag, size), with the path: a
   * UnixPath (four references and an int) holding its bytes and, once printed, a String, about 100
   * bytes for a spill directory's file name. The content is in the file, not on the heap.
   */
  private static final int STREAMED_LOB =
      LAYOUT.object(1, 0) + LAYOUT.object(2, 9) + LAYOUT.object(4, 4) + 100;

  private ChangeSizer() {}

  static long estimate(Change change) {
    return CHANGE
        + SCN
        + ADDRESS
        + INSTANT
        + string(change.rowId())
        + row(change.before())
        + afterRow(change.before(), change.after());
  }

  // An UPDATE's after image is its before image overlaid with the SET clause: the slots it did
  // not set hold the very same objects, which must not be counted twice.
  private static long afterRow(Row before, Row after) {
    if (before == null || after == null || before.size() != after.size()) {
      return row(after);
    }
    long bytes = ROW + LAYOUT.referenceArray(after.size());
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
    long bytes = ROW + LAYOUT.referenceArray(row.size());
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
      return l >= -128 && l <= 127 ? 0 : BOX_8;
    }
    if (value instanceof BigDecimal d) {
      return decimal(d);
    }
    if (value instanceof LocalDateTime) {
      return LOCAL_DATE_TIME;
    }
    if (value instanceof OffsetDateTime || value instanceof ZonedDateTime) {
      return (long) (value instanceof ZonedDateTime ? ZONED_SHELL : OFFSET_SHELL) + LOCAL_DATE_TIME;
    }
    if (value instanceof Instant || value instanceof Period || value instanceof Duration) {
      return PERIOD_OR_DURATION;
    }
    if (value instanceof Double) {
      return BOX_8;
    }
    if (value instanceof Float) {
      return BOX_4;
    }
    if (value instanceof Bytes b) {
      return BYTES + LAYOUT.array(b.size(), 1);
    }
    if (value instanceof StreamedLob) {
      return STREAMED_LOB; // the handle only: accounted at the handle's size, not the LOB's length
    }
    if (value instanceof VectorValue v) {
      // the object, its two arrays (one empty) and 8 bytes a number or 1 byte per 8 bits
      int payload =
          v.format() == VectorValue.Format.BINARY ? v.dimensions() / 8 : 8 * v.dimensions();
      return VECTOR + LAYOUT.array(0, 1) + LAYOUT.array(payload, 1);
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
    return STRING + LAYOUT.array(s.length(), latin1 ? 1 : 2);
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
    return DECIMAL + BIG_INTEGER + LAYOUT.array(words, 4);
  }
}
