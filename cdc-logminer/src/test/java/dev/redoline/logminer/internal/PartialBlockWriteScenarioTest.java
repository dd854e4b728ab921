package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, item 2: LGWR writes a partly filled redo block and a later write adds records to the
 * same block. A step that ended at (LAST_REDO_SEQUENCE#, LAST_REDO_BLOCK, last offset) would leave
 * those records below its cursor, hidden from every later step.
 */
class PartialBlockWriteScenarioTest {

  @TempDir Path spill;

  private static void commitOne(SimulatedOracle o, long id, String status) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }

  @Test
  void partialBlockWrite_recordsWrittenLaterIntoTheLastReadBlockAreNotMissed() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(41).rewritesPartialBlocks().build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> commitOne(o, 1, "FIRST")) // written in a partly filled block, then mined
        .idle(4)
        .then(o -> commitOne(o, 2, "SECOND")) // lands in the same block
        .idle(4)
        .then(o -> commitOne(o, 3, "THIRD"))
        .idle(4)
        .then(o -> commitOne(o, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, FIRST]",
              "INSERT SHOP.ORDERS [2, SECOND]",
              "INSERT SHOP.ORDERS [3, THIRD]",
              "INSERT SHOP.ORDERS [99, END]");
      List<StreamEvent.ChangeEvent> changes = h.changeEvents();
      RedoAddress first = changes.get(0).commit().address();
      RedoAddress second = changes.get(1).change().address();
      // The scenario really wrote the second transaction into the block of the first one's commit.
      assertThat(second.sequence()).isEqualTo(first.sequence());
      assertThat(second.block()).isEqualTo(first.block());
    }
  }
}
