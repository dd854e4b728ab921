package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.core.CommitMark;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import dev.redoline.logminer.seam.StreamEvent.TransactionEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * One transaction event from the publisher to the sink: the positions each change gets from its
 * transaction's, what a restart or a snapshot leaves out, and how the queue counts and releases it.
 */
class TransactionChangesTest {

  static final TableId A = TableId.of("S", "A");
  static final TableId B = TableId.of("S", "B");
  static final RedoAddress COMMIT_AT = new RedoAddress(1, 7, 90, 16);
  static final Commit COMMIT =
      new Commit(
          Xid.parseHex("0a001b00c4030000"),
          Scn.of(100),
          Scn.of(190),
          COMMIT_AT,
          Instant.EPOCH,
          "APP",
          4);
  static final CommitMark MARK = COMMIT.mark();

  /** During the transaction its first row is held back; after it, no longer. */
  static final PositionState DURING =
      PositionState.start(Scn.of(100))
          .withResume(Scn.of(100), Map.of(1, new RedoAddress(1, 7, 9, 0)))
          .withDelivered(MARK, 0);

  static final PositionState AFTER =
      PositionState.start(Scn.of(180))
          .withResume(Scn.of(180), Map.of(1, COMMIT_AT))
          .withDelivered(MARK, PositionState.WHOLE);

  static Change insert(TableId table, long id) {
    return new Change(
        Operation.INSERT,
        table,
        1,
        null,
        Row.of(id),
        Scn.of(100 + id),
        new RedoAddress(1, 7, 10 + id, 16),
        0,
        null,
        Instant.EPOCH);
  }

  static final List<Change> CHANGES =
      List.of(insert(A, 1), insert(B, 2), insert(A, 3), insert(B, 4));

  static List<ChangeEvent> read(TransactionChanges changes) {
    List<ChangeEvent> out = new ArrayList<>();
    changes.iterator().forEachRemaining(out::add);
    return out;
  }

  @Test
  void eachChange_getsItsIndexInTheTransactionsPositionAndTheLastTheWholePosition() {
    List<ChangeEvent> events =
        read(
            TransactionChanges.of(
                COMMIT,
                CHANGES,
                () -> {},
                DURING,
                AFTER,
                PositionState.start(Scn.of(1)),
                Reflected.NOTHING));

    assertThat(events).extracting(ChangeEvent::index).containsExactly(0L, 1L, 2L, 3L);
    assertThat(events).extracting(ChangeEvent::tableOrder).containsExactly(1L, 1L, 2L, 2L);
    assertThat(events.subList(0, 3))
        .extracting(e -> PositionState.of(e.position()))
        .containsExactly(
            DURING.withDelivered(MARK, 0),
            DURING.withDelivered(MARK, 1),
            DURING.withDelivered(MARK, 2));
    assertThat(PositionState.of(events.get(3).position())).isEqualTo(AFTER);
    assertThat(events.get(3).tableCounts()).containsExactly(Map.entry(A, 2L), Map.entry(B, 2L));
    assertThat(events.subList(0, 3)).allSatisfy(e -> assertThat(e.tableCounts()).isEmpty());
  }

  @Test
  void aRestartInsideTheTransaction_leavesOutWhatItDeliveredButCountsIt() {
    PositionState restart = DURING.withDelivered(MARK, 1);
    List<ChangeEvent> events =
        read(
            TransactionChanges.of(
                COMMIT, CHANGES, () -> {}, DURING, AFTER, restart, Reflected.NOTHING));

    assertThat(events).extracting(ChangeEvent::index).containsExactly(2L, 3L);
    assertThat(events).extracting(ChangeEvent::tableOrder).containsExactly(2L, 2L);
    assertThat(events.get(1).tableCounts()).containsExactly(Map.entry(A, 2L), Map.entry(B, 2L));
  }

  @Test
  void changesASnapshotReflects_areLeftOutAndTheLastOneLeftIsTheEnd() {
    List<ChangeEvent> events =
        read(
            TransactionChanges.of(
                COMMIT,
                CHANGES,
                () -> {},
                DURING,
                AFTER,
                PositionState.start(Scn.of(1)),
                (change, scn) -> change.table().equals(B)));

    assertThat(events)
        .extracting(ChangeEvent::index)
        .as("txSeq - 1 among the changes delivered")
        .containsExactly(0L, 1L);
    assertThat(events)
        .allSatisfy(
            e -> assertThat(e.commit()).isEqualTo(COMMIT.asPartial(2, Commit.Partial.SNAPSHOT)));
    assertThat(events).extracting(ChangeEvent::last).containsExactly(false, true);
    assertThat(PositionState.of(events.get(0).position()))
        .as("a restart compares the index in the whole transaction")
        .isEqualTo(DURING.withDelivered(MARK, 0));
    assertThat(PositionState.of(events.get(1).position())).isEqualTo(AFTER);
    assertThat(events.get(1).tableCounts()).containsExactly(Map.entry(A, 2L));
  }

  @Test
  void aSnapshotThatReflectsNoneOfItsChanges_leavesTheTransactionWhole() {
    List<ChangeEvent> events =
        read(
            TransactionChanges.of(
                COMMIT,
                CHANGES,
                () -> {},
                DURING,
                AFTER,
                PositionState.start(Scn.of(1)),
                (change, scn) -> false));

    assertThat(events).allSatisfy(e -> assertThat(e.commit()).isSameAs(COMMIT));
    assertThat(COMMIT.partial()).isNull();
  }

  @Test
  void theQueue_countsATransactionsChangesAndLetsOneHeavierThanItInAlone() throws Exception {
    EventQueue queue = new EventQueue(3);
    AtomicInteger closed = new AtomicInteger();
    queue.put(event(closed)); // 4 changes, more than the queue holds: an empty queue lets it in
    assertThat(queue.size()).isEqualTo(4);
    assertThat(queue.remainingCapacity()).isZero();

    CompletableFuture<Void> second =
        CompletableFuture.runAsync(
            () -> {
              try {
                queue.put(event(closed)); // waits until the first is taken
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
            });
    List<dev.redoline.logminer.seam.StreamEvent> first = queue.poll(Duration.ZERO);
    assertThat(first).hasSize(1);
    second.get(1, TimeUnit.MINUTES);
    assertThat(queue.size()).isEqualTo(4);

    queue.close(); // the one never taken is released
    assertThat(closed.get()).isOne();
    assertThat(((TransactionEvent) first.get(0)).changes().next().index())
        .as("the one taken is the sink's")
        .isZero();
  }

  private static TransactionEvent event(AtomicInteger closed) {
    return new TransactionEvent(
        COMMIT,
        AFTER.toPosition(),
        0,
        TransactionChanges.of(
            COMMIT,
            CHANGES,
            closed::incrementAndGet,
            DURING,
            AFTER,
            PositionState.start(Scn.of(1)),
            Reflected.NOTHING));
  }
}
