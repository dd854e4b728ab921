package dev.redoline.core;

import static dev.redoline.core.ConfigKey.Group.BUFFER;
import static dev.redoline.core.ConfigKey.Group.CAPTURE;
import static dev.redoline.core.ConfigKey.Group.CONNECT;
import static dev.redoline.core.ConfigKey.Group.DATABASE;
import static dev.redoline.core.ConfigKey.Group.DELIVERY;
import static dev.redoline.core.ConfigKey.Group.DIAGNOSTICS;
import static dev.redoline.core.ConfigKey.Group.EMBEDDED;
import static dev.redoline.core.ConfigKey.Group.MINING;
import static dev.redoline.core.ConfigKey.Group.TOPICS;
import static dev.redoline.core.ConfigKey.Importance.HIGH;
import static dev.redoline.core.ConfigKey.Importance.LOW;
import static dev.redoline.core.ConfigKey.Importance.MEDIUM;

import dev.redoline.core.ConfigKey.Type;
import dev.redoline.core.ConfigKey.Validator;
import dev.redoline.core.internal.Checks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A validated capture configuration. Every key is declared once, below, as a {@link ConfigKey};
 * Connect's {@code ConfigDef}, the embedded builder and {@code docs/configuration.md} are made from
 * these declarations.
 *
 * <pre>{@code
 * CdcConfig config = CdcConfig.from(Map.of(
 *     "cdc.database.url", "jdbc:redoline:sim:demo",
 *     "cdc.tables.include", "SHOP.*"));
 * int threads = config.get(CdcConfig.MINING_DECODE_THREADS);   // 2, the default
 * }</pre>
 *
 * <p>Keys outside the {@code cdc.} namespace are ignored (Connect passes its own); an unknown
 * {@code cdc.} key is an error (CDC-4002) that suggests the closest known key, because typos are
 * the most common misconfiguration. {@link #toString()} hides secrets.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because it is the one list of keys: each of the 61 {@link ConfigKey} declarations
 * carries its type, default, validator, importance, group and documentation, and Connect's {@code
 * ConfigDef}, the embedded builder and the generated docs all read them here. Parsing and the
 * checks of single values live in {@link ConfigKey} and {@code ConfigShapes}; what remains below
 * the declarations is the cross-key checks and the accessors.
 */
public final class CdcConfig {

  /** The namespace of Redoline's keys. */
  public static final String PREFIX = "cdc.";

  // ---- Database ----------------------------------------------------------------------------

  public static final ConfigKey<String> DATABASE_URL =
      new ConfigKey<>(
          "cdc.database.url",
          Type.STRING,
          null,
          Validator.databaseUrl(),
          HIGH,
          DATABASE,
          "JDBC URL of the database to capture from, e.g. jdbc:oracle:thin:@//db:1521/ORCLCDB (the root "
              + "container in a CDB). jdbc:redoline:sim:<workload> runs on the Oracle simulator in this JVM "
              + "(workloads: demo, stress; needs cdc-simulator on the class path), "
              + "jdbc:redoline:sim://127.0.0.1:<port>/<workload> on a simulator server. Messages and logs show "
              + "credentials and connection properties in the URL as ***.");
  public static final ConfigKey<String> DATABASE_USER =
      new ConfigKey<>(
          "cdc.database.user",
          Type.STRING,
          "",
          Validator.any(),
          HIGH,
          DATABASE,
          "The capture user (a common user such as C##REDOLINE in a CDB).");
  public static final ConfigKey<Secret> DATABASE_PASSWORD =
      new ConfigKey<>(
          "cdc.database.password",
          Type.PASSWORD,
          "",
          Validator.any(),
          HIGH,
          DATABASE,
          "The capture user's password. Never printed: logs and messages show [hidden].");
  public static final ConfigKey<List<String>> DATABASE_PDBS =
      new ConfigKey<>(
          "cdc.database.pdbs",
          Type.LIST,
          "",
          Validator.names(),
          HIGH,
          DATABASE,
          "Pluggable databases whose redo is captured, mined from the root container. Empty for a "
              + "non-container database.");
  public static final ConfigKey<String> DATABASE_TIME_ZONE =
      new ConfigKey<>(
          "cdc.database.time.zone",
          Type.STRING,
          "",
          Validator.timeZone(),
          LOW,
          DATABASE,
          "Time zone of the database server's clock (a zone id such as Europe/Paris or an offset such as "
              + "+02:00). LogMiner reports change times in server local time; this turns them into instants. "
              + "Empty asks the database: DBTIMEZONE when it is a region whose offset is the server clock's "
              + "(SYSTIMESTAMP's), else that clock's current offset, read again at every step. Set a region when "
              + "the server's clock follows daylight saving time and DBTIMEZONE is not its region.");

  // ---- Capture -----------------------------------------------------------------------------

