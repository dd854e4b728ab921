package dev.redoline.buffer.internal;

import static dev.redoline.buffer.internal.Changes.TIME;
import static dev.redoline.buffer.internal.Changes.address;
import static dev.redoline.buffer.internal.Changes.insert;
import static dev.redoline.buffer.internal.Changes.rowId;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.CommitMark;
import dev.redoline.core.ManualClock;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Long-lived transactions through the journal: the resume position moves, a restart is exact. */
class JournalingTest {

  @TempDir Path temp;
  final ManualClock clock = new ManualClock(TIME);
  final Xid xid = Changes.xid(1, 1);

  private TransactionBuffer buffer(long budget) {
    TransactionBuffer buffer =
        TransactionBuffer.builder()
            .spillDirectory(temp.resolve("spill"))
            .memoryBudgetBytes(budget)
            .clock(clock)
            .journal(FileTransactionJournal.open(temp.resolve("j")))
            .journalAfter(Duration.ofMinutes(5))
            .journalAfterLogs(4)
            .build();
    buffer.open();
    return buffer;
  }

  /** A buffer where {@code xid} began at address(1) and inserted row 1 at address(2). */
  private TransactionBuffer begunWithOneInsert(long budget) {
    TransactionBuffer buffer = buffer(budget);
    buffer.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    buffer.add(xid, insert(1, 2));
    return buffer;
  }

  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void restart_afterJournaling_resumesPastJournaledRowsAndPublishesEverythingOnce(long budget) {
    TransactionBuffer first = begunWithOneInsert(budget);
    first.add(xid, insert(2, 3));
    clock.advance(Duration.ofMinutes(4));
    first.stepApplied(Scn.of(1003));
    assertThat(first.resumePoint().addresses())
        .as("not old enough")
        .isEqualTo(Map.of(1, address(1)));

    clock.advance(Duration.ofMinutes(2));
    first.stepApplied(Scn.of(1003));
    assertThat(first.resumePoint()).isEqualTo(ResumePoint.NONE);
    assertThat(first.metrics().journaledTransactions()).isEqualTo(1);

    first.add(xid, insert(3, 4));
    first.undo(xid, rowId(1), Scn.of(1005), address(5)); // removes a journaled change
    assertThat(first.resumePoint().addresses()).isEqualTo(Map.of(1, address(4)));
    first.close(); // crash: the offset says resume at address(4)

    TransactionBuffer second = buffer(budget);
    // the engine re-reads redo from address(4): the START is not re-read, the rest is
    second.add(xid, insert(3, 4));
    second.undo(xid, rowId(1), Scn.of(1005), address(5));
    second.add(xid, insert(4, 6));
    try (PublishedTransaction tx =
        second.commit(xid, Scn.of(1007), address(7), TIME).orElseThrow()) {
      assertThat(tx.changes()).containsExactly(insert(2, 3), insert(3, 4), insert(4, 6));
      assertThat(tx.commit().user()).isEqualTo("APP");
      assertThat(tx.commit().startScn()).isEqualTo(Scn.of(1000));
    }
    second.acknowledged(new CommitMark(Scn.of(1007), address(7)), true);
    second.close();
    assertThat(buffer(budget).metrics().openTransactions()).as("journal emptied on ack").isZero();
  }

  /**
   * A position in the middle of a journaled transaction (a sink that stored an offset after some of
   * its changes) keeps the entry: a restart there rebuilds the transaction from it. Before, the
   * entry went with the first acknowledgement at its commit, whole or not, and a restart from that
   * position found neither the entry nor the redo before its resume address.
   */
  @org.junit.jupiter.api.Test
  void acknowledgedInTheMiddleOfAJournaledTransaction_keepsItsEntryUntilAcknowledgedWhole() {
    TransactionBuffer first = buffer(Long.MAX_VALUE);
    first.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    first.add(xid, insert(1, 2));
    first.add(xid, insert(2, 3));
    clock.advance(Duration.ofMinutes(6));
    first.stepApplied(Scn.of(1003));
    assertThat(first.metrics().journaledTransactions()).isEqualTo(1);
    CommitMark commit = new CommitMark(Scn.of(1007), address(7));
    first.commit(xid, Scn.of(1007), address(7), TIME).orElseThrow().close();

    first.acknowledged(commit, false); // its first change only
    assertThat(FileTransactionJournal.open(temp.resolve("j")).load())
        .as("kept for a restart in the middle")
        .hasSize(1);
    first.acknowledged(commit, true);
    assertThat(FileTransactionJournal.open(temp.resolve("j")).load())
        .as("gone once acknowledged whole")
        .isEmpty();
    first.close();
  }

