package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ConfigException;
import dev.redoline.core.OracleType;
import dev.redoline.core.ShopOrders;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.logminer.seam.KeyColumns;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Topic names, key columns and excluded columns: how tables map to topics, keys and fields. */
class NamingTest {

  static TopicNames topics(Map<String, String> extra) {
    Map<String, String> props = new HashMap<>(ShopScript.settings("jdbc:redoline:sim:demo"));
    props.putAll(extra);
    return TopicNames.of(CdcConfig.from(props));
  }

  @Test
  void table_dropsPdbInANonCdb() {
    assertThat(topics(Map.of()).table(TableId.of("SHOP", "ORDERS"))).isEqualTo("shop.SHOP.ORDERS");
  }

  @Test
  void table_includesPdbInACdb() {
    assertThat(topics(Map.of()).table(new TableId("PDB1", "SHOP", "ORDERS")))
        .isEqualTo("shop.PDB1.SHOP.ORDERS");
  }

  @Test
  void table_replacesCharactersTopicsMayNotHold() {
    assertThat(topics(Map.of()).table(TableId.of("SHOP", "Order Lines$1")))
        .isEqualTo("shop.SHOP.Order_Lines_1");
  }

  @Test
  void table_followsTheTemplate() {
    assertThat(
            topics(Map.of("cdc.topic.template", "cdc-${table}"))
                .table(TableId.of("SHOP", "ORDERS")))
        .isEqualTo("cdc-ORDERS");
  }

  @Test
  void of_resolvesThePrefixInFixedTopics() {
    TopicNames t = topics(Map.of());
    assertThat(List.of(t.heartbeat(), t.schema(), t.journal(), t.dlq(), t.ops()))
        .containsExactly("shop.heartbeat", "shop.schema", "shop.journal", "shop.dlq", "shop.ops");
  }

  static TableLayout audit(TableId id) {
    return TableLayout.builder(id, 1)
        .column("AT", OracleType.of(OracleType.Kind.DATE), false)
        .column("WHO", OracleType.sized(OracleType.Kind.VARCHAR2, 30), false)
        .build();
  }

  @Test
  void keyColumns_overrideForATableWithoutPrimaryKey() {
    KeyColumns keys = KeyColumns.parse("SHOP.AUDIT:AT,WHO; PDB2.SHOP.LOG:ID");
    assertThat(keys.of(audit(TableId.of("SHOP", "AUDIT")))).containsExactly("AT", "WHO");
    assertThat(keys.of(audit(new TableId("PDB1", "SHOP", "AUDIT")))).containsExactly("AT", "WHO");
    assertThat(keys.of(audit(TableId.of("SHOP", "OTHER")))).isEmpty();
    assertThat(keys.of(ShopOrders.withAmount())).containsExactly("ID");
  }

  @Test
  void keyColumns_rejectsAnEntryWithoutColon() {
    assertThatThrownBy(() -> KeyColumns.parse("SHOP.AUDIT"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(
            "cdc.message.key.columns='SHOP.AUDIT': entry 'SHOP.AUDIT' is not "
                + "[PDB.]SCHEMA.TABLE:COL1,COL2");
  }

  @Test
  void excludedColumns_matchLikeTheDecoder() {
    ExcludedColumns ex =
        ExcludedColumns.parse(List.of("SHOP.CUSTOMERS.CARD*", "PDB1.*.*.\"secret\""));
    assertThat(ex.excludes(TableId.of("SHOP", "CUSTOMERS"), "CARD_NO")).isTrue();
    assertThat(ex.excludes(new TableId("PDB9", "SHOP", "CUSTOMERS"), "CARD_NO")).isTrue();
    assertThat(ex.excludes(TableId.of("SHOP", "CUSTOMERS"), "NAME")).isFalse();
    assertThat(ex.excludes(new TableId("PDB1", "HR", "X"), "secret")).isTrue();
    assertThat(ex.excludes(TableId.of("HR", "X"), "secret")).isFalse();
    assertThat(ex.excludes(new TableId("PDB1", "HR", "X"), "SECRET")).isFalse();
  }
}
