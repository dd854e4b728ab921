package dev.redoline.buffer.internal;

import static dev.redoline.buffer.internal.Changes.TIME;
import static dev.redoline.buffer.internal.Changes.address;
import static dev.redoline.buffer.internal.Changes.insert;
import static dev.redoline.buffer.internal.Changes.rowId;
import static dev.redoline.buffer.internal.Changes.update;
import static dev.redoline.buffer.internal.Changes.xid;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.BufferMetrics;
import dev.redoline.core.Change;
import dev.redoline.core.ManualClock;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The behaviour every buffer configuration must have. Subclasses choose the configuration; after
 * each test the invariants hold: no open transaction, accounted bytes back to zero, spill directory
 * empty.
 */
abstract class TransactionBufferContractTest {

  @TempDir Path temp;
  ManualClock clock = new ManualClock(TIME);
  TransactionBuffer buffer;
  Path spillDir;
  final List<OrphanEvent> orphans = new ArrayList<>();

  /** The configuration under test. */
  abstract TransactionBuffer.Builder configure(TransactionBuffer.Builder builder);

  /** Whether this configuration spills every transaction. */
  abstract boolean spillsEverything();

  @BeforeEach
  void openBuffer() {
    spillDir = temp.resolve("spill");
    buffer =
        configure(
                TransactionBuffer.builder()
                    .spillDirectory(spillDir)
                    .clock(clock)
                    .orphanListener(orphans::add))
            .build();
    buffer.open();
  }

  @AfterEach
  void invariants() throws IOException {
    BufferMetrics m = buffer.metrics();
    assertThat(m.openTransactions()).as("open transactions").isZero();
    assertThat(m.memoryBytes()).as("accounted bytes").isZero();
    assertThat(m.diskBytes()).as("spilled bytes").isZero();
    try (Stream<Path> files = Files.list(spillDir)) {
      assertThat(files).as("spill directory").isEmpty();
    }
    buffer.close();
  }

  /** Commits {@code xid} and returns its changes read back, releasing the transaction. */
  List<Change> commit(Xid xid, long block) {
    Optional<PublishedTransaction> published =
        buffer.commit(xid, Scn.of(5000 + block), address(block), TIME);
    assertThat(published).as("published " + xid).isPresent();
    try (PublishedTransaction tx = published.get()) {
      assertThat(tx.spilled()).isEqualTo(spillsEverything());
      List<Change> changes = new ArrayList<>();
      tx.changes().forEach(changes::add);
      assertThat(changes).hasSize((int) tx.commit().size());
      return changes;
    }
  }

  @Test
  void commit_publishesChangesInRedoOrder() {
    Xid xid = xid(1, 100);
    buffer.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    Change a = insert(1, 2);
    Change b = insert(2, 3);
    Change c = update(1, 4, rowId(1));
    buffer.add(xid, a);
    buffer.add(xid, b);
    buffer.add(xid, c);

    PublishedTransaction tx = buffer.commit(xid, Scn.of(1010), address(5), TIME).orElseThrow();
    try (tx) {
      assertThat(tx.commit().user()).isEqualTo("APP");
      assertThat(tx.commit().startScn()).isEqualTo(Scn.of(1000));
      assertThat(tx.commit().address()).isEqualTo(address(5));
      assertThat(tx.changes()).containsExactly(a, b, c);
      assertThat(tx.changes()).as("read twice").containsExactly(a, b, c);
    }
  }

  @Test
  void lowestLastScnIn_isTheLowestLastRowOfTheTransactionsOpenInThatLog() {
    Xid a = xid(1, 1);
    Xid b = xid(2, 2);
    Xid c = xid(3, 3);
    assertThat(buffer.lowestLastScnIn(1, 12)).as("nothing open").isEmpty();
    buffer.begin(a, Scn.of(1000), address(11, 1), TIME, "APP");
    assertThat(buffer.lowestLastScnIn(1, 11)).as("its START").contains(Scn.of(1000));
    buffer.add(a, insert(1, 2)); // sequence 12, SCN 1002
    buffer.begin(b, Scn.of(1001), address(11, 2), TIME, "APP");
    buffer.add(b, insert(2, 5)); // SCN 1005
    buffer.add(c, insert(3, 4)); // no START seen, SCN 1004
    assertThat(buffer.lowestLastScnIn(1, 12)).contains(Scn.of(1002));
    assertThat(buffer.lowestLastScnIn(1, 11)).as("no last row there any more").isEmpty();
    assertThat(buffer.lowestLastScnIn(2, 12)).as("another thread").isEmpty();
    buffer.undo(a, rowId(1), Scn.of(1006), address(6));
    assertThat(buffer.lowestLastScnIn(1, 12))
        .as("a's last row is now its undo row, SCN 1006: c's is the lowest")
        .contains(Scn.of(1004));
    buffer.rollback(a, address(7));
    buffer.rollback(b, address(8));
    buffer.rollback(c, address(9));
    assertThat(buffer.lowestLastScnIn(1, 12)).as("none open").isEmpty();
  }