  public static final ConfigKey<String> CAPTURE_MODE =
      new ConfigKey<>(
          "cdc.capture.mode",
          Type.STRING,
          "online",
          Validator.oneOf("online", "archive_only"),
          HIGH,
          CAPTURE,
          "online mines archived logs plus the online logs not archived yet, so changes arrive as soon as "
              + "they are written. archive_only mines archived logs only: a change becomes visible once "
              + "its log is archived; on RAC, once every open thread has archived redo up to its commit (a "
              + "thread whose archived log reaches past the others' holds back only the commits at or above "
              + "its own first commit in that log).");
  public static final ConfigKey<List<String>> TABLES_INCLUDE =
      new ConfigKey<>(
          "cdc.tables.include",
          Type.LIST,
          null,
          Validator.tablePatterns(true),
          HIGH,
          CAPTURE,
          "Tables to capture: comma-separated patterns over [PDB.]SCHEMA.TABLE, where * matches any run of "
              + "characters. A table created later that matches is captured from its first row.");
  public static final ConfigKey<List<String>> TABLES_EXCLUDE =
      new ConfigKey<>(
          "cdc.tables.exclude",
          Type.LIST,
          "",
          Validator.tablePatterns(false),
          MEDIUM,
          CAPTURE,
          "Tables not to capture even when cdc.tables.include matches them; same pattern syntax.");
  public static final ConfigKey<List<String>> COLUMNS_EXCLUDE =
      new ConfigKey<>(
          "cdc.columns.exclude",
          Type.LIST,
          "",
          Validator.columnPatterns(),
          MEDIUM,
          CAPTURE,
          "Columns dropped at parse time: patterns over [PDB.]SCHEMA.TABLE.COLUMN. An excluded value is "
              + "never converted, buffered, spilled, journaled, logged or delivered.");
  public static final ConfigKey<List<String>> COLUMNS_MASK_HASH =
      new ConfigKey<>(
          "cdc.columns.mask.hash",
          Type.LIST,
          "",
          Validator.columnPatterns(),
          MEDIUM,
          CAPTURE,
          "Character columns whose values are replaced at parse time by the lower-case hex SHA-256 of "
              + "cdc.columns.mask.hash.salt followed by the value (UTF-8); same patterns as cdc.columns.exclude. "
              + "Equal values hash equal, so joins still work. The raw value is never buffered, spilled, "
              + "journaled, logged or delivered. A matching column that is not a character column is excluded.");
  public static final ConfigKey<Secret> COLUMNS_MASK_HASH_SALT =
      new ConfigKey<>(
          "cdc.columns.mask.hash.salt",
          Type.PASSWORD,
          "",
          Validator.any(),
          MEDIUM,
          CAPTURE,
          "The salt hashed before each value of cdc.columns.mask.hash, so hashes cannot be looked up in a "
              + "precomputed table. Hidden like a password.");
  public static final ConfigKey<List<String>> COLUMNS_TRUNCATE =
      new ConfigKey<>(
          "cdc.columns.truncate",
          Type.LIST,
          "",
          Validator.lengthRules(),
          MEDIUM,
          CAPTURE,
          "Character columns cut at parse time to at most N characters: comma-separated PATTERN:N, e.g. "
              + "SHOP.CUSTOMERS.NOTES:20, with the patterns of cdc.columns.exclude. The cut-off part is never "
              + "buffered, spilled, journaled, logged or delivered. Other column types are not changed.");
  public static final ConfigKey<Boolean> NUMBER_ONE_AS_BOOLEAN =
      new ConfigKey<>(
          "cdc.number.one.as.boolean",
          Type.BOOLEAN,
          "false",
          Validator.any(),
          MEDIUM,
          CAPTURE,
          "true decodes every NUMBER(1) column as a boolean, as Debezium's NumberOneToBooleanConverter does: "
              + "a value above 0 is true, 0 or below false. false keeps NUMBER(1) a number.");
  public static final ConfigKey<Boolean> DECODE_RELAXED_QUOTES =
      new ConfigKey<>(
          "cdc.decode.relaxed.quotes",
          Type.BOOLEAN,
          "false",
          Validator.any(),
          LOW,
          CAPTURE,
          "true reads a single quote inside a SQL_REDO literal that LogMiner did not double as part of the value "
              + "when what follows it cannot follow a literal; false stops such a row with CDC-3005.");
  public static final ConfigKey<Boolean> LOB_ENABLED =
      new ConfigKey<>(
          "cdc.lob.enabled",
          Type.BOOLEAN,
          "true",
          Validator.any(),
          MEDIUM,
          CAPTURE,
          "true assembles the content of CLOB, NCLOB, BLOB, XMLTYPE and extended-string columns from LogMiner's LOB "
              + "rows (SEL_LOB_LOCATOR, LOB_WRITE, LOB_TRIM, LOB_ERASE, XML DOC and 32K rows) into the change they belong "
              + "to; false leaves those rows out of the mining query, so the database does not send them, and delivers an "
              + "out-of-line value as its EMPTY_CLOB/EMPTY_BLOB marker.");
  public static final ConfigKey<Long> LOB_MAX_BYTES =
      new ConfigKey<>(
          "cdc.lob.max.bytes",
          Type.LONG,
          "16777216",
          Validator.range(0, Long.MAX_VALUE),
          MEDIUM,
          CAPTURE,
          "The largest LOB value a change carries, in bytes (2 per character for CLOB and NCLOB); 0 for no bound. A "
              + "larger value is delivered as the LOB_OVER_LIMIT marker, never cut short; its further writes are skipped "
              + "unread. A CLOB, NCLOB or BLOB past cdc.lob.stream.threshold.bytes is kept in a file, so the bound can be "
              + "far above the heap; XMLTYPE and JSON documents are whole on the heap, and at most 2 GiB whatever this "
              + "says. The Connect connector reads a streamed value whole into its record: there Kafka's message size is "
              + "the real bound.");
  public static final ConfigKey<Long> LOB_STREAM_THRESHOLD_BYTES =
      new ConfigKey<>(
          "cdc.lob.stream.threshold.bytes",
          Type.LONG,
          "1048576",
          Validator.range(0, Integer.MAX_VALUE),
          MEDIUM,
          CAPTURE,
          "A CLOB, NCLOB or BLOB value assembled from LOB rows that grows past this many bytes (2 per character) moves "
              + "from the heap to a file in cdc.buffer.spill.dir, its later writes applied in the file, and is delivered "
              + "as a StreamedLob read through a stream until its transaction is acknowledged. The threshold used is the "
              + "lower of this and cdc.buffer.memory.max.bytes, so a LOB larger than the buffer's memory always streams; "
              + "0 streams every such value.");
  public static final ConfigKey<List<String>> USERS_EXCLUDE =
      new ConfigKey<>(
          "cdc.users.exclude",
          Type.LIST,
          "",
          Validator.names(),
          MEDIUM,
          CAPTURE,
          "Database users whose transactions are not captured: filtered in the LogMiner query, and per "
              + "transaction by the user its START row names, since LogMiner shows USERNAME UNKNOWN on rows mined "
              + "in a later session than the START. A transaction begun before the capture's first mined log "
              + "is told by the user of its session (V$TRANSACTION joined with V$SESSION), read at every step; "
              + "one that began before the capture and ended while it was stopped cannot be told apart. Their DDL "
              + "is still read, since it changes the captured tables (a partition a loader adds), but a TRUNCATE "
              + "they run is not delivered.");
  public static final ConfigKey<List<String>> SKIPPED_OPERATIONS =
      new ConfigKey<>(
          "cdc.skipped.operations",
          Type.LIST,
          "t",
          Validator.itemsOf("none", "c", "u", "d", "t", "none"),
          MEDIUM,
          CAPTURE,
          "Operations not captured, as Debezium's skipped.operations: c inserts, u updates, d deletes, t "
              + "truncates, or none. A skipped change is dropped before the transaction buffer (it is never "
              + "decoded, buffered, spilled or journaled) and positions move past it as past any other row. The "
              + "default skips truncates, as Debezium does; none captures every operation.");
  public static final ConfigKey<String> ARCHIVE_DESTINATION =
      new ConfigKey<>(
          "cdc.archive.destination",
          Type.STRING,
          "",
          Validator.emptyOr(
              "LOG_ARCHIVE_DEST_([1-9]|[12][0-9]|3[01])", "LOG_ARCHIVE_DEST_1 to _31"),
          MEDIUM,
          CAPTURE,
          "The archive destination (e.g. LOG_ARCHIVE_DEST_1) whose copies of archived logs are mined. "
              + "Empty chooses the first valid local destination.");
  public static final ConfigKey<String> START_SCN =
      new ConfigKey<>(
          "cdc.start.scn",
          Type.STRING,
          "current",
          (key, value, shown) -> {
            if (!value.equals("current")) {
              try {
                Scn.parse(value.toString());
              } catch (IllegalArgumentException e) {
                throw new ConfigException(
                    ErrorCode.INVALID_CONFIGURATION,
                    key,
                    shown,
                    "must be 'current' or an SCN (unsigned decimal)");
              }
            }
          },
          MEDIUM,
          CAPTURE,
          "Where a capture without a stored position starts: 'current' (the database's current SCN) or "
              + "an SCN. Ignored once a position is stored.");
  public static final ConfigKey<String> SNAPSHOT_MODE =
      new ConfigKey<>(
          "cdc.snapshot.mode",
          Type.STRING,
          "initial",
          Validator.oneOf("initial", "no_data", "initial_only", "when_needed"),
          HIGH,
          CAPTURE,
          "Whether the rows that already exist are delivered (as op 'r' records, docs/snapshots.md): initial "
              + "snapshots every captured table without a completed snapshot, then streams; no_data only streams; "
              + "initial_only snapshots, then stops; when_needed is initial, and also starts over with a new "
              + "snapshot when the stored position's redo is gone (instead of stopping with CDC-2002). A first "
              + "start snapshots only with cdc.start.scn=current.");
  public static final ConfigKey<Integer> SNAPSHOT_CHUNK_ROWS =
      new ConfigKey<>(
          "cdc.snapshot.chunk.rows",
          Type.INT,
          "5000",
          Validator.range(1, 1_000_000),
          MEDIUM,
          CAPTURE,
          "Most rows of one snapshot chunk: one SELECT ... AS OF SCN in key order, held in memory until the "
              + "stream reaches its SCN. Undo must cover one chunk's read, never the whole snapshot.");

