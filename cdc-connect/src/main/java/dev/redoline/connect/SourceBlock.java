package dev.redoline.connect;

import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import org.apache.kafka.connect.data.Field;
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

  // The fields by position: a put by Field skips the name lookup a put by name pays per record.
  private static final Field VERSION = SCHEMA.field("version");
  private static final Field CONNECTOR_FIELD = SCHEMA.field("connector");
  private static final Field NAME = SCHEMA.field("name");
  private static final Field TS_MS = SCHEMA.field("ts_ms");
  private static final Field SNAPSHOT = SCHEMA.field("snapshot");
  private static final Field DB = SCHEMA.field("db");
  private static final Field TS_US = SCHEMA.field("ts_us");
  private static final Field TS_NS = SCHEMA.field("ts_ns");
  private static final Field OWNER = SCHEMA.field("schema");
  private static final Field TABLE = SCHEMA.field("table");
  private static final Field TX_ID = SCHEMA.field("txId");
  private static final Field SCN = SCHEMA.field("scn");
  private static final Field COMMIT_SCN = SCHEMA.field("commit_scn");
  private static final Field RS_ID = SCHEMA.field("rs_id");
  private static final Field SSN = SCHEMA.field("ssn");
  private static final Field REDO_THREAD = SCHEMA.field("redo_thread");
  private static final Field USER_NAME = SCHEMA.field("user_name");
  private static final Field ROW_ID = SCHEMA.field("row_id");
  private static final Field START_SCN = SCHEMA.field("start_scn");
  private static final Field COMMIT_TS_MS = SCHEMA.field("commit_ts_ms");
  private static final Field PDB = SCHEMA.field("pdb");
  private static final Field TX_SEQ = SCHEMA.field("txSeq");
  private static final Field TX_SIZE = SCHEMA.field("tx_size");
  private static final Field TX_PARTIAL = SCHEMA.field("tx_partial");
  private static final Field COMMIT_RS_ID = SCHEMA.field("commit_rs_id");
  private static final Field LAYOUT_VERSION = SCHEMA.field("layout_version");

  private SourceBlock() {}

  /**
   * The text of a commit's fields, the same for every change of its transaction: made once per
   * transaction ({@link ChangeRecords} keeps the last one) rather than once per change.
   *
   * @param commit the commit it was made from
   * @param txId the transaction id in hex
   * @param commitScn the commit SCN
   * @param startScn the start SCN, or null when not known
   * @param commitRsId the commit's redo address
   * @param partial why part of the transaction is missing, or null
   */
  record CommitText(
      Commit commit,
      String txId,
      String commitScn,
      String startScn,
      String commitRsId,
      String partial) {

    static CommitText of(Commit commit) {
      return new CommitText(
          commit,
          commit.xid().toHex(),
          commit.scn().toString(),
          commit.startScn().equals(dev.redoline.core.Scn.ZERO)
              ? null
              : commit.startScn().toString(),
          commit.address().rsId().trim(),
          commit.partial() == null ? null : commit.partial().name());
    }
  }

  static Struct of(ChangeEvent event, String serverName, String version) {
    return of(event, serverName, version, CommitText.of(event.commit()));
  }

  /** The block of {@code event}, whose commit's text is {@code text}. */
  static Struct of(ChangeEvent event, String serverName, String version, CommitText text) {
    Change change = event.change();
    Commit commit = event.commit();
    long changeMillis = change.timestamp().toEpochMilli();
    // Optional fields left null are not put: an unset field is null, and each put validates.
    Struct s =
        new Struct(SCHEMA)
            .put(VERSION, version)
            .put(CONNECTOR_FIELD, CONNECTOR)
            .put(NAME, serverName)
            .put(TS_MS, changeMillis)
            .put(TS_US, changeMillis * 1000)
            .put(TS_NS, changeMillis * 1_000_000)
            .put(OWNER, change.table().owner())
            .put(TABLE, change.table().table())
            .put(SCN, change.scn().toString())
            .put(COMMIT_SCN, text.commitScn())
            .put(ROW_ID, change.rowId())
            .put(COMMIT_TS_MS, commit.time().toEpochMilli())
            .put(LAYOUT_VERSION, change.layoutVersion());
    if (change.table().pdb() != null) {
      s.put(DB, change.table().pdb()).put(PDB, change.table().pdb());
    }
    if (text.partial() != null) {
      s.put(TX_PARTIAL, text.partial());
    }
    if (event.snapshot() != null) {
      // A snapshot row: read as of the chunk's SCN, by no transaction and from no redo.
      return s.put(SNAPSHOT, event.snapshot().place().sourceValue());
    }
    s.put(SNAPSHOT, "false")
        .put(TX_ID, text.txId())
        .put(RS_ID, change.address().rsId().trim())
        .put(SSN, (long) change.ssn())
        .put(REDO_THREAD, change.address().thread())
        .put(USER_NAME, commit.user())
        .put(TX_SEQ, event.index() + 1)
        .put(TX_SIZE, commit.size())
        .put(COMMIT_RS_ID, text.commitRsId());
    if (text.startScn() != null) {
      s.put(START_SCN, text.startScn());
    }
    return s;
  }
}
