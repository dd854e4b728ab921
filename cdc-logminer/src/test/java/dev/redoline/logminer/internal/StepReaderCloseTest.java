package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Closing a capture interrupts its thread: a step being read stops at the next row instead of
 * reading (and the database serving) every row of a step nobody will apply.
 */
class StepReaderCloseTest {

  private static final int ROWS = 1_000;

  @AfterEach
  void clearInterrupt() {
    Thread.interrupted();
  }

  private static RedoRow row(int i) {
    return new RedoRow(
        Scn.of(100 + i),
        null,
        null,
        LocalDateTime.of(2026, 1, 1, 0, 0),
        null,
        null,
        new Xid(1, 2, 3),
        RedoRow.INSERT,
        "INSERT",
        false,
        "SHOP",
        "ORDERS",
        "AAAB" + i,
        "APP",
        new RedoAddress(1, 5, 10 + i, 16),
        0,
        false,
        77,
        1,
        77,
        "insert into \"SHOP\".\"ORDERS\"(\"ID\") values ('" + i + "')",
        null,
        null,
        0,
        null,
        null,
        null);
  }

  /** Rows 0 to ROWS - 1; interrupts the reading thread as it hands out row {@code closeAt}. */
  private static final class Rows implements RowCursor {
    private final int closeAt;
    int handedOut;

    Rows(int closeAt) {
      this.closeAt = closeAt;
    }

    @Override
    public RedoRow next() {
      if (handedOut == ROWS) {
        return null;
      }
      if (handedOut == closeAt) {
        Thread.currentThread().interrupt(); // what RunningCapture.close does
      }
      return row(handedOut++);
    }

    @Override
    public void cancel() {}

    @Override
    public void close() {}
  }

  private static StepPlan plan() {
    return new StepPlan(
        List.of(),
        Scn.of(100),
        Scn.of(100 + ROWS),
        Map.of(),
        Map.of(1, new RedoAddress(1, 5, 0xFFFF_FFFFL, 0xFFFF)),
        Scn.of(100 + ROWS),
        false,
        Set.of(),
        Set.of());
  }

  private static StepReader.StepRows read(Rows rows, long[] fetched) throws Exception {
    return StepReader.read(
        rows,
        plan(),
        r -> false,
        Scn.ZERO,
        r -> false,
        r -> false,
        new StepRowStore(1 << 20, java.nio.file.Path.of(System.getProperty("java.io.tmpdir"))),
        n -> fetched[0] = n);
  }

  @Test
  void aStepReadWhenTheCaptureCloses_stopsAtTheNextRow() {
    Rows rows = new Rows(10);
    long[] fetched = {-1};

    assertThatThrownBy(() -> read(rows, fetched)).isInstanceOf(CancellationException.class);

    assertThat(rows.handedOut).isEqualTo(11); // the row handed out with the interrupt, no more
    assertThat(fetched[0]).isEqualTo(10);
    assertThat(Thread.currentThread().isInterrupted()).isTrue(); // the loop still sees it
  }

  @Test
  void withoutAClose_everyRowIsRead() throws Exception {
    Rows rows = new Rows(-1);
    long[] fetched = {-1};

    try (StepReader.StepRows read = read(rows, fetched)) {
      assertThat(read.rows()).hasSize(ROWS);
    }
    assertThat(fetched[0]).isEqualTo(ROWS);
  }
}
