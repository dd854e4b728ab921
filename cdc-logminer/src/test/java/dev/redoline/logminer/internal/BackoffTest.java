package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {

  @Test
  void next_doublesUpToMaxWithinBudget() {
    ManualClock clock = new ManualClock();
    Backoff backoff =
        new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(4), Duration.ofSeconds(10), clock);
    assertThat(backoff.next()).contains(Duration.ofSeconds(1));
    clock.advance(Duration.ofSeconds(1));
    assertThat(backoff.next()).contains(Duration.ofSeconds(2));
    clock.advance(Duration.ofSeconds(2));
    assertThat(backoff.next()).contains(Duration.ofSeconds(4));
    clock.advance(Duration.ofSeconds(4));
    assertThat(backoff.next()).contains(Duration.ofSeconds(3)); // only 3 s of budget left
    clock.advance(Duration.ofSeconds(3));
    assertThat(backoff.next()).isEmpty();
    assertThat(backoff.elapsed()).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void reset_startsNewBudget() {
    ManualClock clock = new ManualClock();
    Backoff backoff =
        new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(4), Duration.ofSeconds(3), clock);
    backoff.next();
    clock.advance(Duration.ofSeconds(5));
    backoff.reset();
    assertThat(backoff.next()).contains(Duration.ofSeconds(1));
  }

  @Test
  void restartDelays_startsTheWaitsOverWithinTheSameBudget() {
    ManualClock clock = new ManualClock();
    Backoff backoff =
        new Backoff(Duration.ofSeconds(1), Duration.ofSeconds(8), Duration.ofSeconds(6), clock);
    assertThat(backoff.next()).contains(Duration.ofSeconds(1));
    clock.advance(Duration.ofSeconds(1));
    assertThat(backoff.next()).contains(Duration.ofSeconds(2));
    clock.advance(Duration.ofSeconds(2));
    backoff.restartDelays();
    assertThat(backoff.next()).contains(Duration.ofSeconds(1));
    clock.advance(Duration.ofSeconds(1));
    assertThat(backoff.next())
        .contains(Duration.ofSeconds(2)); // the budget ends at 6 s, not 4 s after the restart
    clock.advance(Duration.ofSeconds(2));
    assertThat(backoff.next()).isEmpty();
    assertThat(backoff.elapsed()).isEqualTo(Duration.ofSeconds(6));
  }

  @Test
  void window_doublesWhenFastAndHalvesOnTimeout() {
    MiningWindow window = new MiningWindow(8, Duration.ofSeconds(1));
    assertThat(window.onStep(Duration.ofMillis(100), true)).isTrue();
    assertThat(window.logs()).isEqualTo(2);
    assertThat(window.onStep(Duration.ofMillis(100), false)).isFalse();
    window.onStep(Duration.ofMillis(100), true);
    window.onStep(Duration.ofMillis(100), true);
    window.onStep(Duration.ofMillis(100), true);
    assertThat(window.logs()).isEqualTo(8);
    assertThat(window.onStep(Duration.ofSeconds(2), true)).isFalse();
    assertThat(window.onTimeout()).isTrue();
    assertThat(window.logs()).isEqualTo(4);
    window.onTimeout();
    window.onTimeout();
    assertThat(window.logs()).isEqualTo(1);
    assertThat(window.onTimeout()).isFalse();
  }

  @Test
  void window_slowParallelStepsThatLoseGround_widenIt_oneSessionsDoNot() {
    MiningWindow window = new MiningWindow(8, Duration.ofSeconds(1));
    Duration slow = Duration.ofMillis(1300);
    // One session's slow steps leave it, however far behind they fall.
    assertThat(window.onStep(slow, true, null)).isFalse();
    assertThat(window.onStep(slow, true, null)).isFalse();
    // Several sessions: the first such step has nothing to compare with.
    assertThat(window.onStep(slow, true, Duration.ofSeconds(4))).isFalse();
    assertThat(window.onStep(slow, true, Duration.ofMillis(4100))).isTrue();
    assertThat(window.logs()).isEqualTo(2);
    // Gaining ground, below the target, or not limited by the window: it stays.
    assertThat(window.onStep(slow, true, Duration.ofSeconds(3))).isFalse();
    assertThat(window.onStep(slow, false, Duration.ofSeconds(5))).isFalse();
    assertThat(window.onStep(slow, true, Duration.ofMillis(500))).isFalse();
    assertThat(window.onStep(slow, true, Duration.ofMillis(900))).isFalse();
    assertThat(window.logs()).isEqualTo(2);
    // A step of one session in between: the next parallel one starts a new comparison.
    assertThat(window.onStep(slow, true, null)).isFalse();
    assertThat(window.onStep(slow, true, Duration.ofSeconds(6))).isFalse();
    assertThat(window.onStep(slow, true, Duration.ofSeconds(7))).isTrue();
    assertThat(window.logs()).isEqualTo(4);
  }
}
