package dev.redoline.embedded;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/** This JVM's heap as the heavy checks report it (docs/performance-lob.md). */
final class Heap {

  private Heap() {}

  /**
   * The sum of every heap pool's peak usage since the JVM started: an upper bound of the heap
   * the JVM used at once (the pools peak at different moments), never below it.
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

  /** The heap limit ({@code -Xmx}). */
  static long maxBytes() {
    return Runtime.getRuntime().maxMemory();
  }
}
