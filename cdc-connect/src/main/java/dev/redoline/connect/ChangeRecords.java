package dev.redoline.connect;

import dev.redoline.core.Absent;
import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.Column;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.Row;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.seam.KeyColumns;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import dev.redoline.logminer.seam.StreamEvent.SchemaEvent;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.header.ConnectHeaders;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * Turns stream events into source records: one record per change, on the table's topic, and one
 * schema-topic record per table layout version.
 *
 * <pre>{@code
 * ChangeRecords records = new ChangeRecords(topics, excluded, keys, clock, "0.1.0");
 * SourceRecord layoutRecord = records.layout(schemaEvent);   // also remembers the layout
 * SourceRecord changeRecord = records.change(changeEvent);   // uses the layout version of the change
 * }</pre>
 *
 * <p>A slot the row image does not hold ({@link Absent#NOT_LOGGED}) and a {@link Marker} value
 * become {@code null}; the header {@value #UNAVAILABLE_HEADER} then lists them as {@code
 * before.COL=NOT_LOGGED,after.DOC=EMPTY_CLOB}, so a consumer can tell them from SQL NULL. Excluded
 * columns are in no schema and no header. A CLOB, NCLOB, BLOB or XMLTYPE field whose content is not
 * known (NOT_LOGGED, or {@code LOB_OVER_LIMIT} past {@code cdc.lob.max.bytes}) carries {@code
 * cdc.lob.unavailable.value} instead of {@code null} (its UTF-8 bytes in a BYTES field), as
 * Debezium's {@code unavailable.value.placeholder} does; the header lists it too. A {@link
 * StreamedLob} is read whole into its {@code string} or {@code bytes} field ({@link WholeLobs});
 * past the bound it is {@code LOB_OVER_LIMIT} and carries the placeholder.
 *
 * <p>A delete of a table with a key is followed by a tombstone ({@link #tombstone}): the same topic
 * and key, a null value and schema, and the delete's offset, which is what log compaction and
 * Debezium's unwrap transformation ({@code ExtractNewRecordState}) expect.
 */
final class ChangeRecords {

  /** The header listing columns whose value the record does not carry. */
  static final String UNAVAILABLE_HEADER = "redoline.unavailable";

  /** The schema-topic value: a table layout version, names and types only. */
  static final Schema LAYOUT_SCHEMA =
      SchemaBuilder.struct()
          .name("dev.redoline.connect.TableLayout")
          .version(1)
          .field("table", Schema.STRING_SCHEMA)
          .field("pdb", Schema.OPTIONAL_STRING_SCHEMA)
          .field("schema", Schema.STRING_SCHEMA)
          .field("name", Schema.STRING_SCHEMA)
          .field("version", Schema.INT32_SCHEMA)
          .field("scn", Schema.STRING_SCHEMA)
          .field("primary_key", SchemaBuilder.array(Schema.STRING_SCHEMA).build())
          .field(
              "columns",
              SchemaBuilder.array(
                      SchemaBuilder.struct()
                          .name("dev.redoline.connect.Column")
                          .field("name", Schema.STRING_SCHEMA)
                          .field("position", Schema.INT32_SCHEMA)
                          .field("type", Schema.STRING_SCHEMA)
                          .field("nullable", Schema.BOOLEAN_SCHEMA)
                          .build())
                  .build())
          .build();

  private final TopicNames topics;
  private final ExcludedColumns excluded;
  private final KeyColumns keys;
  private final Clock clock;
  private final String version;
  private final Map<String, Object> partition;
  private final ColumnTypes.Modes modes;

  /** {@code cdc.lob.unavailable.value}: what an unknown LOB field carries. */
  private final String unavailableValue;

  /** {@code cdc.lob.max.bytes}, 0 for none: a {@link StreamedLob} is read whole up to it. */
  private final long lobMaxBytes;

  private final Map<TableId, Map<Integer, TableSchema>> schemas = new HashMap<>();

  /** The transaction whose changes {@link #perTable} counts. */
  private String currentXid;

  private final Map<TableId, Long> perTable = new HashMap<>();

  /** The text of the last change's commit: the changes of one transaction share it. */
  private SourceBlock.CommitText commitText;

  private static final Field TRANSACTION_ID = TableSchema.TRANSACTION.field("id");
  private static final Field TRANSACTION_TOTAL_ORDER = TableSchema.TRANSACTION.field("total_order");
  private static final Field TRANSACTION_TABLE_ORDER =
      TableSchema.TRANSACTION.field("data_collection_order");

  /** With the defaults of {@code cdc.lob.unavailable.value} and {@code cdc.lob.max.bytes}. */
  ChangeRecords(
      TopicNames topics, ExcludedColumns excluded, KeyColumns keys, Clock clock, String version) {
    this(
        topics,
        excluded,
        keys,
        clock,
        version,
        ColumnTypes.Modes.DEFAULT,
        dev.redoline.core.CdcConfig.LOB_UNAVAILABLE_VALUE.defaultText(),
        Long.parseLong(dev.redoline.core.CdcConfig.LOB_MAX_BYTES.defaultText()));
  }

  /**
   * @param lobMaxBytes {@code cdc.lob.max.bytes}: how much of a {@link StreamedLob} a record
   *     carries
   */
  ChangeRecords(
      TopicNames topics,
      ExcludedColumns excluded,
      KeyColumns keys,
      Clock clock,
      String version,
      ColumnTypes.Modes modes,
      String unavailableValue,
      long lobMaxBytes) {
    this.lobMaxBytes = lobMaxBytes;
    this.unavailableValue = unavailableValue;
    this.modes = modes;
    this.topics = topics;
    this.excluded = excluded;
    this.keys = keys;
    this.clock = clock;
    this.version = version;
    this.partition = OffsetCodec.toPartition(topics.prefix());
  }

  /** Remembers a layout version so changes decoded with it can be mapped. */
  TableSchema register(TableLayout layout) {
    TableSchema schema =
        TableSchema.of(layout, topics.table(layout.table()), excluded, keys.of(layout), modes);
    schemas.computeIfAbsent(layout.table(), t -> new HashMap<>()).put(layout.version(), schema);
    return schema;
  }

  /** The schema-topic record of a layout version (which is also remembered). */
  SourceRecord layout(SchemaEvent event) {
    TableLayout layout = event.layout();
    register(layout);
    List<Struct> columns = new ArrayList<>();
    Schema columnSchema = LAYOUT_SCHEMA.field("columns").schema().valueSchema();
    for (Column c : layout.columns()) {
      columns.add(
          new Struct(columnSchema)
              .put("name", c.name())
              .put("position", c.position())
              .put("type", c.type().toString())
              .put("nullable", c.nullable()));
    }
    Struct value =
        new Struct(LAYOUT_SCHEMA)
            .put("table", layout.table().toString())
            .put("pdb", layout.table().pdb())
            .put("schema", layout.table().owner())
            .put("name", layout.table().table())
            .put("version", layout.version())
            .put("scn", event.scn().toString())
            .put("primary_key", layout.primaryKey())
            .put("columns", columns);
    return new SourceRecord(
        partition,
        OffsetCodec.toOffset(event.position()),
        topics.schema(),
        null,
        Schema.STRING_SCHEMA,
        layout.table().toString(),
        LAYOUT_SCHEMA,
        value,
        clock.millis());
  }

  /** The record of one change. */
  SourceRecord change(ChangeEvent event) {
    Change change = event.change();
    TableSchema schema = schema(change.table(), change.layoutVersion());
    ConnectHeaders headers = new ConnectHeaders();
    StringBuilder unavailable = new StringBuilder();
    Struct before = row(schema, change.before(), "before", unavailable);
    Struct after = row(schema, change.after(), "after", unavailable);
    if (unavailable.length() > 0) {
      headers.addString(UNAVAILABLE_HEADER, unavailable.toString());
    }
    if (commitText == null || commitText.commit() != event.commit()) {
      commitText = SourceBlock.CommitText.of(event.commit());
    }
    Instant now = clock.instant();
    // by position (TableSchema.of builds the envelope in this order): a put by name looks it up
    List<Field> fields = schema.envelope().fields();
    Struct value =
        new Struct(schema.envelope())
            .put(fields.get(0), before)
            .put(fields.get(1), after)
            .put(fields.get(2), SourceBlock.of(event, topics.prefix(), version, commitText))
            .put(fields.get(3), String.valueOf(change.operation().code()))
            .put(fields.get(4), now.toEpochMilli())
            .put(fields.get(5), now.getEpochSecond() * 1_000_000 + now.getNano() / 1000)
            .put(fields.get(6), now.getEpochSecond() * 1_000_000_000 + now.getNano());
    if (event.snapshot() == null) {
      value.put(fields.get(7), transactionBlock(event));
    }
    Struct key = key(schema, change.operation() == Operation.DELETE ? before : after);
    return new SourceRecord(
        partition,
        OffsetCodec.toOffset(event.position()),
        schema.topic(),
        null,
        schema.keySchema(),
        key,
        schema.envelope(),
        value,
        event.commit().time().toEpochMilli(),
        headers);
  }

  /**
   * The tombstone that follows a delete record: same partition, offset, topic and key; no value, no
   * value schema and no headers. {@code null} when the delete has no key (a table without a primary
   * key or {@code cdc.message.key.columns}): compaction cannot remove what has no key.
   */
  static SourceRecord tombstone(SourceRecord delete) {
    if (delete.key() == null) {
      return null;
    }
    return new SourceRecord(
        delete.sourcePartition(),
        delete.sourceOffset(),
        delete.topic(),
        delete.kafkaPartition(),
        delete.keySchema(),
        delete.key(),
        null,
        null,
        delete.timestamp());
  }

  /**
   * The {@code transaction} block. {@code data_collection_order} is the engine's place of the
   * change among its table's changes in the transaction, exact after a restart in its middle; an
   * event that does not carry it (one made by hand) is counted among those this task handed out.
   */
  private Struct transactionBlock(ChangeEvent event) {
    String xid = commitText.txId();
    if (!xid.equals(currentXid) || event.index() == 0) {
      currentXid = xid;
      perTable.clear();
    }
    long counted = perTable.merge(event.change().table(), 1L, Long::sum);
    long inTable = event.tableOrder() > 0 ? event.tableOrder() : counted;
    return new Struct(TableSchema.TRANSACTION)
        .put(TRANSACTION_ID, xid)
        .put(TRANSACTION_TOTAL_ORDER, event.index() + 1)
        .put(TRANSACTION_TABLE_ORDER, inTable);
  }

  private TableSchema schema(TableId table, int layoutVersion) {
    TableSchema schema = schemas.getOrDefault(table, Map.of()).get(layoutVersion);
    if (schema == null) {
      throw new CdcException(
          ErrorCode.INTERNAL_ERROR,
          "a change of "
              + table
              + " uses layout version "
              + layoutVersion
              + ", which no schema event announced");
    }
    return schema;
  }

  private Struct row(TableSchema schema, Row row, String image, StringBuilder unavailable) {
    if (row == null) {
      return null;
    }
    Struct struct = new Struct(schema.rowSchema());
    // the row schema's fields are the columns in order (TableSchema.of): no lookup by name
    List<Field> fields = schema.rowSchema().fields();
    int[] columns = schema.columns();
    for (int i = 0; i < columns.length; i++) {
      int index = columns[i];
      Column column = schema.layout().column(index);
      Field field = fields.get(i);
      Object slot = index < row.size() ? row.get(index) : Absent.NOT_LOGGED;
      if (slot instanceof StreamedLob lob) {
        slot = WholeLobs.read(lob, lobMaxBytes); // a record carries whole values
      }
      if (slot instanceof Absent || slot instanceof Marker) {
        if (slot != Absent.EXCLUDED) {
          unavailable
              .append(unavailable.length() == 0 ? "" : ",")
              .append(image)
              .append('.')
              .append(column.name())
              .append('=')
              .append(slot);
        }
        if ((slot == Absent.NOT_LOGGED || slot == Marker.LOB_OVER_LIMIT) && isLob(column)) {
          struct.put(
              field,
              field.schema().type() == Schema.Type.BYTES
                  ? unavailableValue.getBytes(java.nio.charset.StandardCharsets.UTF_8)
                  : unavailableValue);
        }
        continue;
      }
      struct.put(field, ColumnTypes.value(column, field.schema(), slot));
    }
    return struct;
  }

  private static boolean isLob(Column column) {
    return switch (column.type().kind()) {
      case CLOB, NCLOB, BLOB, XMLTYPE -> true;
      default -> false;
    };
  }

  private static Struct key(TableSchema schema, Struct image) {
    if (schema.keySchema() == null || image == null) {
      return null;
    }
    Struct key = new Struct(schema.keySchema());
    for (Field f : schema.keySchema().fields()) {
      key.put(f, image.get(f.name()));
    }
    return key;
  }

  /** The source partition of every record of this capture. */
  Map<String, Object> partition() {
    return partition;
  }

  /** The offset of {@code position}. */
  static Map<String, Object> offset(Position position) {
    return OffsetCodec.toOffset(position);
  }
}
