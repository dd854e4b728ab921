package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Commit;
import dev.redoline.core.Position;
import dev.redoline.core.TableId;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transaction open when a capture first starts at the current SCN, whose first changes a log
 * switch put in an earlier log than that SCN's, is delivered whole ({@link FirstStart}): before,
 * its earlier changes were never mined, and a row it deleted stayed in the consumer's copy for ever
 * when the table's snapshot had read it (found by {@code SnapshotPropertyTest} seeds 35, 161, 307
 * and 496 with {@code -Dsnapshot.read.when=probe}).
 */
class FirstStartScenarioTest {

  private static final TableId ORDERS = CaptureEngineTest.ORDERS;

  @TempDir Path spill;

  /**
   * Rows 1..3 committed; then an open transaction deletes row 1 and updates row 2, and the log
   * switches.
   */
  private static SimulatedTransaction openAcrossALogSwitch(SimulatedOracle oracle) {
    oracle.createTable(CaptureEngineTest.orders());
    List<String> rowIds = new ArrayList<>();
    SimulatedTransaction seed = oracle.begin();
    for (long id = 1; id <= 3; id++) {
      rowIds.add(seed.insert(ORDERS, id, "S" + id));
    }
    seed.commit();
    SimulatedTransaction open = oracle.begin();
    open.delete(ORDERS, rowIds.get(0));
    oracle.switchLogfile(1);
    open.update(ORDERS, rowIds.get(1), Map.of("STATUS", "U2"));
    return open;
  }

  /**
   * An open transaction that inserted row 1 ("EARLY") in a log no longer online, and row 2 ("LATE")
   * since.
   */
  private static SimulatedTransaction openBeforeTheOldestOnlineLog(SimulatedOracle oracle) {
    oracle.createTable(CaptureEngineTest.orders());
    SimulatedTransaction open = oracle.begin();
    open.insert(ORDERS, 1L, "EARLY");
    for (int i = 0; i < 3; i++) {
      SimulatedTransaction filler = oracle.begin(); // each log holds more than one SCN
      filler.insert(ORDERS, 10L + i, "F" + i);
      filler.commit();
      oracle.switchLogfile(1); // the log holding the early insert is no longer online
    }
    open.insert(ORDERS, 2L, "LATE");
    return open;
  }

  @Test
  void aTransactionOpenAtTheFirstStart_committedAfterTheFirstChunk_isDeliveredWhole()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(95).build();
    SimulatedTransaction open = openAcrossALogSwitch(oracle);
    AtomicInteger chunkReads = new AtomicInteger();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.rewriteSql(
          sql -> {
            boolean chunkRead =
                sql.contains(" AS OF SCN ")
                    && sql.contains("FETCH FIRST")
                    && sql.contains("\"ORDERS\"");
            if (chunkRead && chunkReads.incrementAndGet() == 1) {
              open.commit(); // after the chunk's SCN, taken already: the chunk holds rows 1 and 2
              // as they were
            }
            return sql;
          });
      h.open(null);
      h.awaitEvents(events -> h.changeEvents().size() >= 5);
      assertThat(SnapshotFirstChunkRestartTest.described(h))
          .containsExactly(
              "READ [1, S1] FIRST",
              "READ [2, S2] MIDDLE",
              "READ [3, S3] LAST",
              "DELETE SHOP.ORDERS [1, S1]",
              "UPDATE SHOP.ORDERS [2, S2] -> [2, U2]");
    }
  }

  /**
   * The same without a snapshot (this one was delivered whole before too: the second step read the
   * earlier log).
   */
  @Test
  void aTransactionOpenAtTheFirstStart_isDeliveredWholeWithoutASnapshotToo() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(96).build();
    SimulatedTransaction open = openAcrossALogSwitch(oracle);
    new ScenarioScript().then(o -> open.commit()).attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.snapshot.mode", "no_data").open(null);
      h.awaitEvents(events -> h.changeEvents().size() >= 2);
      assertThat(SnapshotFirstChunkRestartTest.described(h))
          .containsExactly("DELETE SHOP.ORDERS [1, S1]", "UPDATE SHOP.ORDERS [2, S2] -> [2, U2]");
    }
  }

  /**
   * A transaction open at the first start that began before the oldest online log arrives without
   * its earlier changes: it counts only what it delivers and says it is partial. Before, it was
   * counted right but not marked ({@code partial()} was null).
   */
  @Test
  void aTransactionBegunBeforeTheOldestOnlineLog_arrivesMarkedPartial() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(98).groupsPerThread(2).build();
    SimulatedTransaction open = openBeforeTheOldestOnlineLog(oracle);
    new ScenarioScript().then(o -> open.commit()).attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.snapshot.mode", "no_data").open(null);
      h.awaitChange("INSERT SHOP.ORDERS [2, LATE]");
      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [2, LATE]");
      StreamEvent.ChangeEvent late = h.changeEvents().get(0);
      assertThat(late.commit().size()).as("tx_size: the changes delivered").isEqualTo(1);
      assertThat(late.last()).isTrue();
      assertThat(late.commit().partial()).isEqualTo(Commit.Partial.FIRST_START);
    }
  }

  /**
   * The partial mark survives a restart: the capture that made the first start stops (its last
   * position stored) before the transaction commits, and the restarted capture delivers it marked
   * partial too. Before, the mark lived only in the first capture's memory and the restart
   * delivered the transaction counted right but unmarked ({@code partial()} null).
   */
  @Test
  void aTransactionBegunBeforeTheOldestOnlineLog_restartedBeforeItsCommit_arrivesMarkedPartial()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(99).groupsPerThread(2).build();
    SimulatedTransaction open = openBeforeTheOldestOnlineLog(oracle);
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction marker = o.begin(); // committed after the first start
              marker.insert(ORDERS, 20L, "MARK");
              marker.commit();
            })
        .attach(oracle);
    Position stored;
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("first"))) {
      h.set("cdc.snapshot.mode", "no_data").open(null);
      h.awaitChange("INSERT SHOP.ORDERS [20, MARK]");
      List<StreamEvent> events = h.awaitEvents(e -> true);
      stored = Position.fromMap(events.get(events.size() - 1).position().toMap());
    }
    open.commit();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("restarted"))) {
      h.set("cdc.snapshot.mode", "no_data").open(stored);
      h.awaitChange("INSERT SHOP.ORDERS [2, LATE]");
      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [2, LATE]");
      StreamEvent.ChangeEvent late = h.changeEvents().get(0);
      assertThat(late.commit().size()).as("tx_size: the changes delivered").isEqualTo(1);
      assertThat(late.commit().partial())
          .as("the mark of the first start, from the stored position %s", stored.toMap())
          .isEqualTo(Commit.Partial.FIRST_START);
    }
  }
}
