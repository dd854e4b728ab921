package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Corrupt redo: no setting continues past it (docs/architecture.md#errors). */
class CorruptRedoScenarioTest {

  @TempDir Path spill;

  @Test
  void corruptRedo_isMinedAgainThenStopsWithCdc2003AndNothingPastItIsDelivered() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(81).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 1L, "BEFORE");
              tx.commit();
            })
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 2L, "CORRUPT");
              tx.commit();
              o.special().corruptLastRecords(1, 2);
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      CdcException stop = h.awaitStop();

      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [1, BEFORE]");
      assertThat(stop.getMessage())
          .contains("ORA-01343: LogMiner encountered corruption in the logstream");
      // Mined again a bounded number of times (ORA-01343 is retried), never skipped.
      assertThat(h.ops(OpsEvent.Type.REMINE)).hasSize(5);
      // Corrupt redo that stays corrupt is a redo-availability stop, never a re-mine error.
      assertThat(stop.errorCode()).isEqualTo(ErrorCode.CORRUPT_REDO);
    }
  }
}