  // ---- Mining ------------------------------------------------------------------------------

  public static final ConfigKey<Long> MINING_TARGET_LATENCY_MS =
      new ConfigKey<>(
          "cdc.mining.target.latency.ms",
          Type.LONG,
          "1000",
          Validator.range(1, Long.MAX_VALUE),
          MEDIUM,
          MINING,
          "A step that finishes faster than this lets the next one cover twice as many logs.");
  public static final ConfigKey<Integer> MINING_MAX_LOGS_PER_STEP =
      new ConfigKey<>(
          "cdc.mining.max.logs.per.step",
          Type.INT,
          "16",
          Validator.range(1, 1024),
          MEDIUM,
          MINING,
          "The most redo logs per thread one step reads.");
  public static final ConfigKey<Long> MINING_QUERY_TIMEOUT_MS =
      new ConfigKey<>(
          "cdc.mining.query.timeout.ms",
          Type.LONG,
          "120000",
          Validator.range(1000, Long.MAX_VALUE),
          MEDIUM,
          MINING,
          "A mining query running longer is cancelled and the next step covers half as many logs.");
  public static final ConfigKey<Long> MINING_SESSION_MAX_AGE_MS =
      new ConfigKey<>(
          "cdc.mining.session.max.age.ms",
          Type.LONG,
          "600000",
          Validator.range(1000, Long.MAX_VALUE),
          MEDIUM,
          MINING,
          "The LogMiner session is restarted after this long, to release the memory it accumulates.");
  public static final ConfigKey<Integer> MINING_DECODE_THREADS =
      new ConfigKey<>(
          "cdc.mining.decode.threads",
          Type.INT,
          "2",
          Validator.range(1, 64),
          MEDIUM,
          MINING,
          "Threads decoding a step of 256 rows or more; smaller steps decode on the mining thread.");
  public static final ConfigKey<Integer> MINING_FETCH_SIZE =
      new ConfigKey<>(
          "cdc.mining.fetch.size",
          Type.INT,
          "10000",
          Validator.range(1, 1_000_000),
          LOW,
          MINING,
          "Rows fetched per round trip from V$LOGMNR_CONTENTS.");
  public static final ConfigKey<Long> MINING_IDLE_MS =
      new ConfigKey<>(
          "cdc.mining.idle.ms",
          Type.LONG,
          "500",
          Validator.range(0, 60_000),
          LOW,
          MINING,
          "How long the engine waits before the next step once it has caught up with the database.");
  public static final ConfigKey<Long> MINING_LGWR_MAX_DELAY_MS =
      new ConfigKey<>(
          "cdc.mining.lgwr.max.delay.ms",
          Type.LONG,
          "3000",
          Validator.range(1000, 600_000),
          LOW,
          MINING,
          "The longest a commit's redo can wait in an instance's log buffer before LGWR writes it "
              + "(Oracle's LGWR writes at least every three seconds). A RAC thread whose written redo has "
              + "not moved for this long stops holding back the other threads' commits, and a step starts "
              + "no later than redo this old. Raise it when log writes can stall longer (slow log devices, "
              + "long 'log file parallel write' waits): a thread written later than this makes commits "
              + "arrive out of commit order, each delivered late and reported as a COMMIT_OUT_OF_ORDER ops event, "
              + "never dropped (a thread whose written redo moves after standing still for half this long makes "
              + "the next step mine its logs from their first SCN).");
  public static final ConfigKey<Integer> MINING_REMINE_MAX_ATTEMPTS =
      new ConfigKey<>(
          "cdc.mining.remine.max.attempts",
          Type.INT,
          "5",
          Validator.range(1, 100),
          LOW,
          MINING,
          "How many times in a row one step is mined again after a LogMiner error that re-mining fixes "
              + "(CDC-1002) before the capture stops.");
  public static final ConfigKey<Long> MINING_STEP_MEMORY_MAX_BYTES =
      new ConfigKey<>(
          "cdc.mining.step.memory.max.bytes",
          Type.LONG,
          "134217728",
          Validator.range(1024, Long.MAX_VALUE),
          MEDIUM,
          MINING,
          "Heap one step's mined rows may take (estimated at twice their SQL text plus 400 bytes a row); "
              + "the rows beyond it go to an enciphered step file in cdc.buffer.spill.dir, read back once the whole "
              + "step is read. Applying such a step holds up to one and a quarter times this much.");
  public static final ConfigKey<Integer> MINING_SESSIONS =
      new ConfigKey<>(
          "cdc.mining.sessions",
          Type.INT,
          "1",
          Validator.range(1, 16),
          MEDIUM,
          MINING,
          "LogMiner sessions that may mine one step at once, each on its own connection over a contiguous "
              + "SCN range of the step's logs; the rows are merged in redo order and applied as one session's. "
              + "Used only while a step holds an archived log (a backlog), whose online logs are then shared "
              + "too; a step of online logs only (a capture that keeps up) is mined by one session. Each "
              + "session costs the database a connection, up to a CPU and its LogMiner memory "
              + "(docs/performance-catchup.md). 1 keeps the single session.");

