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

/**
 * A RAC thread whose log writer misses Oracle's three-second timer without being seen in a write (a
 * six-second timer, the default {@code cdc.mining.lgwr.max.delay.ms} of 3000): its commits reach
 * the log after later commits of the other thread were delivered. Each one must still be delivered,
 * late and reported, never dropped.
 */
class LateLogWriterScenarioTest {

  @TempDir Path spill;

  @Test
  void everyCommitOfAThreadWrittenLaterThanTheConfiguredDelay_isDelivered_lateOnesReported()
      throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(23)
            .threads(2)
            .commitFlushes(false)
            .lgwrInterval(Duration.ofSeconds(6))
            .build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    List<String> expected = new ArrayList<>();
    ScenarioScript script = new ScenarioScript();
    for (int i = 0; i < 12; i++) {
      long two = 1000L + i;
      long one = 2000L + i;
      script
          .then(
              o -> {
                SimulatedTransaction t2 = o.newTransaction().thread(2).begin();
                t2.insert(ORDERS, two, "T2");
                t2.commit();
              })
          .idle(3)
          .then(
              o -> {
                SimulatedTransaction t1 = o.newTransaction().thread(1).begin();
                t1.insert(ORDERS, one, "T1");
                t1.commit();
                o.flush(1);
              })
          .idle(4);
      expected.add("INSERT SHOP.ORDERS [" + two + ", T2]");
      expected.add("INSERT SHOP.ORDERS [" + one + ", T1]");
    }
    script
        .idle(80)
        .then(
            o -> {
              SimulatedTransaction end = o.newTransaction().thread(1).begin();
              end.insert(ORDERS, 99L, "END");
              end.commit();
              o.flushAll();
            })
        .attach(oracle);
    expected.add("INSERT SHOP.ORDERS [99, END]");
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");
      assertThat(h.changes()).as("ops %s", h.ops).containsExactlyInAnyOrderElementsOf(expected);
      assertThat(h.ops(OpsEvent.Type.COMMIT_OUT_OF_ORDER))
          .as("the scenario delivers some commits late")
          .isNotEmpty();
    }
  }
}
