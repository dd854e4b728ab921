package dev.redoline.logminer.internal;

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
 * archive_only on a database with several redo threads, where one thread has no archived log yet
 * that covers the start SCN, or an archived log that reaches past the other threads' archived end.
 * LogMiner needs every thread's logs over the session's range, so mining the other thread alone
 * fails with ORA-01291 at START_LOGMNR.
 */
class ArchiveOnlyThreadsScenarioTest {

  @TempDir Path spill;

  @Test
  void archiveOnlyThreads_aThreadWithNoArchiveCoveringTheStartIsWaitedFor() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(71).threads(2).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              commitOn(o, 1, 1, "ONE");
              o.switchLogfile(1); // thread 1's log is archived 2 s later; thread 2's is not
            })
        .idle(200) // 20 s of archive_only with thread 2 still unarchived
        .then(
            o -> {
              commitOn(o, 2, 2, "TWO");
              commitOn(o, 1, 3, "THREE");
              o.switchAllLogfiles(); // ALTER SYSTEM ARCHIVE LOG CURRENT
            })
        // Thread 2's archived log now ends above thread 1's, so neither log is whole below the
        // other thread's archived end: the commits wait for the next archive of thread 1.
        .idle(50)
        .then(SimulatedOracle::switchAllLogfiles)
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.capture.mode", "archive_only").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [3, THREE]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, ONE]",
              "INSERT SHOP.ORDERS [2, TWO]",
              "INSERT SHOP.ORDERS [3, THREE]");
      assertThat(h.stream.running()).isTrue();
      assertThat(h.ops(OpsEvent.Type.REMINE))
          .as("no START_LOGMNR with a thread's logs missing")
          .isEmpty();
      assertThat(h.calls("addLogFile("))
          .allSatisfy(c -> assertThat(c).startsWith("addLogFile(/u01/arch/dest1/"));
    }
  }

  /**
   * Thread 1 commits and switches logs twice; thread 2 is idle, switches once at 13 s and is
   * archived two seconds later. Every thread then has an archived log from the start on, so the
   * three commits of thread 1 are delivered (the step plan used to repeat for ever with thread 2's
   * end at the start of its archived log and the safe SCN at the start).
   */
  @Test
  void archiveOnlyThreads_anIdleThreadArchivedLater_letsTheOtherThreadsCommitsThrough()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(11).threads(2).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .idle(3)
        .then(o -> commitOn(o, 1, 1, "ONE")) // 0.5 s
        .idle(33)
        .then(o -> o.switchLogfile(1)) // 4 s
        .idle(3)
        .then(o -> commitOn(o, 1, 2, "TWO")) // 4.5 s
        .idle(3)
        .then(o -> commitOn(o, 1, 3, "THREE")) // 5 s
        .idle(37)
        .then(o -> o.switchLogfile(1)) // 9 s
        .idle(37)
        .then(o -> o.switchLogfile(2)) // 13 s, archived at 15 s
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.capture.mode", "archive_only").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [3, THREE]");

      assertThat(h.changes())
          .startsWith(
              "INSERT SHOP.ORDERS [1, ONE]",
              "INSERT SHOP.ORDERS [2, TWO]",
              "INSERT SHOP.ORDERS [3, THREE]");
      assertThat(h.stream.running()).isTrue();
    }
  }

  /**
   * As above, with a commit of thread 2 at 6 s inside its log that reaches past thread 1's archived
   * end: thread 1's earlier commits are delivered, thread 2's and every later one wait until its
   * log is read whole, and all arrive in commit order.
   */
  @Test
  void archiveOnlyThreads_aCommitInsideALogReachingPastTheOthers_holdsBackOnlyLaterCommits()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(11).threads(2).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    boolean[] earlyDelivered = new boolean[1];
    new ScenarioScript()
        .idle(3)
        .then(o -> commitOn(o, 1, 1, "ONE"))
        .idle(33)
        .then(o -> o.switchLogfile(1))
        .idle(3)
        .then(o -> commitOn(o, 1, 2, "TWO"))
        .idle(8)
        .then(o -> commitOn(o, 2, 4, "OWN")) // 6 s, thread 2
        .idle(30)
        .then(o -> commitOn(o, 1, 3, "THREE")) // after thread 2's commit
        .then(o -> o.switchLogfile(1)) // 9 s
        .idle(37)
        .then(o -> o.switchLogfile(2)) // 13 s, archived at 15 s
        .awaitCondition(() -> earlyDelivered[0])
        .then(SimulatedOracle::switchAllLogfiles)
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.capture.mode", "archive_only").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [2, TWO]");
      assertThat(h.changes())
          .containsExactly("INSERT SHOP.ORDERS [1, ONE]", "INSERT SHOP.ORDERS [2, TWO]");
      earlyDelivered[0] = true;
      h.awaitChange("INSERT SHOP.ORDERS [3, THREE]");
      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, ONE]",
              "INSERT SHOP.ORDERS [2, TWO]",
              "INSERT SHOP.ORDERS [4, OWN]",
              "INSERT SHOP.ORDERS [3, THREE]");
      assertThat(h.ops(OpsEvent.Type.COMMIT_OUT_OF_ORDER)).isEmpty();
    }
  }
}
