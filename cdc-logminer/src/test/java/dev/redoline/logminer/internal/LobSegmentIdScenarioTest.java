package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobCaptureScenarioTest.DOCS;
import static org.assertj.core.api.Assertions.assertThat;

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
 * Review 2, b7b: which DATA_OBJ# LOB rows carry is not confirmed. If they carry the LOB segment's
 * object id instead of the table's, they still name the table, and their content must still reach
 * the change they belong to.
 */
class LobSegmentIdScenarioTest {

  @TempDir Path spill;

  @Test
  void b7b_lobRowsCarryingTheLobSegmentsObjectId_stillCompleteTheirChanges() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(73).lobRowsOnLobSegment().build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction tx = oracle.begin();
    String body = LobCaptureScenarioTest.text(5000, 2);
    String rowId = tx.insert(DOCS, 1L, "d", body, null, null, null);
    tx.lobWrite(DOCS, rowId, "BODY", 4001, "TAIL");
    tx.commit();
    SimulatedTransaction after = oracle.begin();
    after.insert(DOCS, 2L, "after", "x", null, null, null);
    after.commit();

    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitEvents(ScenarioHarness.changeCount(3));
      List<Change> changes =
          h.changeEvents().stream().map(StreamEvent.ChangeEvent::change).toList();

      assertThat(changes)
          .extracting(Change::operation)
          .containsExactly(Operation.INSERT, Operation.UPDATE, Operation.INSERT);
      assertThat(changes.get(0).after().get(2)).isEqualTo(body);
      assertThat(changes.get(1).after().get(2)).isEqualTo(oracle.rows(DOCS).get(0).get(2));
      assertThat(changes.get(2).after().get(1)).isEqualTo("after");
    }
  }
}
