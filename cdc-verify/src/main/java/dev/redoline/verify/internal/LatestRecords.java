package dev.redoline.verify.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Scn;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.storage.Converter;

/**
 * A table's topic read as the latest record per key, up to end offsets fixed before any topic is
 * read, so the tables of one verification are one state of the topics: a key whose latest record is
 * a delete ({@code op} {@code d}) or a tombstone is gone, a truncate ({@code t}) empties the table,
 * and every other record's {@code after} is the key's row. The highest {@code source.commit_scn}
 * read is the SCN the topics hold every change up to.
 *
 * <p>Read with {@code read_committed}: with exactly-once delivery an Oracle transaction is one
 * Kafka transaction, so a reader sees it whole or not at all.
 */
public final class LatestRecords {

  /** The header naming the slots a change record does not carry (docs/record-format.md). */
  static final String UNAVAILABLE_HEADER = "redoline.unavailable";

  /** Bound on polls in a row that bring nothing while the end is not reached (each 200 ms). */
  private static final int MAX_EMPTY_POLLS = 300;

  /** A record key compared by its bytes, as the broker compacts it. */
  public record Key(ByteBuffer bytes) {
    public byte[] toArray() {
      byte[] b = new byte[bytes.remaining()];
      bytes.duplicate().get(b);
      return b;
    }
  }

  private final String topic;
  private final Map<Key, Object> rows = new LinkedHashMap<>();
  private Scn highest;
  private long bytes;

  private LatestRecords(String topic) {
    this.topic = topic;
  }

  /** The end offsets of every partition of {@code topics} (a topic that does not exist: none). */
  public static Map<TopicPartition, Long> ends(
      KafkaConsumer<byte[], byte[]> consumer, List<String> topics) {
    List<TopicPartition> partitions = new ArrayList<>();
    for (String topic : topics) {
      List<PartitionInfo> infos = consumer.listTopics(Duration.ofSeconds(30)).get(topic);
      if (infos != null) {
        infos.forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
      }
    }
    return new HashMap<>(consumer.endOffsets(partitions, Duration.ofSeconds(30)));
  }

  /**
   * Reads {@code topic} from its start to the offsets of {@code ends}, decoding each value with the
   * first of {@code converters} that reads it.
   */
  public static LatestRecords read(
      KafkaConsumer<byte[], byte[]> consumer,
      String topic,
      Map<TopicPartition, Long> ends,
      List<Converter> converters) {
    LatestRecords latest = new LatestRecords(topic);
    List<TopicPartition> partitions =
        ends.keySet().stream().filter(p -> p.topic().equals(topic)).toList();
    if (partitions.isEmpty()) {
      return latest;
    }
    try {
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      int empty = 0;
      while (!atEnd(consumer, partitions, ends)) {
        if (empty >= MAX_EMPTY_POLLS) {
          throw new CdcException(
              ErrorCode.VERIFY_TARGET_UNREADABLE,
              "topic "
                  + topic
                  + " did not reach its end offsets "
                  + ends
                  + " in "
                  + MAX_EMPTY_POLLS
                  + " polls of 200 ms");
        }
        var batch = consumer.poll(Duration.ofMillis(200));
        empty = batch.isEmpty() ? empty + 1 : 0;
        for (ConsumerRecord<byte[], byte[]> r : batch) {
          if (r.offset() < ends.get(new TopicPartition(r.topic(), r.partition()))) {
            latest.add(r, converters);
          }
        }
      }
    } catch (KafkaException e) {
      throw new CdcException(
          ErrorCode.VERIFY_TARGET_UNREADABLE,
          "cannot read topic " + topic + ": " + e.getMessage(),
          e);
    }
    return latest;
  }

  private static boolean atEnd(
      KafkaConsumer<byte[], byte[]> consumer,
      List<TopicPartition> partitions,
      Map<TopicPartition, Long> ends) {
    for (TopicPartition p : partitions) {
      if (consumer.position(p) < ends.get(p)) {
        return false;
      }
    }
    return true;
  }

  private void add(ConsumerRecord<byte[], byte[]> r, List<Converter> converters) {
    bytes += (r.key() == null ? 0 : r.key().length) + (r.value() == null ? 0 : r.value().length);
    if (r.key() == null) {
      if (r.value() != null && "t".equals(op(decode(r, converters)))) {
        rows.clear(); // a truncate: its record has no key
      }
      return; // a table without a key: nothing to compare by
    }
    Key key = new Key(ByteBuffer.wrap(r.key()));
    if (r.value() == null) {
      rows.remove(key);
      return;
    }
    Object envelope = decode(r, converters);
    Object source = RecordValues.field(envelope, "source");
    Object commit = source == null ? null : RecordValues.field(source, "commit_scn");
    if (commit != null) {
      Scn scn = Scn.parse(commit.toString());
      highest = highest == null || scn.compareTo(highest) > 0 ? scn : highest;
    }
    Object after = RecordValues.field(envelope, "after");
    Object previous = rows.remove(key); // keeps the map in the order keys were last written
    if (after != null && !"d".equals(op(envelope))) {
      rows.put(key, keepingUnavailable(after, previous, unavailable(r)));
    }
  }

  /** The {@code after} columns the record's {@code redoline.unavailable} header lists. */
  private static List<String> unavailable(ConsumerRecord<byte[], byte[]> r) {
    Header h = r.headers().lastHeader(UNAVAILABLE_HEADER);
    if (h == null || h.value() == null) {
      return List.of();
    }
    List<String> columns = new ArrayList<>();
    for (String item : new String(h.value(), StandardCharsets.UTF_8).split(",")) {
      int eq = item.lastIndexOf('=');
      String slot = eq < 0 ? item : item.substring(0, eq);
      if (slot.startsWith("after.")) {
        columns.add(slot.substring("after.".length()));
      }
    }
    return columns;
  }

  /** {@code after} with each of {@code unavailable} taken from the key's previous row. */
  private static Object keepingUnavailable(
      Object after, Object previous, List<String> unavailable) {
    if (unavailable.isEmpty()) {
      return after;
    }
    Map<String, Object> row = new HashMap<>();
    if (after instanceof Struct s) {
      s.schema().fields().forEach(f -> row.put(f.name(), s.get(f)));
    } else {
      ((Map<?, ?>) after).forEach((k, v) -> row.put(String.valueOf(k), v));
    }
    for (String column : unavailable) {
      row.put(column, previous == null ? null : RecordValues.field(previous, column));
    }
    return row;
  }

  private static Object op(Object envelope) {
    return RecordValues.field(envelope, "op");
  }

  private Object decode(ConsumerRecord<byte[], byte[]> r, List<Converter> converters) {
    RuntimeException last = null;
    for (Converter c : converters) {
      try {
        return c.toConnectData(topic, r.value()).value();
      } catch (DataException e) {
        last = e;
      }
    }
    throw new CdcException(
        ErrorCode.VERIFY_TARGET_UNREADABLE,
        "topic "
            + topic
            + " partition "
            + r.partition()
            + " offset "
            + r.offset()
            + ": no converter reads the record (set value.converter as the connector's)",
        last);
  }

  /** The rows: each key's latest {@code after}, a Struct or a Map. */
  public Map<Key, Object> rows() {
    return rows;
  }

  /** The highest commit SCN of the records read, or null when none carried one. */
  public Scn highestCommit() {
    return highest;
  }

  /** The bytes of the keys and values read. */
  public long bytes() {
    return bytes;
  }

  public String topic() {
    return topic;
  }
}
