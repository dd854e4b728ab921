package dev.redoline.buffer.internal;

/**
 * A Bloom filter over the ROW_IDs of one spilled segment: it tells an undo row which segments
 * cannot hold its target, so only a likely one is read back from the spill file.
 *
 * <pre>{@code
 * SegmentFilter f = new SegmentFilter(4096);
 * f.add("AAAR3sAAEAAAACXAAA");
 * assert f.mightContain("AAAR3sAAEAAAACXAAA");
 * }</pre>
 */
final class SegmentFilter {

  /** Filter bits per expected entry; with three probes about 3% false positives. */
  private static final int BITS_PER_ENTRY = 8;

  private final long[] bits;
  private final int mask;

  SegmentFilter(int expectedEntries) {
    int wanted = Integer.highestOneBit(Math.max(64, expectedEntries * BITS_PER_ENTRY - 1) << 1);
    bits = new long[wanted / 64];
    mask = wanted - 1;
  }

  /** Heap held by the filter. */
  long bytes() {
    return 16 + 16 + 8L * bits.length;
  }

  void add(String rowId) {
    long h = mix(rowId.hashCode());
    int h1 = (int) h;
    int h2 = (int) (h >>> 32) | 1;
    for (int i = 0; i < 3; i++) {
      int bit = (h1 + i * h2) & mask;
      bits[bit >>> 6] |= 1L << bit;
    }
  }

  boolean mightContain(String rowId) {
    long h = mix(rowId.hashCode());
    int h1 = (int) h;
    int h2 = (int) (h >>> 32) | 1;
    for (int i = 0; i < 3; i++) {
      int bit = (h1 + i * h2) & mask;
      if ((bits[bit >>> 6] & (1L << bit)) == 0) {
        return false;
      }
    }
    return true;
  }

  // The finalizer of MurmurHash3 (a public-domain constant pair): spreads the 32-bit String hash.
  private static long mix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }
}
