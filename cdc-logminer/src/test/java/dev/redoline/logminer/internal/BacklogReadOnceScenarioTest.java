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
 * not cut short by the CREATE TABLE just below the start SCN, which ended the first step and made
 * the next one read the log again (docs/logminer.md#ddl-the-catalog-already-shows).
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
}
