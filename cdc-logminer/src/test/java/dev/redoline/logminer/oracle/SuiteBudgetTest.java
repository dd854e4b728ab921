package dev.redoline.logminer.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A real-Oracle suite fails its budget check with a case unbounded or bounds past 30 minutes. */
class SuiteBudgetTest {

  @Test
  void theBoundsAreTheStartTheSetupAndEveryCase() {
    assertThat(SuiteBudget.bounds(Fits.class))
        .isEqualTo(
            OracleFree.START_BOUND.plus(OracleFree.SETUP_BOUND).plus(Duration.ofMinutes(12)));
    SuiteBudget.assertWithin(Fits.class);
  }

  @Test
  void aCaseWithoutItsOwnTimeout_fails() {
    assertThatThrownBy(() -> SuiteBudget.bounds(Unbounded.class))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("[second]");
  }

  @Test
  void boundsPastThirtyMinutes_fail() {
    assertThatThrownBy(() -> SuiteBudget.assertWithin(TooLong.class))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("over the 30 min");
  }

  static class Fits {
    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void first() {}

    @Test
    @Timeout(value = 420, unit = TimeUnit.SECONDS)
    void second() {}

    void notACase() {}
  }

  static class Unbounded {
    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void first() {}

    @Test
    void second() {}
  }

  static class TooLong {
    @Test
    @Timeout(value = 25, unit = TimeUnit.MINUTES)
    void first() {}
  }
}
