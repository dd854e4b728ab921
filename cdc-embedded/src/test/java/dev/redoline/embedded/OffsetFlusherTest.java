package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CommitMark;
import dev.redoline.core.ManualClock;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.PositionState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Grouped offset writes: by count, by interval, on demand; never the same position twice. */
class OffsetFlusherTest {

  /** A store that records what it was given. */
  static final class Written implements OffsetStore {
    final List<Position> positions = new ArrayList<>();

    @Override
    public Optional<Position> load() {
      return positions.isEmpty()
          ? Optional.empty()
          : Optional.of(positions.get(positions.size() - 1));
    }

    @Override
    public void store(Position position) {
      positions.add(position);
    }
  }

  static Position after(long commit) {
    return PositionState.start(Scn.of(10))
        .withDelivered(
            new CommitMark(Scn.of(commit), new RedoAddress(1, 1, commit, 0)), PositionState.WHOLE)
        .toPosition();
  }

  @Test
  void handled_writesAfterMaxTransactions() {
    Written store = new Written();
    OffsetFlusher flusher =
        new OffsetFlusher(store, Duration.ofHours(1), 3, new ManualClock(), null);
    assertThat(flusher.handled(after(1))).isNull();
    assertThat(flusher.handled(after(2))).isNull();
    assertThat(flusher.handled(after(3))).isEqualTo(after(3));
    assertThat(flusher.handled(after(4))).isNull();
    assertThat(store.positions).containsExactly(after(3));
    assertThat(flusher.due()).as("pending, but the interval has not passed").isFalse();
  }

  @Test
  void handled_writesOnceTheIntervalHasPassed() {
    Written store = new Written();
    ManualClock clock = new ManualClock();
    OffsetFlusher flusher = new OffsetFlusher(store, Duration.ofSeconds(1), 1000, clock, null);
    assertThat(flusher.handled(after(1))).isNull();
    clock.advance(Duration.ofMillis(999));
    assertThat(flusher.handled(after(2))).isNull();
    clock.advance(Duration.ofMillis(1));
    assertThat(flusher.handled(after(3))).isEqualTo(after(3));
    clock.advance(Duration.ofMillis(500));
    assertThat(flusher.handled(after(4))).isNull();
    assertThat(store.positions).containsExactly(after(3));
    assertThat(flusher.due()).isFalse();
    clock.advance(Duration.ofMillis(500));
    assertThat(flusher.due()).as("a quiet stream: the pending position is due").isTrue();
  }

  @Test
  void intervalZero_writesEveryTransaction() {
    Written store = new Written();
    OffsetFlusher flusher = new OffsetFlusher(store, Duration.ZERO, 1000, new ManualClock(), null);
    flusher.handled(after(1));
    flusher.handled(after(2));
    assertThat(store.positions).containsExactly(after(1), after(2));
  }

  @Test
  void flush_writesWhatIsPendingOnceAndSkipsTheStoredPosition() {
    Written store = new Written();
    OffsetFlusher flusher =
        new OffsetFlusher(store, Duration.ofHours(1), 1000, new ManualClock(), after(1));
    assertThat(flusher.handled(after(1))).as("already stored").isNull();
    assertThat(flusher.flush()).isNull();
    flusher.handled(after(2));
    assertThat(flusher.flush()).isEqualTo(after(2));
    assertThat(flusher.flush()).isNull();
    assertThat(flusher.stored()).isEqualTo(after(2));
    assertThat(store.positions).containsExactly(after(2));
  }

  @Test
  void moved_positionsBetweenTransactionsAreWrittenButNotCounted() {
    Written store = new Written();
    OffsetFlusher flusher =
        new OffsetFlusher(store, Duration.ofHours(1), 2, new ManualClock(), null);
    assertThat(flusher.moved(after(1))).isNull();
    assertThat(flusher.handled(after(2))).as("one transaction of two").isNull();
    assertThat(flusher.moved(after(3))).isNull();
    assertThat(flusher.handled(after(4))).isEqualTo(after(4));
    assertThat(store.positions).containsExactly(after(4));
  }
}
