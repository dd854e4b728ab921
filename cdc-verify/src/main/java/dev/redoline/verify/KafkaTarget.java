package dev.redoline.verify;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.Column;
import dev.redoline.core.ConfigKey;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.TopicName;
import dev.redoline.verify.internal.ConnectOffsets;
import dev.redoline.verify.internal.Digests;
import dev.redoline.verify.internal.LatestRecords;
import dev.redoline.verify.internal.RecordValues;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.connect.storage.Converter;

/**
 * A target that is the connector's topics: a topic per table ({@code cdc.topic.prefix} and {@code
 * cdc.topic.template}), read as the latest record per key, a delete or a tombstone removing the
 * key, with the values read back from the connector's record format (docs/record-format.md).
 *
 * <p><b>The SCN.</b> Every change record carries its transaction's commit SCN ({@code
 * source.commit_scn}; a snapshot row the SCN its chunk was read at): the SCN the topics have
 * applied is the highest one among the records read (but see ties below). The end offsets of every
 * table's partitions are fixed in {@link #begin(List)}, before any is read, and records are read
 * {@code read_committed}, completed past those ends with the records of transactions whose commit
 * markers had not reached every partition yet, so with exactly-once delivery (an Oracle transaction
 * is part of one Kafka transaction) the topics read are one state of the copy. Several transactions
 * can commit at one SCN: unless the topics are known to hold every transaction committed at the
 * highest SCN a streamed record carries (a snapshot chunk read at it or later is in them, or the
 * stored offset names a later commit), the records of that SCN are taken back and the state is the
 * one at the SCN below.
 *
 * <p><b>The stored offset.</b> The connector's source offset (the capture position), read before
 * the end offsets are fixed, from the offsets topic the settings name ({@code
 * offsets.storage.topic} or {@code offset.storage.topic}) or from {@link #storedOffset}: every
 * commit below its last one is then in the topics read, and its snapshot progress tells which
 * tables' initial snapshot had not begun to reach them ({@link #awaitingSnapshot}).
 *
 * <pre>{@code
 * VerifyTarget target = KafkaTarget.of(
 *     Map.of("bootstrap.servers", "kafka:9092"),   // consumer settings
 *     connectorSettings);                          // the connector's: prefix, template, converters
 * }</pre>
 *
 * <p>The records are decoded with the connector's {@code value.converter} (and its {@code
 * value.converter.*} settings) when the settings name one, else with Kafka's {@code JsonConverter},
 * with and then without embedded schemas. Needs {@code kafka-clients}, {@code connect-api} and the
 * converter's jar (for JSON {@code connect-json}) on the class path: a Connect installation has
 * them.
 *
 * <p>Memory: every compared table's latest rows are held while the verification runs.
 */
public final class KafkaTarget implements VerifyTarget {

  /** The converter Connect uses when neither the connector nor the worker names another. */
  static final String JSON_CONVERTER = "org.apache.kafka.connect.json.JsonConverter";

  /** The connector's own offsets topic (exactly-once), Connect's name for the setting. */
  static final String CONNECTOR_OFFSETS_TOPIC = "offsets.storage.topic";

  /** The worker's offsets topic, Connect's name for the worker setting. */
  static final String WORKER_OFFSETS_TOPIC = "offset.storage.topic";

  private final Map<String, Object> clients;
  private final Map<String, String> connector;
  private final Function<TableId, String> topics;
  private final RecordValues values;
  private final Map<TableId, LatestRecords> read = new HashMap<>();
  private final Map<TableId, Map<List<Object>, byte[]>> keyBytes = new HashMap<>();
  private final String prefix;

  /** Where the connector's stored offset comes from; null when it cannot be read. */
  private final StoredOffset offsets;

  /** Makes a consumer of the given {@code isolation.level} (tests give mock ones). */

  /** The connector's stored offset read by the current {@link #begin(List)}, or null. */
  private Map<String, ?> offset;

  /** The SCN the topics read are the state at, or null. */
  private Scn applied;

