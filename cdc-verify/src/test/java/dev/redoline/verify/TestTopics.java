package dev.redoline.verify;

import dev.redoline.core.TableId;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The change topics of one test on the {@link TestKafka} broker, under a topic prefix of its own:
 * values in {@link PipeConverter}'s form, keys {@code {"ID":n}}, every record committed.
 */
final class TestTopics {

  private final String prefix = TestKafka.unique("verify");
  private final KafkaTarget names = KafkaTarget.of("unused:9092", prefix);
  private final Set<String> topics = new LinkedHashSet<>();
  private final List<TestKafka.Written> records = new ArrayList<>();

  /** Adds {@code table}'s topic (possibly empty) and its records, each {@code {key, value}}. */
  TestTopics topic(TableId table, String[]... written) {
    String topic = names.topic(table);
    topics.add(topic);
    for (String[] r : written) {
      records.add(new TestKafka.Written(topic, r[0], r[1]));
    }
    return this;
  }

  /** A record of {@code id} whose value is {@code value}. */
  static String[] record(long id, String value) {
    return new String[] {"{\"ID\":" + id + "}", value};
  }

  /**
   * Writes the topics to the broker and returns a target reading them, with {@code offset} as the
   * connector's stored offset (null: none stored).
   */
  KafkaTarget target(Map<String, ?> offset) {
    TestKafka.write(List.copyOf(topics), records);
    return KafkaTarget.of(
            Map.of("bootstrap.servers", TestKafka.bootstrap()),
            Map.of("cdc.topic.prefix", prefix, "value.converter", PipeConverter.class.getName()))
        .storedOffset(() -> offset);
  }
}