  // ---- Transaction buffer ------------------------------------------------------------------

  public static final ConfigKey<Long> BUFFER_MEMORY_MAX_BYTES =
      new ConfigKey<>(
          "cdc.buffer.memory.max.bytes",
          Type.LONG,
          "268435456",
          Validator.range(1024, Long.MAX_VALUE),
          HIGH,
          BUFFER,
          "Heap the transaction buffer may use for open transactions; past it the largest "
              + "transactions spill to files in cdc.buffer.spill.dir.");
  public static final ConfigKey<String> BUFFER_SPILL_DIR =
      new ConfigKey<>(
          "cdc.buffer.spill.dir",
          Type.STRING,
          "",
          Validator.any(),
          MEDIUM,
          BUFFER,
          "Directory of spill files (created owner-only; emptied on start, so never shared by two "
              + "captures). Empty means redoline-spill/<cdc.topic.prefix> in the system temporary directory.");
  public static final ConfigKey<Long> BUFFER_JOURNAL_AFTER_MS =
      new ConfigKey<>(
          "cdc.buffer.journal.after.ms",
          Type.LONG,
          "300000",
          Validator.range(0, Long.MAX_VALUE),
          MEDIUM,
          BUFFER,
          "A transaction open longer than this is journaled, so the restart position can move "
              + "past its first change. 0 journals every open transaction at each step.");
  public static final ConfigKey<Integer> BUFFER_JOURNAL_AFTER_LOGS =
      new ConfigKey<>(
          "cdc.buffer.journal.after.logs",
          Type.INT,
          "4",
          Validator.range(1, 1_000_000),
          LOW,
          BUFFER,
          "A transaction whose first change is this many redo logs behind the cursor is journaled, "
              + "whatever its age.");
  public static final ConfigKey<Long> BUFFER_ORPHAN_CHECK_MS =
      new ConfigKey<>(
          "cdc.buffer.orphan.check.interval.ms",
          Type.LONG,
          "60000",
          Validator.range(1000, Long.MAX_VALUE),
          LOW,
          BUFFER,
          "How often buffered transactions are compared with the database's active "
              + "transactions to find orphans (transactions whose end will never be seen).");

  // ---- Delivery and errors -----------------------------------------------------------------

