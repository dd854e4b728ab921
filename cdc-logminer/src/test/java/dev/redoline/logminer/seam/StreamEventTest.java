package dev.redoline.logminer.seam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class StreamEventTest {

  private static final RedoAddress A = new RedoAddress(1, 7, 10, 16);

  private static Change insert(long id) {
    return new Change(
        Operation.INSERT,
        TableId.of("S", "T"),
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
  void changeEvent_knowsLast() {
    Commit commit = new Commit(new Xid(1, 2, 3), Scn.ZERO, Scn.of(120), A, Instant.EPOCH, null, 2);
    Position p = Position.start(Scn.of(1));
    assertThat(new StreamEvent.ChangeEvent(commit, insert(1), 1, p).last()).isTrue();
    assertThat(new StreamEvent.ChangeEvent(commit, insert(1), 0, p).last()).isFalse();
    assertThatThrownBy(() -> new StreamEvent.ChangeEvent(commit, insert(1), 2, p))
        .hasMessage("index 2 outside [0, 2)");
  }
}
