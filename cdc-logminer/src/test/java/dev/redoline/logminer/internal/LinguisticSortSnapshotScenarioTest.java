package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review 2, item b2: Oracle's JDBC driver gives a session the NLS_LANGUAGE of the JVM's locale and
 * NLS_SORT derives from it, so under {@code Locale.GERMANY} a snapshot's {@code ORDER BY "K"} would
 * sort linguistically ('a' before 'B') while its {@code "K" > ?} compares bytes ('B' is below 'a'):
 * a keyset-paged snapshot would read some keys twice and never read others. The simulator derives
 * the session's sort from the locale as ojdbc does; the engine sets NLS_SORT and NLS_COMP to BINARY
 * on every session, so every row is read once.
 */
class LinguisticSortSnapshotScenarioTest {

  private static final TableId CODES = TableId.of("SHOP", "CODES");

  @TempDir Path spill;

  @Test
  void b2_snapshotUnderLocaleGermany_readsEveryMixedCaseKeyOnce() throws Exception {
    Locale before = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY);
    try {
      SimulatedOracle oracle = SimulatedOracle.builder().seed(26).build();
      oracle.createTable(
          TableLayout.builder(CODES, 1)
              .column("K", OracleType.sized(OracleType.Kind.VARCHAR2, 10), false)
              .column("N", OracleType.number(10, 0), true)
              .primaryKey("K")
              .build());
      String[] keys = {"B", "a", "D", "c", "F", "e"};
      SimulatedTransaction tx = oracle.begin();
      for (int i = 0; i < keys.length; i++) {
        tx.insert(CODES, keys[i], (long) i);
      }
      tx.commit();
      try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
        h.set("cdc.snapshot.chunk.rows", "2");
        h.open(null);
        h.awaitEvents(ScenarioHarness.changeCount(keys.length));
        // binary order, each key once: the order ORDER BY and > agree on
        assertThat(h.changeEvents())
            .extracting(c -> c.change().after().get(0))
            .containsExactly("B", "D", "F", "a", "c", "e");
      }
    } finally {
      Locale.setDefault(before);
    }
  }
}
