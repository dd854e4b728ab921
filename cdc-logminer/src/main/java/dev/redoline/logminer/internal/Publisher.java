package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.PublishedTransaction;
import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.core.CommitMark;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.TableLayout;
import dev.redoline.core.internal.PositionState;
import dev.redoline.core.internal.SnapshotProgress;
import dev.redoline.logminer.seam.StreamEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Puts each released transaction in the {@link EventQueue} as one {@link
 * StreamEvent.TransactionEvent}, with the restart positions its changes get
 * (docs/architecture.md#positions, rule 4), skipping a transaction the start position says was
 * delivered already.
 *
 * <h2>Positions</h2>
 *
 * A transaction's positions are made by {@link Positions}: from what the step holds back ({@link
 * Positions.Held}), with, for a change in the middle of the transaction, its first row kept in the
 * resume addresses, and for its last change no longer. Each change gets its own from those two in
 * {@link TransactionChanges}, on the sink's thread, as the changes stream out of the buffer (memory
 * or spill file).
 *
 * <h2>Heartbeats</h2>
 *
 * A heartbeat never goes backwards. Its time is after the previous heartbeat's by at least the
 * interval (due-ness is measured on the same clock). Its position is at or after that of the last
 * event queued: in the last commit (and the index within it) and in every thread's resume address,
 * which say how far delivery and reading have come. A heartbeat that would be behind is not queued;
 * the next due one tries again. The resume SCN is left out of the comparison on purpose: it only
 * bounds which logs a restart reads, and it drops legitimately, when the capture first learns the
 * first SCN of the log its cursor is in, or when an open transaction turns out to hold redo with a
 * lower SCN (a private strand written late); raising it would be unsafe.
 *
 * <h2>Snapshot chunks</h2>
 *
 * A released chunk ({@link Snapshots}) is queued before the first released commit above its SCN, as
 * a transaction of READ changes. Its events keep the last commit of the position as it was (a chunk
 * is no commit) and carry the snapshot progress: the chunk's own progress only on its last event,
 * so a restart in the middle of a chunk reads the whole chunk again (inside a table's first chunk,
 * with the table marked begun: {@link Snapshots.Chunk#during}). Every position carries the progress
 * so far, the ad-hoc snapshots queued and not complete included.
 */
final class Publisher {

  private final EventQueue queue;
  private final PositionState start;
  private final Clock clock;
  private final Duration heartbeatInterval;
  private CommitMark lastMark;
  private Instant lastEvent;

  /** The position of the last event queued: a heartbeat is never behind it. */
  private PositionState lastQueued;

  /** The snapshot progress of the chunks queued so far. */
  private SnapshotProgress progress;

  Publisher(EventQueue queue, PositionState start, Clock clock, Duration heartbeatInterval) {
    this(queue, start, clock, heartbeatInterval, start.snapshot());
  }

  Publisher(
      EventQueue queue,
      PositionState start,
      Clock clock,
      Duration heartbeatInterval,
      SnapshotProgress progress) {
    this.progress = progress;
    this.queue = queue;
    this.start = start;
    this.clock = clock;
    this.heartbeatInterval = heartbeatInterval;
    this.lastMark = start.lastCommit();
    this.lastEvent = clock.instant();
  }

  /**
   * Publishes the released transactions in order; the sink closes each once it has read it.
   *
   * @throws InterruptedException when the stream is closed while the queue is full
   */
  void publish(List<CommitSequencer.Ready> released, Positions.Held held)
      throws InterruptedException {
    publish(released, held, List.of());
  }

  /**
   * Publishes the released transactions in order, and each chunk between the last transaction
   * committed at or below its SCN and the first above it.
   *
   * @throws InterruptedException when the stream is closed while the queue is full
   */
  void publish(
      List<CommitSequencer.Ready> released, Positions.Held held, List<Snapshots.Chunk> chunks)
      throws InterruptedException {
    publish(released, held, chunks, Reflected.NOTHING);
  }

  /**
   * As {@link #publish(List, Positions.Held, List)}, leaving out the changes {@code reflected}
   * names.
   */
  void publish(
      List<CommitSequencer.Ready> released,
      Positions.Held held,
      List<Snapshots.Chunk> chunks,
      Reflected reflected)
      throws InterruptedException {
    Positions.Base base = Positions.Base.of(held);
    // suffix[i]: what transactions i..n-1 of the batch hold back, so an event of transaction i
    // keeps the redo of every transaction delivered after it.
    Positions.Base[] suffix = new Positions.Base[released.size() + 1];
    suffix[released.size()] = base;
    for (int i = released.size() - 1; i >= 0; i--) {
      suffix[i] = suffix[i + 1].with(released.get(i));
    }
    int next = 0;
    for (int i = 0; i < released.size(); i++) {
      CommitSequencer.Ready ready = released.get(i);
      while (next < chunks.size() && chunks.get(next).scn().compareTo(ready.mark().scn()) < 0) {
        chunk(chunks.get(next++), suffix[i]);
      }
      publish(ready, suffix[i], suffix[i + 1], reflected);
    }
    while (next < chunks.size()) {
      chunk(chunks.get(next++), suffix[released.size()]);
    }
  }

  /** Queues a chunk's rows as one event; {@code base}: what the transactions after it hold back. */
  private void chunk(Snapshots.Chunk chunk, Positions.Base base) throws InterruptedException {
    SnapshotProgress after = chunk.advance(progress);
    if (!chunk.changes().isEmpty()) {
      PositionState during =
          base.position(lastMark, PositionState.WHOLE).withSnapshot(chunk.during(progress));
      PositionState end = during.withSnapshot(after);
      queue.put(
          new StreamEvent.TransactionEvent(
              chunk.commit(),
              end.toPosition(),
              heapBytes(chunk.changes()),
              TransactionChanges.chunk(chunk, during, end)));
      lastQueued = end;
    }
    progress = after;
    lastEvent = clock.instant();
  }

  /**
   * Changes the snapshot progress the events queued from now on carry (ad-hoc snapshots queued or
   * dropped).
   */
  void progress(java.util.function.UnaryOperator<SnapshotProgress> change) {
    progress = change.apply(progress);
  }

  /**
   * Queues a released transaction as one event, its changes streamed to the sink by {@link
   * TransactionChanges}; closed here when nothing of it is delivered, else by the sink.
   */
  private void publish(
      CommitSequencer.Ready ready, Positions.Base during, Positions.Base after, Reflected reflected)
      throws InterruptedException {
    PublishedTransaction published = ready.published();
    Commit commit = published.commit();
    if (ready.partial()) { // a first start read it only from the oldest online log on
      commit = commit.asPartial(commit.size(), Commit.Partial.FIRST_START);
    }
    CommitMark mark = commit.mark();
    if (start.isDelivered(mark, PositionState.WHOLE) || commit.size() == 0) {
      published.close();
      return;
    }
    PositionState end = after.position(mark, PositionState.WHOLE).withSnapshot(progress);
    PositionState middle = during.position(mark, 0).withSnapshot(progress);
    long heap = published.spilled() ? 0 : heapBytes(published.changes());
    queue.put(
        new StreamEvent.TransactionEvent(
            commit,
            end.toPosition(),
            heap,
            TransactionChanges.of(
                commit, published.changes(), published::close, middle, end, start, reflected)));
    lastQueued = end;
    lastMark = mark;
    lastEvent = clock.instant();
  }

  /** The buffer's estimate of the heap {@code changes} take; they are in memory. */
  private static long heapBytes(Iterable<Change> changes) {
    long bytes = 0;
    for (Change change : changes) {
      bytes += TransactionBuffer.accountedBytes(change);
    }
    return bytes;
  }

  /** Queues a schema event for a layout that takes effect at {@code scn}. */
  void schema(TableLayout layout, Scn scn, String ddl, Positions.Held held)
      throws InterruptedException {
    PositionState position =
        Positions.Base.of(held).position(lastMark, PositionState.WHOLE).withSnapshot(progress);
    queue.put(new StreamEvent.SchemaEvent(layout, scn, ddl, position.toPosition()));
    lastQueued = position;
    lastEvent = clock.instant();
  }

  /** Queues a heartbeat when nothing was queued for the heartbeat interval. */
  void heartbeatIfDue(Positions.Held held) throws InterruptedException {
    if (heartbeatInterval.isZero()) {
      return;
    }
    Instant now = clock.instant();
    if (Duration.between(lastEvent, now).compareTo(heartbeatInterval) < 0) {
      return;
    }
    PositionState position =
        Positions.Base.of(held).position(lastMark, PositionState.WHOLE).withSnapshot(progress);
    if (lastQueued != null && !notBehind(position, lastQueued)) {
      return; // see "Heartbeats" above: skipped, tried again at the next step
    }
    queue.put(new StreamEvent.Heartbeat(position.toPosition(), now));
    lastQueued = position;
    lastEvent = now;
  }

  /**
   * Whether {@code next} is at or after {@code previous}: in the last commit (and index within it)
   * and in the resume address of every thread {@code previous} has (not in the resume SCN, see
   * "Heartbeats" above).
   */
  static boolean notBehind(PositionState next, PositionState previous) {
    if (previous.lastCommit() != null) {
      if (next.lastCommit() == null) {
        return false;
      }
      int c = next.lastCommit().compareTo(previous.lastCommit());
      if (c < 0 || (c == 0 && next.lastIndex() < previous.lastIndex())) {
        return false;
      }
    }
    for (Map.Entry<Integer, RedoAddress> e : previous.resume().entrySet()) {
      RedoAddress now = next.resume().get(e.getKey());
      if (now == null || now.compareTo(e.getValue()) < 0) {
        return false;
      }
    }
    return true;
  }

  /** The last commit queued, or the start position's. */
  CommitMark lastMark() {
    return lastMark;
  }
}
