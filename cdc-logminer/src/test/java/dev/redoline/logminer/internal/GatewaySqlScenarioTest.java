package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.CaptureMetrics;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's SQL really runs: the simulator evaluates the statement the gateway sends and
 * nothing else, so changing one predicate of the mining query changes what the engine receives.
 */
class GatewaySqlScenarioTest {

  @TempDir Path spill;

  private static SimulatedOracle appAndBatch() {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(61).build();
    oracle.createTable(ScenarioHarness.orders());
    return oracle;
  }

  /** Runs the script on {@code oracle}; the returned cell gets the SCN after its last commit. */
  private static AtomicLong script(SimulatedOracle oracle) {
    AtomicLong lastCommit = new AtomicLong(Long.MAX_VALUE); // set on the capture thread
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction batch = o.newTransaction().user("BATCH").begin();
              batch.insert(ScenarioHarness.ORDERS, 10L, "BATCH");
              batch.commit();
              SimulatedTransaction app = o.newTransaction().user("APP").begin();
              app.insert(ScenarioHarness.ORDERS, 1L, "APP");
              app.commit();
            })
        .then(
            o -> {
              SimulatedTransaction end = o.newTransaction().user("APP").begin();
              end.insert(ScenarioHarness.ORDERS, 99L, "END");
              end.commit();
              SimulatedTransaction last = o.newTransaction().user("BATCH").begin();
              last.insert(ScenarioHarness.ORDERS, 98L, "BATCH");
              last.commit();
              lastCommit.set(o.currentScn());
            })
        .attach(oracle);
    return lastCommit;
  }

  @Test
  void theUserPredicateAsSent_keepsTheExcludedUsersRowsOut() throws Exception {
    SimulatedOracle oracle = appAndBatch();
    Scn start = Scn.of(oracle.currentScn());
    script(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.users.exclude", "BATCH").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");
      assertThat(h.changes())
          .containsExactly("INSERT SHOP.ORDERS [1, APP]", "INSERT SHOP.ORDERS [99, END]");
    }
  }

  @Test
  void theUserPredicateTurnedAround_keepsTheOtherUsersRowsOut() throws Exception {
    SimulatedOracle oracle = appAndBatch();
    Scn start = Scn.of(oracle.currentScn());
    AtomicLong lastCommit = script(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.users.exclude", "BATCH")
          .rewriteSql(sql -> sql.replace("USERNAME NOT IN (", "USERNAME IN ("))
          .open(Position.start(start));
      // Turned around, the SQL returns only BATCH's rows, which the engine drops itself (their
      // transactions' START named BATCH); APP's rows, which the engine would deliver, never come.
      for (int polls = 0; polls < 400 && !delivered(h, lastCommit.get()); polls++) {
        h.events.addAll(StreamEvents.flatten(h.stream.poll(Duration.ofMillis(50))));
      }
      assertThat(delivered(h, lastCommit.get())).as("delivered up to the last commit").isTrue();
      assertThat(h.changes()).isEmpty();
    }
  }

  /** Whether everything committed up to {@code scn} has been delivered. */
  private static boolean delivered(ScenarioHarness h, long scn) {
    CaptureMetrics m = h.stream.metrics();
    return m.deliveredScn() != null && m.deliveredScn().compareTo(Scn.of(scn)) >= 0;
  }
}
