package dev.redoline.connect;

import dev.redoline.core.Position;
import dev.redoline.core.TableId;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * The records of {@code cdc.transaction.metadata}: a BEGIN before the first change of each Oracle
 * transaction and an END after its last, on {@code <prefix>.transaction}, with the key and value
 * schemas of Debezium's transaction metadata, so consumers written for Debezium read them as they
 * are.
 *
 * <pre>{@code
 * key   {"id": "0a001b00c4030000"}
 * BEGIN {"status": "BEGIN", "id": "0a001b00c4030000", "event_count": null, "data_collections": null, "ts_ms": ...}
 * END   {"status": "END",   "id": "0a001b00c4030000", "event_count": 3,
 *        "data_collections": [{"data_collection": "PDB1.SHOP.ORDERS", "event_count": 2}, ...], "ts_ms": ...}
 * }</pre>
 *
 * <p>{@code id} is the XID in hex, as in the data records' {@code transaction.id} and {@code
 * source.txId}; {@code ts_ms} is the commit time (LogMiner's TIMESTAMP of the COMMIT row), on both
 * records. The END counts cover every change delivered of the transaction, also those delivered
 * before a restart in its middle. A transaction committed during the initial snapshot whose changes
 * to a table not yet snapshotted are left out (the snapshot holds their effect) counts only what is
 * delivered, and its END says why in {@code partial} ({@code SNAPSHOT}; absent on a whole
 * transaction, an addition to Debezium's schema).
 *
 * <h2>Offsets</h2>
 *
 * A BEGIN carries the position of the record before it, so a restart from it still delivers the
 * transaction's first change; an END carries the position of the transaction's last change. A
 * restart in the middle of a transaction (at-least-once delivery) writes no second BEGIN: the
 * stored offset is past the first one.
 */
final class TransactionRecords {

  static final Schema KEY =
      SchemaBuilder.struct()
          .name("io.debezium.connector.common.TransactionMetadataKey")
          .version(1)
          .field("id", Schema.STRING_SCHEMA)
          .build();

  static final Schema DATA_COLLECTION =
      SchemaBuilder.struct()
          .name("event.collection")
          .version(1)
          .optional()
          .field("data_collection", Schema.STRING_SCHEMA)
          .field("event_count", Schema.INT64_SCHEMA)
          .build();

  static final Schema VALUE =
      SchemaBuilder.struct()
          .name("io.debezium.connector.common.TransactionMetadataValue")
          .version(1)
          .field("status", Schema.STRING_SCHEMA)
          .field("id", Schema.STRING_SCHEMA)
          .field("event_count", Schema.OPTIONAL_INT64_SCHEMA)
          .field("data_collections", SchemaBuilder.array(DATA_COLLECTION).optional().build())
          .field("ts_ms", Schema.INT64_SCHEMA)
          .field("partial", Schema.OPTIONAL_STRING_SCHEMA)
          .build();

  private final String topic;
  private final Map<String, Object> partition;

  TransactionRecords(TopicNames topics) {
    this.topic = topics.transaction();
    this.partition = OffsetCodec.toPartition(topics.prefix());
  }

  /** The BEGIN record of the transaction {@code first} opens, with the offset of {@code before}. */
  SourceRecord begin(ChangeEvent first, Position before) {
    java.util.Objects.requireNonNull(before, "before == null");
    Struct value =
        new Struct(VALUE)
            .put("status", "BEGIN")
            .put("id", id(first))
            .put("ts_ms", first.commit().time().toEpochMilli());
    return record(first, before, value);
  }

  /** The END record of the transaction {@code last} closes. */
  SourceRecord end(ChangeEvent last) {
    List<Struct> collections = new ArrayList<>();
    for (Map.Entry<TableId, Long> e : last.tableCounts().entrySet()) {
      collections.add(
          new Struct(DATA_COLLECTION)
              .put("data_collection", e.getKey().toString())
              .put("event_count", e.getValue()));
    }
    Struct value =
        new Struct(VALUE)
            .put("status", "END")
            .put("id", id(last))
            .put("event_count", last.commit().size())
            .put("data_collections", collections)
            .put("ts_ms", last.commit().time().toEpochMilli())
            .put(
                "partial", last.commit().partial() == null ? null : last.commit().partial().name());
    return record(last, last.position(), value);
  }

  private SourceRecord record(ChangeEvent event, Position position, Struct value) {
    Struct key = new Struct(KEY).put("id", id(event));
    return new SourceRecord(
        partition,
        OffsetCodec.toOffset(position),
        topic,
        null,
        KEY,
        key,
        VALUE,
        value,
        event.commit().time().toEpochMilli());
  }

  private static String id(ChangeEvent event) {
    return event.commit().xid().toHex();
  }
}
