package dev.redoline.buffer.internal;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Reads the frames {@link FrameWriter} wrote, in order, checking each checksum.
 *
 * <pre>{@code
 * try (FrameReader r = FrameReader.open(path, 0)) {
 *   ByteReader payload;
 *   while ((payload = r.next()) != null) { ... }
 * }
 * }</pre>
 *
 * <p>{@link #next()} returns {@code null} only at a clean end of file (between frames). A frame cut
 * short is {@link TornFrameException} (callers decide whether a torn tail is corruption); a
 * checksum mismatch or an implausible length is {@link FrameFormatException}.
 */
final class FrameReader implements AutoCloseable {

  private final InputStream in;
  private final CRC32C crc = new CRC32C();
  private final byte[] header = new byte[FrameWriter.HEADER_BYTES];
  private byte[] payload = new byte[256];
  private long offset;

  private FrameReader(InputStream in, long offset) {
    this.in = in;
    this.offset = offset;
  }

  static FrameReader open(Path path, long offset) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    try {
      channel.position(offset);
      return new FrameReader(
          new BufferedInputStream(Channels.newInputStream(channel), 65536), offset);
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }

  /** The file offset of the next frame: after a clean end, the length of the valid content. */
  long offset() {
    return offset;
  }

  /** The next frame's payload (valid until the next call), or {@code null} at a clean end. */
  ByteReader next() throws IOException {
    int got = in.readNBytes(header, 0, header.length);
    if (got == 0) {
      return null;
    }
    if (got < header.length) {
      throw new TornFrameException("frame header cut short at offset " + offset);
    }
    int length =
        (header[0] & 0xFF) << 24
            | (header[1] & 0xFF) << 16
            | (header[2] & 0xFF) << 8
            | (header[3] & 0xFF);
    int expected =
        (header[4] & 0xFF) << 24
            | (header[5] & 0xFF) << 16
            | (header[6] & 0xFF) << 8
            | (header[7] & 0xFF);
    if (length < 0 || length > FrameWriter.MAX_PAYLOAD) {
      throw new FrameFormatException("implausible frame length " + length + " at offset " + offset);
    }
    if (payload.length < length) {
      payload = new byte[Math.max(length, payload.length * 2)];
    }
    if (in.readNBytes(payload, 0, length) < length) {
      throw new TornFrameException("frame cut short at offset " + offset);
    }
    crc.reset();
    crc.update(payload, 0, length);
    if ((int) crc.getValue() != expected) {
      throw new FrameFormatException("checksum mismatch in frame at offset " + offset);
    }
    offset += FrameWriter.HEADER_BYTES + length;
    return new ByteReader(payload, 0, length);
  }

  /**
   * The bytes behind the last payload {@link #next()} returned, valid until the next call: a reader
   * of an encrypted file deciphers them in place before reading the payload.
   */
  byte[] payloadBytes() {
    return payload;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  /** A frame that ends before its declared length: a torn write or a truncated file. */
  static final class TornFrameException extends EOFException {
    private static final long serialVersionUID = 1L;

    TornFrameException(String message) {
      super(message);
    }
  }
}
