package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.logminer.oracle.SuiteBudget;
import org.junit.jupiter.api.Test;

/**
 * The real-Oracle suite's cases and start bound fit the 30 minutes it may take on two cores:
 * checked in the normal build, where the suite itself is skipped (no Docker engine).
 */
class OracleSuiteBudgetTest {

  @Test
  void everyCaseIsBounded_andTheBoundsFitTheBudget() {
    SuiteBudget.assertWithin(OracleEndToEndIT.class);
    assertThat(SuiteBudget.bounds(OracleEndToEndIT.class)).isLessThanOrEqualTo(SuiteBudget.SUITE);
  }
}