  @Test
  void commit_unknownTransaction_publishesNothing() {
    assertThat(buffer.commit(xid(9, 9), Scn.of(10), address(1), TIME)).isEmpty();
  }

  @Test
  void commit_transactionWithoutChanges_publishesNothing() {
    buffer.begin(xid(1, 1), Scn.of(10), address(1), TIME, "APP");
    assertThat(buffer.commit(xid(1, 1), Scn.of(11), address(2), TIME)).isEmpty();
    assertThat(buffer.metrics().committed()).isEqualTo(1);
  }

  @Test
  void add_withoutStart_opensTransactionAtItsFirstChange() {
    Xid xid = xid(1, 1);
    buffer.add(xid, insert(1, 7));
    PublishedTransaction tx = buffer.commit(xid, Scn.of(2000), address(8), TIME).orElseThrow();
    try (tx) {
      assertThat(tx.commit().startScn()).isEqualTo(Scn.of(1007));
      assertThat(tx.commit().user()).isNull();
    }
  }

  @Test
  void begin_openTransaction_keepsItsChanges() {
    Xid xid = xid(1, 1);
    buffer.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    buffer.add(xid, insert(1, 2));
    buffer.begin(xid, Scn.of(1003), address(3), TIME, "APP");
    assertThat(commit(xid, 4)).containsExactly(insert(1, 2));
  }

  @Test
  void rollback_dropsTheTransaction() {
    Xid xid = xid(1, 1);
    buffer.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    buffer.add(xid, insert(1, 2));
    assertThat(buffer.rollback(xid, address(3))).isTrue();
    assertThat(buffer.commit(xid, Scn.of(1004), address(4), TIME)).isEmpty();
    assertThat(buffer.metrics().rolledBack()).isEqualTo(1);
    assertThat(buffer.rollback(xid, address(5))).as("second rollback").isFalse();
  }

  @Test
  void discardOpen_dropsEveryOpenTransaction_andNamesThem() {
    buffer.begin(xid(1, 1), Scn.of(1000), address(1), TIME, "APP");
    buffer.add(xid(1, 1), insert(1, 2));
    buffer.add(xid(2, 1), insert(3, 4));
    assertThat(buffer.discardOpen()).containsExactlyInAnyOrder(xid(1, 1), xid(2, 1));
    assertThat(buffer.commit(xid(1, 1), Scn.of(1004), address(4), TIME)).isEmpty();
    assertThat(buffer.resumePoint()).isEqualTo(ResumePoint.NONE);
    assertThat(buffer.discardOpen()).isEmpty();
  }

  @Test
  void undo_removesNewestEarlierChangeWithSameRowId() {
    Xid xid = xid(1, 1);
    buffer.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    Change insert = insert(1, 2);
    Change other = insert(2, 3);
    buffer.add(xid, insert);
    buffer.add(xid, other);
    buffer.add(xid, update(1, 4, rowId(1)));
    // LogMiner: update ... where ROWID = 'AAAR3s...1' with ROLLBACK=1 (savepoint rollback)
    assertThat(buffer.undo(xid, rowId(1), Scn.of(1005), address(5))).isTrue();
    assertThat(buffer.metrics().partialRollbacks()).isEqualTo(1);
    assertThat(commit(xid, 6)).containsExactly(insert, other);
  }

