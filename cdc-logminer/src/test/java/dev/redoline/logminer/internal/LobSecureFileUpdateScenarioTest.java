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
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review 2, b7b: on SecureFile storage (the 23ai default) an UPDATE setting a large CLOB or BLOB
 * comes as LOB_WRITE rows of the whole new value from offset 1 and a LOB_TRIM to its length, with
 * no DML UPDATE when nothing else changes (redpanda-data/connect PR 4430). The value before is
 * unknown to the capture, but the writes and the trim determine the new one whole: the change must
 * carry it, not NOT_LOGGED.
 */
class LobSecureFileUpdateScenarioTest {

  @TempDir Path spill;

  @Test
  void b7b_secureFileUpdates_writesThenTrimWithoutDml_carryTheWholeNewValue() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(74).secureFileLobUpdates().build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    SimulatedTransaction load = oracle.begin();
    String rowId =
        load.insert(DOCS, 1L, "d", LobCaptureScenarioTest.text(9000, 1), null, null, null);
    load.commit();
    Scn start = Scn.of(oracle.currentScn());
    String longer = LobCaptureScenarioTest.text(10_000, 2);
    String shorter = LobCaptureScenarioTest.text(5_000, 3);
    Bytes scan = Bytes.of(new byte[6000]);
    SimulatedTransaction grow = oracle.begin();
    grow.update(DOCS, rowId, Map.of("BODY", longer));
    grow.commit();
    SimulatedTransaction shrink = oracle.begin();
    shrink.update(DOCS, rowId, Map.of("BODY", shorter, "NAME", "renamed", "SCAN", scan));
    shrink.commit();

    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitEvents(ScenarioHarness.changeCount(4));
      List<Change> changes =
          h.changeEvents().stream().map(StreamEvent.ChangeEvent::change).toList();

      // one UPDATE of its own per LOB written (no DML row carried it), after the DML of the rest
      assertThat(changes)
          .extracting(Change::operation)
          .containsExactly(Operation.UPDATE, Operation.UPDATE, Operation.UPDATE, Operation.UPDATE);
      assertThat(changes.get(0).after().get(2)).isEqualTo(longer);
      assertThat(changes.get(1).after().get(1)).isEqualTo("renamed");
      assertThat(changes.get(2).after().get(2)).isEqualTo(shorter);
      assertThat(changes.get(3).after().get(3)).isEqualTo(scan);
      assertThat(oracle.rows(DOCS).get(0).get(2)).isEqualTo(shorter);
    }
  }
}
