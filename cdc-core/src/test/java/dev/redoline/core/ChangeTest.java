package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.internal.ChangeSequence;
import dev.redoline.core.internal.Transaction;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChangeTest {

  static final TableId T = TableId.of("S", "T");
  static final RedoAddress A = new RedoAddress(1, 7, 10, 16);

  static Change insert(long id) {
    return new Change(
        Operation.INSERT,
        T,
        1,
        null,
        Row.of(id),
        Scn.of(100 + id),
        A,
        0,
        "AAAR32AAHAAAAFfAAA",
        Instant.EPOCH);
  }

  @Test
  void constructor_checksImagesAgainstOperation() {
    assertThat(insert(1).after()).isEqualTo(Row.of(1L));
    assertThatThrownBy(
            () ->
                new Change(
                    Operation.DELETE, T, 1, null, Row.of(1L), Scn.of(1), A, 0, null, Instant.EPOCH))
        .hasMessage("DELETE S.T: before image must be set");
    assertThatThrownBy(
            () ->
                new Change(
                    Operation.TRUNCATE,
                    T,
                    1,
                    null,
                    Row.of(1L),
                    Scn.of(1),
                    A,
                    0,
                    null,
                    Instant.EPOCH))
        .hasMessage("TRUNCATE S.T: after image must be null");
    assertThat(Operation.TRUNCATE.code()).isEqualTo('t');
  }

  @Test
  void transaction_streamsChangesAndChecksSize() {
    Commit commit =
        new Commit(new Xid(1, 2, 3), Scn.of(90), Scn.of(120), A, Instant.EPOCH, "APP", 2);
    Transaction tx = new Transaction(commit, ChangeSequence.of(List.of(insert(1), insert(2))));
    assertThat(tx.changes()).containsExactly(insert(1), insert(2));
    assertThat(tx.xid()).isEqualTo(new Xid(1, 2, 3));
    assertThatThrownBy(() -> new Transaction(commit, ChangeSequence.of(List.of(insert(1)))))
        .hasMessage("Transaction 0100020003000000: commit says 2 changes, sequence has 1");
  }

  @Test
  void commitMark_ordersSameScnByThreadAndAddress() {
    CommitMark t1 = new CommitMark(Scn.of(5), new RedoAddress(1, 9, 9, 9));
    CommitMark t2 = new CommitMark(Scn.of(5), new RedoAddress(2, 1, 1, 1));
    CommitMark t1Later = new CommitMark(Scn.of(5), new RedoAddress(1, 9, 9, 10));
    assertThat(t1).isLessThan(t1Later).isLessThan(t2);
    assertThat(new CommitMark(Scn.of(4), new RedoAddress(9, 9, 9, 9))).isLessThan(t1);
  }
}
