package dev.redoline.verify;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;

/**
 * Topics of one partition each, every record committed, read by the {@link KafkaTarget} through
 * mock consumers: values in {@link PipeConverter}'s form, keys {@code {"ID":n}}.
 */
final class MockTopics {

  private final Map<String, List<String[]>> topics = new LinkedHashMap<>();

  /** Adds a topic (possibly empty) and its records, each {@code {key, value}}. */
  MockTopics topic(String name, String[]... records) {
    topics.computeIfAbsent(name, n -> new ArrayList<>()).addAll(List.of(records));
    return this;
  }

  /** A record of {@code id} whose value is {@code value}. */
  static String[] record(long id, String value) {
    return new String[] {"{\"ID\":" + id + "}", value};
  }

  /** A target over these topics, prefix {@code p}, with {@code offset} as the stored offset. */
  KafkaTarget target(Map<String, ?> offset) {
    Map<String, String> settings =
        Map.of("cdc.topic.prefix", "p", "value.converter", PipeConverter.class.getName());
    return KafkaTarget.of(settings, () -> offset, isolation -> consumer());
  }

  private MockConsumer<byte[], byte[]> consumer() {
    MockConsumer<byte[], byte[]> c = new MockConsumer<>("earliest");
    Map<TopicPartition, Long> begin = new LinkedHashMap<>();
    Map<TopicPartition, Long> end = new LinkedHashMap<>();
    List<ConsumerRecord<byte[], byte[]>> all = new ArrayList<>();
    topics.forEach(
        (name, records) -> {
          c.updatePartitions(name, List.of(new PartitionInfo(name, 0, null, null, null)));
          TopicPartition p = new TopicPartition(name, 0);
          begin.put(p, 0L);
          end.put(p, (long) records.size());
          for (int i = 0; i < records.size(); i++) {
            all.add(
                new ConsumerRecord<>(
                    name,
                    0,
                    i,
                    records.get(i)[0].getBytes(StandardCharsets.UTF_8),
                    records.get(i)[1] == null
                        ? null
                        : records.get(i)[1].getBytes(StandardCharsets.UTF_8)));
          }
        });
    c.updateBeginningOffsets(begin);
    c.updateEndOffsets(end);
    c.schedulePollTask(() -> all.forEach(c::addRecord));
    return c;
  }
}
