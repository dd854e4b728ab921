package dev.redoline.buffer.internal;

import dev.redoline.core.Change;
import dev.redoline.core.internal.ChangeSequence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The changes of a committed spilled transaction, streamed from its spill file one frame at a time:
 * never materialised whole. Each {@link #iterator()} reads the file from the start.
 *
 * <pre>{@code
 * for (Change change : sequence) { ... }   // CDC-2101 on a bad checksum or a short file
 * sequence.delete();                         // after the consumer is done
 * }</pre>
 *
 * <p>Read on the consumer's thread; it shares nothing mutable with the apply thread (the removed
 * positions are a private copy), so no lock is involved. {@link #delete()} closes readers still
 * open and removes the file; iterating after it fails with CDC-2101.
 */
final class SpilledSequence implements ChangeSequence {

  private final Path path;
  private final long offset;
  private final long frames;
  private final int from;
  private final BitSet removed;
  private final long size;
  private final Set<FrameReader> open = ConcurrentHashMap.newKeySet();
  private volatile boolean deleted;

  SpilledSequence(Path path, long offset, long frames, int from, BitSet removed, long size) {
    this.path = path;
    this.offset = offset;
    this.frames = frames;
    this.from = from;
    this.removed = removed;
    this.size = size;
  }

  @Override
  public long size() {
    return size;
  }

  long diskBytes() {
    try {
      return Files.size(path);
    } catch (IOException e) {
      return 0;
    }
  }

  @Override
  public Iterator<Change> iterator() {
    if (deleted) {
      throw SpillFiles.corrupt(path, "read after the transaction was released");
    }
    try {
      FrameReader reader = FrameReader.open(path, offset);
      open.add(reader);
      return new FrameIterator(reader);
    } catch (IOException e) {
      throw SpillFiles.io(path, "open", e);
    }
  }

  /** Closes readers left open and deletes the file. Idempotent. */
  void delete() throws IOException {
    deleted = true;
    for (FrameReader reader : open) {
      reader.close();
    }
    open.clear();
    Files.deleteIfExists(path);
  }

  @Override
  public String toString() {
    return "ChangeSequence[" + size + " spilled to " + path.getFileName() + "]";
  }

  /** Reads {@code count} frames from {@code offset}; used for undo and journal read-back. */
  static void read(Path path, long offset, long count, SpillStore.PositionedChange action)
      throws IOException {
    try (FrameReader reader = FrameReader.open(path, offset)) {
      for (long i = 0; i < count; i++) {
        ByteReader payload = nextFrame(reader, path);
        int position = payload.getInt();
        action.accept(position, ChangeCodec.read(payload));
      }
    } catch (FrameFormatException e) {
      throw SpillFiles.corrupt(path, e.getMessage());
    }
  }

  private static ByteReader nextFrame(FrameReader reader, Path path) throws IOException {
    ByteReader payload;
    try {
      payload = reader.next();
    } catch (FrameReader.TornFrameException e) {
      throw SpillFiles.corrupt(path, "ends early: " + e.getMessage());
    }
    if (payload == null) {
      throw SpillFiles.corrupt(path, "ends early at offset " + reader.offset());
    }
    return payload;
  }

  private final class FrameIterator implements Iterator<Change> {
    private final FrameReader reader;
    private long read;
    private Change next;

    FrameIterator(FrameReader reader) {
      this.reader = reader;
    }

    @Override
    public boolean hasNext() {
      while (next == null && read < frames) {
        next = readOne();
      }
      if (next == null) {
        close();
      }
      return next != null;
    }

    private Change readOne() {
      try {
        ByteReader payload = nextFrame(reader, path);
        read++;
        int position = payload.getInt();
        Change change = ChangeCodec.read(payload);
        return position < from || removed.get(position) ? null : change;
      } catch (FrameFormatException e) {
        close();
        throw SpillFiles.corrupt(path, e.getMessage());
      } catch (IOException e) {
        close();
        throw SpillFiles.io(path, "read", e);
      } catch (RuntimeException e) {
        close();
        throw e;
      }
    }

    private void close() {
      try {
        reader.close();
      } catch (IOException ignored) {
        // reading is over; a close failure loses nothing
      }
      open.remove(reader);
    }

    @Override
    public Change next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      Change result = next;
      next = null;
      return result;
    }
  }
}
