package dev.redoline.logminer.seam;

import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.core.CommitMark;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.SnapshotMark;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.internal.Checks;
import dev.redoline.core.internal.PositionState;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a {@link CaptureStream} hands to its sink: a committed transaction whole (or a snapshot
 * chunk), a new table layout, or a heartbeat. Each carries the {@link Position} a restart may use
 * once the sink has acknowledged it. A transaction's changes, each a {@link ChangeEvent} with its
 * own position, stream out of its {@link TransactionEvent}; the stream never queues a change on its
 * own.
 */
public sealed interface StreamEvent {

  /** The position to acknowledge once this event is safely handled. */
  Position position();

  /**
   * Lets go of what the event holds, for a sink that drops it unhandled: a transaction's spill file
   * ({@link TransactionEvent#close()}); nothing for the other events. Idempotent.
   */
  default void release() {}

  /**
   * A committed transaction, or a snapshot chunk, kept whole from the buffer to the sink: its
   * commit, the position once all of it is handled, and its changes, streamed from memory or from
   * the buffer's spill file ({@link #changes()}), so one larger than the stream's queue flows
   * through it without being held in memory. Transactions arrive in commit order.
   *
   * <p>The sink reads the changes once, on one thread, and then {@link #close()}s the event (which
   * deletes a spill file); a stream closed with events still queued closes them itself. Changes a
   * restart position says were delivered already, and those a snapshot holds the effect of, do not
   * come out: a transaction may yield fewer changes than {@code commit.size()}, even none (then it
   * only moves the position).
   */
  final class TransactionEvent implements StreamEvent, AutoCloseable {

    /** Where the changes come from, each with its position: the capture engine's side. */
    public interface Changes extends AutoCloseable {
      /** The changes in redo order; called once. */
      java.util.Iterator<ChangeEvent> iterator();

      /** Releases what the changes stream from. Idempotent. */
      @Override
      void close();
    }

    private final Commit commit;
    private final Position position;
    private final long heapBytes;
    private final Changes changes;
    private boolean taken;

    /**
     * @param commit the transaction's commit (a snapshot chunk's: see {@link ChangeEvent})
     * @param position the position once every change is handled: that of the last change yielded
     * @param heapBytes the heap the changes take while the event waits (none when they stream from
     *     disk)
     * @param changes the changes
     */
    public TransactionEvent(Commit commit, Position position, long heapBytes, Changes changes) {
      this.commit = Checks.notNull(commit, "commit");
      this.position = Checks.notNull(position, "position");
      Checks.argument(heapBytes >= 0, "heapBytes %s is negative", heapBytes);
      this.heapBytes = heapBytes;
      this.changes = Checks.notNull(changes, "changes");
    }

    public Commit commit() {
      return commit;
    }

    @Override
    public Position position() {
      return position;
    }

    /** The heap the changes take while the event waits in the queue; 0 for changes on disk. */
    public long heapBytes() {
      return heapBytes;
    }

    /**
     * The changes in redo order, each with the position to acknowledge once it is handled; valid
     * until {@link #close()}.
     *
     * @throws IllegalStateException on a second call: the changes stream once
     */
    public java.util.Iterator<ChangeEvent> changes() {
      if (taken) {
        throw new IllegalStateException(
            "the changes of transaction " + commit.xid() + " stream once");
      }
      taken = true;
      return changes.iterator();
    }

    /** Releases the changes (a spill file is deleted). Idempotent. */
    @Override
    public void close() {
      changes.close();
    }

    @Override
    public void release() {
      close();
    }

    @Override
    public String toString() {
      return "TransactionEvent[" + commit + ", " + position + "]";
    }
  }

