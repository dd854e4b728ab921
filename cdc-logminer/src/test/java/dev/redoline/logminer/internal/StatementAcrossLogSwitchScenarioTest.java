package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One LogMiner session, steps of one log each: an array DELETE during which the log switched keeps
 * its SCN for the rows written to the next log, below that log's FIRST_CHANGE#. The step that
 * begins at that log must still deliver them, once each
 * (docs/logminer.md#scn-order-and-redo-addresses).
 */
class StatementAcrossLogSwitchScenarioTest {

  private static final TableId ORDERS = CaptureEngineTest.ORDERS;
  private static final TableId MARK = TableId.of("SHOP", "MARK");

  @TempDir Path spill;

  @Test
  void arrayDeleteAcrossASwitch_oneSession_stepsOfOneLog_everyRowOnce() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(11).scnTiePercent(20).build();
    oracle.createTable(CaptureEngineTest.orders());
    oracle.createTable(mark());
    Scn start = Scn.of(oracle.currentScn());
    List<String> expected = new ArrayList<>();
    long id = 0;
    for (int round = 0; round < 6; round++) {
      SimulatedTransaction rows = oracle.begin();
      List<String> rowIds = new ArrayList<>();
      for (int i = 0; i < 10; i++) {
        rowIds.add(rows.insert(ORDERS, ++id, "R" + round));
        expected.add("INSERT SHOP.ORDERS [" + id + ", R" + round + "]");
      }
      rows.commit();
      SimulatedTransaction array = oracle.begin();
      array.deleteArray(ORDERS, rowIds, 3 + round);
      array.commit();
      for (long d = id - 9; d <= id; d++) {
        expected.add("DELETE SHOP.ORDERS [" + d + ", R" + round + "]");
      }
    }
    SimulatedTransaction marker = oracle.begin();
    marker.insert(MARK, 1L);
    marker.commit();
    expected.add("INSERT SHOP.MARK [1]");
    oracle.switchAllLogfiles();
    oracle.advance(Duration.ofSeconds(1)); // archived

    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.mining.sessions", "1").set("cdc.mining.max.logs.per.step", "1");
      h.open(Position.start(start));
      h.awaitEvents(ScenarioHarness.changeWhere(c -> c.table().equals(MARK)));
      List<Change> changes =
          h.changeEvents().stream().map(StreamEvent.ChangeEvent::change).toList();
      assertThat(h.changes())
          .as("every inserted and deleted row, once, in commit order")
          .containsExactlyElementsOf(expected);
      assertThat(belowFirstScnOfTheirLog(oracle, changes))
          .as("deleted rows in a log with an SCN below its FIRST_CHANGE#: 7 + 6 + ... + 2")
          .isEqualTo(27);
    }
  }

  /** The delivered DELETEs whose SCN is below the FIRST_CHANGE# of the log that holds them. */
  private static long belowFirstScnOfTheirLog(SimulatedOracle oracle, List<Change> changes)
      throws Exception {
    Map<Long, Scn> firstScns = new HashMap<>();
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      db.onlineLogs().forEach(l -> firstScns.put(l.sequence(), l.firstScn()));
      db.archivedLogs(Scn.ZERO).forEach(l -> firstScns.put(l.sequence(), l.firstScn()));
    }
    return changes.stream()
        .filter(c -> c.operation() == Operation.DELETE)
        .filter(c -> c.scn().compareTo(firstScns.get(c.address().sequence())) < 0)
        .count();
  }

  private static TableLayout mark() {
    return TableLayout.builder(MARK, 1)
        .column("ID", OracleType.number(10, 0), false)
        .primaryKey("ID")
        .build();
  }
}
