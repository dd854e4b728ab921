package dev.redoline.connect;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Where a partition's records are still inside an open Kafka transaction: between its last stable
 * offset (what {@code read_committed} consumers may read up to) and its high watermark (what {@code
 * read_uncommitted} consumers may read up to). Taken right after a worker was killed, the range
 * holds the records of the transaction the worker had open; once a successor has fenced it, the
 * range is proven to have been an open transaction if a {@code read_uncommitted} consumer reads
 * records there and a {@code read_committed} one reads none of them.
 */
final class OpenKafkaTransactions {

  /** Polls of 200 ms that reading one range already below the partition's end may take. */
  private static final int MAX_RANGE_POLLS = 600;

  /** The uncommitted offsets {@code [from, to)} of one partition. */
  record Range(TopicPartition partition, long from, long to) {}

  private final Admin admin;
  private final String bootstrap;

  OpenKafkaTransactions(String bootstrap) {
    this.bootstrap = bootstrap;
    this.admin = Admin.create(Map.of("bootstrap.servers", bootstrap));
  }

  /** The partitions of {@code topics} with records past their last stable offset, now. */
  List<Range> now(List<String> topics) throws InterruptedException {
    List<TopicPartition> partitions = topics.stream().map(t -> new TopicPartition(t, 0)).toList();
    Map<TopicPartition, Long> stable = ends(partitions, IsolationLevel.READ_COMMITTED);
    Map<TopicPartition, Long> high = ends(partitions, IsolationLevel.READ_UNCOMMITTED);
    List<Range> open = new ArrayList<>();
    for (TopicPartition tp : partitions) {
      long lso = stable.getOrDefault(tp, 0L);
      long hw = high.getOrDefault(tp, 0L);
      if (lso < hw) {
        open.add(new Range(tp, lso, hw));
      }
    }
    return open;
  }

  /** The partition's last stable offset: {@code read_committed} consumers read up to it. */
  long lastStable(TopicPartition tp) throws InterruptedException {
    return ends(List.of(tp), IsolationLevel.READ_COMMITTED).getOrDefault(tp, 0L);
  }

  /** The partition's high watermark: {@code read_uncommitted} consumers read up to it. */
  long highWatermark(TopicPartition tp) throws InterruptedException {
    return ends(List.of(tp), IsolationLevel.READ_UNCOMMITTED).getOrDefault(tp, 0L);
  }

  /**
   * Whether {@code range} held records of a transaction that was never committed: a {@code
   * read_uncommitted} consumer reads at least one record there, a {@code read_committed} consumer
   * none. Asked once the transaction is decided, or the committed side could still grow.
   */
  boolean aborted(Range range) {
    List<Long> committed = read(range, IsolationLevel.READ_COMMITTED);
    return committed != null
        && committed.isEmpty()
        && !read(range, IsolationLevel.READ_UNCOMMITTED).isEmpty();
  }

  /**
   * The offsets read in {@code range}, or {@code null} when the consumer may not read past it yet.
   */
  private List<Long> read(Range range, IsolationLevel isolation) {
    Map<String, Object> settings =
        new HashMap<>(
            Map.of(
                "bootstrap.servers",
                bootstrap,
                "isolation.level",
                isolation.toString(),
                "enable.auto.commit",
                "false"));
    List<Long> offsets = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.assign(List.of(range.partition()));
      consumer.seek(range.partition(), range.from());
      // read_committed: the end is the last stable offset, past the range once the transaction
      // is decided (aborted records are skipped on the way); read_uncommitted: the high watermark.
      long end = consumer.endOffsets(List.of(range.partition())).get(range.partition());
      if (end < range.to()) {
        return null;
      }
      // the range is below the end offset already: a bound on polls only guards against a stuck
      // broker
      for (int i = 0;
          i < MAX_RANGE_POLLS && consumer.position(range.partition()) < range.to();
          i++) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
          if (r.offset() < range.to()) {
            offsets.add(r.offset());
          }
        }
      }
    }
    return offsets;
  }

  private Map<TopicPartition, Long> ends(List<TopicPartition> partitions, IsolationLevel isolation)
      throws InterruptedException {
    Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
    partitions.forEach(tp -> latest.put(tp, OffsetSpec.latest()));
    Map<TopicPartition, Long> out = new HashMap<>();
    try {
      admin
          .listOffsets(latest, new ListOffsetsOptions(isolation))
          .all()
          .get()
          .forEach((tp, info) -> out.put(tp, info.offset()));
    } catch (ExecutionException e) {
      // a topic not created yet (the connector creates them as it writes): no records, none open
      for (TopicPartition tp : partitions) {
        try {
          out.put(
              tp,
              admin
                  .listOffsets(Map.of(tp, OffsetSpec.latest()), new ListOffsetsOptions(isolation))
                  .all()
                  .get()
                  .get(tp)
                  .offset());
        } catch (ExecutionException missing) {
          out.put(tp, 0L);
        }
      }
    }
    return out;
  }

  void close() {
    admin.close();
  }
}
