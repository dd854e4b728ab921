package dev.redoline.buffer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.RedoAddress;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.math.BigDecimal;
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
 * The memory estimate against the real heap: allocate many changes, measure the used heap after
 * collections, and compare with the sum of estimates. Tolerance 15%.
 */
class ChangeSizerTest {

  private static final int N = 100_000;

  private static Change typical(long i) {
    Row after = Row.of(i + 1000, "customer name " + i, new BigDecimal(i).movePointLeft(2),
        LocalDateTime.of(2024, 1, 1, 10, 0).plusSeconds(i), null, Marker.EMPTY_CLOB,
        dev.redoline.core.Absent.NOT_LOGGED);
    return new Change(Operation.INSERT, Changes.TABLE, 1, null, after, Scn.of(i + 5000),
        new RedoAddress(1, 7, i, 16), 0, Changes.rowId(i), Instant.ofEpochSecond(1_700_000_000L + i));
  }

  private static Change allTypes(long i) {
    Row before = Row.of(i + 1000, "ünï " + i, new BigDecimal("123456789012345678901234567890").add(BigDecimal.valueOf(i)),
        (float) i, (double) i, LocalDateTime.of(2024, 1, 1, 10, 0).plusSeconds(i),
        OffsetDateTime.of(2024, 1, 1, 0, 0, 0, (int) i, ZoneOffset.ofHours(2)),
        ZonedDateTime.of(2024, 3, 1, 12, 0, 0, (int) i, ZoneId.of("Europe/Paris")),
        Instant.ofEpochSecond(i), Period.ofDays((int) i), Duration.ofMillis(i),
        Bytes.of(new byte[] {(byte) i, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    Row after = before.toBuilder().set(0, i + 2000).build();
    return new Change(Operation.UPDATE, Changes.TABLE, 1, before, after, Scn.of(i + 5000),
        new RedoAddress(1, 7, i, 16), 0, Changes.rowId(i), Instant.ofEpochSecond(1_700_000_000L + i));
  }

  @Test
  void estimate_typicalInserts_matchesTheHeap() {
    assertEstimateMatchesHeap(ChangeSizerTest::typical);
  }

  @Test
  void estimate_updatesOfEveryValueType_matchesTheHeap() {
    assertEstimateMatchesHeap(ChangeSizerTest::allTypes);
  }

  private static void assertEstimateMatchesHeap(LongFunction<Change> factory) {
    Change[] changes = new Change[N];
    long before = usedHeapAfterGc();
    long estimate = 0;
    for (int i = 0; i < N; i++) {
      changes[i] = factory.apply(i);
    }
    long after = usedHeapAfterGc();
    for (Change change : changes) {
      estimate += ChangeSizer.estimate(change);
    }
    long measured = after - before - (16 + 4L * N); // minus the holding array
    assertThat(changes[N - 1]).isNotNull(); // keeps the array reachable through the measurement
    assertThat((double) estimate).as("estimate %s vs measured %s bytes", estimate, measured)
        .isBetween(measured * 0.85, measured * 1.15);
  }

  private static long usedHeapAfterGc() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 4; i++) {
      System.gc();
      used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
    }
    return used;
  }
}
