package dev.redoline.buffer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.ChangeSequence;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What every {@link TransactionJournal} must do (the contract on its Javadoc), the one set of cases
 * for every journal: the file journal here, the Kafka journal topic in cdc-connect (through this
 * module's test-jar). A subclass says how to open a journal and how to open the same storage again,
 * as a restarted process would.
 */
public abstract class JournalContract {

  /** A fresh, empty journal. */
  protected abstract TransactionJournal journal();

  /** The storage of the last {@link #journal()} opened again, as after a restart. */
  protected abstract TransactionJournal reopen();

  protected static final TableId TABLE = new TableId("PDB1", "SHOP", "ORDERS");
  protected static final Instant TIME = Instant.parse("2026-05-04T08:30:00.123456789Z");
  protected static final Xid XID = xid(4, 77);
  protected static final TransactionInfo INFO = info(XID);

  protected static Xid xid(int slot, long sequence) {
    return new Xid(3, slot, sequence);
  }

  protected static TransactionInfo info(Xid xid) {
    return new TransactionInfo(xid, Scn.of(5000), at(1), TIME, "APP");
  }

  /** The redo address of block {@code block} of one log. */
  protected static RedoAddress at(long block) {
    return new RedoAddress(1, 40, block, 16);
  }

  /** An INSERT of order {@code id} whose redo row is at block {@code block}. */
  protected static Change insert(long id, long block) {
    return new Change(
        Operation.INSERT,
        TABLE,
        1,
        null,
        Row.of(id, "order-" + id, new BigDecimal("19.90")),
        Scn.of(6000 + block),
        at(block),
        0,
        "AAAR3sAAEAAAACXAA" + (char) ('A' + id % 26),
        TIME);
  }

  protected static List<Change> changes(JournaledTransaction tx) {
    List<Change> list = new ArrayList<>();
    tx.changes().forEach(list::add);
    assertThat(tx.changes().size()).as("size() agrees with the iteration").isEqualTo(list.size());
    return list;
  }

  protected static JournalEntry entry(
      TransactionInfo info, long upTo, List<Change> changes, JournalEntry.Removal... removed) {
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

  /**
   * The rows of one array DML share an RS_ID and SSN 0: undoing one of them must not remove the
   * others when the journal is replayed.
   */
  @Test
  void load_removalOfOneRowOfAnArrayDml_leavesItsOtherRows() {
    TransactionJournal journal = journal();
    Change first = insert(1, 3);
    Change second = insert(2, 3);
    Change third = insert(3, 3);
    journal.append(entry(INFO, 3, List.of(insert(9, 2), first, second, third)));
    journal.append(entry(INFO, 6, List.of(), JournalEntry.Removal.of(second)));

    List<JournaledTransaction> loaded = reopen().load();
    assertThat(changes(loaded.get(0))).containsExactly(insert(9, 2), first, third);
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
