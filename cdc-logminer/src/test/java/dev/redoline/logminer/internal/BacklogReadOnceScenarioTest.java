package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24: a backlog written before the capture starts, as {@code PipelineBenchmark} mines it, is
 * read about once. Two rules kept it from that: the CREATE TABLE just below the start SCN ended the
 * first step (docs/logminer.md#ddl-the-catalog-already-shows), and each idle poll read the held
 * last block again from its log's first SCN while nothing happened
 * (docs/logminer.md#a-held-block-while-nothing-moves). The simulator counts the redo LogMiner
 * decodes ({@link SimulatedOracle#redoBytesMined()}).
 */
class BacklogReadOnceScenarioTest {

  private static final int TRANSACTIONS = 300;

  @TempDir Path spill;

  private static SimulatedOracle backlog() {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(24).logBytes(64L << 20).build();
    oracle.createTable(ScenarioHarness.orders());
    return oracle;
  }

  private static void write(SimulatedOracle oracle) {
    long id = 0;
    for (int t = 0; t < TRANSACTIONS; t++) {
      SimulatedTransaction tx = oracle.begin();
      for (int c = 0; c < 5; c++) {
        tx.insert(ORDERS, ++id, "NEW");
      }
      tx.commit();
    }
    oracle.flushAll();
  }

  @Test
  void aCreateTableBelowTheStart_doesNotEndTheFirstStep() throws Exception {
    SimulatedOracle oracle = backlog();
    Scn start = Scn.of(oracle.currentScn());
    write(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [" + TRANSACTIONS * 5 + ", NEW]");

      assertThat(h.changes()).hasSize(TRANSACTIONS * 5);
      // A DDL cut resolves the captured tables again before the next step: none after the first
      // step's session started.
      List<String> calls = h.calls("");
      int firstSession = calls.indexOf(h.calls("startSession(").get(0));
      assertThat(calls.subList(firstSession, calls.size()))
          .noneMatch(c -> c.startsWith("objects("));
    }
  }

  @Test
  void whileNothingMoves_theHeldLastBlockIsNotReadAgain() throws Exception {
    SimulatedOracle oracle = backlog();
    Scn start = Scn.of(oracle.currentScn());
    write(oracle);
    long written = MiningCostScenarioTest.redoWritten(oracle);
    // Two seconds with nothing happening (below the LGWR delay, so no session start floor), then
    // one more commit.
    new ScenarioScript()
        .idle(20)
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 9999L, "END");
              tx.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [9999, END]");

      assertThat(h.changes()).hasSize(TRANSACTIONS * 5 + 1);
      // The backlog's step, and the one that reads the END commit (from the log's first SCN: no
      // floor is proven yet); the idle polls between them mine nothing.
      assertThat(h.calls("startSession(")).hasSize(2);
      assertThat(oracle.redoBytesMined())
          .as("redo decoded, against %s bytes written", written)
          .isLessThan(3 * written);
    }
  }
}
