package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenarios of redo that moves or goes missing under the engine: an online log reused while it is
 * read, an archive copy that is late, a real gap, a purged archive.
 */
class LogAvailabilityScenarioTest {

  @TempDir Path spill;

  private static void commitOne(SimulatedOracle o, long id, String status) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }

  private static long currentSequence(SimulatedOracle o, int thread) {
    try (LogMinerGateway db = SimulatorGateways.connect(o)) {
      return db.threads().get(thread - 1).sequence();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void switchLogs(SimulatedOracle o, int times) {
    for (int i = 0; i < times; i++) {
      o.switchLogfile(1);
    }
  }

  @Test
  void logSwitchDuringRead_stepIsMinedAgainWithNothingLostOrRepeated() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(21).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> commitOne(o, 1, "BEFORE"))
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 2L, "DURING");
              tx.insert(ORDERS, 3L, "DURING");
              tx.commit();
              // The engine's next fetch finds its online log overwritten: ORA-00310 from next().
              o.faults().atRow(2, Fault.onlineLogReused());
            })
        .then(o -> commitOne(o, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, BEFORE]",
              "INSERT SHOP.ORDERS [2, DURING]",
              "INSERT SHOP.ORDERS [3, DURING]",
              "INSERT SHOP.ORDERS [99, END]");
      assertThat(oracle.faults().fired()).hasSize(1);
      assertThat(h.ops(OpsEvent.Type.REMINE))
          .singleElement()
          .satisfies(
              e ->
                  assertThat(e.message())
                      .startsWith("step mined again: ORA-00310: archived log contains sequence"));
      assertThat(h.ops(OpsEvent.Type.RECONNECT)).isEmpty();
      assertThat(h.stream.metrics().remines()).isEqualTo(1);
      assertThat(h.stream.metrics().reconnects()).isZero();
    }
  }

  @Test
  void logSwitchDuringRead_repeatedBeyondTheRemineLimitStopsWithCdc1002() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(22).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> commitOne(o, 1, "BEFORE"))
        .then(
            o -> {
              commitOne(o, 2, "NEVER");
              o.faults().withProbability(GatewayCall.NEXT, 1.0, Fault.error(310, 7, 4));
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.mining.remine.max.attempts", "3").open(Position.start(start));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.REMINE_STEP);
      assertThat(stop.detail())
          .contains(
              "failed 4 times in a row; last: ORA-00310: archived log contains sequence 7;"
                  + " sequence 4 required");
      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [1, BEFORE]");
      assertThat(h.ops(OpsEvent.Type.REMINE)).hasSize(3);
      assertThat(h.ops(OpsEvent.Type.RECONNECT)).isEmpty();
    }
  }

  @Test
  void archiveNotRegisteredYet_isWaitedForNotTreatedAsAGap() throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(23).addArchiveDestination(Duration.ofSeconds(4)).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    long[] sequence = new long[1];
    new ScenarioScript()
        .then(o -> commitOne(o, 1, "BEFORE"))
        .then(
            o -> {
              sequence[0] = currentSequence(o, 1);
              commitOne(o, 2, "IN_LATE_LOG");
              // The online group is reused (destination 1 archived it); destination 2's copy comes
              // 4 s later.
              switchLogs(o, 3);
            })
        .idle(50)
        .then(o -> commitOne(o, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.archive.destination", "LOG_ARCHIVE_DEST_2").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, BEFORE]",
              "INSERT SHOP.ORDERS [2, IN_LATE_LOG]",
              "INSERT SHOP.ORDERS [99, END]");
      assertThat(h.ops(OpsEvent.Type.WAITING_FOR_ARCHIVE))
          .isNotEmpty()
          .allSatisfy(
              e -> assertThat(e.message()).startsWith("thread 1 sequence " + sequence[0] + " "));
      assertThat(h.stream.running()).isTrue();
    }
  }

  @Test
  void archiveOnly_changesArriveOnceTheirLogIsArchivedAndOnlineLogsAreNeverRead() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(27).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> commitOne(o, 1, "FIRST"))
        .idle(30)
        .then(
            o -> {
              switchLogs(o, 1); // destination 1 archives it 2 s later
              commitOne(o, 2, "SECOND");
            })
        .idle(30)
        .then(o -> switchLogs(o, 1))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.capture.mode", "archive_only").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [2, SECOND]");

      assertThat(h.changes())
          .containsExactly("INSERT SHOP.ORDERS [1, FIRST]", "INSERT SHOP.ORDERS [2, SECOND]");
      // Only archived copies were ever added: each change came from its log's archive.
      assertThat(h.calls("addLogFile("))
          .isNotEmpty()
          .allSatisfy(c -> assertThat(c).startsWith("addLogFile(/u01/arch/dest1/"));
    }
  }

  @Test
  void realGap_aLogNeitherArchivedNorOnlineStopsWithCdc2001NamingThreadAndSequence()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(24).noArchiveLog().build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    long[] sequence = new long[1];
    new ScenarioScript()
        .then(o -> commitOne(o, 1, "BEFORE"))
        .then(
            o -> {
              sequence[0] = currentSequence(o, 1);
              commitOne(o, 2, "OVERWRITTEN");
              switchLogs(o, 3); // NOARCHIVELOG: the redo is gone for good
              commitOne(o, 3, "AFTER");
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.LOG_SEQUENCE_GAP);
      assertThat(stop.getMessage()).startsWith("CDC-2001 ");
      // Every overwritten sequence from the first one on, with the SCNs they held.
      assertThat(stop.detail())
          .matches(
              "thread 1 sequences? "
                  + sequence[0]
                  + "( to \\d+)? \\(SCN (\\d+ to |below )"
                  + "\\d+\\) (is|are) neither archived at destination 1 nor online; .*, and still not archived after .*");
      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [1, BEFORE]");
      assertThat(h.ops(OpsEvent.Type.WAITING_FOR_ARCHIVE))
          .hasSize(CaptureSettings.ARCHIVE_WAIT_POLLS);
    }
  }

  @Test
  void realGap_aStartScnNoLogHoldsAnyMoreStopsWithCdc2001() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(25).noArchiveLog().build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    commitOne(oracle, 1, "OVERWRITTEN");
    switchLogs(oracle, 3);
    commitOne(oracle, 2, "AFTER");
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.LOG_SEQUENCE_GAP);
      assertThat(stop.detail())
          .startsWith(
              "thread 1: no log holds start SCN "
                  + start
                  + "; the oldest available is sequence 2 from SCN ");
      assertThat(h.changes()).isEmpty();
    }
  }

  @Test
  void purgedLog_aDeletedArchiveStillNeededStopsWithCdc2002NamingThreadSequenceAndScns()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(26).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    long[] sequence = new long[1];
    new ScenarioScript()
        .then(o -> commitOne(o, 1, "BEFORE"))
        .then(
            o -> {
              sequence[0] = currentSequence(o, 1);
              commitOne(o, 2, "PURGED");
              switchLogs(o, 3); // archived at destination 1, online group reused
              o.deleteArchive(1, sequence[0]); // RMAN DELETE ARCHIVELOG
              commitOne(o, 3, "AFTER");
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.LOG_PURGED);
      assertThat(stop.getMessage()).startsWith("CDC-2002 ");
      assertThat(stop.detail())
          .matches(
              "thread 1 sequence "
                  + sequence[0]
                  + " \\(SCN \\d+ to \\d+\\) is deleted at archive destination 1");
      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [1, BEFORE]");
    }
  }

  /**
   * ORA-01291 from START_LOGMNR means the listing was out of date or a log is gone: the logs are
   * listed again after a doubling wait, never hammered, and nothing is lost.
   */
  /** The PL/SQL frame of DBMS_LOGMNR.START_LOGMNR, as ojdbc's message carries it. */
  private static final String FRAME = " / ORA-06512: at \"SYS.DBMS_LOGMNR\", line 72";

  @Test
  void missingLogfileAtStart_isListedAgainWithBackoffAndNothingIsLost() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(27).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              commitOne(o, 1, "FIRST");
              o.faults()
                  .atCall(GatewayCall.START_LOGMNR, 1, Fault.error(1291))
                  .atCall(GatewayCall.START_LOGMNR, 2, Fault.error(1291))
                  .atCall(GatewayCall.START_LOGMNR, 3, Fault.error(1291));
            })
        .then(o -> commitOne(o, 2, "SECOND"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [2, SECOND]");

      assertThat(h.changes())
          .containsExactly("INSERT SHOP.ORDERS [1, FIRST]", "INSERT SHOP.ORDERS [2, SECOND]");
      assertThat(h.ops(OpsEvent.Type.REMINE))
          .extracting(OpsEvent::message)
          .containsExactly(
              "a log of the step is missing; listing the logs again in 500 ms: ORA-01291: missing logfile"
                  + FRAME,
              "a log of the step is missing; listing the logs again in 1000 ms: ORA-01291: missing logfile"
                  + FRAME,
              "a log of the step is missing; listing the logs again in 2000 ms: ORA-01291: missing logfile"
                  + FRAME);
      assertThat(h.ops(OpsEvent.Type.RECONNECT)).isEmpty();
    }
  }

  @Test
  void missingLogfileThatStaysMissing_stopsWithCdc2001AfterTheRetryTime() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(28).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              commitOne(o, 1, "FIRST");
              o.faults().withProbability(GatewayCall.START_LOGMNR, 1.0, Fault.error(1291));
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.retry.max.time.ms", "10000").open(Position.start(start));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.LOG_SEQUENCE_GAP);
      assertThat(stop.detail())
          .startsWith("LogMiner still misses a log of the step from ")
          .contains("cdc.retry.max.time.ms=10000", "ORA-01291: missing logfile")
          .doesNotContain("{}");
      assertThat(h.ops(OpsEvent.Type.REMINE).size()).isBetween(3, 6);
    }
  }
}
