package dev.redoline.logminer.internal;

import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.core.CommitMark;
import dev.redoline.core.Position;
import dev.redoline.core.SnapshotMark;
import dev.redoline.core.TableId;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import dev.redoline.logminer.seam.StreamEvent.TransactionEvent;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The changes of one {@link TransactionEvent}, read on the sink's thread from the published
 * transaction (memory or spill file) or the snapshot chunk, each made a {@link ChangeEvent} with
 * its restart position: the one place a change's position is made from its transaction's.
 *
 * <h2>Positions</h2>
 *
 * A change in the middle of a transaction gets {@code during} (what the transactions after it hold
 * back, this one's first row included) with the change's index as the last delivered one; the last
 * change delivered gets {@code after}, the whole transaction delivered, so a restart from it reads
 * none of it again. A snapshot chunk's rows all keep the chunk's position (a chunk is no commit)
 * and only its last carries the chunk's own progress.
 *
 * <h2>What is left out</h2>
 *
 * Changes at or before the start position (a restart inside the transaction) do not come out again
 * but still count: they were delivered before the restart, so each change keeps its index and place
 * among its table's changes, and the counts cover them. Changes a snapshot chunk already holds the
 * effect of ({@link Reflected}) never come out, so they do not count: when a transaction has some,
 * its changes are counted first (a second read of the sequence, only while a first snapshot runs)
 * and each event carries the commit {@link Commit#asPartial made partial}, its size the changes
 * delivered and each index the change's place among them, so the last one delivered is {@link
 * ChangeEvent#last()} and no count promises a change that will not come. The position of a change
 * keeps its index in the whole transaction, which is what a restart compares. Which change is the
 * last delivered is known by reading one ahead.
 *
 * <p>Threads: made on the capture thread from immutable values (the reflected rule frozen for this
 * publication); iterated and closed on the sink's.
 */
final class TransactionChanges implements TransactionEvent.Changes {

  private final Commit commit;
  private final Iterable<Change> source;
  private final Runnable release;
  private final PositionState during;
  private final PositionState after;
  private final PositionState start;
  private final Reflected reflected;
  private final List<SnapshotMark> marks;

  private TransactionChanges(
      Commit commit,
      Iterable<Change> source,
      Runnable release,
      PositionState during,
      PositionState after,
      PositionState start,
      Reflected reflected,
      List<SnapshotMark> marks) {
    this.commit = commit;
    this.source = source;
    this.release = release;
    this.during = during;
    this.after = after;
    this.start = start;
    this.reflected = reflected;
    this.marks = marks;
  }

  /**
   * The changes of a committed transaction.
   *
   * @param during the position of a change in the middle (its index is set per change)
   * @param after the position once the transaction is delivered whole
   * @param start the position the stream started at: what it says was delivered is left out
   */
  static TransactionChanges of(
      Commit commit,
      Iterable<Change> changes,
      Runnable release,
      PositionState during,
      PositionState after,
      PositionState start,
      Reflected reflected) {
    return new TransactionChanges(commit, changes, release, during, after, start, reflected, null);
  }

  /**
   * The rows of a snapshot chunk: {@code during} on each but the last, {@code after} on the last.
   */
  static TransactionChanges chunk(
      Snapshots.Chunk chunk, PositionState during, PositionState after) {
    return new TransactionChanges(
        chunk.commit(),
        chunk.changes(),
        () -> {},
        during,
        after,
        null,
        Reflected.NOTHING,
        chunk.marks());
  }

  @Override
  public Iterator<ChangeEvent> iterator() {
    return marks != null ? new ChunkRows() : new Delivered();
  }

  @Override
  public void close() {
    release.run();
  }

  /** The changes of a transaction that come out, each queued once the next one is found. */
  private final class Delivered implements Iterator<ChangeEvent> {
    /** The commit the events carry: partial when the snapshot holds the effect of some changes. */
    private final Commit delivered = deliveredCommit();

    private final Iterator<Change> changes = source.iterator();
    private final CommitMark mark = commit.mark();

    /** Counted over every change not reflected, delivered before a restart or not. */
    private final Map<TableId, Long> tableCounts = new LinkedHashMap<>();

    /** The change's index in the whole transaction: what its position carries. */
    private long index;

    /** The change's index among those not reflected: what its event carries. */
    private long kept;

    /** The change found last, not given out yet: it may be the last. */
    private Change held;

    private long heldIndex = -1;
    private long heldKept;
    private long heldOrder;
    private ChangeEvent next;

    @Override
    public boolean hasNext() {
      while (next == null && (changes.hasNext() || held != null)) {
        next = advance();
      }
      return next != null;
    }

    /**
     * The event of the change held, once the one after it or the end is found; null when left out.
     */
    private ChangeEvent advance() {
      while (changes.hasNext()) {
        Change change = changes.next();
        long at = index++;
        if (reflected.test(change, commit.scn())) {
          continue;
        }
        Change previous = held;
        long previousIndex = heldIndex;
        long previousKept = heldKept;
        long previousOrder = heldOrder;
        held = change;
        heldIndex = at;
        heldKept = kept++;
        heldOrder = tableCounts.merge(change.table(), 1L, Long::sum);
        if (previous != null) {
          return event(previous, previousIndex, previousKept, previousOrder, false);
        }
      }
      Change last = held;
      held = null;
      return last == null ? null : event(last, heldIndex, heldKept, heldOrder, true);
    }

    /**
     * {@code at}: the change's index in the whole transaction; {@code seq}: among those delivered.
     */
    private ChangeEvent event(Change change, long at, long seq, long order, boolean last) {
      if (start.isDelivered(mark, at)) {
        return null;
      }
      Position position = (last ? after : during.withDelivered(mark, at)).toPosition();
      return new ChangeEvent(
          delivered, change, seq, position, order, last ? tableCounts : Map.of());
    }

    /**
     * {@link #commit}, or when the snapshot holds the effect of some of its changes, it made
     * partial.
     */
    private Commit deliveredCommit() {
      if (reflected == Reflected.NOTHING) {
        return commit;
      }
      long count = 0;
      for (Change change : source) {
        if (!reflected.test(change, commit.scn())) {
          count++;
        }
      }
      return count == commit.size()
          ? commit
          : commit.asPartial(
              count, commit.partial() != null ? commit.partial() : Commit.Partial.SNAPSHOT);
    }

    @Override
    public ChangeEvent next() {
      if (!hasNext()) {
        throw new NoSuchElementException("transaction " + commit.xid() + " has no more changes");
      }
      ChangeEvent out = next;
      next = null;
      return out;
    }
  }

  /** The rows of a snapshot chunk, each with its snapshot mark. */
  private final class ChunkRows implements Iterator<ChangeEvent> {
    private final Iterator<Change> rows = source.iterator();
    private int index;

    @Override
    public boolean hasNext() {
      return rows.hasNext();
    }

    @Override
    public ChangeEvent next() {
      Change row = rows.next();
      int at = index++;
      Position position = (rows.hasNext() ? during : after).toPosition();
      return new ChangeEvent(commit, row, at, position, marks.get(at));
    }
  }
}
