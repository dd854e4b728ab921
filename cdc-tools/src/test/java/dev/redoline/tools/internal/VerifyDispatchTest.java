package dev.redoline.tools.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code redoline verify} hands its arguments to the reconciliation's command line and keeps its
 * exit status.
 */
class VerifyDispatchTest {

  @Test
  void verify_help_isTheVerificationsOwnUsage() {
    ToolRun run = ToolRun.of("verify", "--help");

    assertThat(run.exit()).isEqualTo(ExitCode.OK);
    assertThat(run.out()).contains("--source", "--target");
  }

  @Test
  void verify_withoutATarget_isAUsageError() {
    ToolRun run =
        ToolRun.of("verify", "--source", "jdbc:redoline:sim:demo", "--tables", "SHOP.ORDERS");

    assertThat(run.exit()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err()).isNotEmpty();
  }
}
