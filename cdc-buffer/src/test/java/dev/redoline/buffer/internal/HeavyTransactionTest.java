package dev.redoline.buffer.internal;

import static dev.redoline.buffer.internal.Changes.TIME;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One transaction of 10,000,000 changes through a buffer whose JVM heap is capped at 256 MB. Runs
 * only with {@code mvn -o -B -pl cdc-buffer verify -Pheavy} (a surefire execution with {@code
 * -Xmx256m}); prints the peak heap and the time, recorded in docs/performance-buffer.md.
 */
@Tag("heavy")
class HeavyTransactionTest {

  private static final long CHANGES = 10_000_000L;

  @TempDir Path temp;

  @Test
  void commit_tenMillionChanges_streamWithinAQuarterGigabyteHeap() throws Exception {
    assertThat(Runtime.getRuntime().maxMemory())
        .as("run with -Xmx256m")
        .isLessThanOrEqualTo(270L << 20);
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      pool.resetPeakUsage();
    }
    TransactionBuffer buffer =
        TransactionBuffer.builder()
            .spillDirectory(temp.resolve("spill"))
            .memoryBudgetBytes(64L << 20)
            .spillBufferBytes(65536)
            .build();
    buffer.open();
    Xid xid = new Xid(3, 4, 5);
    long start = System.nanoTime();
    buffer.begin(xid, Scn.of(1), new RedoAddress(1, 1, 0, 0), TIME, "BULK");
    for (long i = 0; i < CHANGES; i++) {
      Row after = Row.of(i, "row " + i, Instant.ofEpochSecond(i));
      buffer.add(
          xid,
          new Change(
              Operation.INSERT,
              Changes.TABLE,
              1,
              null,
              after,
              Scn.of(10 + i / 100),
              new RedoAddress(1, 2 + i / 1_000_000, i % 1_000_000, 16),
              0,
              null,
              TIME));
    }
    long disk = buffer.metrics().diskBytes();
    long added = System.nanoTime();
    long count = 0;
    long sum = 0;
    try (PublishedTransaction tx =
        buffer.commit(xid, Scn.of(200_000), new RedoAddress(1, 20, 0, 0), TIME).orElseThrow()) {
      assertThat(tx.spilled()).isTrue();
      for (Change change : tx.changes()) {
        sum += (Long) change.after().get(0);
        count++;
      }
    }
    long end = System.nanoTime();
    assertThat(count).isEqualTo(CHANGES);
    assertThat(sum).isEqualTo(CHANGES * (CHANGES - 1) / 2);
    try (var files = Files.list(temp.resolve("spill"))) {
      assertThat(files).isEmpty();
    }
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    System.out.printf(
        "HEAVY changes=%d spillBytes=%d addSeconds=%.1f readSeconds=%.1f "
            + "peakHeapMB(sum of pool peaks)=%d maxHeapMB=%d%n",
        count,
        disk,
        (added - start) / 1e9,
        (end - added) / 1e9,
        peak >> 20,
        Runtime.getRuntime().maxMemory() >> 20);
  }
}
