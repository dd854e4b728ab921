package dev.redoline.connect;

import dev.redoline.core.Column;
import dev.redoline.core.TableLayout;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;

/**
 * The Connect schemas of one table layout version: its topic, key, row and envelope.
 *
 * <pre>{@code
 * TableSchema s = TableSchema.of(layout, "redoline.SHOP.ORDERS", excluded, keyColumns.of(layout));
 * s.envelope();   // redoline.SHOP.ORDERS.Envelope {before, after, source, op, ts_ms, ts_us, ts_ns, transaction}
 * }</pre>
 *
 * <p>Excluded columns are not in the schemas at all. The schema names are Debezium's ({@code
 * <topic>.Key}, {@code <topic>.Value}, {@code <topic>.Envelope}); the row schema's version is the
 * layout version, so a consumer sees a DDL as a new schema version.
 *
 * @param layout the layout version
 * @param topic the table's topic
 * @param columns the layout indexes of the columns in the row schema, in order
 * @param keyColumns the layout indexes of the key columns, in key order; empty for no key
 * @param keySchema the key struct, or {@code null} when the table has no key
 * @param rowSchema the optional row struct of {@code before} and {@code after}
 * @param envelope the value schema
 */
@SuppressWarnings("ArrayRecordComponent") // a cache entry, never compared or hashed
record TableSchema(
    TableLayout layout,
    String topic,
    int[] columns,
    int[] keyColumns,
    Schema keySchema,
    Schema rowSchema,
    Schema envelope) {

  /**
   * Debezium's {@code transaction} block: the Oracle transaction id, the change's place in the
   * transaction ({@code total_order}, from 1) and among the transaction's changes of this table
   * ({@code data_collection_order}, from 1).
   */
  static final Schema TRANSACTION =
      SchemaBuilder.struct()
          .name("event.block")
          .version(1)
          .optional()
          .field("id", Schema.STRING_SCHEMA)
          .field("total_order", Schema.INT64_SCHEMA)
          .field("data_collection_order", Schema.INT64_SCHEMA)
          .build();

  static TableSchema of(
      TableLayout layout, String topic, ExcludedColumns excluded, List<String> keyNames) {
    return of(layout, topic, excluded, keyNames, ColumnTypes.Modes.DEFAULT);
  }

  static TableSchema of(
      TableLayout layout,
      String topic,
      ExcludedColumns excluded,
      List<String> keyNames,
      ColumnTypes.Modes modes) {
    String base = schemaName(topic);
    SchemaBuilder row =
        SchemaBuilder.struct().name(base + ".Value").version(layout.version()).optional();
    List<Integer> included = new ArrayList<>();
    for (int i = 0; i < layout.columns().size(); i++) {
      Column column = layout.column(i);
      if (!excluded.excludes(layout.table(), column)) {
        row.field(column.name(), ColumnTypes.schema(column, modes));
        included.add(i);
      }
    }
    Schema rowSchema = row.build();
    List<Integer> keys = new ArrayList<>();
    SchemaBuilder key = SchemaBuilder.struct().name(base + ".Key").version(layout.version());
    for (String name : keyNames) {
      int index = layout.indexOf(name);
      if (index >= 0
          && included.contains(index)) { // an excluded key column stays out of the key too
        key.field(name, rowSchema.field(name).schema());
        keys.add(index);
      }
    }
    // ChangeRecords.change puts the envelope's fields by position: keep this order
    Schema envelope =
        SchemaBuilder.struct()
            .name(base + ".Envelope")
            .version(layout.version())
            .field("before", rowSchema)
            .field("after", rowSchema)
            .field("source", SourceBlock.SCHEMA)
            .field("op", Schema.STRING_SCHEMA)
            .field("ts_ms", Schema.OPTIONAL_INT64_SCHEMA)
            .field("ts_us", Schema.OPTIONAL_INT64_SCHEMA)
            .field("ts_ns", Schema.OPTIONAL_INT64_SCHEMA)
            .field("transaction", TRANSACTION)
            .build();
    return new TableSchema(
        layout,
        topic,
        ints(included),
        ints(keys),
        keys.isEmpty() ? null : key.build(),
        rowSchema,
        envelope);
  }

  /** A topic name as a schema name: characters Avro names may not hold become {@code _}. */
  static String schemaName(String topic) {
    return topic.replace('-', '_');
  }

  private static int[] ints(List<Integer> list) {
    return list.stream().mapToInt(Integer::intValue).toArray();
  }
}
