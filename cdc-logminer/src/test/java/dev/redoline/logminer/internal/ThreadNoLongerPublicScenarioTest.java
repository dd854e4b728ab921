package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.commitOn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Review 2, item b10: a RAC thread that turns PRIVATE or is DISABLED keeps the redo it wrote
 * before; LogMiner without that thread's logs returns partial results and no error (Utilities,
 * "Directing LogMiner Operations"). The engine skipped every thread that was not PUBLIC, so such
 * redo, not yet mined, was lost.
 */
class ThreadNoLongerPublicScenarioTest {

  @TempDir Path spill;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"PRIVATE", "DISABLED"})
  void b10_threadTurningPrivateOrDisabledWithUnminedRedo_thatRedoIsStillMined(String enabled)
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(10).threads(2).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> commitOn(o, 2, 1, "MINED"))
        .idle(4)
        .then(
            o -> {
              commitOn(o, 2, 2, "NOT YET MINED");
              o.switchLogfile(2);
              o.threadEnabled(2, enabled);
            })
        .idle(4)
        .then(o -> commitOn(o, 1, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, MINED]",
              "INSERT SHOP.ORDERS [2, NOT YET MINED]",
              "INSERT SHOP.ORDERS [99, END]");
    }
  }
}
