package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobCaptureScenarioTest.DOCS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Review 2, item b3: on tables with LOB columns real LogMiner gives DML rows an empty ROW_ID and
 * puts the ROW_ID on INTERNAL (code 0) rows, while undo rows are matched by ROW_ID. A savepoint
 * rollback then removed nothing, and the rolled-back changes were delivered at the COMMIT. The DML
 * row and its INTERNAL row may also fall into two chunks of a step read back from its step file, or
 * into two steps.
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
    rollBackToASavepoint(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      assertOnlyTheKeptChanges(h);
    }
  }

  /**
   * Every row of the step in a chunk of its own, read back from the step file: no DML row is
   * decoded with its INTERNAL row.
   */
  @Test
  void b3_savepointRollbackOnALobTable_acrossStepFileChunks() throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(33).lobTableRowIdsOnInternalRows().build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn start = Scn.of(oracle.currentScn());
    rollBackToASavepoint(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.mining.step.memory.max.bytes", "1024").open(Position.start(start));
      assertOnlyTheKeptChanges(h);
    }
  }

  /**
   * LGWR writes the DML row of the change rolled back before its INTERNAL row: a step ends between
   * the two.
   */
  @Test
  void b3_savepointRollbackOnALobTable_acrossSteps() throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(33)
            .lobTableRowIdsOnInternalRows()
            .lobTableInternalRowsWrittenApart()
            .lgwrInterval(Duration.ZERO)
            .build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] tx = new SimulatedTransaction[1];
    String[] kept = new String[1];
    new ScenarioScript()
        .then(
            o -> {
              tx[0] = o.begin();
              kept[0] = tx[0].insert(DOCS, 1L, "kept", "a", Bytes.fromHex("01"), null, null);
              tx[0].savepoint("s");
              tx[0].update(DOCS, kept[0], Map.of("NAME", "undone too"));
              tx[0].insert(DOCS, 2L, "undone", "b", null, null, null); // its INTERNAL row waits
            })
        .idle(4)
        .then(
            o -> {
              tx[0].rollbackToSavepoint("s");
              tx[0].update(DOCS, kept[0], Map.of("NAME", "kept2"));
              tx[0].commit();
              SimulatedTransaction end = o.begin();
              end.insert(DOCS, 99L, "end", null, null, null, null);
              end.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      assertOnlyTheKeptChanges(h);
    }
  }

  /** Two changes kept, three rolled back to a savepoint, then a last transaction. */
  private static void rollBackToASavepoint(SimulatedOracle oracle) {
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
  }

  private static void assertOnlyTheKeptChanges(ScenarioHarness h) throws InterruptedException {
    h.awaitEvents(
        ScenarioHarness.changeWhere(
            c -> c.after() != null && Long.valueOf(99L).equals(c.after().get(0))));
    List<String> changes =
        h.changeEvents().stream()
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
