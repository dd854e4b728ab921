package dev.redoline.core;

/**
 * The Kafka topic of a table's change records, from {@code cdc.topic.prefix} and {@code
 * cdc.topic.template}: the connector writes there and a verification of its topics reads there.
 *
 * <pre>{@code
 * TopicName.ofTable(config, new TableId("PDB1", "SHOP", "ORDERS"));  // "redoline.PDB1.SHOP.ORDERS"
 * TopicName.ofTable(config, TableId.of("SHOP", "ORDERS"));           // "redoline.SHOP.ORDERS"
 * }</pre>
 *
 * <p>Oracle names may hold characters a topic may not ({@code $}, {@code #}, spaces in quoted
 * names); each such character becomes {@code _}, as Debezium does.
 */
public final class TopicName {

  private TopicName() {}

  /** The topic of {@code table}'s change records under {@code config}'s topic settings. */
  public static String ofTable(CdcConfig config, TableId table) {
    return ofTable(config.get(CdcConfig.TOPIC_PREFIX), config.get(CdcConfig.TOPIC_TEMPLATE), table);
  }

  /**
   * The topic of {@code table} under {@code template}; in a non-container database {@code ${pdb}.}
   * is dropped.
   */
  public static String ofTable(String prefix, String template, TableId table) {
    String t = template;
    if (table.pdb() == null) {
      t = t.replace("${pdb}.", "").replace("${pdb}", "");
    } else {
      t = t.replace("${pdb}", table.pdb());
    }
    return legal(
        t.replace("${prefix}", prefix)
            .replace("${schema}", table.owner())
            .replace("${table}", table.table()));
  }

  /** {@code text} with every character a topic name may not hold replaced by {@code _}. */
  public static String legal(String text) {
    StringBuilder sb = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '.'
              || c == '_'
              || c == '-';
      sb.append(ok ? c : '_');
    }
    return sb.toString();
  }
}
