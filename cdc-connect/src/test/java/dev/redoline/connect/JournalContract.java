package dev.redoline.connect;

import static dev.redoline.connect.JournalFixtures.at;
import static dev.redoline.connect.JournalFixtures.info;
import static dev.redoline.connect.JournalFixtures.insert;
import static dev.redoline.connect.JournalFixtures.xid;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.internal.JournalEntry;
import dev.redoline.buffer.internal.JournaledTransaction;
import dev.redoline.buffer.internal.TransactionInfo;
import dev.redoline.buffer.internal.TransactionJournal;
import dev.redoline.core.Change;
import dev.redoline.core.internal.ChangeSequence;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link TransactionJournal} must do (the contract on its Javadoc), for the journals
 * this module runs. A subclass says how to open a journal and how to open the same storage again,
 * as a restarted task would.
 */
abstract class JournalContract {

  /** A fresh, empty journal. */
  abstract TransactionJournal journal();

  /** The storage of the last {@link #journal()} opened again, as after a restart. */
  abstract TransactionJournal reopen();

  static final Xid XID = xid(4, 77);
  static final TransactionInfo INFO = info(XID);

  static List<Change> changes(JournaledTransaction tx) {
    List<Change> list = new ArrayList<>();
    tx.changes().forEach(list::add);
    assertThat(tx.changes().size()).as("size() agrees with the iteration").isEqualTo(list.size());
    return list;
  }

  static JournalEntry entry(TransactionInfo info, long upTo, List<Change> changes, JournalEntry.Removal... removed) {
    return new JournalEntry(info, at(upTo), ChangeSequence.of(changes), List.of(removed));
  }

  @Test
  void load_emptyJournal_isEmpty() {
    assertThat(journal().load()).isEmpty();
  }

  @Test
  void load_afterTwoAppends_hasAllChangesInAppendOrderAndTheLastMark() {
    TransactionJournal journal = journal();
    journal.append(entry(INFO, 3, List.of(insert(1, 2), insert(2, 3))));
    journal.append(entry(INFO, 5, List.of(insert(3, 5))));

    List<JournaledTransaction> loaded = reopen().load();
    assertThat(loaded).hasSize(1);
    assertThat(loaded.get(0).transaction()).isEqualTo(INFO);
    assertThat(loaded.get(0).upTo()).isEqualTo(at(5));
    assertThat(changes(loaded.get(0))).containsExactly(insert(1, 2), insert(2, 3), insert(3, 5));
  }

  @Test
  void load_changeRemovedByALaterAppend_isLeftOut() {
    TransactionJournal journal = journal();
    journal.append(entry(INFO, 3, List.of(insert(1, 2), insert(2, 3))));
    journal.append(entry(INFO, 6, List.of(), new JournalEntry.Removal(at(3), 0)));

    JournaledTransaction loaded = reopen().load().get(0);
    assertThat(changes(loaded)).containsExactly(insert(1, 2));
    assertThat(loaded.upTo()).isEqualTo(at(6));
  }

  @Test
  void remove_forgetsOnlyThatTransactionAndIgnoresUnknownOnes() {
    TransactionJournal journal = journal();
    journal.append(entry(INFO, 3, List.of(insert(1, 2))));
    Xid other = xid(5, 1);
    TransactionInfo sparse = new TransactionInfo(other, Scn.of(1), null, null, null);
    journal.append(entry(sparse, 4, List.of(insert(2, 4))));
    journal.remove(XID);
    journal.remove(xid(9, 9));

    List<JournaledTransaction> loaded = reopen().load();
    assertThat(loaded).extracting(t -> t.transaction()).containsExactly(sparse);
    assertThat(changes(loaded.get(0))).containsExactly(insert(2, 4));
  }

  @Test
  void append_afterRestart_continuesTheLoadedTransaction() {
    journal().append(entry(INFO, 2, List.of(insert(1, 2))));
    TransactionJournal restarted = reopen();
    assertThat(restarted.load()).hasSize(1);
    restarted.append(entry(INFO, 4, List.of(insert(2, 4))));

    JournaledTransaction loaded = reopen().load().get(0);
    assertThat(changes(loaded)).containsExactly(insert(1, 2), insert(2, 4));
    assertThat(loaded.upTo()).isEqualTo(at(4));
  }

  @Test
  void remove_afterRestart_forgetsALoadedTransaction() {
    journal().append(entry(INFO, 2, List.of(insert(1, 2))));
    TransactionJournal restarted = reopen();
    restarted.load();
    restarted.remove(XID);
    assertThat(reopen().load()).isEmpty();
  }

  @Test
  void load_manyChangesInOneAppend_keepsThemAllInOrder() {
    List<Change> many = new ArrayList<>();
    for (int i = 1; i <= 1234; i++) {
      many.add(insert(i, 10 + i));
    }
    journal().append(entry(INFO, 2000, many));
    assertThat(changes(reopen().load().get(0))).isEqualTo(many);
  }
}
