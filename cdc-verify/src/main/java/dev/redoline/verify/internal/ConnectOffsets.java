package dev.redoline.verify.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.storage.Converter;

/**
 * The source offset a Connect worker stored for a connector, read from the worker's offsets topic
 * ({@code offset.storage.topic}) or the connector's own ({@code offsets.storage.topic}): Connect
 * writes each as a JSON key {@code ["<connector name>", {"server": "<cdc.topic.prefix>"}]} and the
 * offset as a JSON map (a null value resets it). The latest record of the capture's partition wins,
 * whatever the connector is called: the topic prefix names the capture.
 */
public final class ConnectOffsets {

  /** Bound on polls in a row that bring nothing while the end is not reached (each 200 ms). */
  private static final int MAX_EMPTY_POLLS = 300;

  private ConnectOffsets() {}

  /**
   * Reads {@code topic} to its committed end.
   *
   * @param consumer a {@code read_committed} consumer
   * @param json Connect's JSON converter without schemas, as the worker writes offsets
   * @return the stored offset of the capture whose topic prefix is {@code prefix}, or null when
   *     none is stored
   */
  public static Map<String, Object> read(
      Consumer<byte[], byte[]> consumer, String topic, String prefix, Converter json) {
    try {
      Map<TopicPartition, Long> ends = LatestRecords.ends(consumer, List.of(topic));
      if (ends.isEmpty()) {
        throw new CdcException(
            ErrorCode.VERIFY_TARGET_UNREADABLE,
            "offsets topic " + topic + " does not exist (the worker's offset.storage.topic?)");
      }
      consumer.assign(ends.keySet());
      consumer.seekToBeginning(ends.keySet());
      Map<String, Object> offset = null;
      int empty = 0;
      while (!atEnd(consumer, ends)) {
        if (++empty > MAX_EMPTY_POLLS) {
          throw new CdcException(
              ErrorCode.VERIFY_TARGET_UNREADABLE,
              "offsets topic " + topic + " did not reach its end offsets " + ends);
        }
        var batch = consumer.poll(Duration.ofMillis(200));
        if (!batch.isEmpty()) {
          empty = 0;
        }
        for (ConsumerRecord<byte[], byte[]> r : batch) {
          if (r.offset() < ends.get(new TopicPartition(r.topic(), r.partition()))
              && r.key() != null
              && isCapture(json.toConnectData(topic, r.key()).value(), prefix)) {
            offset = r.value() == null ? null : map(json.toConnectData(topic, r.value()).value());
          }
        }
      }
      return offset;
    } catch (KafkaException e) {
      throw new CdcException(
          ErrorCode.VERIFY_TARGET_UNREADABLE,
          "cannot read offsets topic " + topic + ": " + e.getMessage(),
          e);
    }
  }

  /** Whether a key is {@code [name, {"server": prefix}]}. */
  static boolean isCapture(Object key, String prefix) {
    return key instanceof List<?> l
        && l.size() == 2
        && l.get(1) instanceof Map<?, ?> partition
        && partition.size() == 1
        && prefix.equals(partition.get("server"));
  }

  private static Map<String, Object> map(Object value) {
    if (!(value instanceof Map<?, ?> m)) {
      return null;
    }
    Map<String, Object> out = new HashMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }

  private static boolean atEnd(Consumer<byte[], byte[]> consumer, Map<TopicPartition, Long> ends) {
    for (Map.Entry<TopicPartition, Long> e : ends.entrySet()) {
      if (consumer.position(e.getKey()) < e.getValue()) {
        return false;
      }
    }
    return true;
  }
}
