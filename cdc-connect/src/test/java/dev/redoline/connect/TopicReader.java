package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/**
 * Reads a topic of a test cluster from its start until a condition on everything read holds, as
 * every Connect IT waits for its records.
 *
 * <p>The wait is bounded by polls that return nothing, not by all polls: a connector delivering a
 * long trickle of small Kafka transactions (one per Oracle transaction) on a loaded machine makes
 * many short non-empty polls, and counting those ended a wait that was still making progress.
 */
final class TopicReader {

  /**
   * Polls in a row that return nothing before the wait gives up (each waits up to 500 ms): three
   * minutes without a record, which a connector restarting or catching up on a 2-core machine
   * running a second build stays well within.
   */
  static final int MAX_QUIET_POLLS = 360;

  private TopicReader() {}

  /** Reads with read_committed until {@code done} holds, failing the test if it never does. */
  static List<ConsumerRecord<byte[], byte[]>> readCommitted(
      EmbeddedConnectCluster cluster,
      String topic,
      Predicate<List<ConsumerRecord<byte[], byte[]>>> done) {
    return read(cluster, topic, true, done);
  }

  /**
   * Reads with read_committed or read_uncommitted until {@code done} holds, failing the test if it
   * never does.
   */
  static List<ConsumerRecord<byte[], byte[]>> read(
      EmbeddedConnectCluster cluster,
      String topic,
      boolean committedOnly,
      Predicate<List<ConsumerRecord<byte[], byte[]>>> done) {
    List<ConsumerRecord<byte[], byte[]>> all = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        cluster
            .kafka()
            .createConsumer(
                Map.of(
                    "isolation.level",
                    committedOnly ? "read_committed" : "read_uncommitted",
                    "auto.offset.reset",
                    "earliest",
                    "group.id",
                    "it-" + System.nanoTime()))) {
      consumer.subscribe(List.of(topic));
      for (int quiet = 0; quiet < MAX_QUIET_POLLS && !done.test(all); ) {
        int before = all.size();
        consumer.poll(Duration.ofMillis(500)).forEach(all::add);
        quiet = all.size() == before ? quiet + 1 : 0;
      }
    }
    assertThat(done.test(all)).as("%s records read from %s", all.size(), topic).isTrue();
    return all;
  }
}
