package dev.redoline.buffer.internal;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;

/**
 * How the running 64-bit HotSpot JVM lays out objects, for {@link ChangeSizer}: the object header
 * (12 bytes with compressed class pointers, else 16), the reference size (4 bytes with compressed
 * oops, else 8), the array header (header and length, rounded to 8), and 8-byte alignment.
 *
 * <pre>{@code
 * HeapLayout layout = HeapLayout.current();
 * int longBox = layout.object(0, 8);            // 24 with compressed class pointers
 * long names = layout.referenceArray(10);       // 56 with compressed oops
 * }</pre>
 *
 * @param header the object header in bytes
 * @param reference the size of a reference field or array element in bytes
 */
record HeapLayout(int header, int reference) {

  /** The default of heaps under 32 GB, and the answer when the JVM cannot tell. */
  static final HeapLayout COMPRESSED = new HeapLayout(12, 4);

  /** Heaps of 32 GB or more (or -XX:-UseCompressedOops -XX:-UseCompressedClassPointers). */
  static final HeapLayout UNCOMPRESSED = new HeapLayout(16, 8);

  /** The layout of this JVM, from its UseCompressedOops and UseCompressedClassPointers flags. */
  static HeapLayout current() {
    try {
      HotSpotDiagnosticMXBean hotSpot =
          ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
      boolean oops = flag(hotSpot, "UseCompressedOops");
      boolean classPointers = flag(hotSpot, "UseCompressedClassPointers");
      return new HeapLayout(classPointers ? 12 : 16, oops ? 4 : 8);
    } catch (RuntimeException | LinkageError e) {
      return COMPRESSED; // not HotSpot: its most common layout is the best guess
    }
  }

  private static boolean flag(HotSpotDiagnosticMXBean hotSpot, String name) {
    return Boolean.parseBoolean(hotSpot.getVMOption(name).getValue());
  }

  /**
   * An object of {@code references} reference fields and {@code primitiveBytes} of other fields.
   */
  int object(int references, int primitiveBytes) {
    return (int) align(header + (long) references * reference + primitiveBytes);
  }

  /** An array of {@code length} elements of {@code elementBytes} each. */
  long array(long length, int elementBytes) {
    return align(align(header + 4L) + length * elementBytes);
  }

  /** An array of {@code length} references. */
  long referenceArray(long length) {
    return array(length, reference);
  }

  static long align(long bytes) {
    return (bytes + 7) & ~7L;
  }
}
