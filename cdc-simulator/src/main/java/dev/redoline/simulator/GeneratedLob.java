package dev.redoline.simulator;

import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * BLOB content that the simulator never holds: {@code length} bytes produced from a seed, any range
 * of them computed on demand. A workload writes one like any BLOB value, and the database keeps
 * this descriptor in the table and in its redo records; the bytes exist only while a LOB_WRITE
 * row's {@code HEXTORAW} buffer is being formatted. This is how a test writes a LOB far larger than
 * the heap of the JVM that simulates the database (docs/performance-lob.md).
 *
 * <pre>{@code
 * GeneratedLob body = GeneratedLob.of(7, 1L << 30);           // 1 GiB
 * tx.insert(docs, 1L, body);                                   // EMPTY_BLOB(), locator, 524,288 writes
 * String expected = body.sha256();                             // what a consumer must have received
 * }</pre>
 *
 * <p>The content depends only on the seed and the position: {@code of(s, n)} is a prefix of {@code
 * of(s, m)} for {@code n <= m}, so trimming one gives another of the same seed.
 *
 * @param seed the content's seed
 * @param length the number of bytes, 0 or more
 */
public record GeneratedLob(long seed, long length) {

  /**
   * The largest generated LOB materialised whole: as the value of a SELECT of its cell, in {@link
   * SimulatedOracle#rows}, or for a DBMS_LOB call that rewrites part of it. A longer one is refused
   * there with an error saying so (ORA-04030 for a SELECT), never cut short.
   */
  public static final int MAX_MATERIALISED_BYTES = 16 << 20;

  /** Bytes per round of {@link #sha256()} and {@link #openStream()}. */
  private static final int CHUNK = 1 << 20;

  /** splitmix64's increment: consecutive words of one seed are far apart in its sequence. */
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  public GeneratedLob {
    if (length < 0) {
      throw new IllegalArgumentException("length must be 0 or more: " + length);
    }
  }

  /** {@code length} bytes of content from {@code seed}. */
  public static GeneratedLob of(long seed, long length) {
    return new GeneratedLob(seed, length);
  }

  /**
   * Bytes {@code [offset, offset + amount)} of the content, offset counted from 0.
   *
   * @throws IndexOutOfBoundsException when the range is not inside the content
   */
  public byte[] bytes(long offset, int amount) {
    Objects.checkFromIndexSize(offset, amount, length);
    byte[] out = new byte[amount];
    fill(out, offset);
    return out;
  }

  /** The first {@code newLength} bytes, as DBMS_LOB.TRIM leaves them. */
  public GeneratedLob prefix(long newLength) {
    if (newLength < 0 || newLength > length) {
      throw new IllegalArgumentException("prefix length " + newLength + " is outside 0.." + length);
    }
    return new GeneratedLob(seed, newLength);
  }

  /** The whole content as a stream, generated as it is read. */
  public InputStream openStream() {
    return new InputStream() {
      private long position;

      @Override
      public int read() {
        if (position >= length) {
          return -1;
        }
        return bytes(position++, 1)[0] & 0xFF;
      }

      @Override
      public int read(byte[] into, int off, int len) {
        Objects.checkFromIndexSize(off, len, into.length);
        if (position >= length) {
          return -1;
        }
        int n = (int) Math.min(len, length - position);
        byte[] part = bytes(position, n);
        System.arraycopy(part, 0, into, off, n);
        position += n;
        return n;
      }
    };
  }

  /** The SHA-256 of the content in lower-case hex, computed by streaming it (about 3 s per GiB). */
  public String sha256() {
    MessageDigest digest = newDigest();
    byte[] chunk = new byte[(int) Math.min(CHUNK, Math.max(length, 1))];
    for (long at = 0; at < length; at += chunk.length) {
      int n = (int) Math.min(chunk.length, length - at);
      fill(chunk, at);
      digest.update(chunk, 0, n);
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  /** A new SHA-256 digest; every JVM has one (Java SE requires it). */
  static MessageDigest newDigest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no SHA-256", e);
    }
  }

  /** Content from {@code offset} into {@code out}, as far as out or the content reaches. */
  private void fill(byte[] out, long offset) {
    int n = (int) Math.min(out.length, length - offset);
    long word = Long.MIN_VALUE;
    long bits = 0;
    for (int i = 0; i < n; i++) {
      long p = offset + i;
      if (p >>> 3 != word) {
        word = p >>> 3;
        bits = mix(seed + (word + 1) * GOLDEN);
      }
      out[i] = (byte) (bits >>> ((p & 7) * 8));
    }
  }

  /** splitmix64's finaliser: every input bit affects every output bit. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  @Override
  public String toString() {
    return "GeneratedLob[seed " + seed + ", " + length + " bytes]";
  }
}
