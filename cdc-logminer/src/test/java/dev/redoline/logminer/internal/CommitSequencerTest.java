package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.internal.PublishedTransaction;
import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommitSequencerTest {

  private static final Instant TIME = Instant.parse("2026-01-01T00:00:00Z");
  private static final TableId ORDERS = TableId.of("SHOP", "ORDERS");

  @TempDir Path spill;

  private TransactionBuffer buffer;

  private CommitSequencer.Ready committed(int thread, long scn) {
    if (buffer == null) {
      buffer = TransactionBuffer.builder().spillDirectory(spill).build();
      buffer.open();
    }
    Xid xid = new Xid(thread, (int) scn, 1);
    RedoAddress change = new RedoAddress(thread, 1, scn, 16);
    buffer.add(
        xid,
        new Change(
            Operation.INSERT,
            ORDERS,
            1,
            null,
            Row.of(scn),
            Scn.of(scn - 1),
            change,
            0,
            "AAAR" + scn,
            TIME));
    PublishedTransaction published =
        buffer.commit(xid, Scn.of(scn), new RedoAddress(thread, 1, scn, 32), TIME).orElseThrow();
    return new CommitSequencer.Ready(published, change, Scn.of(scn - 1));
  }

  @Test
  void release_inCommitOrderUpToTheSafeScn() {
    CommitSequencer sequencer = new CommitSequencer();
    sequencer.add(committed(1, 105));
    sequencer.add(committed(2, 100));
    sequencer.add(committed(1, 120));

    assertThat(sequencer.release(Scn.of(110)))
        .extracting(r -> r.mark().scn())
        .containsExactly(Scn.of(100), Scn.of(105));
    assertThat(sequencer.size()).isEqualTo(1);
    assertThat(sequencer.takeLate()).isEmpty();
  }

  @Test
  void add_belowAnAlreadyReleasedCommit_isReleasedNextAndReportedOnce() {
    CommitSequencer sequencer = new CommitSequencer();
    sequencer.add(committed(1, 105));
    sequencer.release(Scn.of(110));

    sequencer.add(committed(2, 100)); // a thread written later than the LGWR delay allowed
    sequencer.add(committed(1, 130));

    List<CommitSequencer.Late> late = sequencer.takeLate();
    assertThat(late).hasSize(1);
    assertThat(late.get(0).ready().mark().scn()).isEqualTo(Scn.of(100));
    assertThat(late.get(0).releasedPast().scn()).isEqualTo(Scn.of(105));
    assertThat(late.get(0).describe(Duration.ofSeconds(3)))
        .contains("thread 2", "SCN 100", "SCN 105", "cdc.mining.lgwr.max.delay.ms (3000 ms)");
    assertThat(sequencer.takeLate()).isEmpty();
    assertThat(sequencer.release(Scn.of(110)))
        .extracting(r -> r.mark().scn())
        .containsExactly(Scn.of(100));
  }

  @Test
  void discard_forgetsWhatWasReleased() {
    CommitSequencer sequencer = new CommitSequencer();
    sequencer.add(committed(1, 105));
    sequencer.release(Scn.of(110));
    sequencer.discard();

    sequencer.add(committed(2, 100)); // mined again from the cursors after a reconnect

    assertThat(sequencer.takeLate()).isEmpty();
  }
}
