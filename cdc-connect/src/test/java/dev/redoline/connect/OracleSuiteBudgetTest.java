package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.logminer.oracle.SuiteBudget;
import org.junit.jupiter.api.Test;

/**
 * The connector's real-Oracle suite: its cases' bounds and the container's start fit the 30 minutes
 * it may take on two cores. Checked in the normal build, where the suite itself is skipped (no
 * Docker engine).
 */
class OracleSuiteBudgetTest {

  @Test
  void everyCaseIsBounded_andTheBoundsFitTheBudget() {
    SuiteBudget.assertWithin(OracleConnectIT.class);
    assertThat(SuiteBudget.bounds(OracleConnectIT.class)).isLessThanOrEqualTo(SuiteBudget.SUITE);
  }
}
