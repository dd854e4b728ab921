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
 * applied is the highest one among the records read. The end offsets of every table's partitions
 * are fixed in {@link #begin(List)}, before any is read, and records are read {@code
 * read_committed}, completed past those ends with the records of transactions whose commit markers
 * had not reached every partition yet, so with exactly-once delivery (an Oracle transaction is part
 * of one Kafka transaction) the topics read are one state of the copy.
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

  private final Map<String, Object> clients;
  private final Map<String, String> connector;
  private final Function<TableId, String> topics;
  private final RecordValues values;
  private final Map<TableId, LatestRecords> read = new HashMap<>();
  private final Map<TableId, Map<List<Object>, byte[]>> keyBytes = new HashMap<>();

  private KafkaTarget(Map<String, Object> clients, Map<String, String> connector) {
    this.clients = Map.copyOf(clients);
    this.connector = Map.copyOf(connector);
    String prefix = setting(connector, CdcConfig.TOPIC_PREFIX);
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
    return new KafkaTarget(new HashMap<>(clients), new HashMap<>(connectorSettings));
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
    try (KafkaConsumer<byte[], byte[]> consumer = consumer("read_committed");
        KafkaConsumer<byte[], byte[]> uncommitted = consumer("read_uncommitted")) {
      Map<TableId, String> names = new LinkedHashMap<>();
      tables.forEach(t -> names.put(t, topics.apply(t)));
      List<String> topicNames = List.copyOf(names.values());
      Map<TopicPartition, Long> committed = LatestRecords.ends(consumer, topicNames);
      Map<TopicPartition, Long> written = LatestRecords.ends(uncommitted, topicNames);
      Map<String, LatestRecords> all =
          LatestRecords.readAll(consumer, topicNames, committed, written, converters);
      names.forEach((t, topic) -> read.put(t, all.get(topic)));
    }
  }

  @Override
  public Optional<Scn> appliedScn() {
    return read.values().stream()
        .map(LatestRecords::highestCommit)
        .filter(Objects::nonNull)
        .max(Scn::compareTo);
  }

  /**
   * No snapshot row in the table's topic, while a record read in any topic belongs to a transaction
   * delivered without its changes of a table still to be snapshotted.
   */
  @Override
  public boolean awaitingSnapshot(TableId table) {
    LatestRecords records = read.get(table);
    return records != null
        && !records.snapshotRead()
        && read.values().stream().anyMatch(LatestRecords::partialForSnapshot);
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
