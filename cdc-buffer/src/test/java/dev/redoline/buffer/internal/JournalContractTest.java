package dev.redoline.buffer.internal;

import static dev.redoline.buffer.internal.Changes.TIME;
import static dev.redoline.buffer.internal.Changes.address;
import static dev.redoline.buffer.internal.Changes.insert;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.internal.ChangeSequence;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link TransactionJournal} must do. An implementation's test extends this class and
 * says how to open its journal, and how to open it again as a restarted process would.
 */
public abstract class JournalContractTest {

  /** A fresh, empty journal. */
  protected abstract TransactionJournal journal();

  /** The same storage opened again, as after a restart. */
  protected abstract TransactionJournal reopen();

  private static final Xid XID = Changes.xid(4, 77);
  private static final TransactionInfo INFO =
      new TransactionInfo(XID, Scn.of(900), address(1), TIME, "APP");

  private static List<Change> changes(JournaledTransaction tx) {
    List<Change> list = new ArrayList<>();
    tx.changes().forEach(list::add);
    assertThat(list).hasSize((int) tx.changes().size());
    return list;
  }

  @Test
  void load_afterAppends_returnsEveryChangeInOrderAndTheLastMark() {
    TransactionJournal journal = journal();
    journal.append(new JournalEntry(INFO, address(3),
        ChangeSequence.of(List.of(insert(1, 2), insert(2, 3))), List.of()));
    journal.append(new JournalEntry(INFO, address(5), ChangeSequence.of(List.of(insert(3, 5))),
        List.of()));

    List<JournaledTransaction> loaded = reopen().load();
    assertThat(loaded).hasSize(1);
    assertThat(loaded.get(0).transaction()).isEqualTo(INFO);
    assertThat(loaded.get(0).upTo()).isEqualTo(address(5));
    assertThat(changes(loaded.get(0))).containsExactly(insert(1, 2), insert(2, 3), insert(3, 5));
  }

  @Test
  void load_afterRemovalInLaterAppend_leavesTheChangeOut() {
    TransactionJournal journal = journal();
    journal.append(new JournalEntry(INFO, address(3),
        ChangeSequence.of(List.of(insert(1, 2), insert(2, 3))), List.of()));
    journal.append(new JournalEntry(INFO, address(6), ChangeSequence.of(List.of()),
        List.of(new JournalEntry.Removal(address(3), 0))));

    List<JournaledTransaction> loaded = reopen().load();
    assertThat(changes(loaded.get(0))).containsExactly(insert(1, 2));
    assertThat(loaded.get(0).upTo()).isEqualTo(address(6));
  }

  /**
   * Review 2, item b11: the rows of one array DML share an RS_ID and SSN 0; undoing one of them
   * must not remove the others when the journal is replayed.
   */
  @Test
  void b11_removalOfOneRowOfAnArrayDml_leavesItsOtherRows() {
    TransactionJournal journal = journal();
    Change first = insert(1, 3, "AAAR1");
    Change second = insert(2, 3, "AAAR2");
    Change third = insert(3, 3, "AAAR3");
    journal.append(new JournalEntry(INFO, address(3), ChangeSequence.of(List.of(insert(9, 2), first, second, third)),
        List.of()));
    journal.append(new JournalEntry(INFO, address(6), ChangeSequence.of(List.of()),
        List.of(JournalEntry.Removal.of(second))));

    List<JournaledTransaction> loaded = reopen().load();
    assertThat(changes(loaded.get(0))).containsExactly(insert(9, 2), first, third);
  }

  @Test
  void remove_forgetsTheTransaction() {
    TransactionJournal journal = journal();
    journal.append(new JournalEntry(INFO, address(3), ChangeSequence.of(List.of(insert(1, 2))),
        List.of()));
    Xid other = Changes.xid(5, 1);
    journal.append(new JournalEntry(new TransactionInfo(other, Scn.of(1), null, null, null),
        address(4), ChangeSequence.of(List.of(insert(2, 4))), List.of()));
    journal.remove(XID);
    journal.remove(Changes.xid(9, 9));
    List<JournaledTransaction> loaded = reopen().load();
    assertThat(loaded).extracting(t -> t.transaction().xid()).containsExactly(other);
    assertThat(loaded.get(0).transaction().user()).isNull();
  }

  @Test
  void load_emptyJournal_returnsNothing() {
    assertThat(journal().load()).isEmpty();
  }
}
