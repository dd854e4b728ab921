package dev.redoline.buffer.internal;

import dev.redoline.core.Change;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The changes of one spilled transaction: an append-only file of checksummed frames, each {@code
 * [int position][change]}, plus what undo rows need to find their target without reading the file
 * for each one.
 *
 * <pre>{@code
 * SpillStore store = SpillStore.create(dir.resolve("tx-0a000b0057030000-1.spill"), 8192);
 * store.add(change, 0);
 * int undone = store.removeNewest(change.rowId());   // 0
 * ChangeSequence published = store.publish();
 * }</pre>
 *
 * <h2>Implementation notes</h2>
 *
 * Frames are grouped in segments of {@link #SEGMENT} positions. The open (newest) segment keeps a
 * {@link RowIndex} in memory; a sealed segment keeps only a {@link SegmentFilter}. An undo row
 * looks in the open segment, then walks sealed segments newest first, reading back only a segment
 * whose filter matches; the last segment read stays indexed, so a savepoint rollback that undoes a
 * long run of changes in reverse reads each segment once. Removed positions are bits in {@code
 * removed}, skipped by every reader. Apply-thread only; readers of a published file use their own
 * channels.
 */
final class SpillStore {

  /** Positions per segment: bounds the undo index in memory and the read-back of one segment. */
  static final int SEGMENT = 4096;

  private final Path path;
  private final FrameWriter writer;
  private final ByteWriter scratch = new ByteWriter(512);
  private final List<Sealed> sealed = new ArrayList<>();
  private final BitSet removed = new BitSet();
  private final int bufferBytes;
  private long frames;
  private long live;
  private long sealedFilterBytes;
  private int nextPosition;

  private long openOffset;
  private int openFirst = -1;
  private int openCount;
  private int openLive;
  private RowIndex openIndex = new RowIndex();
  private SegmentFilter openFilter = new SegmentFilter(SEGMENT);
  private long openIndexBytes;

  private int cachedSegment = -1;
  private RowIndex cachedIndex;

  /** Segments read back for undo rows: lets tests show undo is not a scan of the transaction. */
  private long segmentsRead;

  private SpillStore(Path path, FrameWriter writer, int bufferBytes) {
    this.path = path;
    this.writer = writer;
    this.bufferBytes = bufferBytes;
  }

  static SpillStore create(Path path, int bufferBytes) {
    try {
      return new SpillStore(path, FrameWriter.create(path, bufferBytes), bufferBytes);
    } catch (IOException e) {
      throw SpillFiles.io(path, "create", e);
    }
  }

  Path path() {
    return path;
  }

  long live() {
    return live;
  }

  long diskBytes() {
    return writer.size();
  }

  long segmentsRead() {
    return segmentsRead;
  }

  /** Heap this store holds: write buffer, filters and the open segment's index. */
  long memoryBytes() {
    return bufferBytes + sealedFilterBytes + openFilter.bytes() + openIndexBytes;
  }

  void add(Change change, int position) {
    if (openCount == SEGMENT) {
      seal();
    }
    scratch.reset();
    scratch.putInt(position);
    ChangeCodec.write(change, scratch);
    long offset;
    try {
      offset = writer.append(scratch);
    } catch (IOException e) {
      throw SpillFiles.io(path, "write", e);
    }
    nextPosition = position + 1;
    if (openCount == 0) {
      openOffset = offset;
      openFirst = position;
    }
    openCount++;
    openLive++;
    frames++;
    live++;
    if (change.rowId() != null) {
      openIndex.push(change.rowId(), position);
      openFilter.add(change.rowId());
      openIndexBytes += RowIndex.ENTRY_BYTES;
    }
  }

  /** Records that {@code position} was removed before the spill, so it is never counted live. */
  void skip(int position) {
    removed.set(position);
    nextPosition = position + 1;
  }

  private void seal() {
    sealed.add(new Sealed(openOffset, openFirst, openCount, openLive, openFilter));
    sealedFilterBytes += openFilter.bytes() + 32;
    openIndex = new RowIndex();
    openFilter = new SegmentFilter(SEGMENT);
    openIndexBytes = 0;
    openCount = 0;
    openLive = 0;
  }

  /** Removes the newest live change with {@code rowId}; its position, or -1 when none. */
  int removeNewest(String rowId) {
    int position = openIndex.pop(rowId);
    if (position >= 0) {
      openIndexBytes -= RowIndex.ENTRY_BYTES;
      openLive--;
      return markRemoved(position);
    }
    for (int i = sealed.size() - 1; i >= 0; i--) {
      Sealed segment = sealed.get(i);
      if (segment.mayHold(rowId) && (i == cachedSegment || segment.filter.mightContain(rowId))) {
        RowIndex index = segmentIndex(i);
        position = index.pop(rowId);
        if (position >= 0) {
          segment.live--;
          if (!index.contains(rowId)) {
            segment.gone(rowId);
          }
          return markRemoved(position);
        }
      }
    }
    return -1;
  }

  private int markRemoved(int position) {
    removed.set(position);
    live--;
    return position;
  }

  private RowIndex segmentIndex(int segment) {
    if (segment != cachedSegment) {
      Sealed s = sealed.get(segment);
      RowIndex index = new RowIndex();
      readFrames(
          s.offset,
          s.count,
          (position, change) -> {
            if (change.rowId() != null && !removed.get(position)) {
              index.push(change.rowId(), position);
            }
          });
      segmentsRead++;
      cachedSegment = segment;
      cachedIndex = index;
    }
    return cachedIndex;
  }

  /** The change written at {@code position}, read back even when since removed; null if none. */
  Change changeAtIgnoringRemoval(int position) {
    Change[] found = new Change[1];
    long[] start = segmentStart(position);
    readFrames(
        start[0],
        start[1],
        (p, change) -> {
          if (p == position) {
            found[0] = change;
          }
        });
    return found[0];
  }

  /**
   * A view of the live changes at {@code from} or later, streamed from the file; valid until the
   * next change is added (the journal reads it before the apply thread goes on).
   */
  SpilledSequence sequenceFrom(int from) {
    return sequenceBetween(from, positionLimit());
  }

  /** The live changes at positions {@code from} (inclusive) to {@code to} (exclusive). */
  SpilledSequence sequenceBetween(int from, int to) {
    long[] start = segmentStart(from);
    try {
      writer.flush();
    } catch (IOException e) {
      throw SpillFiles.io(path, "flush", e);
    }
    long size = 0;
    for (int p = removed.nextClearBit(from); p < to; p = removed.nextClearBit(p + 1)) {
      size++;
    }
    BitSet skipped = (BitSet) removed.clone();
    if (to < positionLimit()) {
      skipped.set(to, positionLimit()); // read past, never yielded
    }
    return new SpilledSequence(path, start[0], frames - start[2], from, skipped, size);
  }

  /** One past the highest position written. */
  private int positionLimit() {
    return nextPosition;
  }

  // {file offset, frames in the segment, frames before it} of the segment holding position.
  private long[] segmentStart(int position) {
    long before = (long) sealed.size() * SEGMENT;
    if (openCount > 0 && position >= openFirst) {
      return new long[] {openOffset, openCount, before};
    }
    for (int i = sealed.size() - 1; i >= 0; i--) {
      Sealed s = sealed.get(i);
      if (position >= s.first || i == 0) {
        return new long[] {s.offset, s.count, (long) i * SEGMENT};
      }
    }
    return new long[] {openCount > 0 ? openOffset : writer.size(), openCount, before};
  }

  private void readFrames(long offset, long count, PositionedChange action) {
    try {
      writer.flush();
      SpilledSequence.read(path, offset, count, action);
    } catch (IOException e) {
      throw SpillFiles.io(path, "read", e);
    }
  }

  /** Closes the file for writing and hands its content to a reader; the store is done after. */
  SpilledSequence publish() {
    try {
      writer.close();
    } catch (IOException e) {
      throw SpillFiles.io(path, "close", e);
    }
    return new SpilledSequence(path, 0, frames, 0, (BitSet) removed.clone(), live);
  }

  /** Closes and deletes the file (rollback, orphan, close). */
  void discard() {
    try {
      writer.close();
    } catch (IOException ignored) {
      // the file is deleted next; a close failure leaves nothing to keep
    }
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      throw SpillFiles.io(path, "delete", e);
    }
  }

  /** A consumer of changes with their position in the transaction. */
  @FunctionalInterface
  interface PositionedChange {
    void accept(int position, Change change);
  }

  /**
   * A sealed segment. The filter cannot forget a ROW_ID, so the ROW_IDs whose every change in the
   * segment was undone are kept apart: without them, a savepoint rollback walking back through two
   * segments would read both again for every undo row.
   */
  private static final class Sealed {
    final long offset;
    final int first;
    final int count;
    final SegmentFilter filter;
    int live;
    private java.util.Set<String> gone;

    Sealed(long offset, int first, int count, int live, SegmentFilter filter) {
      this.offset = offset;
      this.first = first;
      this.count = count;
      this.filter = filter;
      this.live = live;
    }

    boolean mayHold(String rowId) {
      return live > 0 && (gone == null || !gone.contains(rowId));
    }

    void gone(String rowId) {
      if (gone == null) {
        gone = new java.util.HashSet<>();
      }
      gone.add(rowId);
    }
  }
}