  public static final ConfigKey<Integer> QUEUE_MAX_RECORDS =
      new ConfigKey<>(
          "cdc.queue.max.records",
          Type.INT,
          "8192",
          Validator.range(16, 10_000_000),
          MEDIUM,
          DELIVERY,
          "Changes waiting for the sink, a transaction counting as many as it has; when full, mining waits. "
              + "A transaction larger than this waits for an empty queue and passes alone, its changes streamed "
              + "from the buffer. Bounds memory whatever the database does.");
  public static final ConfigKey<Long> HEARTBEAT_INTERVAL_MS =
      new ConfigKey<>(
          "cdc.heartbeat.interval.ms",
          Type.LONG,
          "10000",
          Validator.range(0, Long.MAX_VALUE),
          MEDIUM,
          DELIVERY,
          "A heartbeat carrying the current position every this many milliseconds, so stored positions keep "
              + "moving on a quiet database. 0 disables heartbeats.");
  public static final ConfigKey<Long> RETRY_MAX_TIME_MS =
      new ConfigKey<>(
          "cdc.retry.max.time.ms",
          Type.LONG,
          "300000",
          Validator.range(0, Long.MAX_VALUE),
          MEDIUM,
          DELIVERY,
          "How long transient database errors (CDC-1001) are retried with backoff before the capture stops.");
  public static final ConfigKey<Long> RETRY_BACKOFF_INITIAL_MS =
      new ConfigKey<>(
          "cdc.retry.backoff.initial.ms",
          Type.LONG,
          "500",
          Validator.range(1, Long.MAX_VALUE),
          LOW,
          DELIVERY,
          "First wait before reconnecting; it doubles on each failure in a row, and a failed step that had fetched "
              + "rows starts the waits over at this value.");
  public static final ConfigKey<Long> RETRY_BACKOFF_MAX_MS =
      new ConfigKey<>(
          "cdc.retry.backoff.max.ms",
          Type.LONG,
          "30000",
          Validator.range(1, Long.MAX_VALUE),
          LOW,
          DELIVERY,
          "The longest wait between reconnection attempts.");
  public static final ConfigKey<String> ON_DECODE_ERROR =
      new ConfigKey<>(
          "cdc.on.decode.error",
          Type.STRING,
          "fail",
          Validator.oneOf("fail", "dlq"),
          HIGH,
          DELIVERY,
          "What a row that cannot be decoded does: fail stops the capture with its CDC-3xxx code; dlq sends "
              + "the raw row and its error to the dead letter destination with an ops event and goes on.");

  // ---- Kafka topics ------------------------------------------------------------------------

  public static final ConfigKey<String> TOPIC_PREFIX =
      new ConfigKey<>(
          "cdc.topic.prefix",
          Type.STRING,
          "redoline",
          Validator.nonEmpty(),
          HIGH,
          TOPICS,
          "Prefix of every topic name the connector writes; identifies this capture.");
  public static final ConfigKey<String> TOPIC_TEMPLATE =
      new ConfigKey<>(
          "cdc.topic.template",
          Type.STRING,
          "${prefix}.${pdb}.${schema}.${table}",
          Validator.template("${prefix}", "${pdb}", "${schema}", "${table}"),
          MEDIUM,
          TOPICS,
          "Topic of a table's change records. ${prefix}, ${pdb}, ${schema} and ${table} are replaced; in a "
              + "non-container database ${pdb}. is dropped.");
  public static final ConfigKey<String> TOPIC_HEARTBEAT =
      new ConfigKey<>(
          "cdc.topic.heartbeat",
          Type.STRING,
          "${prefix}.heartbeat",
          Validator.template("${prefix}"),
          LOW,
          TOPICS,
          "Topic of heartbeat records.");
  public static final ConfigKey<String> TOPIC_SCHEMA =
      new ConfigKey<>(
          "cdc.topic.schema",
          Type.STRING,
          "${prefix}.schema",
          Validator.template("${prefix}"),
          LOW,
          TOPICS,
          "Topic of table layouts, one record per table version (names and types, never values).");
  public static final ConfigKey<String> TOPIC_JOURNAL =
      new ConfigKey<>(
          "cdc.topic.journal",
          Type.STRING,
          "${prefix}.journal",
          Validator.template("${prefix}"),
          LOW,
          TOPICS,
          "Compacted topic journaling the buffered changes of long-running transactions.");
  public static final ConfigKey<String> TOPIC_DLQ =
      new ConfigKey<>(
          "cdc.topic.dlq",
          Type.STRING,
          "${prefix}.dlq",
          Validator.template("${prefix}"),
          LOW,
          TOPICS,
          "Dead letter topic for rows that cannot be decoded, with cdc.on.decode.error=dlq.");
  public static final ConfigKey<String> TOPIC_OPS =
      new ConfigKey<>(
          "cdc.topic.ops",
          Type.STRING,
          "${prefix}.ops",
          Validator.template("${prefix}"),
          LOW,
          TOPICS,
          "Topic of operational events: dead letters, orphaned transactions, window and session changes.");
  public static final ConfigKey<String> KAFKA_BOOTSTRAP_SERVERS =
      new ConfigKey<>(
          "cdc.kafka.bootstrap.servers",
          Type.STRING,
          "",
          Validator.hostPorts(),
          MEDIUM,
          TOPICS,
          "Kafka brokers (host:port,...) the connector's own clients use for the schema topic read-back, the "
              + "journal topic and topic creation; usually the same as the Connect worker's bootstrap.servers.");
  public static final ConfigKey<Secret> KAFKA_CLIENT_CONFIG =
      new ConfigKey<>(
          "cdc.kafka.client.config",
          Type.PASSWORD,
          "",
          (key, value, shown) -> kafkaClientConfig(key, (Secret) value),
          MEDIUM,
          TOPICS,
          "Further settings of the connector's own Kafka clients, as name=value pairs separated by ';', e.g. "
              + "security.protocol=SASL_SSL;sasl.mechanism=PLAIN;sasl.jaas.config=... Hidden like a password, "
              + "since it usually holds credentials.");
  public static final ConfigKey<String> MESSAGE_KEY_COLUMNS =
      new ConfigKey<>(
          "cdc.message.key.columns",
          Type.STRING,
          "",
          Validator.keyColumns(),
          MEDIUM,
          TOPICS,
          "Key columns for tables without a primary key (or to override it): "
              + "SCHEMA.TABLE:COL1,COL2;SCHEMA.OTHER:COL3. Snapshots read such a table in the order of these "
              + "columns; a table with neither is read in ROWID order.");
  public static final ConfigKey<String> SIGNAL_TOPIC =
      new ConfigKey<>(
          "cdc.signal.topic",
          Type.STRING,
          "",
          Validator.any(),
          LOW,
          CONNECT,
          "A Kafka topic the connector reads signals from: JSON {\"type\":\"snapshot\",\"tables\":[\"SHOP.ORDERS\"],"
              + "\"filter\":\"STATUS = 'NEW'\"} snapshots tables while streaming; {\"type\":\"pause\"} and "
              + "{\"type\":\"resume\"} hold and release delivery. Empty reads no signals.");

