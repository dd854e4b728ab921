package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** When a backlog has grown long enough to warn, and when its episode ends. */
class BacklogGrowthTest {

  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final Duration PERIOD = Duration.ofMinutes(10);

  private static Instant at(int minutes) {
    return T0.plus(Duration.ofMinutes(minutes));
  }

  @Test
  void growingLogs_warnOncePerEpisode_andAgainAfterRecovering() {
    BacklogGrowth growth = new BacklogGrowth(PERIOD);
    assertThat(growth.observe(2, Duration.ZERO, at(0))).isEmpty();
    assertThat(growth.observe(3, Duration.ZERO, at(5))).isEmpty();
    assertThat(growth.observe(5, Duration.ZERO, at(10)))
        .get()
        .asString()
        .contains("archived logs not yet mined 2 -> 5", "since " + at(0));
    assertThat(growth.observe(9, Duration.ZERO, at(20))).as("once per episode").isEmpty();
    assertThat(growth.observe(2, Duration.ZERO, at(21)))
        .as("back down: the episode ends")
        .isEmpty();
    assertThat(growth.observe(3, Duration.ZERO, at(25))).isEmpty();
    assertThat(growth.observe(4, Duration.ZERO, at(31)))
        .as("a new episode warns again")
        .isPresent();
  }

  @Test
  void timeBehind_countsOnlyPastTheSlack() {
    BacklogGrowth growth = new BacklogGrowth(PERIOD);
    growth.observe(0, Duration.ofSeconds(5), at(0));
    assertThat(growth.observe(0, Duration.ofSeconds(50), at(11)))
        .as("jitter under a minute")
        .isEmpty();
    assertThat(growth.observe(0, Duration.ofMinutes(3), at(12))).isEmpty();
    assertThat(growth.observe(0, Duration.ofMinutes(9), at(22)))
        .get()
        .asString()
        .contains("time behind PT50S -> PT9M");
  }

  @Test
  void zeroPeriod_neverWarns() {
    BacklogGrowth growth = new BacklogGrowth(Duration.ZERO);
    growth.observe(1, Duration.ZERO, at(0));
    assertThat(growth.observe(100, Duration.ofHours(5), at(600))).isEmpty();
  }
}