  @Test
  void undo_failedInsertAfterConstraintViolation_leavesTheRest() {
    Xid xid = xid(1, 1);
    buffer.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    List<Change> kept = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      Change good = insert(2L * i, 10L + 3 * i);
      buffer.add(xid, good);
      kept.add(good);
      // ORA-00001: the insert is logged, then a ROLLBACK=1 delete by ROWID undoes it
      buffer.add(xid, insert(2 * i + 1, 11 + 3 * i));
      buffer.undo(xid, rowId(2 * i + 1), Scn.of(1012 + 3 * i), address(12 + 3 * i));
    }
    assertThat(commit(xid, 1000)).containsExactlyElementsOf(kept);
  }

  @Test
  void undo_withUnknownSequence_matchesBySlot() {
    Xid xid = xid(3, 855);
    buffer.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    buffer.add(xid, insert(1, 2));
    buffer.add(xid, insert(2, 3));
    assertThat(buffer.undo(xid.slotOnly(), rowId(2), Scn.of(1004), address(4))).isTrue();
    assertThat(commit(xid, 5)).containsExactly(insert(1, 2));
  }

  @Test
  void commit_transactionOpenedWithUnknownSequence_publishesTheFullXid() {
    Xid full = xid(3, 855);
    buffer.add(full.slotOnly(), insert(1, 2));
    PublishedTransaction tx = buffer.commit(full, Scn.of(1004), address(4), TIME).orElseThrow();
    try (tx) {
      assertThat(tx.xid()).isEqualTo(full);
      assertThat(tx.changes()).containsExactly(insert(1, 2));
    }
  }

  @Test
  void undo_withoutMatchingChange_isCountedAndChangesNothing() {
    Xid xid = xid(1, 1);
    buffer.add(xid, insert(1, 2));
    assertThat(buffer.undo(xid, rowId(99), Scn.of(1003), address(3))).isFalse();
    assertThat(buffer.undo(xid(2, 2), rowId(1), Scn.of(1004), address(4))).isFalse();
    assertThat(buffer.metrics().unmatchedUndoRows()).isEqualTo(2);
    assertThat(commit(xid, 5)).containsExactly(insert(1, 2));
  }

  @Test
  void undo_ofEveryChange_publishesNothing() {
    Xid xid = xid(1, 1);
    buffer.add(xid, insert(1, 2));
    buffer.undo(xid, rowId(1), Scn.of(1003), address(3));
    assertThat(buffer.commit(xid, Scn.of(1004), address(4), TIME)).isEmpty();
  }

  @Test
  void resumePoint_isTheFirstRowOfTheOldestOpenTransaction() {
    assertThat(buffer.resumePoint()).isEqualTo(ResumePoint.NONE);
    buffer.begin(xid(1, 1), Scn.of(1001), address(1), TIME, "A");
    buffer.add(xid(2, 1), insert(1, 2));
    buffer.add(xid(1, 1), insert(2, 3));
    ResumePoint held = buffer.resumePoint();
    assertThat(held.addresses()).isEqualTo(Map.of(1, address(1)));
    assertThat(held.scn()).contains(Scn.of(1001));

    commit(xid(1, 1), 4);
    assertThat(buffer.resumePoint().addresses()).isEqualTo(Map.of(1, address(2)));
    assertThat(buffer.resumePoint().scn()).contains(Scn.of(1002));
    commit(xid(2, 1), 5);
    assertThat(buffer.resumePoint()).isEqualTo(ResumePoint.NONE);
  }

  @Test
  void resumePoint_keepsEachThreadApart() {
    RedoAddress thread2 = new RedoAddress(2, 40, 9, 0);
    buffer.begin(xid(1, 1), Scn.of(1001), address(5), TIME, "A");
    buffer.begin(xid(2, 1), Scn.of(990), thread2, TIME, "B");
    assertThat(buffer.resumePoint().addresses()).isEqualTo(Map.of(1, address(5), 2, thread2));
    assertThat(buffer.resumePoint().scn()).contains(Scn.of(990));
    buffer.rollback(xid(1, 1), address(6));
    buffer.rollback(xid(2, 1), new RedoAddress(2, 40, 10, 0));
  }

  @Test
  void stepApplied_transactionAbsentFromActiveList_isDroppedAsOrphan() {
    Xid orphan = xid(1, 1);
    Xid active = xid(2, 1);
    Xid endsInTime = xid(3, 1);
    buffer.add(orphan, insert(1, 2));
    buffer.add(orphan, insert(2, 3));
    buffer.add(active, insert(3, 4));
    buffer.add(endsInTime, insert(4, 5));
    buffer.checkOrphans(new ActiveTransactions(Scn.of(1100), Set.of(active)));
    buffer.stepApplied(Scn.of(1050));
    assertThat(orphans).as("mining has not passed the snapshot").isEmpty();
    assertThat(commit(endsInTime, 60)).hasSize(1);

    buffer.stepApplied(Scn.of(1100));
    assertThat(orphans)
        .containsExactly(
            new OrphanEvent(orphan, Scn.of(1002), 2, address(2), address(3), Scn.of(1100)));
    assertThat(buffer.metrics().orphans()).isEqualTo(1);
    assertThat(buffer.commit(orphan, Scn.of(1200), address(70), TIME)).isEmpty();
    assertThat(commit(active, 80)).hasSize(1);
  }

  @Test
  void metrics_reportOpenTransactionsAndTheOldest() {
    buffer.begin(xid(1, 1), Scn.of(1001), address(1), TIME, "A");
    clock.advance(Duration.ofSeconds(30));
    buffer.add(xid(2, 1), insert(1, 2));
    clock.advance(Duration.ofSeconds(10));
    BufferMetrics m = buffer.metrics();
    assertThat(m.openTransactions()).isEqualTo(2);
    assertThat(m.bufferedChanges()).isEqualTo(1);
    assertThat(m.oldestAge()).contains(Duration.ofSeconds(40));
    assertThat(m.oldestScn()).contains(Scn.of(1001));
    assertThat(m.spilledTransactions()).isEqualTo(spillsEverything() ? 1 : 0);
    assertThat(m.memoryBytes() + m.diskBytes()).isPositive();
    buffer.rollback(xid(1, 1), address(3));
    buffer.rollback(xid(2, 1), address(4));
  }

  @Test
  void commit_consumerReadsOnAnotherThreadWhileApplyContinues() throws Exception {
    Xid first = xid(1, 1);
    for (int i = 0; i < 300; i++) {
      buffer.add(first, insert(i, 10 + i));
    }
    PublishedTransaction published =
        buffer.commit(first, Scn.of(5000), address(400), TIME).orElseThrow();
    CompletableFuture<Long> read =
        CompletableFuture.supplyAsync(
            () -> {
              try (published) {
                long n = 0;
                for (Change ignored : published.changes()) {
                  n++;
                }
                return n;
              }
            });
    Xid second = xid(2, 1);
    for (int i = 0; i < 300; i++) {
      buffer.add(second, insert(i, 500 + i));
    }
    assertThat(read.get()).isEqualTo(300);
    assertThat(commit(second, 900)).hasSize(300);
  }

  /**
   * Model-based: random interleavings of START, DML, undo, COMMIT and ROLLBACK over many
   * transactions, against a reference model that keeps plain lists. The published transactions must
   * be the model's, change for change, in commit order.
   */
  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
  void randomRows_publishWhatTheReferenceModelPublishes(long seed) {
    Random random = new Random(seed);
    Map<Xid, List<Change>> model = new LinkedHashMap<>();
    List<List<Change>> expected = new ArrayList<>();
    List<List<Change>> actual = new ArrayList<>();
    int nextSlot = 0;
    long block = 1;
    for (int step = 0; step < 3000; step++) {
      block++;
      int dice = random.nextInt(100);
      List<Xid> open = new ArrayList<>(model.keySet());
      if (open.isEmpty() || dice < 8) {
        Xid xid = xid(nextSlot++ % 60000, 1 + random.nextInt(1000));
        if (random.nextBoolean()) {
          buffer.begin(xid, Scn.of(1000 + block), address(block), TIME, "U" + seed);
        }
        model.put(xid, new ArrayList<>());
        continue;
      }
      Xid xid = open.get(random.nextInt(open.size()));
      List<Change> changes = model.get(xid);
      if (dice < 70) {
        // a small pool of rows per transaction, so ROW_IDs repeat and undo must pick the newest
        long id = random.nextInt(6);
        Change change = random.nextBoolean() ? insert(id, block) : update(id, block, rowId(id));
        changes.add(change);
        buffer.add(xid, change);
      } else if (dice < 85) {
        String row = rowId(random.nextInt(7));
        for (int i = changes.size() - 1; i >= 0; i--) {
          if (row.equals(changes.get(i).rowId())) {
            changes.remove(i);
            break;
          }
        }
        Xid undoXid = random.nextInt(4) == 0 ? xid.slotOnly() : xid;
        buffer.undo(undoXid, row, Scn.of(1000 + block), address(block));
      } else if (dice < 95) {
        model.remove(xid);
        if (!changes.isEmpty()) {
          expected.add(changes);
        }
        buffer
            .commit(xid, Scn.of(1000 + block), address(block), TIME)
            .ifPresent(
                published -> {
                  try (published) {
                    List<Change> read = new ArrayList<>();
                    published.changes().forEach(read::add);
                    actual.add(read);
                  }
                });
      } else {
        model.remove(xid);
        buffer.rollback(xid, address(block));
      }
    }
    for (Xid xid : model.keySet()) {
      buffer.rollback(xid, address(++block));
    }
    assertThat(actual).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      assertThat(actual.get(i))
          .as("transaction %s in commit order", i)
          .containsExactlyElementsOf(expected.get(i));
    }
  }
}