  // ---- Kafka Connect records --------------------------------------------------------------

  public static final ConfigKey<Boolean> TOMBSTONES_ON_DELETE =
      new ConfigKey<>(
          "cdc.tombstones.on.delete",
          Type.BOOLEAN,
          "true",
          Validator.any(),
          MEDIUM,
          CONNECT,
          "Whether a delete record is followed by a tombstone (same key, null value) in the same Kafka "
              + "transaction, so log compaction removes the deleted key. Tables without a key get none.");
  public static final ConfigKey<Boolean> TRANSACTION_METADATA =
      new ConfigKey<>(
          "cdc.transaction.metadata",
          Type.BOOLEAN,
          "false",
          Validator.any(),
          MEDIUM,
          CONNECT,
          "true writes a BEGIN and an END record per Oracle transaction to <cdc.topic.prefix>.transaction, as "
              + "Debezium's provide.transaction.metadata does: the XID, the number of changes and, on END, the count "
              + "per table. They are in the same Kafka transaction as the changes under exactly-once delivery.");
  public static final ConfigKey<String> DECIMAL_HANDLING_MODE =
      new ConfigKey<>(
          "cdc.decimal.handling.mode",
          Type.STRING,
          "precise",
          Validator.oneOf("precise", "double", "string"),
          MEDIUM,
          CONNECT,
          "How NUMBER values with a fraction (or without declared precision) are written: precise as "
              + "Connect Decimal (or VariableScaleDecimal), double as FLOAT64 (may lose digits), string as "
              + "plain decimal text. Whole-number columns stay integers.");
  public static final ConfigKey<String> BINARY_HANDLING_MODE =
      new ConfigKey<>(
          "cdc.binary.handling.mode",
          Type.STRING,
          "bytes",
          Validator.oneOf("bytes", "base64", "hex"),
          MEDIUM,
          CONNECT,
          "How RAW, LONG RAW and BLOB values are written: bytes as BYTES, base64 or hex as STRING text.");
  public static final ConfigKey<String> LOB_UNAVAILABLE_VALUE =
      new ConfigKey<>(
          "cdc.lob.unavailable.value",
          Type.STRING,
          "__debezium_unavailable_value",
          Validator.any(),
          LOW,
          CONNECT,
          "What a record carries in a CLOB, NCLOB, BLOB or XMLTYPE field whose content is not "
              + "known (not logged, or over cdc.lob.max.bytes); BLOB fields carry its UTF-8 bytes. The same "
              + "placeholder as Debezium's unavailable.value.placeholder.");

  // ---- Diagnostics ------------------------------------------------------------------------

  public static final ConfigKey<String> RECORDING_DIR =
      new ConfigKey<>(
          "cdc.recording.dir",
          Type.STRING,
          "",
          Validator.any(),
          LOW,
          DIAGNOSTICS,
          "Directory where the capture records what it reads from the database: every statement the gateway "
              + "runs (log inventory, dictionary, LogMiner calls, mined rows, snapshot chunks) with its binds, "
              + "the values it read and its errors, as gzip parts (docs/recording.md). Excluded columns are "
              + "recorded as NULL and masked columns masked, as at parse time. The Oracle simulator replays a "
              + "recording as a database (jdbc:redoline:sim:replay?file=<dir>). Empty records nothing.");
  public static final ConfigKey<Long> RECORDING_MAX_BYTES =
      new ConfigKey<>(
          "cdc.recording.max.bytes",
          Type.LONG,
          "268435456",
          Validator.range(1_048_576, Long.MAX_VALUE),
          LOW,
          DIAGNOSTICS,
          "The most bytes the parts in cdc.recording.dir take together: a part is closed at an eighth of "
              + "this and the oldest parts are deleted, so the recording keeps the latest statements.");

  public static final ConfigKey<Long> BACKLOG_GROWTH_WARN_MS =
      new ConfigKey<>(
          "cdc.backlog.growth.warn.ms",
          Type.LONG,
          "900000",
          Validator.range(0, Long.MAX_VALUE),
          LOW,
          DIAGNOSTICS,
          "An ops event BACKLOG_GROWING and a WARN when the backlog (archived logs not yet mined, or the time "
              + "behind by more than a minute) has stayed above where it was for longer than this many "
              + "milliseconds: once per episode, which ends when the backlog is back down. 0 disables the warning.");

  // ---- Embedded engine ---------------------------------------------------------------------

  public static final ConfigKey<String> STATE_DIR =
      new ConfigKey<>(
          "cdc.state.dir",
          Type.STRING,
          "redoline-state",
          Validator.nonEmpty(),
          HIGH,
          EMBEDDED,
          "Directory of the embedded engine's offset file, schema history, journal and dead letters.");