  /**
   * One change of a committed transaction, as its {@link TransactionEvent} yields it. Changes of a
   * transaction come in redo order, indexes 0 to {@code commit.size() - 1}. When a snapshot holds
   * the effect of some of its changes, those never come out and {@code commit} is the transaction's
   * made {@linkplain Commit#partial() partial}: its size, the indexes and the counts cover only the
   * changes delivered (the position still carries the index in the whole transaction).
   *
   * <p>The rows of a snapshot chunk arrive the same way, as a transaction of {@link Operation#READ}
   * changes carrying a {@link SnapshotMark}; their commit is the chunk's (XID 0000000000000000,
   * commit SCN the chunk's SCN, no redo address) and never moves the last delivered commit a {@link
   * Position} holds.
   *
   * @param commit the transaction's commit
   * @param change the change
   * @param index the change's index inside the transaction
   * @param position the position once this change is acknowledged
   * @param tableOrder the change's 1-based place among the changes of its table in the transaction
   *     (Debezium's {@code data_collection_order}), counted over every change, also those delivered
   *     before a restart; 0 when not known
   * @param tableCounts on the transaction's {@linkplain #last() last} change, how many changes the
   *     whole transaction has per table, in the order the tables first appear (counted over every
   *     change, also those delivered before a restart); empty on every other change
   * @param snapshot the snapshot chunk the row was read in, or {@code null} for a streamed change
   */
  record ChangeEvent(
      Commit commit,
      Change change,
      long index,
      Position position,
      long tableOrder,
      Map<TableId, Long> tableCounts,
      SnapshotMark snapshot)
      implements StreamEvent {
    public ChangeEvent {
      Checks.notNull(commit, "commit");
      Checks.notNull(change, "change");
      Checks.notNull(position, "position");
      Checks.notNull(tableCounts, "tableCounts");
      Checks.argument(
          index >= 0 && index < commit.size(), "index %s outside [0, %s)", index, commit.size());
      Checks.argument(
          tableOrder >= 0 && tableOrder <= index + 1,
          "tableOrder %s outside [0, %s]",
          tableOrder,
          index + 1);
      tableCounts =
          tableCounts.isEmpty()
              ? Map.of()
              : Collections.unmodifiableMap(new LinkedHashMap<>(tableCounts));
      Checks.argument(
          (snapshot != null) == (change.operation() == Operation.READ),
          "a snapshot mark goes with a READ change and only with one: %s, %s",
          change.operation(),
          snapshot);
    }

    /** A change whose place in its table and per-table counts are not known. */
    public ChangeEvent(Commit commit, Change change, long index, Position position) {
      this(commit, change, index, position, 0, Map.of(), null);
    }

    /** A streamed change. */
    public ChangeEvent(
        Commit commit,
        Change change,
        long index,
        Position position,
        long tableOrder,
        Map<TableId, Long> tableCounts) {
      this(commit, change, index, position, tableOrder, tableCounts, null);
    }

    /** A row of a snapshot chunk. */
    public ChangeEvent(
        Commit commit, Change change, long index, Position position, SnapshotMark snapshot) {
      this(commit, change, index, position, 0, Map.of(), snapshot);
    }

    /** Whether this is the transaction's last change: where a sink's own transaction may end. */
    public boolean last() {
      return index == commit.size() - 1;
    }
  }

  /**
   * A table layout that takes effect at {@code scn}: a table newly captured, or altered.
   *
   * @param layout the new layout version
   * @param scn the SCN of the DDL (or of the capture start for a table first seen)
   * @param ddl the DDL text, or {@code null} when the layout was read from the dictionary
   * @param position the position once this event is acknowledged
   */
  record SchemaEvent(TableLayout layout, Scn scn, String ddl, Position position)
      implements StreamEvent {
    public SchemaEvent {
      Checks.notNull(layout, "layout");
      Checks.notNull(scn, "scn");
      Checks.notNull(position, "position");
    }
  }

  /**
   * The capture is alive and at {@code position}, though nothing captured changed.
   *
   * @param position the current position
   * @param time when the heartbeat was made (engine clock)
   */
  record Heartbeat(Position position, Instant time) implements StreamEvent {
    public Heartbeat {
      Checks.notNull(position, "position");
      Checks.notNull(time, "time");
    }

    /** The SCN a capture restarted from this heartbeat's position resumes mining at. */
    public Scn resumeScn() {
      return PositionState.of(position).resumeScn();
    }

    /** The SCN of the last commit delivered before this heartbeat, or null before any. */
    public Scn commitScn() {
      CommitMark last = PositionState.of(position).lastCommit();
      return last == null ? null : last.scn();
    }
  }
}
