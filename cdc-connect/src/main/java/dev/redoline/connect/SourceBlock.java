package dev.redoline.connect;

import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;

/**
 * The {@code source} block of a change record. Field names and types are those of Debezium's Oracle
 * connector where a field exists in both; {@code pdb}, {@code txSeq}, {@code tx_size}, {@code
 * tx_partial}, {@code commit_rs_id} and {@code layout_version} are Redoline's own. A snapshot row
 * has {@code snapshot} {@code first}, {@code true} or {@code last} (Debezium's values), {@code scn}
 * and {@code commit_scn} the chunk's SCN, and no transaction or redo fields.
 *
 * <pre>{@code
 * Struct source = SourceBlock.of(event, "redoline", "0.1.0");
 * source.getString("scn");          // "2161573" (SCNs are unsigned 64-bit, so text)
 * }</pre>
 */
final class SourceBlock {

  static final Schema SCHEMA =
      SchemaBuilder.struct()
          .name("dev.redoline.connect.Source")
          .version(1)
          .field("version", Schema.STRING_SCHEMA)
          .field("connector", Schema.STRING_SCHEMA)
          .field("name", Schema.STRING_SCHEMA)
          .field("ts_ms", Schema.INT64_SCHEMA)
          .field("snapshot", SchemaBuilder.string().optional().defaultValue("false").build())
          .field("db", Schema.OPTIONAL_STRING_SCHEMA)
          .field("sequence", Schema.OPTIONAL_STRING_SCHEMA)
          .field("ts_us", Schema.OPTIONAL_INT64_SCHEMA)
          .field("ts_ns", Schema.OPTIONAL_INT64_SCHEMA)
          .field("schema", Schema.STRING_SCHEMA)
          .field("table", Schema.STRING_SCHEMA)
          .field("txId", Schema.OPTIONAL_STRING_SCHEMA)
          .field("scn", Schema.OPTIONAL_STRING_SCHEMA)
          .field("commit_scn", Schema.OPTIONAL_STRING_SCHEMA)
          .field("lcr_position", Schema.OPTIONAL_STRING_SCHEMA)
          .field("rs_id", Schema.OPTIONAL_STRING_SCHEMA)
          .field("ssn", Schema.OPTIONAL_INT64_SCHEMA)
          .field("redo_thread", Schema.OPTIONAL_INT32_SCHEMA)
          .field("user_name", Schema.OPTIONAL_STRING_SCHEMA)
          .field("redo_sql", Schema.OPTIONAL_STRING_SCHEMA)
          .field("row_id", Schema.OPTIONAL_STRING_SCHEMA)
          .field("start_scn", Schema.OPTIONAL_STRING_SCHEMA)
          .field("commit_ts_ms", Schema.OPTIONAL_INT64_SCHEMA)
          .field("start_ts_ms", Schema.OPTIONAL_INT64_SCHEMA)
          .field("pdb", Schema.OPTIONAL_STRING_SCHEMA)
          .field("txSeq", Schema.OPTIONAL_INT64_SCHEMA)
          .field("tx_size", Schema.OPTIONAL_INT64_SCHEMA)
          .field("tx_partial", Schema.OPTIONAL_STRING_SCHEMA)
          .field("commit_rs_id", Schema.OPTIONAL_STRING_SCHEMA)
          .field("layout_version", Schema.OPTIONAL_INT32_SCHEMA)
          .optional() // Debezium's envelope declares it required; optional lets tombstone-free
          // transforms drop it
          .build();

  /** The value of the {@code connector} field. */
  static final String CONNECTOR = "redoline";

  private SourceBlock() {}

  static Struct of(ChangeEvent event, String serverName, String version) {
    Change change = event.change();
    Commit commit = event.commit();
    long changeMillis = change.timestamp().toEpochMilli();
    Struct s =
        new Struct(SCHEMA)
            .put("version", version)
            .put("connector", CONNECTOR)
            .put("name", serverName)
            .put("ts_ms", changeMillis)
            .put("snapshot", "false")
            .put("db", change.table().pdb())
            .put("ts_us", changeMillis * 1000)
            .put("ts_ns", changeMillis * 1_000_000)
            .put("schema", change.table().owner())
            .put("table", change.table().table())
            .put("txId", commit.xid().toHex())
            .put("scn", change.scn().toString())
            .put("commit_scn", commit.scn().toString())
            .put("rs_id", change.address().rsId().trim())
            .put("ssn", (long) change.ssn())
            .put("redo_thread", change.address().thread())
            .put("user_name", commit.user())
            .put("row_id", change.rowId())
            .put("commit_ts_ms", commit.time().toEpochMilli())
            .put("pdb", change.table().pdb())
            .put("txSeq", event.index() + 1)
            .put("tx_size", commit.size())
            .put("tx_partial", commit.partial() == null ? null : commit.partial().name())
            .put("commit_rs_id", commit.address().rsId().trim())
            .put("layout_version", change.layoutVersion());
    if (!commit.startScn().equals(dev.redoline.core.Scn.ZERO)) {
      s.put("start_scn", commit.startScn().toString());
    }
    if (event.snapshot() != null) {
      // A snapshot row: read as of the chunk's SCN, by no transaction and from no redo.
      s.put("snapshot", event.snapshot().place().sourceValue())
          .put("txId", null)
          .put("rs_id", null)
          .put("ssn", null)
          .put("redo_thread", null)
          .put("user_name", null)
          .put("txSeq", null)
          .put("tx_size", null)
          .put("commit_rs_id", null)
          .put("start_scn", null);
    }
    return s;
  }
}
