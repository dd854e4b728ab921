package dev.redoline.verify.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.verify.TestKafka;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.storage.Converter;
import org.junit.jupiter.api.Test;

/**
 * Topics read as of one point of the commit order while a Kafka transaction's commit markers are
 * still on their way: the committed end offsets were taken when the marker of the transaction at
 * commit SCN 200 had reached topic A and not yet topic B. The records are written to a real broker
 * without a transaction; the committed and written ends that moment would have shown are given.
 */
class LatestRecordsTest {

  static final String UNAVAILABLE = LatestRecords.UNAVAILABLE_HEADER;

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

  private final String a = TestKafka.unique("a");
  private final String b = TestKafka.unique("b");
  private final List<TestKafka.Written> written = new ArrayList<>();

  private TopicPartition partition(String topic) {
    return new TopicPartition(topic, 0);
  }

  private void write(String topic, String key, String value, String... headers) {
    written.add(new TestKafka.Written(topic, key, value, headers));
  }

  /**
   * Writes the records to the broker and reads both topics up to {@code committed}/{@code ends}.
   */
  private Map<String, LatestRecords> readAll(
      Map<TopicPartition, Long> committed, Map<TopicPartition, Long> ends) {
    TestKafka.write(List.of(a, b), written);
    Map<String, Object> clients = new HashMap<>();
    clients.put("bootstrap.servers", TestKafka.bootstrap());
    clients.put("enable.auto.commit", false);
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(clients, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      return LatestRecords.readAll(
          consumer, List.of(a, b), committed, ends, List.of(new TextConverter()));
    }
  }

  private static LatestRecords.Key key(String k) {
    return new LatestRecords.Key(ByteBuffer.wrap(k.getBytes(StandardCharsets.UTF_8)));
  }

  @Test
  void read_columnTheHeaderListsUnavailable_keepsTheEarlierValueAndSaysSo() {
    write(a, "1", "c|100|1|whole");
    write(a, "1", "u|200|1|__debezium_unavailable_value", UNAVAILABLE, "after.V=NOT_LOGGED");
    write(a, "2", "c|100|2|two");
    write(a, "2", "u|200|2|__debezium_unavailable_value", UNAVAILABLE, "after.V=NOT_LOGGED");
    write(a, "2", "u|300|2|whole again"); // a later change carries the value
    Map<TopicPartition, Long> ends = Map.of(partition(a), 5L, partition(b), 0L);

    LatestRecords read = readAll(ends, ends).get(a);

    assertThat(rows(read)).containsExactly(Map.entry("1", "whole"), Map.entry("2", "whole again"));
    assertThat(read.unavailable(key("1"))).containsExactly("V");
    assertThat(read.unavailable(key("2"))).isEmpty();
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
    write(a, "1", "c|100|1|a0");
    write(a, "1", "u|200|1|a1"); // the transaction at 200: its marker reached A ...
    write(b, "7", "c|100|7|b0");
    write(b, "9", "c|100|9|x");
    write(b, "10", "c|100|10|y");
    write(b, "7", "u|200|7|b1"); // ... and not yet B
    write(b, "10", "d|200|10|-");
    write(b, "10", null); // the delete's tombstone, in the same transaction
    write(b, "7", "u|300|7|b2"); // the next transaction, begun after the committed ends were taken
    write(b, "9", "d|300|9|-");
    write(b, "9", null);
    Map<TopicPartition, Long> committed = Map.of(partition(a), 2L, partition(b), 3L);
    Map<TopicPartition, Long> ends = Map.of(partition(a), 2L, partition(b), 9L);

    Map<String, LatestRecords> read = readAll(committed, ends);

    assertThat(rows(read.get(a))).containsExactly(Map.entry("1", "a1"));
    assertThat(rows(read.get(b)))
        .as("the transaction at 200 whole on B too, the one at 300 nowhere")
        .containsOnly(Map.entry("7", "b1"), Map.entry("9", "x"));
    assertThat(read.get(b).highestCommit().toString()).isEqualTo("200");
    assertThat(read.get(a).rows().keySet())
        .containsExactly(new LatestRecords.Key(ByteBuffer.wrap("1".getBytes())));
  }
}