  public static final ConfigKey<Long> OFFSET_FLUSH_INTERVAL_MS =
      new ConfigKey<>(
          "cdc.offset.flush.interval.ms",
          Type.LONG,
          "1000",
          Validator.range(0, 3_600_000),
          MEDIUM,
          EMBEDDED,
          "The embedded engine writes and syncs its offset file at most this often (and after "
              + "cdc.offset.flush.max.transactions transactions, and on stop). After a crash, the transactions "
              + "handled since the last write are delivered again. 0 writes after every transaction.");
  public static final ConfigKey<Integer> OFFSET_FLUSH_MAX_TRANSACTIONS =
      new ConfigKey<>(
          "cdc.offset.flush.max.transactions",
          Type.INT,
          "10000",
          Validator.range(1, 100_000_000),
          LOW,
          EMBEDDED,
          "The most transactions handled between two writes of the offset file; 1 writes after every "
              + "transaction.");

  /** Every key, in documentation order. */
  public static final List<ConfigKey<?>> KEYS =
      List.of(
          DATABASE_URL,
          DATABASE_USER,
          DATABASE_PASSWORD,
          DATABASE_PDBS,
          DATABASE_TIME_ZONE,
          CAPTURE_MODE,
          TABLES_INCLUDE,
          TABLES_EXCLUDE,
          COLUMNS_EXCLUDE,
          COLUMNS_MASK_HASH,
          COLUMNS_MASK_HASH_SALT,
          COLUMNS_TRUNCATE,
          NUMBER_ONE_AS_BOOLEAN,
          DECODE_RELAXED_QUOTES,
          LOB_ENABLED,
          LOB_MAX_BYTES,
          LOB_STREAM_THRESHOLD_BYTES,
          USERS_EXCLUDE,
          SKIPPED_OPERATIONS,
          ARCHIVE_DESTINATION,
          START_SCN,
          SNAPSHOT_MODE,
          SNAPSHOT_CHUNK_ROWS,
          MINING_TARGET_LATENCY_MS,
          MINING_MAX_LOGS_PER_STEP,
          MINING_QUERY_TIMEOUT_MS,
          MINING_SESSION_MAX_AGE_MS,
          MINING_DECODE_THREADS,
          MINING_FETCH_SIZE,
          MINING_IDLE_MS,
          MINING_LGWR_MAX_DELAY_MS,
          MINING_REMINE_MAX_ATTEMPTS,
          MINING_STEP_MEMORY_MAX_BYTES,
          MINING_SESSIONS,
          BUFFER_MEMORY_MAX_BYTES,
          BUFFER_SPILL_DIR,
          BUFFER_JOURNAL_AFTER_MS,
          BUFFER_JOURNAL_AFTER_LOGS,
          BUFFER_ORPHAN_CHECK_MS,
          QUEUE_MAX_RECORDS,
          HEARTBEAT_INTERVAL_MS,
          RETRY_MAX_TIME_MS,
          RETRY_BACKOFF_INITIAL_MS,
          RETRY_BACKOFF_MAX_MS,
          ON_DECODE_ERROR,
          RECORDING_DIR,
          RECORDING_MAX_BYTES,
          BACKLOG_GROWTH_WARN_MS,
          TOPIC_PREFIX,
          TOPIC_TEMPLATE,
          TOPIC_HEARTBEAT,
          TOPIC_SCHEMA,
          TOPIC_JOURNAL,
          TOPIC_DLQ,
          TOPIC_OPS,
          KAFKA_BOOTSTRAP_SERVERS,
          KAFKA_CLIENT_CONFIG,
          MESSAGE_KEY_COLUMNS,
          SIGNAL_TOPIC,
          TOMBSTONES_ON_DELETE,
          TRANSACTION_METADATA,
          DECIMAL_HANDLING_MODE,
          BINARY_HANDLING_MODE,
          LOB_UNAVAILABLE_VALUE,
          STATE_DIR,
          OFFSET_FLUSH_INTERVAL_MS,
          OFFSET_FLUSH_MAX_TRANSACTIONS);

  private static final Map<String, ConfigKey<?>> BY_NAME = index();

  private final Map<String, String> originals;
  private final Map<String, Object> values;

  private CdcConfig(Map<String, String> originals, Map<String, Object> values) {
    this.originals = originals;
    this.values = values;
  }

  private static Map<String, ConfigKey<?>> index() {
    Map<String, ConfigKey<?>> byName = new LinkedHashMap<>();
    for (ConfigKey<?> key : KEYS) {
      if (byName.put(key.name(), key) != null) {
        throw new ExceptionInInitializerError("Key declared twice: " + key.name());
      }
    }
    return Collections.unmodifiableMap(byName);
  }

  /**
   * Parses and validates a configuration. Values may be strings or anything whose {@code
   * toString()} is the text (Connect hands over strings).
   *
   * @throws ConfigException for the first problem found; {@link #problems} lists them all
   */
  public static CdcConfig from(Map<String, ?> settings) {
    List<ConfigException> problems = new ArrayList<>();
    CdcConfig config = parse(settings, problems);
    if (!problems.isEmpty()) {
      throw problems.get(0);
    }
    return config;
  }

  /** Every problem of a configuration, in key order; empty when it is valid. */
  public static List<ConfigException> problems(Map<String, ?> settings) {
    List<ConfigException> problems = new ArrayList<>();
    parse(settings, problems);
    return List.copyOf(problems);
  }

  /**
   * The keys set in {@code settings} that {@code sink} does not read because they belong to the
   * other sink (e.g. {@code cdc.state.dir} given to Kafka Connect); the caller warns and ignores
   * them.
   */
  public static List<String> otherSinkKeys(Map<String, ?> settings, ConfigKey.Sink sink) {
    List<String> other = new ArrayList<>();
    for (String name : new TreeMap<>(settings).keySet()) {
      ConfigKey<?> key = BY_NAME.get(name);
      if (key != null && key.sink() != ConfigKey.Sink.BOTH && key.sink() != sink) {
        other.add(name);
      }
    }
    return other;
  }

