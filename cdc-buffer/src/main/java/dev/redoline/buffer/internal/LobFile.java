package dev.redoline.buffer.internal;

import dev.redoline.core.StreamedLob;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;

/**
 * The content of one LOB in an owner-only file of the spill directory: written at positions while
 * its LOB rows are applied, then {@linkplain #seal sealed} into the {@link StreamedLob} its change
 * carries, and {@linkplain #release released} (deleted) when that change can no longer be delivered
 * or was acknowledged. Positions are bytes: a character LOB is stored as UTF-16BE, 2 bytes per
 * character, so that a character offset is a byte position.
 *
 * <pre>{@code
 * LobFile file = buffer.newLobFile(xid, true);
 * file.write(0, utf16("Dear ..."));
 * file.fill(16, 40);                  // spaces over characters 9 to 20
 * file.truncate(40);
 * StreamedLob value = file.seal();
 * }</pre>
 *
 * <p>Apply thread until sealed; after that the file is only read, by any thread, and the object is
 * an immutable handle whose {@code equals} compares the path.
 */
public final class LobFile implements StreamedLob.Source {

  /** The filler of a hole or an erased range in a BLOB: zero bytes. */
  private static final byte[] BINARY_FILLER = {0};

  /** In a character LOB: spaces, U+0020 in UTF-16BE. */
  private static final byte[] CHARACTER_FILLER = {0, ' '};

  private static final int FILL_CHUNK = 64 * 1024;

  private final Path path;
  private final boolean character;
  private FileChannel channel;
  private long size;

  private LobFile(Path path, boolean character, FileChannel channel, long size) {
    this.path = path;
    this.character = character;
    this.channel = channel;
    this.size = size;
  }

  /** A new, empty, owner-only file at {@code path}; fails if one exists. */
  static LobFile create(Path path, boolean character) {
    try {
      Set<StandardOpenOption> options =
          Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, StandardOpenOption.READ);
      FileChannel channel =
          FrameWriter.POSIX
              ? FileChannel.open(path, options, FrameWriter.ownerOnlyFile())
              : FileChannel.open(path, options);
      return new LobFile(path, character, channel, 0);
    } catch (IOException e) {
      throw SpillFiles.io(path, "create", e);
    }
  }

  /** A sealed file of {@code size} bytes, as a spill file refers to it ({@link ChangeCodec}). */
  static LobFile sealed(Path path, boolean character, long size) {
    return new LobFile(path, character, null, size);
  }

  Path path() {
    return path;
  }

  /** The bytes written so far (2 per character). */
  public long size() {
    return size;
  }

  /**
   * Writes {@code data} at byte {@code position}, which is at most {@link #size()}: the file grows
   * as needed.
   */
  public void write(long position, byte[] data) {
    requireWritable();
    if (position < 0 || position > size) {
      throw new IllegalArgumentException(
          "write at " + position + " past the end " + size + " of " + path);
    }
    ByteBuffer buffer = ByteBuffer.wrap(data);
    try {
      long at = position;
      while (buffer.hasRemaining()) {
        at += channel.write(buffer, at);
      }
    } catch (IOException e) {
      throw SpillFiles.io(path, "write", e);
    }
    size = Math.max(size, position + data.length);
  }

  /**
   * Writes the filler (spaces in a character LOB, zero bytes in a BLOB) over bytes {@code from}
   * (inclusive) to {@code to} (exclusive), growing the file when {@code to} is past its end: what a
   * hole or an erase leaves.
   */
  public void fill(long from, long to) {
    requireWritable();
    if (from < 0 || from > size || to < from) {
      throw new IllegalArgumentException(
          "fill of " + from + ".." + to + " in " + size + " bytes of " + path);
    }
    byte[] unit = character ? CHARACTER_FILLER : BINARY_FILLER;
    byte[] chunk = new byte[(int) Math.min(FILL_CHUNK, to - from + unit.length)];
    for (int i = 0; i + unit.length <= chunk.length; i += unit.length) {
      System.arraycopy(unit, 0, chunk, i, unit.length);
    }
    int whole = chunk.length - chunk.length % unit.length;
    for (long at = from; at < to; at += whole) {
      int n = (int) Math.min(whole, to - at);
      byte[] part = n == chunk.length ? chunk : java.util.Arrays.copyOf(chunk, n);
      write(at, part);
    }
  }

  /** Cuts the content to {@code length} bytes when it is longer. */
  public void truncate(long length) {
    requireWritable();
    if (length < size) {
      try {
        channel.truncate(length);
      } catch (IOException e) {
        throw SpillFiles.io(path, "truncate", e);
      }
      size = length;
    }
  }

  /** Ends writing: the value over the file, readable until the file is released. */
  public StreamedLob seal() {
    requireWritable();
    closeChannel();
    return StreamedLob.of(this);
  }

  /** Whether {@code value} is the value over this file. */
  boolean backs(StreamedLob value) {
    return value.source().equals(this);
  }

  /** Deletes the file; a stream opened before keeps reading, a new one is refused. Idempotent. */
  public void release() {
    closeChannel();
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      throw SpillFiles.io(path, "delete", e);
    }
  }

  private void closeChannel() {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException ignored) {
        // nothing was buffered: every write went to the channel; the file is read or deleted next
      }
      channel = null;
    }
  }

  private void requireWritable() {
    if (channel == null) {
      throw new IllegalStateException("LOB file " + path + " is sealed or released");
    }
  }

  @Override
  public long storedBytes() {
    return size;
  }

  @Override
  public boolean character() {
    return character;
  }

  @Override
  public InputStream open() throws IOException {
    return Files.newInputStream(path);
  }

  @Override
  public String describe() {
    return "file " + path.getFileName();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LobFile other && path.equals(other.path);
  }

  @Override
  public int hashCode() {
    return path.hashCode();
  }

  @Override
  public String toString() {
    return "LobFile[" + path.getFileName() + ", " + size + " bytes]";
  }
}
