package dev.redoline.logminer;

import static dev.redoline.logminer.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16 item 16: a DDL cut while another thread's redo is still unflushed. Redo of thread 2
 * written at SCNs below an ALTER TABLE of thread 1 reaches the log only after the step the DDL
 * ended; its rows must be decoded with the layout in force at their own SCN.
 */
class DdlCutScenarioTest {

  @TempDir
  Path spill;

  @Test
  void ddlCutWhileAnotherThreadIsUnflushed_lateRowsDecodeWithTheLayoutOfTheirScn() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(91).threads(2).commitFlushes(false)
        .lgwrInterval(java.time.Duration.ZERO).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> {
          SimulatedTransaction early = o.newTransaction().thread(2).begin();
          early.insert(ORDERS, 2L, "THREAD2");
          early.commit();                         // COMMIT NOWAIT: in thread 2's log buffer only
          o.schema().addColumn(ORDERS, "NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 20));
          o.flush(1);                             // the DDL is in thread 1's log
        })
        .idle(3)
        .then(o -> o.flush(2))                    // thread 2's older redo reaches its log now
        .idle(3)
        .then(o -> {
          SimulatedTransaction end = o.begin();
          end.insert(ORDERS, 99L, "END", "v2");
          end.commit();
          o.flushAll();
        })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END, v2]");

      assertThat(h.timeline()).containsSubsequence("INSERT SHOP.ORDERS [2, THREAD2] v1",
          "INSERT SHOP.ORDERS [99, END, v2] v2");
    }
  }
}
