package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DDL while the engine runs: a new matching table, and a column added to a captured one. */
class SchemaScenarioTest {

  static final TableId CUSTOMERS = TableId.of("SHOP", "CUSTOMERS");
  static final TableId OTHER = TableId.of("ACCT", "LEDGER");

  @TempDir Path spill;

  private static TableLayout twoColumns(TableId table) {
    return TableLayout.builder(table, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 20), true)
        .primaryKey("ID")
        .build();
  }

  @Test
  void createTable_aNewMatchingTableIsCapturedFromItsFirstRow() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(31).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction before = o.begin();
              before.insert(ORDERS, 1L, "BEFORE");
              before.commit();
              // In the same step as the order above: the DDL, then the new table's first rows.
              o.createTable(twoColumns(CUSTOMERS));
              o.createTable(twoColumns(OTHER));
              SimulatedTransaction first = o.begin();
              first.insert(CUSTOMERS, 7L, "Ada");
              first.insert(OTHER, 8L, "not captured");
              first.insert(ORDERS, 2L, "AFTER");
              first.commit();
            })
        .then(
            o -> {
              SimulatedTransaction end = o.begin();
              end.insert(ORDERS, 99L, "END");
              end.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.timeline())
          .containsExactly(
              "schema SHOP.ORDERS v1",
              "INSERT SHOP.ORDERS [1, BEFORE] v1",
              "schema SHOP.CUSTOMERS v1",
              "INSERT SHOP.CUSTOMERS [7, Ada] v1",
              "INSERT SHOP.ORDERS [2, AFTER] v1",
              "INSERT SHOP.ORDERS [99, END] v1");
      StreamEvent.SchemaEvent created = h.eventsOf(StreamEvent.SchemaEvent.class).get(1);
      assertThat(created.ddl()).startsWith("create table \"SHOP\".\"CUSTOMERS\"");
      assertThat(h.eventsOf(StreamEvent.SchemaEvent.class).get(0).ddl()).isNull();
      assertThat(h.changeEvents().get(1).commit().size()).isEqualTo(2);
    }
  }

  @Test
  void addColumn_producesSchemaVersion2AndLaterRowsDecodeWithIt() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(32).build();
    oracle.createTable(ScenarioHarness.orders());
    oracle.createTable(twoColumns(CUSTOMERS));
    Scn start = Scn.of(oracle.currentScn());
    String[] firstOrder = new String[1];
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction before = o.begin();
              firstOrder[0] = before.insert(ORDERS, 1L, "OLD");
              before.commit();
            })
        .then(
            o -> {
              // One step: a change before the DDL, the DDL, changes after it.
              SimulatedTransaction customer = o.begin();
              customer.insert(CUSTOMERS, 5L, "Bo");
              customer.commit();
              o.schema().addColumn(ORDERS, "NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 20));
              SimulatedTransaction after = o.begin();
              after.insert(ORDERS, 2L, "NEW", "hello");
              after.update(ORDERS, firstOrder[0], java.util.Map.of("STATUS", "PAID"));
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
              "schema SHOP.CUSTOMERS v1",
              "schema SHOP.ORDERS v1",
              "INSERT SHOP.ORDERS [1, OLD] v1",
              "INSERT SHOP.CUSTOMERS [5, Bo] v1",
              "schema SHOP.ORDERS v2",
              "INSERT SHOP.ORDERS [2, NEW, hello] v2",
              "UPDATE SHOP.ORDERS [1, OLD, null] -> [1, PAID, null] v2",
              "INSERT SHOP.ORDERS [99, END, null] v2");
      StreamEvent.SchemaEvent altered = h.eventsOf(StreamEvent.SchemaEvent.class).get(2);
      assertThat(altered.ddl()).startsWith("alter table \"SHOP\".\"ORDERS\" add \"NOTE\"");
      assertThat(altered.layout().columns())
          .extracting(c -> c.name())
          .containsExactly("ID", "STATUS", "NOTE");
      assertThat(altered.scn())
          .isGreaterThan(h.changeEvents().get(1).commit().scn())
          .isLessThan(h.changeEvents().get(2).commit().scn());
    }
  }
}
