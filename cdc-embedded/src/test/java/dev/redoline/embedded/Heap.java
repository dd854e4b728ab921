package dev.redoline.embedded;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * This JVM's heap as the heavy checks report it (docs/performance-lob.md): the peak of what was in
 * use, and the peak of what was still in use after a full collection (what the run really kept).
 */
final class Heap {

  /** The largest heap in use right after a full collection since {@link #resetPeaks()}. */
  private static final AtomicLong PEAK_AFTER_GC = new AtomicLong();

  static {
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter) {
        emitter.addNotificationListener(
            (n, handback) -> {
              if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
                  n.getType())) {
                GarbageCollectionNotificationInfo info =
                    GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
                // Only a full collection leaves nothing but live objects; a young one leaves the
                // old generation as it was.
                if ("end of major GC".equals(info.getGcAction())) {
                  PEAK_AFTER_GC.accumulateAndGet(
                      heapUsed(info.getGcInfo().getMemoryUsageAfterGc()), Math::max);
                }
              }
            },
            null,
            null);
      }
    }
  }

  private Heap() {}

  /** Starts both peaks again from now, so one check does not see another's. */
  static void resetPeaks() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
    PEAK_AFTER_GC.set(0);
  }

  /**
   * The sum of every heap pool's peak usage since {@link #resetPeaks()}: an upper bound of the heap
   * used at once (the pools peak at different moments). Under the serial collector, which lets the
   * heap fill before it collects, it is near the limit by design.
   */
  static long peakBytes() {
    long sum = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
        sum += pool.getPeakUsage().getUsed();
      }
    }
    return sum;
  }

  /**
   * The largest heap still in use right after a full collection since {@link #resetPeaks()}: the
   * most the run kept alive at once, as far as full collections sampled it (0 when none ran).
   */
  static long peakAfterGcBytes() {
    return PEAK_AFTER_GC.get();
  }

  /** The heap limit ({@code -Xmx}). */
  static long maxBytes() {
    return Runtime.getRuntime().maxMemory();
  }

  private static long heapUsed(Map<String, MemoryUsage> byPool) {
    long sum = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      MemoryUsage u = byPool.get(pool.getName());
      if (pool.getType() == MemoryType.HEAP && u != null) {
        sum += u.getUsed();
      }
    }
    return sum;
  }
}
