package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static dev.redoline.logminer.internal.ScenarioHarness.commitOn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, item 17: archive_only on a database with several redo threads, where one thread has
 * no archived log yet that covers the start SCN. LogMiner needs every thread's logs over the
 * session's range, so mining the other thread alone fails with ORA-01291 at START_LOGMNR.
 */
class ArchiveOnlyThreadsScenarioTest {

  @TempDir
  Path spill;

  @Test
  void archiveOnlyThreads_aThreadWithNoArchiveCoveringTheStartIsWaitedFor() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(71).threads(2).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> {
          commitOn(o, 1, 1, "ONE");
          o.switchLogfile(1);              // thread 1's log is archived 2 s later; thread 2's is not
        })
        .idle(200)                         // 20 s of archive_only with thread 2 still unarchived
        .then(o -> {
          commitOn(o, 2, 2, "TWO");
          commitOn(o, 1, 3, "THREE");
          o.switchAllLogfiles();           // ALTER SYSTEM ARCHIVE LOG CURRENT
        })
        // Thread 2's archived log now ends above thread 1's, so neither log is whole below the
        // other thread's archived end: the commits wait for the next archive of thread 1.
        .idle(50)
        .then(SimulatedOracle::switchAllLogfiles)
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.capture.mode", "archive_only").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [3, THREE]");

      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [1, ONE]", "INSERT SHOP.ORDERS [2, TWO]",
          "INSERT SHOP.ORDERS [3, THREE]");
      assertThat(h.stream.running()).isTrue();
      assertThat(h.ops(OpsEvent.Type.REMINE)).as("no START_LOGMNR with a thread's logs missing").isEmpty();
      assertThat(h.calls("addLogFile(")).allSatisfy(c -> assertThat(c).startsWith("addLogFile(/u01/arch/dest1/"));
    }
  }
}
