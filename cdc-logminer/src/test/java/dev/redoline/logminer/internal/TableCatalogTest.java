package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.simulator.SimulatedOracle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TableCatalogTest {

  /**
   * Review 2, item b9: every step builds its mining query from the catalog. With tens of thousands
   * of partitions, a step that copied the captured object ids (and names) each time would cost more
   * per partition at every step; the catalog builds them once per resolution and the query keeps
   * them as they are.
   */
  @Test
  void b9_stepsShareTheIdsOfOneResolution_noCopyPerStepOfEveryPartition() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(9).build();
    List<String> partitions = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      partitions.add("P" + i);
    }
    oracle.schema().createPartitioned(ScenarioHarness.orders(), partitions);
    TableCatalog catalog =
        new TableCatalog(TableFilter.of(List.of("SHOP.*"), List.of()), List.of(), List.of());
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      catalog.resolve(db);
    }

    Map<Integer, Set<Integer>> first = catalog.objectIds();
    assertThat(first.get(0)).hasSize(2_001); // the table's object and its partitions
    assertThat(catalog.objectIds()).isSameAs(first);
    assertThat(catalog.capturedTables()).isSameAs(catalog.capturedTables()).hasSize(1);

    MiningQuery.Builder query = MiningQuery.builder();
    first.forEach(query::capture);
    catalog.capturedTables().forEach(query::captureByName);
    assertThat(query.build().objectIds().get(0)).isSameAs(first.get(0));
  }
}
