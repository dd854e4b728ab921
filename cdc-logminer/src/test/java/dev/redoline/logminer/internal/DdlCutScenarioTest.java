package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.LayoutVersion;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16 item 16: a DDL cut while another thread's redo is still unflushed. Redo of thread 2
 * written at SCNs below an ALTER TABLE of thread 1 reaches the log only after the step the DDL
 * ended; its rows must be decoded with the layout in force at their own SCN.
 */
class DdlCutScenarioTest {

  @TempDir Path spill;

  @Test
  void ddlCutWhileAnotherThreadIsUnflushed_lateRowsDecodeWithTheLayoutOfTheirScn()
      throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(91)
            .threads(2)
            .commitFlushes(false)
            .lgwrInterval(java.time.Duration.ZERO)
            .build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction early = o.newTransaction().thread(2).begin();
              early.insert(ORDERS, 2L, "THREAD2");
              early.commit(); // COMMIT NOWAIT: in thread 2's log buffer only
              o.schema().addColumn(ORDERS, "NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 20));
              o.flush(1); // the DDL is in thread 1's log
            })
        .idle(3)
        .then(o -> o.flush(2)) // thread 2's older redo reaches its log now
        .idle(3)
        .then(
            o -> {
              SimulatedTransaction end = o.begin();
              end.insert(ORDERS, 99L, "END", "v2");
              end.commit();
              o.flushAll();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END, v2]");

      assertThat(h.timeline())
          .containsSubsequence(
              "INSERT SHOP.ORDERS [2, THREAD2] v1", "INSERT SHOP.ORDERS [99, END, v2] v2");
    }
  }

  /**
   * A transaction open across an ALTER holds the stored position below the DDL, so a restart mines
   * its rows from before the DDL again. Given the versions the schema history stored (with their
   * SCNs), those rows keep version 1 and the later ones version 2.
   */
  @Test
  void restartBelowADdlAnEarlierRunSaw_rowsOnBothSidesKeepTheLayoutOfTheirScn() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(92).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] open = new SimulatedTransaction[1];
    java.util.concurrent.atomic.AtomicBoolean restarted =
        new java.util.concurrent.atomic.AtomicBoolean();
    new ScenarioScript()
        .then(
            o -> {
              open[0] = o.begin();
              open[0].insert(ORDERS, 1L, "LONG");
              o.schema().addColumn(ORDERS, "NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 20));
            })
        .then(
            o -> {
              SimulatedTransaction shortTx = o.begin();
              shortTx.insert(ORDERS, 2L, "SHORT", "v2");
              shortTx.commit();
            })
        .awaitCondition(restarted::get)
        .then(
            o -> {
              open[0].insert(ORDERS, 3L, "LONG", "v2");
              open[0].commit();
            })
        .attach(oracle);
    Position acknowledged;
    List<LayoutVersion> stored;
    try (ScenarioHarness first = new ScenarioHarness(oracle, spill.resolve("first"))) {
      first.open(Position.start(start));
      first.awaitChange("INSERT SHOP.ORDERS [2, SHORT, v2]");
      acknowledged = first.events.get(first.events.size() - 1).position();
      stored = first.announcedLayouts();
    }
    assertThat(stored).extracting(v -> v.layout().version()).containsExactly(1, 2);
    try (ScenarioHarness second = new ScenarioHarness(oracle, spill.resolve("second"))) {
      second.knownLayouts(stored).open(acknowledged);
      restarted.set(true);
      second.awaitChange("INSERT SHOP.ORDERS [3, LONG, v2]");

      assertThat(second.timeline())
          .containsSubsequence(
              "INSERT SHOP.ORDERS [1, LONG] v1", "INSERT SHOP.ORDERS [3, LONG, v2] v2");
      assertThat(second.timeline()).doesNotContain("INSERT SHOP.ORDERS [2, SHORT, v2] v2");
    }
  }
}
