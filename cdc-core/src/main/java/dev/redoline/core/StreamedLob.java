package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.NoSuchFileException;

/**
 * A LOB value too large to be held whole on the heap: its content stays in a file of the buffer's
 * spill directory and is read through a stream. A CLOB, NCLOB or BLOB whose content grows past the
 * stream threshold (the lower of {@code cdc.lob.stream.threshold.bytes} and {@code
 * cdc.buffer.memory.max.bytes}; 2 bytes per character) is delivered as one; a smaller one, an
 * XMLTYPE or a JSON value is a {@code String} or {@link Bytes}.
 *
 * <pre>{@code
 * if (value instanceof StreamedLob lob && lob.isCharacter()) {
 *   try (Reader reader = lob.openReader()) {
 *     reader.transferTo(writer);
 *   }
 * }
 * }</pre>
 *
 * <h2>Lifetime</h2>
 *
 * The content can be read, as often as wanted and from any thread, until the transaction holding
 * the value is acknowledged: for the embedded engine, at least while the handler runs. It is
 * deleted when the acknowledgement arrives (for the embedded engine, once the handler has returned
 * successfully and its position is stored with the next offset write), or when the transaction is
 * rolled back or dropped or the engine stops; opening a stream afterwards throws {@link
 * CdcException} CDC-5004: read it before returning. A stream opened before keeps reading the whole
 * content.
 *
 * <p>Immutable. {@link #equals} compares where the content is stored, {@link #toString} shows the
 * kind and length: neither reads or prints any of the content.
 */
public final class StreamedLob {

  private final Source source;

  private StreamedLob(Source source) {
    this.source = source;
  }

  /**
   * A value over {@code source}. The engine makes them over its LOB files; a test of a handler can
   * make one over content of its own.
   */
  public static StreamedLob of(Source source) {
    Checks.notNull(source, "source");
    Checks.argument(
        source.storedBytes() >= 0 && (!source.character() || source.storedBytes() % 2 == 0),
        "a character LOB is stored in 2 bytes per character: %s",
        source.storedBytes());
    return new StreamedLob(source);
  }

  /**
   * Where the content is stored (the buffer writes a reference to its own sources in its spill
   * files).
   */
  public Source source() {
    return source;
  }

  /**
   * The length: bytes for a BLOB, characters (UTF-16 units, as Oracle counts them) for a CLOB or
   * NCLOB.
   */
  public long length() {
    return source.character() ? source.storedBytes() / 2 : source.storedBytes();
  }

  /** Whether it is a character LOB (CLOB, NCLOB), read with {@link #openReader()}. */
  public boolean isCharacter() {
    return source.character();
  }

  /**
   * A new stream over the content from its start: a BLOB's bytes, or a character LOB's UTF-16BE
   * bytes (2 per character, so that no character is changed on the way, an unpaired surrogate
   * included). The caller closes it.
   *
   * @throws CdcException CDC-5004 when the value was released (read after its transaction was
   *     acknowledged), CDC-2104 when the file cannot be read
   */
  public InputStream openStream() {
    try {
      return new BufferedInputStream(source.open(), 64 * 1024);
    } catch (NoSuchFileException e) {
      throw new CdcException(
          ErrorCode.LOB_RELEASED,
          "the content of "
              + this
              + " was released: its transaction "
              + "was acknowledged (the handler returned), rolled back or dropped, or the engine stopped",
          e);
    } catch (IOException e) {
      throw new CdcException(
          ErrorCode.LOCAL_STORAGE_FAILED, "cannot read the content of " + this + ": " + e, e);
    }
  }

  /**
   * A new reader over a character LOB's characters from its start, exactly as stored (an unpaired
   * surrogate is kept, not replaced). The caller closes it.
   *
   * @throws IllegalStateException for a BLOB, which has bytes, not characters: use {@link
   *     #openStream()}
   * @throws CdcException CDC-5004 when the value was released, CDC-2104 when the file cannot be
   *     read
   */
  public Reader openReader() {
    if (!source.character()) {
      throw new IllegalStateException(
          "a BLOB has bytes, not characters: read " + this + " with openStream()");
    }
    return new Utf16Reader(openStream());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof StreamedLob other && source.equals(other.source);
  }

  @Override
  public int hashCode() {
    return source.hashCode();
  }

  /** The kind, the length and where it is stored; never content. */
  @Override
  public String toString() {
    return "StreamedLob["
        + (source.character() ? length() + " characters" : length() + " bytes")
        + ", "
        + source.describe()
        + "]";
  }

  /**
   * Where the content of a {@code StreamedLob} is stored: for the engine, a file of the buffer's
   * spill directory. The value asks its source for a stream only when a reader wants one, so
   * cdc-core itself opens no file.
   *
   * <p>Implementations are immutable handles; {@code equals} compares where the content is, never
   * the content.
   */
  public interface Source {

    /**
     * The stored size in bytes: a BLOB's bytes, or 2 per character (UTF-16BE) for a character LOB.
     */
    long storedBytes();

    /** Whether the content is characters stored as UTF-16BE, 2 bytes per UTF-16 unit. */
    boolean character();

    /**
     * A new stream over the whole content, from its first byte.
     *
     * @throws java.nio.file.NoSuchFileException when the content was released (its transaction was
     *     acknowledged, rolled back or dropped, or the engine stopped)
     * @throws IOException when it cannot be read
     */
    InputStream open() throws IOException;

    /** Where the content is, for messages: never any of the content. */
    String describe();
  }

  /** UTF-16BE, 2 bytes per char, with no decoding: what the file holds is what is read. */
  private static final class Utf16Reader extends Reader {
    private final InputStream in;

    Utf16Reader(InputStream in) {
      this.in = in;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
      if (length == 0) {
        return 0;
      }
      int n = 0;
      while (n < length) {
        int hi = in.read();
        if (hi < 0) {
          break;
        }
        int lo = in.read();
        if (lo < 0) {
          throw new IOException("a character LOB's file ends inside a character");
        }
        buffer[offset + n++] = (char) (hi << 8 | lo);
        if (in.available() == 0) {
          break; // what is read so far is returned rather than blocking for more
        }
      }
      return n == 0 ? -1 : n;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }
}
