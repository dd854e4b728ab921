package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review 2, b7a: LogMiner may show a COMMIT with THREAD# 0 when it cannot tell the commit's thread
 * (Debezium skips such a COMMIT only when its transaction has no changes). The engine dropped every
 * THREAD# 0 row, so a transaction with changes committed that way was never delivered.
 */
class ThreadZeroCommitScenarioTest {

  @TempDir Path spill;

  @Test
  void b7a_aThreadZeroCommitOfATransactionWithChanges_deliversIt() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(71).threads(2).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    AtomicReference<SimulatedTransaction> open = new AtomicReference<>();
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction tx = o.newTransaction().thread(2).begin();
              tx.insert(ScenarioHarness.ORDERS, 1L, "ZERO");
              open.set(tx);
            })
        .then(o -> ScenarioHarness.commitOn(o, 1, 2L, "BEFORE"))
        .then(o -> open.get().commitShownOnThreadZero()) // its START was mined steps ago
        .then(o -> ScenarioHarness.commitOn(o, 1, 3L, "AFTER"))
        .then(o -> o.special().emptyTransactionCommit(1))
        .then(o -> ScenarioHarness.commitOn(o, 2, 4L, "LAST"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [4, LAST]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [2, BEFORE]",
              "INSERT SHOP.ORDERS [1, ZERO]",
              "INSERT SHOP.ORDERS [3, AFTER]",
              "INSERT SHOP.ORDERS [4, LAST]");
    }
  }
}
