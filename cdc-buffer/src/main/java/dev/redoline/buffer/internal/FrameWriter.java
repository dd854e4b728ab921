package dev.redoline.buffer.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.zip.CRC32C;

/**
 * Appends checksummed frames to a file: {@code [int payload length][int CRC32C of
 * payload][payload]}. Frames are buffered and reach the file on {@link #flush()}; {@link #force()}
 * also syncs it.
 *
 * <pre>{@code
 * try (FrameWriter w = FrameWriter.create(path, 8192)) {
 *   long offset = w.append(payload);   // file offset of the frame
 *   w.flush();
 * }
 * }</pre>
 */
final class FrameWriter implements AutoCloseable {

  /** Bytes of the frame header: payload length and checksum. */
  static final int HEADER_BYTES = 8;

  /** The largest payload accepted; a longer length read back is taken as corruption. */
  static final int MAX_PAYLOAD = 64 * 1024 * 1024;

  static final boolean POSIX =
      FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

  private final Path path;
  private final FileChannel channel;
  private final ByteBuffer buffer;
  private final CRC32C crc = new CRC32C();
  private long size;

  private FrameWriter(Path path, FileChannel channel, int bufferBytes, long size) {
    this.path = path;
    this.channel = channel;
    this.buffer = ByteBuffer.allocate(bufferBytes);
    this.size = size;
  }

  /** Creates a new owner-only ({@code rw-------}) file; fails if it exists. */
  static FrameWriter create(Path path, int bufferBytes) throws IOException {
    FileChannel channel =
        POSIX
            ? FileChannel.open(
                path,
                Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                ownerOnlyFile())
            : FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    return new FrameWriter(path, channel, bufferBytes, 0);
  }

  /** Opens an existing file for appending after its last {@code validLength} bytes. */
  static FrameWriter append(Path path, int bufferBytes, long validLength) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE);
    // A torn tail (a crash in the middle of an append) is cut off so new frames follow valid ones.
    channel.truncate(validLength);
    channel.position(validLength);
    return new FrameWriter(path, channel, bufferBytes, validLength);
  }

  static FileAttribute<?> ownerOnlyFile() {
    return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
  }

  /**
   * Creates {@code dir} (and parents) as {@code rwx------} when missing; checks it is a directory.
   */
  static void createOwnerOnlyDirectory(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      return;
    }
    if (POSIX) {
      Files.createDirectories(
          dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    } else {
      Files.createDirectories(dir);
    }
  }

  Path path() {
    return path;
  }

  /** Bytes written so far, including buffered ones. */
  long size() {
    return size;
  }

  /** Appends one frame holding {@code payload}'s bytes and returns the frame's file offset. */
  long append(ByteWriter payload) throws IOException {
    int length = payload.size();
    crc.reset();
    crc.update(payload.array(), 0, length);
    long offset = size;
    if (buffer.remaining() < HEADER_BYTES) {
      drain();
    }
    buffer.putInt(length).putInt((int) crc.getValue());
    int written = 0;
    while (written < length) {
      if (!buffer.hasRemaining()) {
        drain();
      }
      int chunk = Math.min(buffer.remaining(), length - written);
      buffer.put(payload.array(), written, chunk);
      written += chunk;
    }
    size += HEADER_BYTES + length;
    return offset;
  }

  private void drain() throws IOException {
    buffer.flip();
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
    buffer.clear();
  }

  /** Writes buffered frames to the file, so readers on other channels see them. */
  void flush() throws IOException {
    drain();
  }

  /** Flushes and syncs the file's content to the device. */
  void force() throws IOException {
    drain();
    channel.force(false);
  }

  @Override
  public void close() throws IOException {
    try {
      drain();
    } finally {
      channel.close();
    }
  }
}
