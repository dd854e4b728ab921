package dev.redoline.connect;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.TableId;
import dev.redoline.core.TopicName;

/**
 * Topic names from the {@code cdc.topic.*} templates.
 *
 * <pre>{@code
 * TopicNames topics = TopicNames.of(config);      // prefix "redoline", default templates
 * topics.table(new TableId("PDB1", "SHOP", "ORDERS"));   // "redoline.PDB1.SHOP.ORDERS"
 * topics.table(TableId.of("SHOP", "ORDERS"));            // "redoline.SHOP.ORDERS" (non-CDB: "${pdb}." dropped)
 * topics.heartbeat();                                    // "redoline.heartbeat"
 * }</pre>
 *
 * <p>Oracle names may hold characters a topic may not ({@code $}, {@code #}, spaces in quoted
 * names); each such character becomes {@code _}, as Debezium does.
 *
 * @param prefix the value of {@code cdc.topic.prefix}
 */
record TopicNames(
    String prefix,
    String template,
    String heartbeat,
    String schema,
    String journal,
    String dlq,
    String ops) {

  static TopicNames of(CdcConfig config) {
    String prefix = config.get(CdcConfig.TOPIC_PREFIX);
    return new TopicNames(
        prefix,
        config.get(CdcConfig.TOPIC_TEMPLATE),
        fixed(config.get(CdcConfig.TOPIC_HEARTBEAT), prefix),
        fixed(config.get(CdcConfig.TOPIC_SCHEMA), prefix),
        fixed(config.get(CdcConfig.TOPIC_JOURNAL), prefix),
        fixed(config.get(CdcConfig.TOPIC_DLQ), prefix),
        fixed(config.get(CdcConfig.TOPIC_OPS), prefix));
  }

  private static String fixed(String template, String prefix) {
    return legal(template.replace("${prefix}", prefix));
  }

  /** The topic of a table's change records. */
  String table(TableId table) {
    return TopicName.ofTable(prefix, template, table);
  }

  /**
   * The topic of transaction BEGIN and END records ({@code cdc.transaction.metadata}), named as
   * Debezium's.
   */
  String transaction() {
    return legal(prefix + ".transaction");
  }

  /** {@code text} with every character a topic name may not hold replaced by {@code _}. */
  static String legal(String text) {
    return TopicName.legal(text);
  }
}
