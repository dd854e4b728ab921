package dev.redoline.buffer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * The memory estimate against what the JVM allocates: build many changes on this thread, read the
 * thread's allocated bytes before and after, and compare with the sum of estimates. Tolerance 15%.
 *
 * <p>The changes are built so that building them allocates only what they keep (one scratch array
 * for the row slots, values made by factories that allocate nothing else), so the count needs no
 * garbage collection: neither {@code System.gc()} nor a quiet heap, and the estimate follows the
 * JVM's own object layout ({@link HeapLayout#current()}), compressed oops or not.
 */
class ChangeSizerTest {

  private static final int N = 20_000;
  private static final BigInteger WIDE = new BigInteger("123456789012345678901234567890");
  private static final byte[] RAW = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  private static final ZoneId PARIS = ZoneId.of("Europe/Paris");

  /** Reused for every row: Row.of copies them, so only the copies stay. */
  private final Object[] slots = new Object[12];

  private final Object[] narrow = new Object[7];

  private Change typical(long i) {
    narrow[0] = Long.valueOf(i + 1000);
    narrow[1] = "customer name " + i;
    narrow[2] = BigDecimal.valueOf(i + 1, 2);
    narrow[3] =
        LocalDateTime.of(2024, 1, 1 + (int) (i % 28), 10, (int) (i % 60), 1 + (int) (i % 59));
    narrow[4] = null;
    narrow[5] = Marker.EMPTY_CLOB;
    narrow[6] = dev.redoline.core.Absent.NOT_LOGGED;
    Row after = Row.of(narrow);
    return change(Operation.INSERT, i, null, after);
  }

  private Change allTypes(long i) {
    slots[0] = Long.valueOf(i + 1000);
    slots[1] = "ünï " + i;
    slots[2] = new BigDecimal(WIDE.shiftLeft(1 + (int) (i % 8)));
    slots[3] = Float.valueOf(i + 0.5f);
    slots[4] = Double.valueOf(i + 0.5);
    slots[5] =
        LocalDateTime.of(2024, 1, 1 + (int) (i % 28), 10, (int) (i % 60), 1 + (int) (i % 59));
    slots[6] = OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 1 + (int) i, ZoneOffset.ofHours(2));
    slots[7] = ZonedDateTime.of(2024, 3, 1, 12, 0, 0, 1 + (int) i, PARIS);
    slots[8] = Instant.ofEpochSecond(1 + i);
    slots[9] = Period.ofDays(1 + (int) i);
    slots[10] = Duration.ofMillis(1 + i);
    slots[11] = Bytes.of(RAW);
    Row before = Row.of(slots);
    slots[0] =
        Long.valueOf(i + 2000); // the after image shares every other value, as an UPDATE's does
    Row after = Row.of(slots);
    return change(Operation.UPDATE, i, before, after);
  }

  private static Change change(Operation op, long i, Row before, Row after) {
    return new Change(
        op,
        Changes.TABLE,
        1,
        before,
        after,
        Scn.of(i + 5000),
        new RedoAddress(1, 7, i, 16),
        0,
        "AAAR3sAAEAAAACX" + i,
        Instant.ofEpochSecond(1_700_000_000L + i));
  }

  @Test
  void estimate_typicalInserts_matchesTheAllocatedBytes() {
    assertEstimateMatchesAllocation(this::typical);
  }

  @Test
  void estimate_updatesOfEveryValueType_matchesTheAllocatedBytes() {
    assertEstimateMatchesAllocation(this::allTypes);
  }

  @Test
  void layout_ofThisJvmIsOneOfHotSpotsTwo() {
    assertThat(HeapLayout.current())
        .isIn(
            HeapLayout.COMPRESSED,
            HeapLayout.UNCOMPRESSED,
            new HeapLayout(
                12, 8)); // compressed class pointers without compressed oops (heaps past 32 GB)
    assertThat(HeapLayout.UNCOMPRESSED.object(9, 4))
        .isGreaterThan(HeapLayout.COMPRESSED.object(9, 4));
  }

  private static void assertEstimateMatchesAllocation(LongFunction<Change> factory) {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    assertThat(threads.isThreadAllocatedMemorySupported())
        .as("HotSpot counts allocated bytes per thread")
        .isTrue();
    long thread = Thread.currentThread().getId();
    Change[] changes = new Change[N];
    for (int i = 0; i < 2_000; i++) {
      changes[i] = factory.apply(N + i); // warm up: class loading and first-use caches allocate too
    }
    long before = threads.getThreadAllocatedBytes(thread);
    for (int i = 0; i < N; i++) {
      changes[i] = factory.apply(i);
    }
    long measured = threads.getThreadAllocatedBytes(thread) - before;
    long estimate = 0;
    for (Change change : changes) {
      estimate += ChangeSizer.estimate(change);
    }
    assertThat((double) estimate)
        .as("estimate %s vs allocated %s bytes", estimate, measured)
        .isBetween(measured * 0.85, measured * 1.15);
  }
}
