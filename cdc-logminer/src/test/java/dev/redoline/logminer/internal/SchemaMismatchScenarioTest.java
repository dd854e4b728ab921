package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redo written before an ALTER TABLE ADD COLUMN but mined after it comes back as a Dictionary
 * Mismatch row (STATUS 2, "UNKNOWN"."OBJ# n", "COL n", HEXTORAW values) under
 * DICT_FROM_ONLINE_CATALOG; the decoder maps it by column position with the layout version of the
 * row's time (v1), where it used to refuse it with CDC-3003 and stop the capture.
 */
class SchemaMismatchScenarioTest {

  @TempDir Path spill;

  @Test
  void addColumn_redoWrittenBeforeTheAlterButMinedAfterItDecodesWithVersion1() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(32).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction before = o.begin();
              before.insert(ORDERS, 1L, "OLD");
              before.commit();
              o.schema().addColumn(ORDERS, "NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 20));
              SimulatedTransaction after = o.begin();
              after.insert(ORDERS, 2L, "NEW", "hello");
              after.commit();
            })
        .then(
            o -> {
              SimulatedTransaction end = o.begin();
              end.insert(ORDERS, 99L, "END", null);
              end.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END, null]");

      assertThat(h.timeline())
          .containsExactly(
              "schema SHOP.ORDERS v1",
              "INSERT SHOP.ORDERS [1, OLD] v1",
              "schema SHOP.ORDERS v2",
              "INSERT SHOP.ORDERS [2, NEW, hello] v2",
              "INSERT SHOP.ORDERS [99, END, null] v2");
      StreamEvent.SchemaEvent altered = h.eventsOf(StreamEvent.SchemaEvent.class).get(1);
      assertThat(altered.ddl()).startsWith("alter table \"SHOP\".\"ORDERS\" add \"NOTE\"");
      assertThat(altered.layout().columns())
          .extracting(c -> c.name())
          .containsExactly("ID", "STATUS", "NOTE");
      assertThat(altered.scn())
          .isGreaterThan(h.changeEvents().get(0).commit().scn())
          .isLessThan(h.changeEvents().get(1).commit().scn());
    }
  }
}