  /**
   * The source offset Connect has stored for the connector: the capture position's map form
   * (docs/connect.md, "Offsets, exactly-once and restarts"), or null when none is stored. Inside
   * the task: {@code () -> context.offsetStorageReader().offset(partition)}.
   */
  @FunctionalInterface
  public interface StoredOffset {
    Map<String, ?> read() throws Exception;
  }

  private KafkaTarget(
      Map<String, Object> clients, Map<String, String> connector, StoredOffset offsets) {
    this.clients = Map.copyOf(clients);
    this.connector = Map.copyOf(connector);
    this.prefix = setting(connector, CdcConfig.TOPIC_PREFIX);
    String topic =
        connector.getOrDefault(CONNECTOR_OFFSETS_TOPIC, connector.get(WORKER_OFFSETS_TOPIC));
    this.offsets =
        offsets != null
            ? offsets
            : topic == null || topic.isBlank() ? null : () -> readOffsets(topic);
    String template = setting(connector, CdcConfig.TOPIC_TEMPLATE);
    this.topics = table -> TopicName.ofTable(prefix, template, table);
    this.values =
        new RecordValues(
            setting(connector, CdcConfig.DECIMAL_HANDLING_MODE),
            setting(connector, CdcConfig.BINARY_HANDLING_MODE));
  }

  /**
   * The topics the connector configured with {@code connectorSettings} writes.
   *
   * @param clients the Kafka client settings ({@code bootstrap.servers}, security)
   * @param connectorSettings the connector's configuration: {@code cdc.topic.prefix}, {@code
   *     cdc.topic.template}, {@code cdc.decimal.handling.mode}, {@code cdc.binary.handling.mode}
   *     and {@code value.converter} are read
   */
  public static KafkaTarget of(Map<String, ?> clients, Map<String, String> connectorSettings) {
    Objects.requireNonNull(clients.get("bootstrap.servers"), "bootstrap.servers is required");
    return new KafkaTarget(new HashMap<>(clients), new HashMap<>(connectorSettings), null);
  }

  /**
   * This target, with the connector's stored offset read from {@code offsets} (before the topics,
   * at each verification) instead of from an offsets topic named in the settings.
   */
  public KafkaTarget storedOffset(StoredOffset offsets) {
    return new KafkaTarget(clients, connector, Objects.requireNonNull(offsets, "offsets == null"));
  }

  /** The topics under {@code topicPrefix} with the default template and record format. */
  public static KafkaTarget of(String bootstrapServers, String topicPrefix) {
    return of(
        Map.of("bootstrap.servers", bootstrapServers),
        Map.of(CdcConfig.TOPIC_PREFIX.name(), topicPrefix));
  }

  /** The topic the connector writes {@code table}'s change records to. */
  public String topic(TableId table) {
    return topics.apply(table);
  }

  /**
   * Reads every table's topic as of one point of the connector's commit order: the committed end
   * offsets and then the written ones are fixed first (see {@link LatestRecords}).
   */
  @Override
  public void begin(List<TableId> tables) {
    close();
    List<Converter> converters = converters(connector);
    try {
      // before the topics' ends are fixed: every record the offset covers is then below them
      offset = offsets == null ? null : offsets.read();
    } catch (CdcException e) {
      throw e;
    } catch (Exception e) {
      throw new CdcException(
          ErrorCode.VERIFY_TARGET_UNREADABLE,
          "cannot read the connector's stored offset: " + e.getMessage(),
          e);
    }
    try (Consumer<byte[], byte[]> consumer = consumer("read_committed");
        Consumer<byte[], byte[]> uncommitted = consumer("read_uncommitted")) {
      Map<TableId, String> names = new LinkedHashMap<>();
      tables.forEach(t -> names.put(t, topics.apply(t)));
      List<String> topicNames = List.copyOf(names.values());
      Map<TopicPartition, Long> committed = LatestRecords.ends(consumer, topicNames);
      Map<TopicPartition, Long> written = LatestRecords.ends(uncommitted, topicNames);
      // every commit below the offset's last one was written before the ends were taken; one tied
      // with it may belong to a Kafka transaction still open
      Scn covered = below(offsetCommit(offset));
      Map<String, LatestRecords> all =
          LatestRecords.readAll(consumer, topicNames, committed, written, converters, covered);
      names.forEach((t, topic) -> read.put(t, all.get(topic)));
    }
    applied = applied(read.values(), offsetCommit(offset));
  }

