package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, item 14, on the {@code stress} and {@code demo} workloads (seed 42, faults removed):
 * the redo bytes LogMiner decodes per delivered change, the numbers docs/performance-logminer.md
 * reports. They are counts of the simulator's cost model, not timings.
 */
class StressMiningCostTest {

  /** Changes to deliver before the count is taken. */
  private static final int CHANGES = 15_000;

  @TempDir Path spill;

  @Test
  void miningCost_stressWorkload_redoBytesDecodedPerDeliveredChange() throws Exception {
    long perChange = bytesPerChange("jdbc:redoline:sim:stress?seed=42");
    // Long-running transactions keep the oldest open START_SCN low and the logs are small (256
    // KiB), so most steps still start near their log's first SCN: about 3,300 bytes without the
    // workload's documents; their LOB rows (a locator and a write per 2,048 characters, no change
    // of their own) fill the logs faster and brought it to about 5,000. Since SCN ties are the
    // simulator's default and the workload leaves rows a long-running transaction holds alone
    // (fewer product updates), about 6,500. The bound catches a cost that grows.
    assertThat(perChange).isLessThan(7_500);
  }

  @Test
  void miningCost_demoWorkload_redoBytesDecodedPerDeliveredChange() throws Exception {
    long perChange = bytesPerChange("jdbc:redoline:sim:demo?seed=42");
    // Starting every step at the 1 MiB log's first SCN decodes the log again and again: about
    // 250,000 bytes per change; starting at what was open 3 s before the step, a few thousand.
    assertThat(perChange).isLessThan(10_000);
  }

  private long bytesPerChange(String url) throws InterruptedException {
    SimulatedOracle oracle = SimulatedOracle.forUrl(url);
    oracle.faults().clear();
    long changes;
    try (ScenarioHarness h =
        new ScenarioHarness(oracle, spill.resolve(String.valueOf(url.hashCode())))) {
      h.set("cdc.tables.include", "SHOP.*");
      h.open(null);
      h.awaitEvents(
          events ->
              events.stream().filter(e -> e instanceof StreamEvent.ChangeEvent).count() >= CHANGES);
      changes = h.changeEvents().size();
    }
    long perChange = oracle.redoBytesMined() / changes;
    System.out.println(
        url
            + ": "
            + oracle.redoBytesMined()
            + " redo bytes decoded for "
            + changes
            + " changes delivered: "
            + perChange
            + " bytes per change");
    return perChange;
  }
}
