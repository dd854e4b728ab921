package dev.redoline.connect;

import dev.redoline.core.DecodeException;
import dev.redoline.core.Position;
import dev.redoline.core.RedoRow;
import dev.redoline.logminer.DeadLetter;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.StreamEvent.Heartbeat;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * The records that are not changes: heartbeats, dead letters and ops events.
 *
 * <pre>{@code
 * ControlRecords control = new ControlRecords(topics, sqlRedoAllowed);
 * SourceRecord hb = control.heartbeat(heartbeat);                 // offset: the heartbeat's position
 * SourceRecord dlq = control.deadLetter(letter, lastPosition);    // offset: the last position handed out
 * }</pre>
 *
 * <p>A dead letter carries the raw row's coordinates and the error. Its {@code SQL_REDO} is
 * included only when {@code cdc.columns.exclude} is empty: the text of an undecodable row cannot be
 * cleaned of an excluded column's literal with certainty. The error's excerpt is always included,
 * since the decoder masks excluded literals in it.
 */
final class ControlRecords {

  static final Schema HEARTBEAT_KEY =
      SchemaBuilder.struct()
          .name("dev.redoline.connect.ServerName")
          .field("serverName", Schema.STRING_SCHEMA)
          .build();

  static final Schema HEARTBEAT_VALUE =
      SchemaBuilder.struct()
          .name("dev.redoline.connect.Heartbeat")
          .version(1)
          .field("ts_ms", Schema.INT64_SCHEMA)
          .field("resume_scn", Schema.STRING_SCHEMA)
          .field("commit_scn", Schema.OPTIONAL_STRING_SCHEMA)
          .build();

  static final Schema DEAD_LETTER =
      SchemaBuilder.struct()
          .name("dev.redoline.connect.DeadLetter")
          .version(1)
          .field("ts_ms", Schema.INT64_SCHEMA)
          .field("error_code", Schema.STRING_SCHEMA)
          .field("error", Schema.STRING_SCHEMA)
          .field("excerpt", Schema.OPTIONAL_STRING_SCHEMA)
          .field("column", Schema.OPTIONAL_STRING_SCHEMA)
          .field("pdb", Schema.OPTIONAL_STRING_SCHEMA)
          .field("schema", Schema.OPTIONAL_STRING_SCHEMA)
          .field("table", Schema.OPTIONAL_STRING_SCHEMA)
          .field("operation", Schema.STRING_SCHEMA)
          .field("scn", Schema.STRING_SCHEMA)
          .field("txId", Schema.STRING_SCHEMA)
          .field("rs_id", Schema.STRING_SCHEMA)
          .field("redo_thread", Schema.INT32_SCHEMA)
          .field("ssn", Schema.INT64_SCHEMA)
          .field("row_id", Schema.OPTIONAL_STRING_SCHEMA)
          .field("user_name", Schema.OPTIONAL_STRING_SCHEMA)
          .field("sql_redo", Schema.OPTIONAL_STRING_SCHEMA)
          .field("sql_redo_withheld", Schema.BOOLEAN_SCHEMA)
          .build();

  static final Schema OPS =
      SchemaBuilder.struct()
          .name("dev.redoline.connect.OpsEvent")
          .version(1)
          .field("type", Schema.STRING_SCHEMA)
          .field("ts_ms", Schema.INT64_SCHEMA)
          .field("server", Schema.STRING_SCHEMA)
          .field("message", Schema.STRING_SCHEMA)
          .build();

  private final TopicNames topics;
  private final boolean sqlRedoAllowed;
  private final Map<String, Object> partition;
  private final java.time.Clock clock;

  /** The time of the last heartbeat record; the next is never earlier. */
  private long lastHeartbeatMillis = Long.MIN_VALUE;

  ControlRecords(TopicNames topics, boolean sqlRedoAllowed) {
    this(topics, sqlRedoAllowed, java.time.Clock.systemUTC());
  }

  /**
   * @param clock the task's clock: a heartbeat's {@code ts_ms} is when the task sent it, as a
   *     change record's {@code ts_ms} is (the engine's clock may be a database's or a simulator's)
   */
  ControlRecords(TopicNames topics, boolean sqlRedoAllowed, java.time.Clock clock) {
    this.clock = clock;
    this.topics = topics;
    this.sqlRedoAllowed = sqlRedoAllowed;
    this.partition = OffsetCodec.toPartition(topics.prefix());
  }

  /**
   * The record of a heartbeat. Its time is the task clock's, never before the previous heartbeat's
   * (a clock stepped back repeats the previous time); its position is the engine's, which never
   * goes backwards either (see the capture's {@code Publisher}).
   */
  SourceRecord heartbeat(Heartbeat heartbeat) {
    long now = Math.max(clock.millis(), lastHeartbeatMillis);
    lastHeartbeatMillis = now;
    Struct key = new Struct(HEARTBEAT_KEY).put("serverName", topics.prefix());
    Struct value =
        new Struct(HEARTBEAT_VALUE)
            .put("ts_ms", now)
            .put("resume_scn", heartbeat.resumeScn().toString())
            .put(
                "commit_scn",
                heartbeat.commitScn() == null ? null : heartbeat.commitScn().toString());
    return new SourceRecord(
        partition,
        OffsetCodec.toOffset(heartbeat.position()),
        topics.heartbeat(),
        null,
        HEARTBEAT_KEY,
        key,
        HEARTBEAT_VALUE,
        value,
        now);
  }

  SourceRecord deadLetter(DeadLetter letter, Position position) {
    RedoRow row = letter.row();
    DecodeException error = letter.error();
    Struct value =
        new Struct(DEAD_LETTER)
            .put("ts_ms", letter.time().toEpochMilli())
            .put("error_code", error.code())
            .put("error", error.getMessage())
            .put("excerpt", error.excerpt())
            .put("column", error.column())
            .put("pdb", row.srcConName())
            .put("schema", row.segOwner())
            .put("table", row.tableName())
            .put("operation", row.operation())
            .put("scn", row.scn().toString())
            .put("txId", row.xid().toHex())
            .put("rs_id", row.address().rsId().trim())
            .put("redo_thread", row.thread())
            .put("ssn", (long) row.ssn())
            .put("row_id", row.rowId())
            .put("user_name", row.username())
            .put("sql_redo", sqlRedoAllowed ? row.sqlRedo() : null)
            .put("sql_redo_withheld", !sqlRedoAllowed);
    return new SourceRecord(
        partition,
        OffsetCodec.toOffset(position),
        topics.dlq(),
        null,
        Schema.STRING_SCHEMA,
        row.address().toString(),
        DEAD_LETTER,
        value,
        letter.time().toEpochMilli());
  }

  SourceRecord ops(OpsEvent event, Position position) {
    String type = event.type().name().toLowerCase(Locale.ROOT);
    Struct value =
        new Struct(OPS)
            .put("type", type)
            .put("ts_ms", event.time().toEpochMilli())
            .put("server", topics.prefix())
            .put("message", event.message());
    return new SourceRecord(
        partition,
        OffsetCodec.toOffset(position),
        topics.ops(),
        null,
        Schema.STRING_SCHEMA,
        type,
        OPS,
        value,
        event.time().toEpochMilli());
  }
}
