package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.OracleType.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableLayoutTest {

  private static final TableId ORDERS = TableId.of("SHOP", "ORDERS");

  @Test
  void builder_assignsPositionsAndIndexes() {
    TableLayout layout =
        TableLayout.builder(ORDERS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("Note", OracleType.sized(Kind.VARCHAR2, 200), true)
            .primaryKey("ID")
            .build();
    assertThat(layout.indexOf("Note")).isEqualTo(1);
    assertThat(layout.indexOf("NOTE")).isEqualTo(-1);
    assertThat(layout.column(1).position()).isEqualTo(2);
    assertThat(layout.primaryKey()).containsExactly("ID");
    assertThat(layout)
        .isEqualTo(
            TableLayout.builder(ORDERS, 1)
                .column("ID", OracleType.number(10, 0), false)
                .column("Note", OracleType.sized(Kind.VARCHAR2, 200), true)
                .primaryKey("ID")
                .build());
  }

  @Test
  void withColumns_makesNewVersion() {
    TableLayout v1 =
        TableLayout.builder(ORDERS, 1).column("ID", OracleType.number(10, 0), false).build();
    TableLayout v2 =
        v1.withColumns(
            2,
            List.of(v1.column(0), new Column("QTY", 2, OracleType.number(5, 0), true)),
            List.of("ID"));
    assertThat(v2.version()).isEqualTo(2);
    assertThat(v2).isNotEqualTo(v1);
    assertThat(v1.columns()).hasSize(1);
  }

  @Test
  void constructor_rejectsInconsistentLayouts() {
    Column id = new Column("ID", 1, OracleType.number(10, 0), false);
    assertThatThrownBy(
            () ->
                new TableLayout(
                    ORDERS,
                    1,
                    List.of(id, new Column("ID", 2, OracleType.of(Kind.DATE), true)),
                    List.of()))
        .hasMessage("Column ID appears twice in SHOP.ORDERS");
    assertThatThrownBy(
            () ->
                new TableLayout(
                    ORDERS,
                    1,
                    List.of(new Column("ID", 2, OracleType.of(Kind.DATE), true)),
                    List.of()))
        .hasMessage("Column ID of SHOP.ORDERS has position 2, expected 1");
    assertThatThrownBy(() -> new TableLayout(ORDERS, 1, List.of(id), List.of("X")))
        .hasMessage("Primary key column X is not a column of SHOP.ORDERS");
    assertThatThrownBy(() -> new TableLayout(ORDERS, 0, List.of(id), List.of()))
        .hasMessageContaining("0");
  }
}
