package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.TableId;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableFilterTest {

  @Test
  void regex_anchorsAndEscapes() {
    assertThat(TableFilter.regex("*")).isEqualTo("^.*$");
    assertThat(TableFilter.regex("ORDER_*")).isEqualTo("^ORDER_.*$");
    assertThat(TableFilter.regex("A$B.C")).isEqualTo("^A\\$B\\.C$");
    assertThat(TableFilter.regex("*X*")).isEqualTo("^.*X.*$");
  }

  @Test
  void matches_includeMinusExclude() {
    TableFilter f = TableFilter.of(List.of("shop.*", "PDB1.HR.\"Staff\""), List.of("SHOP.AUDIT_*"));
    assertThat(f.matches(TableId.of("SHOP", "ORDERS"))).isTrue();
    assertThat(f.matches(new TableId("PDB9", "SHOP", "ORDERS"))).isTrue();
    assertThat(f.matches(TableId.of("SHOP", "AUDIT_LOG"))).isFalse();
    assertThat(f.matches(new TableId("PDB1", "HR", "Staff"))).isTrue();
    assertThat(f.matches(new TableId("PDB2", "HR", "Staff"))).isFalse();
    assertThat(f.matches(new TableId("PDB1", "HR", "STAFF"))).isFalse();
    assertThat(f.includesFor(null)).hasSize(1);
    assertThat(f.includesFor("PDB1")).hasSize(2);
  }

  @Test
  void of_rejectsMalformedPattern() {
    assertThatThrownBy(() -> TableFilter.of(List.of("ORDERS"), List.of()))
        .hasMessageContaining("'ORDERS'");
  }
}
