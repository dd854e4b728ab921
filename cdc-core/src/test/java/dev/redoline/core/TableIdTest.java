package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TableIdTest {

  @Test
  void parse_foldsUnquotedAndKeepsQuoted() {
    TableId t = TableId.parse("pdb1.inventory.\"Order Lines\"");
    assertThat(t).isEqualTo(new TableId("PDB1", "INVENTORY", "Order Lines"));
    assertThat(t.toString()).isEqualTo("PDB1.INVENTORY.\"Order Lines\"");
    assertThat(t.quoted()).isEqualTo("\"INVENTORY\".\"Order Lines\"");
  }

  @Test
  void parse_twoPartsHasNoPdb() {
    TableId t = TableId.parse("\"my.schema\".T$1");
    assertThat(t.pdb()).isNull();
    assertThat(t.owner()).isEqualTo("my.schema");
    assertThat(TableId.parse(t.toString())).isEqualTo(t);
  }

  @Test
  void toString_roundTripsNamesNeedingQuotes() {
    for (TableId t :
        new TableId[] {
          TableId.of("C##USER", "T"),
          TableId.of("S", "lower"),
          new TableId("P", "S P", "1ABC"),
          TableId.of("S", "A_B#$")
        }) {
      assertThat(TableId.parse(t.toString())).isEqualTo(t);
    }
    assertThat(TableId.of("S", "lower").toString()).isEqualTo("S.\"lower\"");
    assertThat(new TableId("P", "S P", "1ABC").toString()).isEqualTo("P.\"S P\".\"1ABC\"");
  }

  @Test
  void parse_rejectsMalformedWithInput() {
    assertThatThrownBy(() -> TableId.parse("ONLYONE")).hasMessageContaining("'ONLYONE'");
    assertThatThrownBy(() -> TableId.parse("A.B.C.D")).hasMessageContaining("'A.B.C.D'");
    assertThatThrownBy(() -> TableId.parse("A..B")).hasMessage("Empty identifier part in 'A..B'");
    assertThatThrownBy(() -> TableId.parse("A.\"B"))
        .hasMessage("Unclosed quote in identifier: 'A.\"B'");
    assertThatThrownBy(() -> TableId.parse("A.\"B\"x")).hasMessageContaining("'A.\"B\"x'");
  }

  @Test
  void compareTo_ordersNullPdbFirst() {
    assertThat(TableId.of("S", "T")).isLessThan(new TableId("P", "S", "T"));
    assertThat(TableId.of("A", "Z")).isLessThan(TableId.of("B", "A"));
  }
}