  @org.junit.jupiter.api.Test
  void acknowledgedBeforeOpenAndBeforeTheCommit_theCommitDropsTheEntryAtOnce() {
    TransactionBuffer first = buffer(Long.MAX_VALUE);
    first.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    first.add(xid, insert(1, 2));
    clock.advance(Duration.ofMinutes(6));
    first.stepApplied(Scn.of(1002));
    first.close(); // crash, journaled; the sink had acknowledged its commit already (read again
    // below)

    TransactionBuffer second =
        TransactionBuffer.builder()
            .spillDirectory(temp.resolve("spill"))
            .clock(clock)
            .journal(FileTransactionJournal.open(temp.resolve("j")))
            .build();
    second.acknowledged(
        new CommitMark(Scn.of(1007), address(7)), true); // the start position, before open
    second.open();
    second.commit(xid, Scn.of(1007), address(7), TIME).orElseThrow().close();

    assertThat(FileTransactionJournal.open(temp.resolve("j")).load())
        .as("entry gone at the commit")
        .isEmpty();
  }

  @org.junit.jupiter.api.Test
  void acknowledgement_whoseRemovalFailed_isTriedAgainByTheNextOne() {
    FileTransactionJournal files = FileTransactionJournal.open(temp.resolve("j"));
    boolean[] failing = {true};
    TransactionJournal flaky =
        new TransactionJournal() {
          @Override
          public void append(JournalEntry entry) {
            files.append(entry);
          }

          @Override
          public java.util.List<JournaledTransaction> load() {
            return files.load();
          }

          @Override
          public void remove(Xid x) {
            if (failing[0]) {
              throw new dev.redoline.core.CdcException(
                  dev.redoline.core.ErrorCode.JOURNAL_CORRUPT, "broker away");
            }
            files.remove(x);
          }
        };
    TransactionBuffer buffer =
        TransactionBuffer.builder()
            .spillDirectory(temp.resolve("spill"))
            .clock(clock)
            .journal(flaky)
            .build();
    buffer.open();
    buffer.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    buffer.add(xid, insert(1, 2));
    clock.advance(Duration.ofMinutes(6));
    buffer.stepApplied(Scn.of(1002));
    buffer.commit(xid, Scn.of(1003), address(3), TIME).orElseThrow().close();
    CommitMark mark = new CommitMark(Scn.of(1003), address(3));

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> buffer.acknowledged(mark, true))
        .hasMessageContaining("broker away");
    failing[0] = false;
    buffer.acknowledged(mark, true);

    assertThat(files.load()).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void reloadedChanges_areTheLiveChangesOfAReloadedTransactionOnly(long budget) {
    TransactionBuffer first = buffer(budget);
    first.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    first.add(xid, insert(1, 2));
    first.add(xid, insert(2, 3));
    first.undo(xid, rowId(1), Scn.of(1003), address(3));
    assertThat(first.reloadedChanges(xid)).as("begun by this run").isEmpty();
    clock.advance(Duration.ofMinutes(6));
    first.stepApplied(Scn.of(1003));
    first.close();

    TransactionBuffer second = buffer(budget);
    Xid other = Changes.xid(2, 2);
    second.add(other, insert(7, 8));
    assertThat(second.journalHolds(xid, address(2))).as("read again after the restart").isTrue();
    assertThat(second.journalHolds(xid, address(8))).isFalse();
    assertThat(second.journalHolds(other, address(8))).isFalse();
    assertThat(second.lowestLastScnIn(1, 12))
        .as("which row of the reloaded transaction came last is not known to this run")
        .contains(Scn.ZERO);
    second.add(xid, insert(4, 9));
    assertThat(second.lowestLastScnIn(1, 12)).contains(Scn.of(1008));
    assertThat(second.reloadedChanges(xid)).containsExactly(insert(2, 3), insert(4, 9));
    assertThat(second.reloadedChanges(other)).isEmpty();
    second.close();
  }

