package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, item 14: mining cost. A step that starts LogMiner at the FIRST_CHANGE# of its cursor's
 * log decodes that log from its start again on every step, so the redo decoded grows with the
 * position in the log. The simulator counts the redo bytes LogMiner decodes ({@link
 * SimulatedOracle#redoBytesMined()}).
 */
class MiningCostScenarioTest {

  /** Commits of one row each, one every other engine step, all in one online log. */
  private static final int COMMITS = 120;

  @TempDir Path spill;

  private static void commitOne(SimulatedOracle o, long id, String status) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }

  @Test
  void miningCost_stepsLateInALargeOnlineLogDoNotDecodeItFromItsStartAgain() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(61).logBytes(8L << 20).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    ScenarioScript script = new ScenarioScript();
    for (int i = 1; i <= COMMITS; i++) {
      long id = i;
      script.then(o -> commitOne(o, id, "ROW"));
    }
    script.then(o -> commitOne(o, 9999, "END")).attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [9999, END]");

      assertThat(h.changes()).hasSize(COMMITS + 1);
      long written = redoWritten(oracle);
      // Starting every step at the log's first SCN decodes the log again on every step: about
      // COMMITS / 2 times what it holds. Starting at what was open LGWR's 3 s before the step's
      // addresses re-decodes about 3 s of redo per step: some 15 commits of 0.2 s each.
      assertThat(oracle.redoBytesMined())
          .as("redo decoded, against %s bytes written", written)
          .isLessThan(16 * written);
    }
  }

  @Test
  void miningCost_aLateStrandRecordBelowThePreviousStepsEndIsStillCaught() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(62).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] longTx = new SimulatedTransaction[1];
    ScenarioScript script =
        new ScenarioScript()
            .then(
                o -> {
                  longTx[0] = o.newTransaction().privateStrand().begin();
                  longTx[0].insert(
                      ORDERS, 1L, "LATE"); // its SCN is taken now, its address at commit
                });
    for (int i = 0; i < 10; i++) {
      long id = 10L + i;
      script.then(o -> commitOne(o, id, "SHORT")); // steps end far above the strand's SCN
    }
    script.then(o -> longTx[0].commit()).then(o -> commitOne(o, 99, "END")).attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      List<String> changes = h.changes();
      assertThat(changes).contains("INSERT SHOP.ORDERS [1, LATE]").hasSize(12);
      StreamEvent.ChangeEvent late =
          h.changeEvents().stream()
              .filter(
                  c -> ScenarioHarness.describe(c.change()).equals("INSERT SHOP.ORDERS [1, LATE]"))
              .findFirst()
              .orElseThrow();
      StreamEvent.ChangeEvent lastShort =
          h.changeEvents().get(changes.indexOf("INSERT SHOP.ORDERS [19, SHORT]"));
      assertThat(late.change().scn())
          .as("the strand record's SCN is below steps already mined")
          .isLessThan(lastShort.commit().scn());
      // While the long transaction was open, sessions started above the log's first SCN but not
      // above the strand record's SCN. That record may share the start SCN (an SCN tie with the
      // CREATE TABLE's commit), so "above the log's first SCN" is "at or above the start".
      List<Long> starts =
          h.calls("startSession(").stream()
              .map(
                  c ->
                      Long.parseLong(
                          c.substring(c.indexOf("startScn=") + 9, c.indexOf(", endScn="))))
              .toList();
      assertThat(starts).anyMatch(scn -> scn >= start.bits() && scn <= late.change().scn().bits());
    }
  }

  /** The redo bytes written to thread 1's first log, from V$THREAD. */
  private static long redoWritten(SimulatedOracle oracle) {
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      RedoThreadState t = db.threads().get(0);
      assertThat(t.lastRedoSequence()).as("every commit in one log").isEqualTo(1);
      return (t.lastRedoBlock() + 1) * 512;
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
