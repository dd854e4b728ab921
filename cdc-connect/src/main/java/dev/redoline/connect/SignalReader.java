package dev.redoline.connect;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * Reads {@code cdc.signal.topic} without blocking, from the task's {@code poll()}: every partition,
 * from the end as of the task's start (a signal is acted on by the task that runs when it is sent).
 * A message that does not read as a {@link Signal} is handed on as a problem, never dropped
 * silently.
 */
final class SignalReader implements AutoCloseable {

  private final KafkaConsumer<String, String> consumer;

  private SignalReader(KafkaConsumer<String, String> consumer) {
    this.consumer = consumer;
  }

  /**
   * Opens a reader of {@code topic}; the topic must exist.
   *
   * @throws KafkaException when the brokers cannot be reached
   */
  static SignalReader open(Map<String, Object> clientProps, String topic, String clientId) {
    Map<String, Object> props = new HashMap<>(clientProps);
    props.put("enable.auto.commit", false);
    props.put("client.id", clientId);
    KafkaConsumer<String, String> consumer =
        new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer());
    try {
      List<TopicPartition> partitions = new ArrayList<>();
      for (PartitionInfo p : consumer.partitionsFor(topic, Duration.ofSeconds(30))) {
        partitions.add(new TopicPartition(topic, p.partition()));
      }
      if (partitions.isEmpty()) {
        throw new KafkaException("signal topic " + topic + " does not exist");
      }
      consumer.assign(partitions);
      consumer.seekToEnd(partitions);
      partitions.forEach(consumer::position); // fixes the start now, not at the first poll
    } catch (KafkaException e) {
      consumer.close();
      throw e;
    }
    return new SignalReader(consumer);
  }

  /**
   * The signals sent since the last call; unreadable ones go to {@code problems} with their text.
   */
  List<Signal> poll(Consumer<String> problems) {
    List<Signal> out = new ArrayList<>();
    for (ConsumerRecord<String, String> r : consumer.poll(Duration.ZERO)) {
      try {
        out.add(Signal.parse(r.value()));
      } catch (IllegalArgumentException e) {
        problems.accept(
            "signal at "
                + r.topic()
                + "-"
                + r.partition()
                + "@"
                + r.offset()
                + " skipped: "
                + e.getMessage());
      }
    }
    return out;
  }

  @Override
  public void close() {
    consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
  }
}
