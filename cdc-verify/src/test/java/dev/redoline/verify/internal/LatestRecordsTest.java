package dev.redoline.verify.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.storage.Converter;
import org.junit.jupiter.api.Test;

/**
 * Topics read as of one point of the commit order while a Kafka transaction's commit markers are
 * still on their way: the committed end offsets were taken when the marker of the transaction at
 * commit SCN 200 had reached topic A and not yet topic B.
 */
class LatestRecordsTest {

  static final TopicPartition A = new TopicPartition("a", 0);
  static final TopicPartition B = new TopicPartition("b", 0);

  /**
   * Reads values written as {@code op|commit SCN|ID|V}, optionally followed by {@code |snapshot|
   * tx_partial} ({@code -} for none), into the envelope's fields.
   */
  static final class TextConverter implements Converter {
    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {}

    @Override
    public byte[] fromConnectData(String topic, org.apache.kafka.connect.data.Schema s, Object v) {
      throw new UnsupportedOperationException("read only");
    }

    @Override
    public SchemaAndValue toConnectData(String topic, byte[] value) {
      String[] f = new String(value, StandardCharsets.UTF_8).split("\\|");
      Map<String, Object> envelope = new HashMap<>();
      envelope.put("op", f[0]);
      Map<String, Object> source = new HashMap<>();
      source.put("commit_scn", f[1]);
      if (f.length > 5) {
        source.put("snapshot", f[4]);
        source.put("tx_partial", f[5].equals("-") ? null : f[5]);
      }
      envelope.put("source", source);
      envelope.put("after", f[0].equals("d") ? null : Map.of("ID", f[2], "V", f[3]));
      return new SchemaAndValue(null, envelope);
    }
  }

  private final MockConsumer<byte[], byte[]> consumer = new MockConsumer<>("earliest");
  private final Map<TopicPartition, List<ConsumerRecord<byte[], byte[]>>> written =
      new LinkedHashMap<>();

  private ConsumerRecord<byte[], byte[]> write(TopicPartition p, String key, String value) {
    List<ConsumerRecord<byte[], byte[]>> records =
        written.computeIfAbsent(p, k -> new ArrayList<>());
    ConsumerRecord<byte[], byte[]> r =
        new ConsumerRecord<>(
            p.topic(),
            p.partition(),
            records.size(),
            key.getBytes(StandardCharsets.UTF_8),
            value == null ? null : value.getBytes(StandardCharsets.UTF_8));
    records.add(r);
    return r;
  }

  private Map<String, LatestRecords> readAll(Map<TopicPartition, Long> ends) {
    consumer.updateBeginningOffsets(Map.of(A, 0L, B, 0L));
    for (TopicPartition p : written.keySet()) {
      consumer.schedulePollTask(() -> written.get(p).forEach(consumer::addRecord));
    }
    return LatestRecords.readAll(
        consumer,
        written.keySet().stream().map(TopicPartition::topic).toList(),
        ends,
        ends,
        List.of(new TextConverter()));
  }

  private static LatestRecords.Key key(String k) {
    return new LatestRecords.Key(ByteBuffer.wrap(k.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void read_columnTheHeaderListsUnavailable_keepsTheEarlierValueAndSaysSo() {
    write(A, "1", "c|100|1|whole");
    write(A, "1", "u|200|1|__debezium_unavailable_value")
        .headers()
        .add("redoline.unavailable", "after.V=NOT_LOGGED".getBytes(StandardCharsets.UTF_8));
    write(A, "2", "c|100|2|two");
    write(A, "2", "u|200|2|__debezium_unavailable_value")
        .headers()
        .add("redoline.unavailable", "after.V=NOT_LOGGED".getBytes(StandardCharsets.UTF_8));
    write(A, "2", "u|300|2|whole again"); // a later change carries the value

    LatestRecords a = readAll(Map.of(A, 5L)).get("a");

    assertThat(rows(a)).containsExactly(Map.entry("1", "whole"), Map.entry("2", "whole again"));
    assertThat(a.unavailable(key("1"))).containsExactly("V");
    assertThat(a.unavailable(key("2"))).isEmpty();
  }

  private Map<String, String> rows(LatestRecords latest) {
    Map<String, String> rows = new LinkedHashMap<>();
    latest
        .rows()
        .forEach(
            (k, after) ->
                rows.put(
                    new String(k.toArray(), StandardCharsets.UTF_8),
                    String.valueOf(((Map<?, ?>) after).get("V"))));
    return rows;
  }

  @Test
  void readAll_transactionCommittedOnOneTopicOnly_isReadWholeOnEveryTopic_laterOnesNot() {
    write(A, "1", "c|100|1|a0");
    write(A, "1", "u|200|1|a1"); // the transaction at 200: its marker reached A ...
    write(B, "7", "c|100|7|b0");
    write(B, "9", "c|100|9|x");
    write(B, "10", "c|100|10|y");
    write(B, "7", "u|200|7|b1"); // ... and not yet B
    write(B, "10", "d|200|10|-");
    write(B, "10", null); // the delete's tombstone, in the same transaction
    write(B, "7", "u|300|7|b2"); // the next transaction, begun after the committed ends were taken
    write(B, "9", "d|300|9|-");
    write(B, "9", null);
    Map<TopicPartition, Long> committed = Map.of(A, 2L, B, 3L);
    Map<TopicPartition, Long> ends = Map.of(A, 2L, B, 9L);
    consumer.updateBeginningOffsets(Map.of(A, 0L, B, 0L));
    for (TopicPartition p : List.of(A, B)) {
      consumer.schedulePollTask(() -> written.get(p).forEach(consumer::addRecord));
    }

    Map<String, LatestRecords> read =
        LatestRecords.readAll(
            consumer, List.of("a", "b"), committed, ends, List.of(new TextConverter()));

    assertThat(rows(read.get("a"))).containsExactly(Map.entry("1", "a1"));
    assertThat(rows(read.get("b")))
        .as("the transaction at 200 whole on B too, the one at 300 nowhere")
        .containsOnly(Map.entry("7", "b1"), Map.entry("9", "x"));
    assertThat(read.get("b").highestCommit().toString()).isEqualTo("200");
    assertThat(read.get("a").rows().keySet())
        .containsExactly(new LatestRecords.Key(ByteBuffer.wrap("1".getBytes())));
  }
}
