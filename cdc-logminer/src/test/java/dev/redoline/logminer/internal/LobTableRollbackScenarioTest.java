package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobCaptureScenarioTest.DOCS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Review 2, item b3: on tables with LOB columns real LogMiner gives DML rows an empty ROW_ID and
 * puts the ROW_ID on INTERNAL (code 0) rows, while undo rows are matched by ROW_ID. A savepoint
 * rollback then removed nothing, and the rolled-back changes were delivered at the COMMIT.
 */
class LobTableRollbackScenarioTest {

  @TempDir Path spill;

  @ParameterizedTest(name = "ROW_ID on INTERNAL rows: {0}")
  @ValueSource(booleans = {true, false})
  void b3_savepointRollbackOnALobTable_removesExactlyTheRolledBackChanges(boolean onInternalRows)
      throws Exception {
    SimulatedOracle.Builder b = SimulatedOracle.builder().seed(33);
    SimulatedOracle oracle = (onInternalRows ? b.lobTableRowIdsOnInternalRows() : b).build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction tx = oracle.begin();
    String kept = tx.insert(DOCS, 1L, "kept", "a", Bytes.fromHex("01"), null, null);
    tx.savepoint("s");
    tx.insert(DOCS, 2L, "undone", "b", null, null, null);
    tx.update(DOCS, kept, Map.of("NAME", "undone too"));
    tx.rollbackToSavepoint("s");
    tx.update(DOCS, kept, Map.of("NAME", "kept2"));
    tx.commit();
    SimulatedTransaction end = oracle.begin();
    end.insert(DOCS, 99L, "end", null, null, null, null);
    end.commit();

    try (EngineHarness h = new EngineHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitEvents(
          events ->
              events.stream()
                  .anyMatch(
                      e ->
                          e instanceof StreamEvent.ChangeEvent c
                              && Long.valueOf(99L)
                                  .equals(
                                      c.change().after() == null
                                          ? null
                                          : c.change().after().get(0))));
      List<String> changes =
          h.changes().stream()
              .map(
                  c ->
                      c.change().operation()
                          + " "
                          + c.change().after().get(0)
                          + " "
                          + c.change().after().get(1))
              .toList();

      assertThat(changes).containsExactly("INSERT 1 kept", "UPDATE 1 kept2", "INSERT 99 end");
    }
  }
}