  /** The declaration of a key, or {@code null} when there is none. */
  public static ConfigKey<?> key(String name) {
    return BY_NAME.get(name);
  }

  private static CdcConfig parse(Map<String, ?> settings, List<ConfigException> problems) {
    Checks.notNull(settings, "settings");
    Map<String, String> originals = new TreeMap<>();
    settings.forEach(
        (k, v) -> {
          if (k.startsWith(PREFIX) && v != null) {
            originals.put(k, v.toString());
          }
        });
    for (String name : originals.keySet()) {
      if (!BY_NAME.containsKey(name)) {
        String closest = KeySuggester.closest(name, BY_NAME.keySet());
        problems.add(
            new ConfigException(
                ErrorCode.UNKNOWN_CONFIGURATION_KEY,
                name,
                null,
                "is not a Redoline key"
                    + (closest == null ? "" : "; did you mean " + closest + "?")));
      }
    }
    Map<String, Object> values = new LinkedHashMap<>();
    for (ConfigKey<?> key : KEYS) {
      String text = originals.get(key.name());
      if (text == null) {
        text = key.defaultText();
      }
      if (text == null) {
        problems.add(
            new ConfigException(
                ErrorCode.INVALID_CONFIGURATION, key.name(), null, "is required: " + key.doc()));
        continue;
      }
      String shown = shown(key, text);
      try {
        Object value = parse(key, text, shown);
        key.validator().check(key.name(), value, shown);
        values.put(key.name(), value);
      } catch (ConfigException e) {
        problems.add(e);
      }
    }
    crossCheck(values, problems);
    return new CdcConfig(
        Collections.unmodifiableMap(originals), Collections.unmodifiableMap(values));
  }

  /** Rules between keys, each reported on the key a user would change. */
  private static void crossCheck(Map<String, Object> values, List<ConfigException> problems) {
    if (values.get(RETRY_BACKOFF_INITIAL_MS.name()) instanceof Long initial
        && values.get(RETRY_BACKOFF_MAX_MS.name()) instanceof Long max
        && initial > max) {
      problems.add(
          new ConfigException(
              ErrorCode.INVALID_CONFIGURATION,
              RETRY_BACKOFF_INITIAL_MS.name(),
              initial.toString(),
              "must not exceed " + RETRY_BACKOFF_MAX_MS.name() + " (" + max + ")"));
    }
  }

  /** Parses a key's text; a value of the wrong type is reported with what the key allows. */
  private static Object parse(ConfigKey<?> key, String text, String shown) {
    try {
      return key.type().parse(key.name(), text);
    } catch (ConfigException e) {
      String allowed = key.validator().describe();
      throw new ConfigException(
          ErrorCode.INVALID_CONFIGURATION,
          key.name(),
          shown,
          "is not a valid "
              + key.type().name().toLowerCase(java.util.Locale.ROOT)
              + (allowed.isEmpty() ? "" : "; allowed: " + allowed));
    }
  }

  /**
   * Parses {@code name=value;name=value} pairs (the value of {@link #KAFKA_CLIENT_CONFIG}); a value
   * may contain '='.
   *
   * @throws ConfigException naming the key (never the value, which holds secrets) when a pair has
   *     no name or no '='
   */
  public static Map<String, String> kafkaClientConfig(String key, Secret value) {
    Map<String, String> pairs = new LinkedHashMap<>();
    int index = 0;
    for (String pair : value.reveal().split(";")) {
      index++;
      if (pair.isBlank()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq <= 0 || pair.substring(0, eq).isBlank()) {
        throw new ConfigException(
            ErrorCode.INVALID_CONFIGURATION,
            key,
            "[hidden]",
            "pair " + index + " is not name=value (pairs are separated by ';')");
      }
      pairs.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
    }
    return pairs;
  }

  /**
   * Parses {@code [PDB.]SCHEMA.TABLE:COL1,COL2;...} (the value of {@link #MESSAGE_KEY_COLUMNS}):
   * per table, its key columns in order.
   *
   * @throws ConfigException naming the entry at fault
   */
  public static Map<TableId, List<String>> keyColumns(String value) {
    return ConfigShapes.keyColumns(MESSAGE_KEY_COLUMNS.name(), Checks.notNull(value, "value"));
  }

  /** The value of a key: the given one, or its default. */
  @SuppressWarnings("unchecked")
  public <T> T get(ConfigKey<T> key) {
    Object value = values.get(key.name());
    if (value == null && !values.containsKey(key.name())) {
      throw new IllegalArgumentException("Not a declared key: " + key.name());
    }
    return (T) value;
  }

  /** A copy with one key set, validated again. */
  public CdcConfig with(String key, String value) {
    Map<String, String> next = new TreeMap<>(originals);
    next.put(key, value);
    return from(next);
  }

  /**
   * The {@code cdc.*} settings as given, as strings: what a Connect task config carries. Secrets
   * are in clear text here; never log this map.
   */
  public Map<String, String> originals() {
    return originals;
  }

  /**
   * The text of a setting as a message or log line may show it: a password as {@code [hidden]}, a
   * database URL without the credentials or connection properties it may hold ({@code
   * jdbc:oracle:thin:***@//db:1521/ORCL}), any other value as it is.
   */
  public static String shown(ConfigKey<?> key, String text) {
    if (key.type() == Type.PASSWORD) {
      return "[hidden]";
    }
    return key == DATABASE_URL ? ConfigShapes.shownUrl(text) : text;
  }

  /** The given settings with secrets hidden. */
  @Override
  public String toString() {
    Map<String, String> shown = new TreeMap<>();
    originals.forEach(
        (k, v) -> {
          ConfigKey<?> key = BY_NAME.get(k);
          shown.put(k, key == null ? v : shown(key, v));
        });
    return "CdcConfig" + shown;
  }
}
