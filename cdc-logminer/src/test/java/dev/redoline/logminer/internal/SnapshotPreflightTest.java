package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture that snapshots refuses to start when a captured table may not be read AS OF SCN (no
 * FLASHBACK on it, no FLASHBACK ANY TABLE), naming the table and the GRANT, before any row is read.
 */
class SnapshotPreflightTest {

  @TempDir Path spill;

  private static SimulatedOracle withOrders(SimulatedOracle.Builder builder) {
    SimulatedOracle oracle = builder.build();
    oracle.createTable(CaptureEngineTest.orders());
    SimulatedTransaction tx = oracle.begin();
    tx.insert(CaptureEngineTest.ORDERS, 1L, "NEW");
    tx.commit();
    return oracle;
  }

  @Test
  void withoutFlashback_startFailsWithCdc4003NamingTheTableAndTheGrant() throws Exception {
    SimulatedOracle oracle =
        withOrders(SimulatedOracle.builder().seed(61).revoke("FLASHBACK ANY TABLE"));
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("a"))) {
      h.set("cdc.database.user", "C##CDC");
      assertThatThrownBy(() -> h.open(null))
          .isInstanceOfSatisfying(
              CdcException.class,
              e -> {
                assertThat(e.errorCode()).isEqualTo(ErrorCode.MISSING_PRIVILEGE);
                assertThat(e.getMessage())
                    .contains("\"SHOP\".\"ORDERS\"")
                    .contains("GRANT FLASHBACK ON \"SHOP\".\"ORDERS\" TO C##CDC")
                    .contains("GRANT FLASHBACK ANY TABLE TO C##CDC");
              });
    }
  }

  @Test
  void noData_needsNoFlashback_andAGrantOnTheTableIsEnough() throws Exception {
    SimulatedOracle denied =
        withOrders(SimulatedOracle.builder().seed(62).revoke("FLASHBACK ANY TABLE"));
    try (ScenarioHarness h = new ScenarioHarness(denied, spill.resolve("b"))) {
      h.set("cdc.snapshot.mode", "no_data");
      assertThat(h.open(null)).isNotNull();
    }
    SimulatedOracle granted =
        withOrders(
            SimulatedOracle.builder()
                .seed(63)
                .revoke("FLASHBACK ANY TABLE")
                .grantFlashback(CaptureEngineTest.ORDERS));
    try (ScenarioHarness h = new ScenarioHarness(granted, spill.resolve("c"))) {
      h.open(null);
      h.awaitEvents(ScenarioHarness.changeCount(1));
      assertThat(h.changeEvents().get(0).change().operation()).isEqualTo(Operation.READ);
    }
  }
}
