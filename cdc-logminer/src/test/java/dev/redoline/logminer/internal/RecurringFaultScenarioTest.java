package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Transient errors that recur on long reads (ORA-03113 at some rate per row fetched): a step is
 * applied whole or not at all, so the capture progresses only because a step that fails part way
 * narrows the window, and the reconnect waits start over once the database answered again.
 */
class RecurringFaultScenarioTest {

  @TempDir Path spill;

  /**
   * The reconnect waits the capture announced, in order ("reconnecting in 500 ms: ..." gives 500).
   */
  private static List<Long> reconnectWaits(ScenarioHarness h) {
    return h.ops(OpsEvent.Type.RECONNECT).stream()
        .map(
            e ->
                Long.parseLong(
                    e.message().substring("reconnecting in ".length(), e.message().indexOf(" ms"))))
        .toList();
  }

  @Test
  void recurringFault_aStepThatFailsPartWayNarrowsTheWindowAndTheCaptureProgresses()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(71).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    // 60 rows a log (START, INSERT, COMMIT): two logs read whole, four never do.
    List<String> expected = MiningWindowScenarioTest.backlog(oracle, 12, 20);
    oracle.faults().atRowOfEachQuery(150, Fault.error(3113));
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.mining.max.logs.per.step", "8")
          .set("cdc.retry.max.time.ms", "60000")
          .open(Position.start(start));
      h.awaitEvents(events -> h.changes().size() >= expected.size());

      assertThat(h.changes()).containsExactlyElementsOf(expected);
      List<OpsEvent> reconnects = h.ops(OpsEvent.Type.RECONNECT);
      assertThat(reconnects)
          .isNotEmpty()
          .allSatisfy(
              e ->
                  assertThat(e.message())
                      .isEqualTo(
                          "reconnecting in 500 ms: ORA-03113: end-of-file on communication channel"));
      assertThat(h.stream.metrics().reconnects()).isEqualTo(reconnects.size());
      assertThat(oracle.faults().fired()).hasSize(reconnects.size());
      // Every failure narrowed the window from 4 logs to 2; every success at 2 widened it again.
      List<String> narrowed =
          h.ops(OpsEvent.Type.WINDOW_CHANGED).stream()
              .map(OpsEvent::message)
              .filter(m -> m.contains("narrowed"))
              .toList();
      assertThat(narrowed)
          .hasSize(reconnects.size())
          .allSatisfy(
              m ->
                  assertThat(m)
                      .isEqualTo(
                          "step failed after 149 rows fetched; window narrowed to 2 logs per thread: ORA-03113: end-of-file on communication channel"));
    }
  }

  @Test
  void recurringFault_eachReadThatGotRowsStartsTheWaitsOverButTheRetryTimeStillEndsIt()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(72).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    MiningWindowScenarioTest.backlog(oracle, 2, 20);
    oracle.faults().atRowOfEachQuery(30, Fault.error(3113)); // not even one log reads whole
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.retry.max.time.ms", "5000")
          .set("cdc.retry.backoff.initial.ms", "500")
          .set("cdc.retry.backoff.max.ms", "30000")
          .open(Position.start(start));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.TRANSIENT_DATABASE_ERROR);
      assertThat(stop.detail())
          .isEqualTo(
              "still failing after 5000 ms (cdc.retry.max.time.ms=5000): "
                  + "ORA-03113: end-of-file on communication channel");
      // Each attempt fetched 29 rows before failing: the database answers, so no wait grows.
      assertThat(reconnectWaits(h))
          .containsExactly(500L, 500L, 500L, 500L, 500L, 500L, 500L, 500L, 500L, 500L);
      assertThat(h.stream.metrics().reconnects()).isEqualTo(10);
      assertThat(oracle.faults().fired()).hasSize(11);
      assertThat(h.changes()).isEmpty();
    }
  }

  @Test
  void recurringFault_aSeededRatePerRowOnALongBacklogIsRiddenOut() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(73).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    List<String> expected = MiningWindowScenarioTest.backlog(oracle, 24, 20);
    oracle.faults().withProbability(GatewayCall.NEXT, 0.02, Fault.error(3113));
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.mining.max.logs.per.step", "16").open(Position.start(start));
      h.awaitEvents(events -> h.changes().size() >= expected.size());

      assertThat(h.changes()).containsExactlyElementsOf(expected);
      // A fault on a query's first row fetched nothing: only then does the next wait double.
      assertThat(reconnectWaits(h))
          .isNotEmpty()
          .allSatisfy(wait -> assertThat(wait).isLessThanOrEqualTo(1000L));
      assertThat(h.stream.metrics().reconnects())
          .isEqualTo(h.ops(OpsEvent.Type.RECONNECT).size())
          .isEqualTo(oracle.faults().fired().size());
    }
  }
}