  /**
   * The SCN the topics read are the state at, rolling back the records of the highest commit SCN
   * when the topics may hold only some of the transactions committed at it (see the class comment).
   * Known whole: every commit below the stored offset's last commit (its transaction came after
   * them), and every commit at or below a snapshot chunk's SCN (delivered after them).
   */
  static Scn applied(java.util.Collection<LatestRecords> topics, Scn offsetCommit) {
    Scn whole = below(offsetCommit);
    Scn streamed = null;
    for (LatestRecords l : topics) {
      whole = max(whole, l.chunks());
      streamed = max(streamed, l.streamedTop());
    }
    if (streamed == null || (whole != null && whole.compareTo(streamed) >= 0)) {
      return whole;
    }
    for (LatestRecords l : topics) {
      if (streamed.equals(l.streamedTop())) {
        l.rollBackTop();
      }
    }
    return streamed.minus(1);
  }

  /** The SCN below {@code scn}, or null for none. */
  private static Scn below(Scn scn) {
    return scn == null || scn.equals(Scn.ZERO) ? null : scn.minus(1);
  }

  private static Scn max(Scn a, Scn b) {
    return a == null ? b : b == null ? a : Scn.max(a, b);
  }

  /** The stored offset's last commit SCN ({@code commit_scn}), or null. */
  private static Scn offsetCommit(Map<String, ?> offset) {
    Object commit = offset == null ? null : offset.get("commit_scn");
    return commit == null ? null : Scn.parse(String.valueOf(commit));
  }

  @Override
  public Optional<Scn> appliedScn() {
    return Optional.ofNullable(applied);
  }

  /**
   * Always: the SCN is one the topics are known to hold every commit at (the records of a highest
   * SCN not known whole are taken back, see the class comment).
   */
  @Override
  public boolean appliedWhole() {
    return applied != null;
  }

  /**
   * From the connector's stored offset, read before the topics (so every record it covers was
   * read): it tracks snapshots and names no progress of {@code table}'s ({@link
   * VerifyTarget#initialSnapshotPending}). Without a stored offset (none configured, none stored)
   * the target cannot tell, and the table is compared.
   */
  @Override
  public boolean awaitingSnapshot(TableId table) {
    return VerifyTarget.initialSnapshotPending(offset, table);
  }

  @Override
  public void rows(TableLayout table, List<String> columns, RowReceiver receiver) {
    LatestRecords records = read.get(table.table());
    if (records == null) {
      throw new IllegalStateException("begin(tables) did not name " + table.table());
    }
    Column[] cols = new Column[columns.size()];
    for (int i = 0; i < cols.length; i++) {
      cols[i] = table.column(table.indexOf(columns.get(i)));
    }
    int[] key = table.primaryKey().stream().mapToInt(columns::indexOf).toArray();
    Map<List<Object>, byte[]> keys = new HashMap<>();
    records
        .rows()
        .forEach(
            (k, after) -> {
              Object[] row = new Object[cols.length];
              for (int i = 0; i < cols.length; i++) {
                try {
                  row[i] = values.value(cols[i].type(), RecordValues.field(after, cols[i].name()));
                } catch (RuntimeException e) {
                  // the column and its type only: the value may be masked or secret
                  throw new CdcException(
                      ErrorCode.VERIFY_TARGET_UNREADABLE,
                      "topic "
                          + records.topic()
                          + ": a value of "
                          + cols[i].name()
                          + " does not read as "
                          + cols[i].type()
                          + " ("
                          + e.getClass().getSimpleName()
                          + ")",
                      e);
                }
              }
              List<Object> keyValues = new ArrayList<>();
              for (int i : key) {
                keyValues.add(i < 0 ? null : Digests.keyValue(cols[i].type().kind(), row[i]));
              }
              keys.put(keyValues, k.toArray());
              List<String> unavailable = records.unavailable(k);
              if (unavailable.isEmpty()) {
                receiver.row(row);
              } else {
                receiver.row(row, unavailable.stream().filter(columns::contains).toList());
              }
            });
    keyBytes.put(table.table(), keys);
  }