  @ParameterizedTest
  @ValueSource(ints = {3, 4})
  void stepApplied_firstRowManyLogsBehind_journals(int logsBehind) {
    TransactionBuffer buffer = buffer(Long.MAX_VALUE);
    buffer.add(xid, insert(1, 1));
    Change later = Changes.insert(9, 1);
    buffer.add(
        Changes.xid(2, 2),
        new Change(
            later.operation(),
            later.table(),
            1,
            null,
            later.after(),
            later.scn(),
            Changes.address(12 + logsBehind, 1),
            0,
            null,
            TIME));
    buffer.stepApplied(Scn.of(2000));
    assertThat(buffer.metrics().journaledTransactions()).isEqualTo(logsBehind >= 4 ? 1 : 0);
    buffer.close();
  }

  /**
   * Rows kept back by the caller (a DML row whose LOB rows are still being read) keep the journal
   * before the first of them: what was read earlier is journaled, and the restart position moves up
   * to that row, no further. Before, a transaction holding a row was not journaled at all, so one
   * left idle after such a row pinned the restart position at its first row.
   */
  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void hold_journalsWhatWasReadBeforeTheHeldRowOnly_untilReleased(long budget) {
    TransactionBuffer buffer = buffer(budget);
    buffer.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    buffer.add(xid, insert(1, 2));
    // a DML row whose LOB rows are still being read: kept back by the caller, held here
    assertThat(buffer.hold(xid, Scn.of(1003), address(3), true)).isTrue();
    assertThat(buffer.hold(xid, Scn.of(1004), address(4), true)).isTrue(); // a LOB row
    clock.advance(Duration.ofMinutes(6));
    buffer.stepApplied(Scn.of(1004));
    assertThat(buffer.metrics().journaledTransactions()).isEqualTo(1);
    assertThat(buffer.resumePoint().addresses()).isEqualTo(Map.of(1, address(3)));
    assertThat(buffer.resumePoint().scn()).contains(Scn.of(1003));
    assertThat(FileTransactionJournal.open(temp.resolve("j")).load())
        .singleElement()
        .satisfies(
            t -> {
              assertThat(t.upTo()).isEqualTo(address(2));
              assertThat(t.changes()).containsExactly(insert(1, 2));
            });
    clock.advance(Duration.ofMinutes(6));
    buffer.stepApplied(Scn.of(1004));
    assertThat(buffer.resumePoint().addresses())
        .as("nothing more to journal while held")
        .isEqualTo(Map.of(1, address(3)));

    buffer.add(xid, insert(2, 3)); // the change the held rows made, at its DML row's address
    buffer.release(xid);
    clock.advance(Duration.ofMinutes(6));
    buffer.stepApplied(Scn.of(1005));
    assertThat(buffer.resumePoint()).isEqualTo(ResumePoint.NONE);
    assertThat(buffer.hold(xid, Scn.of(1004), address(4), true))
        .as("read again: the journal has it, up to the highest row read, not the last change's")
        .isFalse();
    buffer.close();
  }

  /**
   * A restart from the held row reads it and its LOB rows again, with the part before it reloaded
   * from the journal: the transaction is published whole, once.
   */
  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void restart_whileRowsWereHeld_readsTheHeldRowsAgainTogether(long budget) {
    TransactionBuffer first = buffer(budget);
    first.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    first.add(xid, insert(1, 2));
    first.add(xid, insert(2, 3));
    first.hold(xid, Scn.of(1004), address(4), true);
    first.add(xid, insert(3, 5)); // a change made while held (a DBMS_LOB call's own UPDATE)
    first.hold(xid, Scn.of(1006), address(6), true);
    clock.advance(Duration.ofMinutes(6));
    first.stepApplied(Scn.of(1006));
    assertThat(first.resumePoint().addresses()).isEqualTo(Map.of(1, address(4)));
    first.close(); // crash: the offset says resume at address(4)

    TransactionBuffer second = buffer(budget);
    assertThat(second.hold(xid, Scn.of(1004), address(4), true)).isTrue();
    second.add(xid, insert(3, 5));
    assertThat(second.hold(xid, Scn.of(1006), address(6), true)).isTrue();
    second.add(xid, insert(4, 4)); // the held change, at its DML row's address
    second.release(xid);
    try (PublishedTransaction tx =
        second.commit(xid, Scn.of(1007), address(7), TIME).orElseThrow()) {
      assertThat(tx.changes())
          .containsExactly(insert(1, 2), insert(2, 3), insert(3, 5), insert(4, 4));
    }
    second.close();
  }

