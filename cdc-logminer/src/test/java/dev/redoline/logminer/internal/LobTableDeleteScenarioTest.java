package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobCaptureScenarioTest.DOCS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review 2, rows recorded on a real 23ai database: a DELETE on a table with CLOB and BLOB columns
 * comes back from LogMiner with its non-LOB columns. The simulator failed while building such a
 * DELETE's row, and every later query of the session failed with it.
 */
class LobTableDeleteScenarioTest {

  @TempDir Path spill;

  @Test
  void deleteOnALobTable_arrivesWithItsNonLobColumnsAndLaterRowsStillCome() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(13).build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction tx = oracle.begin();
    String small = tx.insert(DOCS, 1L, "small", "tiny", Bytes.fromHex("0e"), null, null);
    String big = tx.insert(DOCS, 2L, "big", LobCaptureScenarioTest.text(5000, 1), null, null, null);
    tx.commit();
    SimulatedTransaction delete = oracle.begin();
    delete.delete(DOCS, small);
    delete.delete(DOCS, big);
    delete.commit();
    SimulatedTransaction after = oracle.begin();
    after.insert(DOCS, 3L, "after", "x", null, null, null);
    after.commit();

    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitEvents(ScenarioHarness.changeCount(5));
      List<Change> changes =
          h.changeEvents().stream().map(StreamEvent.ChangeEvent::change).toList();

      assertThat(changes)
          .extracting(Change::operation)
          .containsExactly(
              Operation.INSERT,
              Operation.INSERT,
              Operation.DELETE,
              Operation.DELETE,
              Operation.INSERT);
      assertThat(changes.get(2).before().get(0)).isEqualTo(1L);
      assertThat(changes.get(2).before().get(1)).isEqualTo("small");
      assertThat(changes.get(3).before().get(0)).isEqualTo(2L);
      assertThat(changes.get(4).after().get(1)).isEqualTo("after");
    }
  }
}
