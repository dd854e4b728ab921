package dev.redoline.buffer.internal;

import static dev.redoline.buffer.internal.Changes.TIME;
import static dev.redoline.buffer.internal.Changes.address;
import static dev.redoline.buffer.internal.Changes.insert;
import static dev.redoline.buffer.internal.Changes.rowId;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Undo rows in large spilled transactions: correct, and cheap. Cost is counted, not timed: the
 * number of spill segments read back for undo rows, against the number a scan would need.
 */
class UndoCostTest {

  private static final Xid XID = Changes.xid(1, 1);

  @TempDir Path temp;

  private TransactionBuffer spillingBuffer() {
    TransactionBuffer buffer =
        TransactionBuffer.builder()
            .spillDirectory(temp.resolve("spill"))
            .memoryBudgetBytes(0)
            .build();
    buffer.open();
    return buffer;
  }

  @Test
  void undo_savepointRollbackOfTenThousandSpilledChanges_readsEachSegmentOnce() {
    TransactionBuffer buffer = spillingBuffer();
    List<Change> kept = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      Change change = insert(i, i + 1);
      buffer.add(XID, change);
      if (i < 10_000) {
        kept.add(change);
      }
    }
    // ROLLBACK TO SAVEPOINT: undo rows for the last 10,000 changes, newest first
    for (int i = 19_999; i >= 10_000; i--) {
      assertThat(buffer.undo(XID, rowId(i), Scn.of(50_000), address(30_000 + i))).isTrue();
    }
    // 10,000 undone positions span 3 sealed segments of 4,096 (the open one is in memory).
    assertThat(buffer.undoSegmentsRead()).isLessThanOrEqualTo(3);
    assertThat(buffer.metrics().partialRollbacks()).isEqualTo(10_000);
    assertPublished(buffer, kept);
  }

  @Test
  void undo_constraintViolationAfterEachInsert_readsNoSegment() {
    TransactionBuffer buffer = spillingBuffer();
    List<Change> kept = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      Change good = insert(2L * i, 3L * i + 1);
      buffer.add(XID, good);
      kept.add(good);
      buffer.add(XID, insert(2L * i + 1, 3L * i + 2));
      buffer.undo(XID, rowId(2L * i + 1), Scn.of(1000), address(3L * i + 3));
    }
    assertThat(buffer.undoSegmentsRead()).isZero();
    assertPublished(buffer, kept);
  }

  @Test
  void undo_randomTargetsAcrossSegments_removeTheNewestMatch() {
    TransactionBuffer buffer = spillingBuffer();
    Random random = new Random(42);
    List<Change> model = new ArrayList<>();
    for (int i = 0; i < 12_000; i++) {
      Change change = Changes.update(i % 3000, i + 1, rowId(i % 3000));
      buffer.add(XID, change);
      model.add(change);
    }
    int undos = 300;
    for (int u = 0; u < undos; u++) {
      String row = rowId(random.nextInt(3000));
      for (int i = model.size() - 1; i >= 0; i--) {
        if (model.get(i).rowId().equals(row)) {
          model.remove(i);
          break;
        }
      }
      buffer.undo(XID, row, Scn.of(99_999), address(20_000 + u));
    }
    // A scan would decode up to 12,000 changes per undo row; the filters let through roughly
    // one segment in thirty besides the right one.
    assertThat(buffer.undoSegmentsRead()).isLessThan(undos * 2L);
    assertPublished(buffer, model);
  }

  private static void assertPublished(TransactionBuffer buffer, List<Change> expected) {
    try (PublishedTransaction tx =
        buffer.commit(XID, Scn.of(100_000), address(100_000), TIME).orElseThrow()) {
      assertThat(tx.changes()).containsExactlyElementsOf(expected);
    }
    assertThat(buffer.metrics().memoryBytes()).isZero();
    buffer.close();
  }
}