  /**
   * Writes a tombstone for each extra key, with the key's bytes as the connector wrote them, so the
   * key is gone for a reader of the latest record per key (and for compaction).
   */
  @Override
  public boolean remove(TableLayout table, List<String> keyColumns, List<List<Object>> keys) {
    Map<List<Object>, byte[]> known = keyBytes.getOrDefault(table.table(), Map.of());
    List<byte[]> found = new ArrayList<>();
    for (List<Object> k : keys) {
      byte[] bytes = known.get(k);
      if (bytes == null) {
        return false; // not read by this target: nothing to write a tombstone with
      }
      found.add(bytes);
    }
    String topic = topics.apply(table.table());
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(clients, new ByteArraySerializer(), new ByteArraySerializer())) {
      for (byte[] k : found) {
        producer.send(new ProducerRecord<>(topic, k, null));
      }
      producer.flush();
    }
    return true;
  }

  /** Bytes of the keys and values read from the topics. */
  public long bytesRead() {
    return read.values().stream().mapToLong(LatestRecords::bytes).sum();
  }

  @Override
  public void close() {
    read.clear();
    offset = null;
    applied = null;
  }

  private Map<String, Object> readOffsets(String topic) {
    try (Consumer<byte[], byte[]> consumer = consumer("read_committed")) {
      return ConnectOffsets.read(
          consumer, topic, prefix, converter(JSON_CONVERTER, Map.of("schemas.enable", "false")));
    }
  }

  private KafkaConsumer<byte[], byte[]> consumer(String isolation) {
    Map<String, Object> props = new HashMap<>(clients);
    props.put("isolation.level", isolation);
    props.put("enable.auto.commit", false);
    String id = String.valueOf(clients.getOrDefault("client.id", "redoline-verify"));
    props.put("client.id", isolation.equals("read_committed") ? id : id + "-written");
    props.put("max.partition.fetch.bytes", 4 * 1024 * 1024);
    return new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  /** A topic or record-format setting of the connector's configuration, or its default. */
  private static String setting(Map<String, String> connector, ConfigKey<String> key) {
    return connector.getOrDefault(key.name(), key.defaultText());
  }

  /**
   * The converters to try, in order, for the records of a connector configured with {@code props}:
   * its {@code value.converter} with the {@code value.converter.*} settings, or, when it names
   * none, Kafka's {@code JsonConverter} with and then without embedded schemas (the usual worker
   * defaults).
   *
   * @throws CdcException CDC-4001 when the converter cannot be created
   */
  public static List<Converter> converters(Map<String, String> props) {
    String configured = props.get("value.converter");
    Map<String, String> settings = new HashMap<>();
    props.forEach(
        (k, v) -> {
          if (k.startsWith("value.converter.")) {
            settings.put(k.substring("value.converter.".length()), v);
          }
        });
    if (configured != null) {
      return List.of(converter(configured, settings));
    }
    Map<String, String> withSchemas = new HashMap<>(settings);
    withSchemas.put("schemas.enable", "true");
    Map<String, String> without = new HashMap<>(settings);
    without.put("schemas.enable", "false");
    return List.of(converter(JSON_CONVERTER, withSchemas), converter(JSON_CONVERTER, without));
  }

  private static Converter converter(String className, Map<String, String> settings) {
    try {
      Class<?> type = Class.forName(className, true, KafkaTarget.class.getClassLoader());
      Converter converter = (Converter) type.getDeclaredConstructor().newInstance();
      converter.configure(settings, false);
      return converter;
    } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
      throw new CdcException(
          ErrorCode.INVALID_CONFIGURATION,
          "value.converter "
              + className
              + ": cannot create it to read the connector's topics back (is its jar on the class"
              + " path?): "
              + e,
          e);
    }
  }
}
