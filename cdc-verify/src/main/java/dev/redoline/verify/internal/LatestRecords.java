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
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.storage.Converter;

/**
 * A table's topic read as the latest record per key, as of one point of the connector's commit
 * order: a key whose latest record is a delete ({@code op} {@code d}) or a tombstone is gone, a
 * truncate ({@code t}) empties the table, and every other record's {@code after} is the key's row.
 * The highest {@code source.commit_scn} read is the SCN the topics hold every change up to.
 *
 * <p><b>One point for all topics.</b> Records are read {@code read_committed}: with exactly-once
 * delivery one Kafka transaction holds whole Oracle transactions, in commit order. Its commit
 * markers reach its partitions one after the other, so the committed end offsets taken at one
 * moment can include a transaction on one partition and not yet on another. {@link #readAll}
 * therefore takes two sets of end offsets at once: the committed ones (the last stable offsets) and
 * the written ones (the high watermarks, which hold every record of every transaction committed
 * before). The topics are read to the written ends; the records below the committed ends are the
 * state, and the highest commit SCN among them is the point. A record past a committed end counts
 * only when its commit SCN is at or below that point (a record without one, such as a delete's
 * tombstone, goes with the record before it in its partition): it belongs to a transaction whose
 * marker had reached another partition. A transaction decided after the committed ends were taken
 * has a higher commit SCN, so it is left out everywhere.
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

  /** Per key, the {@code after} columns its latest record listed as unavailable, when any. */
  private final Map<Key, List<String>> unavailable = new HashMap<>();

  /** Records past a committed end offset, in the order read, until the point is known. */
  private final List<ConsumerRecord<byte[], byte[]>> pastCommitted = new ArrayList<>();

  private Scn highest;
  private long bytes;

  /** The highest commit SCN of a streamed record applied; {@link #beforeTop} is for it. */
  private Scn top;

  /** The highest SCN of a snapshot chunk applied. */
  private Scn chunks;

  /** Per key touched by a streamed record at {@link #top}: its row before the first such record. */
  private final Map<Key, Before> beforeTop = new HashMap<>();

  /** Per partition, the commit SCN of its last record applied that had one. */
  private final Map<Integer, Scn> lastScn = new HashMap<>();

  /** A key's row (null: absent) and its unavailable columns (null: none) at some point. */
  private record Before(Object row, List<String> unavailable) {}

  private LatestRecords(String topic) {
    this.topic = topic;
  }

  /** The end offsets of every partition of {@code topics} (a topic that does not exist: none). */
  public static Map<TopicPartition, Long> ends(
      Consumer<byte[], byte[]> consumer, List<String> topics) {
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
   * Reads every topic of {@code topics} as of one point of the commit order (see the class
   * comment).
   *
   * @param consumer a {@code read_committed} consumer
   * @param committed the committed end offsets of every partition of {@code topics}, taken before
   *     {@code written}
   * @param written the written end offsets (high watermarks) of the same partitions
   * @return each topic's records, by topic, in the order of {@code topics}
   */
  public static Map<String, LatestRecords> readAll(
      Consumer<byte[], byte[]> consumer,
      List<String> topics,
      Map<TopicPartition, Long> committed,
      Map<TopicPartition, Long> written,
      List<Converter> converters) {
    return readAll(consumer, topics, committed, written, converters, null);
  }

  /**
   * As {@link #readAll(Consumer, List, Map, Map, List)}, with the point at least {@code atLeast}
   * (null: none): the commit SCN up to which the writer says every record was written before the
   * ends were taken (the connector's stored offset), so records past a committed end up to it
   * count.
   */
  public static Map<String, LatestRecords> readAll(
      Consumer<byte[], byte[]> consumer,
      List<String> topics,
      Map<TopicPartition, Long> committed,
      Map<TopicPartition, Long> written,
      List<Converter> converters,
      Scn atLeast) {
    Map<String, LatestRecords> all = new LinkedHashMap<>();
    for (String topic : topics) {
      all.put(topic, read(consumer, topic, committed, written, converters));
    }
    Scn point =
        java.util.stream.Stream.concat(
                all.values().stream().map(LatestRecords::highestCommit),
                java.util.stream.Stream.of(atLeast))
            .filter(java.util.Objects::nonNull)
            .max(Scn::compareTo)
            .orElse(null);
    all.values().forEach(l -> l.completeUpTo(point, converters));
    return all;
  }

  /**
   * Reads {@code topic} from its start to the {@code written} offsets: what lies below the {@code
   * committed} ones is applied, the rest kept for {@link #completeUpTo}.
   */
  private static LatestRecords read(
      Consumer<byte[], byte[]> consumer,
      String topic,
      Map<TopicPartition, Long> committed,
      Map<TopicPartition, Long> written,
      List<Converter> converters) {
    LatestRecords latest = new LatestRecords(topic);
    List<TopicPartition> partitions =
        committed.keySet().stream().filter(p -> p.topic().equals(topic)).toList();
    if (partitions.isEmpty()) {
      return latest;
    }
    Map<TopicPartition, Long> ends = new HashMap<>();
    partitions.forEach(p -> ends.put(p, Math.max(committed.get(p), written.getOrDefault(p, 0L))));
    try {
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      int empty = 0;
      while (!atEnd(consumer, partitions, ends)) {
        if (empty >= MAX_EMPTY_POLLS) {
          if (atEnd(consumer, partitions, committed)) {
            break; // a transaction still open past the committed ends: it is not in the state
          }
          throw new CdcException(
              ErrorCode.VERIFY_TARGET_UNREADABLE,
              "topic "
                  + topic
                  + " did not reach its end offsets "
                  + committed
                  + " in "
                  + MAX_EMPTY_POLLS
                  + " polls of 200 ms");
        }
        var batch = consumer.poll(Duration.ofMillis(200));
        empty = batch.isEmpty() ? empty + 1 : 0;
        for (ConsumerRecord<byte[], byte[]> r : batch) {
          TopicPartition p = new TopicPartition(r.topic(), r.partition());
          if (r.offset() < committed.get(p)) {
            latest.add(r, converters);
          } else if (r.offset() < ends.get(p)) {
            latest.bytes += size(r);
            latest.pastCommitted.add(r);
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

  /**
   * Applies the records read past the committed ends whose commit SCN is at or below {@code point}
   * (a record without one goes with the record before it in its partition), and drops the others.
   */
  private void completeUpTo(Scn point, List<Converter> converters) {
    Map<Integer, Boolean> previousCounted = new HashMap<>();
    for (ConsumerRecord<byte[], byte[]> r : pastCommitted) {
      Object envelope = r.value() == null ? null : decode(r, converters);
      Scn scn = commitScn(envelope);
      boolean counts =
          scn == null
              ? previousCounted.getOrDefault(r.partition(), false)
              : point != null && scn.compareTo(point) <= 0;
      previousCounted.put(r.partition(), counts);
      if (counts) {
        noteCommit(scn);
        apply(r, envelope, scn);
      }
    }
    pastCommitted.clear();
  }

  private static boolean atEnd(
      Consumer<byte[], byte[]> consumer,
      List<TopicPartition> partitions,
      Map<TopicPartition, Long> ends) {
    for (TopicPartition p : partitions) {
      if (consumer.position(p) < ends.get(p)) {
        return false;
      }
    }
    return true;
  }

  private static long size(ConsumerRecord<byte[], byte[]> r) {
    return (r.key() == null ? 0 : r.key().length) + (r.value() == null ? 0 : r.value().length);
  }

  private void add(ConsumerRecord<byte[], byte[]> r, List<Converter> converters) {
    bytes += size(r);
    Object envelope = r.value() == null ? null : decode(r, converters);
    Scn scn = commitScn(envelope);
    noteCommit(scn);
    apply(r, envelope, scn);
  }

  private void noteCommit(Scn scn) {
    if (scn != null && (highest == null || scn.compareTo(highest) > 0)) {
      highest = scn;
    }
  }

  /** The record's {@code source.commit_scn}, or null when it has none (a tombstone). */
  private static Scn commitScn(Object envelope) {
    Object source = envelope == null ? null : RecordValues.field(envelope, "source");
    Object commit = source == null ? null : RecordValues.field(source, "commit_scn");
    return commit == null ? null : Scn.parse(commit.toString());
  }

  /**
   * Applies a record whose value is {@code envelope} (null for a tombstone) to the rows; {@code
   * scn} is its commit SCN (null for a tombstone, which goes with the record before it in its
   * partition).
   */
  private void apply(ConsumerRecord<byte[], byte[]> r, Object envelope, Scn scn) {
    Scn at = scn != null ? scn : lastScn.get(r.partition());
    if (scn != null) {
      lastScn.put(r.partition(), scn);
    }
    boolean streamed = !snapshotRow(envelope);
    if (!streamed && scn != null && (chunks == null || scn.compareTo(chunks) > 0)) {
      chunks = scn;
    }
    if (streamed && at != null && (top == null || at.compareTo(top) > 0)) {
      top = at;
      beforeTop.clear(); // a later SCN: what the earlier one changed stays
    }
    boolean atTop = streamed && at != null && at.equals(top);
    if (r.key() == null) {
      if (envelope != null && "t".equals(op(envelope))) {
        if (atTop) {
          rows.keySet().forEach(this::keepBefore);
        }
        rows.clear(); // a truncate: its record has no key
        unavailable.clear();
      }
      return; // a table without a key: nothing to compare by
    }
    Key key = new Key(ByteBuffer.wrap(r.key()));
    if (atTop) {
      keepBefore(key);
    }
    unavailable.remove(key);
    if (envelope == null) {
      rows.remove(key);
      return;
    }
    Object after = RecordValues.field(envelope, "after");
    Object previous = rows.remove(key); // keeps the map in the order keys were last written
    if (after != null && !"d".equals(op(envelope))) {
      List<String> notCarried = unavailable(r);
      rows.put(key, keepingUnavailable(after, previous, notCarried));
      if (!notCarried.isEmpty()) {
        unavailable.put(key, notCarried);
      }
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

  /** Keeps {@code key}'s row as it was before the first record at {@link #top} changed it. */
  private void keepBefore(Key key) {
    if (!beforeTop.containsKey(key)) {
      beforeTop.put(key, new Before(rows.get(key), unavailable.get(key)));
    }
  }

  /**
   * Takes back every streamed change committed at the highest commit SCN of a streamed record,
   * {@link #streamedTop()}: the rows are then the state after every commit below it. For a
   * verification at the SCN below, when the copy cannot tell whether it holds every transaction
   * committed at that SCN (Oracle gives several commits one SCN).
   */
  public void rollBackTop() {
    beforeTop.forEach(
        (key, before) -> {
          rows.remove(key);
          unavailable.remove(key);
          if (before.row() != null) {
            rows.put(key, before.row());
          }
          if (before.unavailable() != null) {
            unavailable.put(key, before.unavailable());
          }
        });
    beforeTop.clear();
  }

  /** The highest commit SCN of a streamed (not snapshot) record applied, or null. */
  public Scn streamedTop() {
    return top;
  }

  /**
   * The highest SCN of a snapshot chunk applied, or null: a chunk read {@code AS OF} it is
   * delivered after every transaction committed at or below it, so the topics hold them all.
   */
  public Scn chunks() {
    return chunks;
  }

  private static boolean snapshotRow(Object envelope) {
    Object source = envelope == null ? null : RecordValues.field(envelope, "source");
    Object snapshot = source == null ? null : RecordValues.field(source, "snapshot");
    return snapshot != null && !"false".equals(snapshot.toString());
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

  /**
   * The columns whose value for {@code key} is an earlier record's: its latest record listed them
   * in {@code redoline.unavailable}.
   */
  public List<String> unavailable(Key key) {
    return unavailable.getOrDefault(key, List.of());
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
