package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a step adapts: the window of logs on latency and timeouts, and the session's age. */
class MiningWindowScenarioTest {

  @TempDir Path spill;

  /**
   * Writes {@code logs} whole logs of {@code perLog} one-row transactions; returns what they must
   * deliver.
   */
  static List<String> backlog(SimulatedOracle oracle, int logs, int perLog) {
    List<String> expected = new ArrayList<>();
    long id = 1;
    for (int log = 0; log < logs; log++) {
      for (int i = 0; i < perLog; i++, id++) {
        SimulatedTransaction tx = oracle.begin();
        tx.insert(ORDERS, id, "L" + log);
        tx.commit();
        expected.add("INSERT SHOP.ORDERS [" + id + ", L" + log + "]");
      }
      oracle.switchLogfile(1);
    }
    return expected;
  }

  @Test
  void queryTimeout_halvesTheWindowAndTheStepIsMinedAgain() throws Exception {
    // Each redo record costs LogMiner 5 ms: one log of about 60 records reads in 0.3 s, four in 1.2
    // s.
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(61).costPerRecord(Duration.ofMillis(5)).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    List<String> expected = backlog(oracle, 9, 20);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.mining.query.timeout.ms", "1000")
          .set("cdc.mining.max.logs.per.step", "8")
          .set("cdc.mining.target.latency.ms", "1000")
          .open(Position.start(start));
      h.awaitEvents(events -> h.changes().size() >= expected.size());

      assertThat(h.changes()).containsExactlyElementsOf(expected);
      // Logs 1, 2-3, 4-7 time out, 4-5, 6-9 time out, 6-7, then 8-9: fewer than 4 are left.
      assertThat(h.ops(OpsEvent.Type.WINDOW_CHANGED))
          .extracting(OpsEvent::message)
          .containsExactly(
              "window widened to 2 logs per thread",
              "window widened to 4 logs per thread",
              "query timed out; window narrowed to 2 logs per thread",
              "window widened to 4 logs per thread",
              "query timed out; window narrowed to 2 logs per thread",
              "window widened to 4 logs per thread");
      assertThat(h.ops(OpsEvent.Type.REMINE))
          .hasSize(2)
          .allSatisfy(
              e ->
                  assertThat(e.message())
                      .isEqualTo(
                          "step mined again: ORA-01013: user requested cancel of current operation"));
      assertThat(h.stream.metrics().remines()).isEqualTo(h.ops(OpsEvent.Type.REMINE).size());
    }
  }

  @Test
  void sessionAge_restartsTheLogMinerSessionEveryMaxAge() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(62).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    ScenarioScript script = new ScenarioScript();
    List<String> expected = new ArrayList<>();
    for (long id = 1; id <= 10; id++) {
      long row = id;
      script
          .then(
              o -> {
                SimulatedTransaction tx = o.begin();
                tx.insert(ORDERS, row, "S");
                tx.commit();
              })
          .idle(8);
      expected.add("INSERT SHOP.ORDERS [" + id + ", S]");
    }
    script.attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.mining.session.max.age.ms", "2000").open(Position.start(start));
      h.awaitEvents(events -> h.changes().size() >= expected.size());

      assertThat(h.changes()).containsExactlyElementsOf(expected);
      int reported =
          h.stream.metrics().sessionRestarts(); // read first: the ops event comes before the metric
      List<OpsEvent> restarts = h.ops(OpsEvent.Type.SESSION_RESTARTED);
      assertThat(restarts)
          .hasSizeGreaterThanOrEqualTo(3)
          .allSatisfy(
              e ->
                  assertThat(e.message())
                      .isEqualTo(
                          "LogMiner session restarted after 2000 ms (cdc.mining.session.max.age.ms) to release its memory"));
      for (int i = 1; i < restarts.size(); i++) {
        assertThat(Duration.between(restarts.get(i - 1).time(), restarts.get(i).time()))
            .isGreaterThanOrEqualTo(Duration.ofSeconds(2));
      }
      // A restart adds the logs anew, the first with NEW, which ends the previous LogMiner session.
      assertThat(h.calls("addLogFile(").stream().filter(c -> c.endsWith(", NEW)")).count())
          .isGreaterThan(restarts.size());
      assertThat(reported).isGreaterThanOrEqualTo(3).isLessThanOrEqualTo(restarts.size());
      assertThat(h.stream.metrics().sessionAge()).isLessThan(Duration.ofSeconds(2));
    }
  }
}
