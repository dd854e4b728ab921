package dev.redoline.connect;

import dev.redoline.core.CdcException;
import dev.redoline.core.Column;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.LayoutVersion;
import dev.redoline.core.OracleType;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.verify.KafkaTarget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.storage.Converter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the schema topic back on start: the latest layout version of every table the capture
 * announced, which the engine continues numbering from ({@code
 * CaptureEngine.builder().knownLayouts}), so a layout version means the same columns across
 * restarts.
 *
 * <pre>{@code
 * List<TableLayout> known = LayoutHistory.read(clientProps, "shop.schema", LayoutHistory.converters(taskProps));
 * }</pre>
 *
 * <p>The records were written by Connect through the connector's value converter, so they are read
 * back through the same one: the {@code value.converter} of the connector's configuration, or, when
 * the connector does not set one, Kafka's {@code JsonConverter} with and then without embedded
 * schemas (the usual worker defaults). A record none of them reads is skipped with a warning naming
 * its offset; set {@code value.converter} on the connector to avoid it.
 */
final class LayoutHistory {

  private static final Logger LOG = LoggerFactory.getLogger(LayoutHistory.class);

  /** Bound on empty polls while reading to the end of the topic (each up to 200 ms). */
  private static final int MAX_EMPTY_POLLS = 300;

  private LayoutHistory() {}

  /** The converters to try, in order, for a connector configured with {@code props}. */
  static List<Converter> converters(Map<String, String> props) {
    return KafkaTarget.converters(props);
  }

  /**
   * The latest layout of each table in the schema topic (absent topic: none).
   *
   * @throws CdcException CDC-4001 when the brokers cannot be read
   */
  static List<TableLayout> read(
      Map<String, Object> clientProps, String topic, List<Converter> converters) {
    Map<TableId, TableLayout> latest = new HashMap<>();
    for (LayoutVersion stored : readAll(clientProps, topic, converters)) {
      latest.merge(
          stored.layout().table(), stored.layout(), (a, b) -> a.version() >= b.version() ? a : b);
    }
    return List.copyOf(latest.values());
  }

  /**
   * Every layout record of the schema topic, in topic order (absent topic: none).
   *
   * @throws CdcException CDC-4001 when the brokers cannot be read, or the topic not to its end
   */
  static List<LayoutVersion> readAll(
      Map<String, Object> clientProps, String topic, List<Converter> converters) {
    return readAll(clientProps, topic, converters, MAX_EMPTY_POLLS);
  }

  /**
   * As {@link #readAll(Map, String, List)}, giving up after {@code maxEmptyPolls} empty polls in a
   * row.
   */
  static List<LayoutVersion> readAll(
      Map<String, Object> clientProps,
      String topic,
      List<Converter> converters,
      int maxEmptyPolls) {
    List<LayoutVersion> all = new ArrayList<>();
    Map<String, Object> props = new HashMap<>(clientProps);
    props.put("isolation.level", "read_committed");
    props.put("enable.auto.commit", false);
    props.put("client.id", "redoline-schema-reader");
    TopicPartition partition = new TopicPartition(topic, 0);
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      if (consumer.partitionsFor(topic, Duration.ofSeconds(30)).isEmpty()) {
        return List.of();
      }
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      long end = consumer.endOffsets(List.of(partition)).get(partition);
      int empty = 0;
      while (consumer.position(partition) < end && empty < maxEmptyPolls) {
        var batch = consumer.poll(Duration.ofMillis(200));
        empty = batch.isEmpty() ? empty + 1 : 0;
        for (ConsumerRecord<byte[], byte[]> r : batch) {
          LayoutVersion stored = decode(topic, r, converters);
          if (stored != null) {
            all.add(stored);
          }
        }
      }
      if (consumer.position(partition) < end) {
        // Going on with the layouts read so far would number the next versions again.
        throw new CdcException(
            ErrorCode.INVALID_CONFIGURATION,
            "cdc.kafka.bootstrap.servers: schema topic "
                + topic
                + " read to offset "
                + consumer.position(partition)
                + " of "
                + end
                + ", then nothing came for "
                + maxEmptyPolls
                + " polls of 200 ms");
      }
    } catch (KafkaException e) {
      throw new CdcException(
          ErrorCode.INVALID_CONFIGURATION,
          "cdc.kafka.bootstrap.servers: cannot read schema topic " + topic + ": " + e.getMessage(),
          e);
    }
    return all;
  }

  private static LayoutVersion decode(
      String topic, ConsumerRecord<byte[], byte[]> record, List<Converter> converters) {
    if (record.value() == null) {
      return null;
    }
    RuntimeException last = null;
    for (Converter c : converters) {
      try {
        Object value = c.toConnectData(topic, record.value()).value();
        return new LayoutVersion(layout(value), Scn.parse(Fields.of(value).text("scn")));
      } catch (DataException
          | IllegalArgumentException
          | ClassCastException
          | NullPointerException e) {
        last = e;
      }
    }
    LOG.warn(
        "Schema topic {} offset {}: not a readable layout record, skipped ({}); set value.converter on the "
            + "connector so it can be read back",
        topic,
        record.offset(),
        last == null ? "" : last.getMessage());
    return null;
  }

  /**
   * A layout from the value {@link ChangeRecords#LAYOUT_SCHEMA} describes, as a Struct or a Map.
   */
  static TableLayout layout(Object value) {
    Fields v = Fields.of(value);
    TableId table = new TableId(v.text("pdb"), v.text("schema"), v.text("name"));
    List<Column> columns = new ArrayList<>();
    for (Object c : v.list("columns")) {
      Fields col = Fields.of(c);
      columns.add(
          new Column(
              col.text("name"),
              col.number("position").intValue(),
              OracleType.parse(col.text("type")),
              (Boolean) col.get("nullable")));
    }
    List<String> key = v.list("primary_key").stream().map(String::valueOf).toList();
    return new TableLayout(table, v.number("version").intValue(), columns, key);
  }

  /** Field access over a Connect Struct or the Map a schemaless converter gives. */
  private record Fields(Struct struct, Map<?, ?> map) {
    static Fields of(Object value) {
      if (value instanceof Struct s) {
        return new Fields(s, null);
      }
      if (value instanceof Map<?, ?> m) {
        return new Fields(null, m);
      }
      throw new IllegalArgumentException("a layout record is a struct, found " + value);
    }

    Object get(String name) {
      return struct != null ? struct.get(name) : map.get(name);
    }

    String text(String name) {
      Object v = get(name);
      return v == null ? null : v.toString();
    }

    Number number(String name) {
      return (Number) get(name);
    }

    List<?> list(String name) {
      return (List<?>) get(name);
    }
  }
}
