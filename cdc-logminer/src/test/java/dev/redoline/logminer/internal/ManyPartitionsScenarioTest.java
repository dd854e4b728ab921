package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review 2, item b9: a captured table of data-warehouse size, 70,000 partitions, each its own
 * object id. The mining statement no longer names object ids past {@link
 * dev.redoline.logminer.internal.jdbc.MiningSql#MAX_OBJECT_PAIRS} pairs ({@code MiningSqlTest});
 * here the whole capture runs on such a table, and the test's design shows that the catalog's
 * resolution of the 70,000 objects (linear in them) happens once per connection and DDL, not once
 * per step: the steps only share the sets the resolution built.
 */
class ManyPartitionsScenarioTest {

  private static final int PARTITIONS = 70_000;

  @TempDir Path spill;

  private static List<String> partitionNames() {
    List<String> names = new ArrayList<>(PARTITIONS);
    for (int i = 0; i < PARTITIONS; i++) {
      names.add("P" + i);
    }
    return names;
  }

  private static void insert(SimulatedOracle o, long id, String status) {
    SimulatedTransaction tx = o.newTransaction().begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }

  @Test
  void b9_tableOf70000Partitions_rowsOfSeveralPartitionsAreDeliveredAndResolvedOncePerConnection()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(9).build();
    oracle.schema().createPartitioned(ScenarioHarness.orders(), partitionNames());
    Scn start = Scn.of(oracle.currentScn());
    ScenarioScript script = new ScenarioScript();
    List<String> expected = new ArrayList<>();
    for (long id = 1; id <= 6; id++) { // the simulator puts new rows round robin: P0 to P5
      long row = id;
      script.then(o -> insert(o, row, "PART" + (row - 1)));
      expected.add("INSERT SHOP.ORDERS [" + id + ", PART" + (id - 1) + "]");
    }
    script.attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [1, PART0]");
      int resolutions = h.calls("objects(").size();
      int steps = h.calls("query(").size();
      h.awaitChange("INSERT SHOP.ORDERS [6, PART5]");

      assertThat(h.changes()).containsExactlyElementsOf(expected);
      // Five more actions, each followed by idle ticks, took more than five steps, and none of
      // them resolved the 70,000 objects again: that happens at a start (preflight, capture) and
      // after a capture-changing DDL or a new connection only.
      assertThat(h.calls("query(").size() - steps).isGreaterThan(5);
      assertThat(h.calls("objects(")).hasSize(resolutions);
    }
  }
}
