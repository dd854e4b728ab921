package dev.redoline.connect;

import dev.redoline.core.Bytes;
import dev.redoline.core.Marker;
import dev.redoline.core.StreamedLob;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * Reads a {@link StreamedLob} whole for a Connect record, which carries whole {@code string} and
 * {@code bytes} values: a character LOB into a {@code String}, a BLOB into {@link Bytes}. Past the
 * bound (a value longer than {@code cdc.lob.max.bytes}, which the capture has already refused, or,
 * with that at 0, past what one Java array holds) it is {@link Marker#LOB_OVER_LIMIT}, mapped to
 * the unavailable placeholder as any value over the limit. Kafka's own message size ({@code
 * max.request.size}, the topic's {@code max.message.bytes}) is the bound that matters in practice:
 * docs/connect.md.
 *
 * <pre>{@code
 * Object whole = WholeLobs.read(lob, 16L << 20);   // String, Bytes or Marker.LOB_OVER_LIMIT
 * }</pre>
 *
 * <p>The value is read while its record is made, in {@code poll}, before its transaction can be
 * acknowledged, so its file still exists.
 */
final class WholeLobs {

  /** The most bytes a whole value may store here: arrays are int-indexed. */
  static final long ARRAY_LIMIT = Integer.MAX_VALUE - 16;

  private WholeLobs() {}

  /**
   * @param maxBytes {@code cdc.lob.max.bytes}, 0 for no bound of its own
   * @throws dev.redoline.core.CdcException when the value cannot be read (its file gone or
   *     unreadable)
   */
  static Object read(StreamedLob lob, long maxBytes) {
    long stored = lob.isCharacter() ? 2 * lob.length() : lob.length();
    long limit = maxBytes == 0 ? ARRAY_LIMIT : Math.min(maxBytes, ARRAY_LIMIT);
    if (stored > limit) {
      return Marker.LOB_OVER_LIMIT;
    }
    try {
      if (lob.isCharacter()) {
        StringBuilder text = new StringBuilder((int) lob.length());
        char[] chunk = new char[8192];
        try (Reader reader = lob.openReader()) {
          for (int n = reader.read(chunk); n >= 0; n = reader.read(chunk)) {
            text.append(chunk, 0, n);
          }
        }
        return text.toString();
      }
      try (InputStream in = lob.openStream()) {
        return Bytes.of(in.readAllBytes());
      }
    } catch (IOException e) {
      throw new dev.redoline.core.CdcException(
          dev.redoline.core.ErrorCode.LOCAL_STORAGE_FAILED,
          "cannot read " + lob + " for its record: " + e,
          e);
    }
  }
}