  /**
   * A row held again at once after its hold ended (the ROW_ID wait of a LOB table's DML row, then
   * its LOB rows) keeps the journal's end before it; a hold of an earlier row after later ones were
   * read journals nothing, since where the journal could end is not known.
   */
  @org.junit.jupiter.api.Test
  void hold_ofTheRowJustReleasedAgain_keepsItsJournalEnd() {
    TransactionBuffer buffer = buffer(Long.MAX_VALUE);
    buffer.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    buffer.add(xid, insert(1, 2));
    buffer.hold(xid, Scn.of(1003), address(3), true);
    buffer.release(xid);
    buffer.hold(xid, Scn.of(1003), address(3), true);
    clock.advance(Duration.ofMinutes(6));
    buffer.stepApplied(Scn.of(1003));
    assertThat(buffer.resumePoint().addresses()).isEqualTo(Map.of(1, address(3)));
    buffer.close();

    Xid other = Changes.xid(3, 3);
    TransactionBuffer later = buffer(Long.MAX_VALUE);
    later.begin(other, Scn.of(1010), address(10), TIME, "APP");
    later.add(other, insert(5, 11));
    later.hold(other, Scn.of(1013), address(13), true);
    later.release(other);
    later.hold(other, Scn.of(1012), address(12), true); // before a row already read
    clock.advance(Duration.ofMinutes(6));
    later.stepApplied(Scn.of(1013));
    assertThat(later.metrics().journaledTransactions())
        .as("the other transaction only, reloaded")
        .isEqualTo(1);
    assertThat(later.resumePoint().addresses()).isEqualTo(Map.of(1, address(10)));
    later.close();
  }

  /**
   * An undo row read after the held row (here while a DML row waits for its ROW_ID) removes a
   * change read before it: the journal must not take that removal into an entry that ends before
   * the held row, since a restart reads the undo row again from there and would remove a second
   * change of the same ROW_ID. Before, the entry ended at address(4) and carried the removal (or
   * lacked the removed change), and the restart's undo removed the INSERT too.
   */
  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void undo_whileRowsAreHeld_isNotJournaledBeforeTheHeldRows(long budget) {
    TransactionBuffer first = begunWithOneInsert(budget);
    clock.advance(Duration.ofMinutes(6));
    first.stepApplied(Scn.of(1002));
    assertThat(first.metrics().journaledTransactions()).isEqualTo(1);
    first.add(xid, Changes.update(1, 3, rowId(1)));
    first.add(xid, insert(2, 4));
    first.hold(xid, Scn.of(1005), address(5), true); // kept back by the caller
    assertThat(first.undo(xid, rowId(1), Scn.of(1006), address(6))).isTrue(); // the UPDATE
    clock.advance(Duration.ofMinutes(6));
    first.stepApplied(Scn.of(1006));
    ResumePoint resume = first.resumePoint();
    first.close(); // crash: the offset says resume at resume's address

    TransactionBuffer second = buffer(budget);
    // the engine reads the redo again from the resume address: each row at or after it
    if (address(3).compareTo(resume.addresses().get(1)) >= 0) {
      second.add(xid, Changes.update(1, 3, rowId(1)));
    }
    if (address(4).compareTo(resume.addresses().get(1)) >= 0) {
      second.add(xid, insert(2, 4));
    }
    assertThat(second.hold(xid, Scn.of(1005), address(5), true)).isTrue();
    second.undo(xid, rowId(1), Scn.of(1006), address(6));
    second.add(xid, insert(5, 5)); // the held change, at its DML row's address
    second.release(xid);
    try (PublishedTransaction tx =
        second.commit(xid, Scn.of(1007), address(7), TIME).orElseThrow()) {
      assertThat(tx.changes()).containsExactly(insert(1, 2), insert(2, 4), insert(5, 5));
    }
    second.close();
  }

  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void hold_ofAnUnknownTransaction_opensIt(long budget) {
    TransactionBuffer buffer = buffer(budget);
    assertThat(buffer.hold(xid, Scn.of(1003), address(3), true)).isTrue();
    assertThat(buffer.resumePoint().addresses()).isEqualTo(Map.of(1, address(3)));
    buffer.close();
  }
}
