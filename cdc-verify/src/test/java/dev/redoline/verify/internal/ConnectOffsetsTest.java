package dev.redoline.verify.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.storage.Converter;
import org.junit.jupiter.api.Test;

/**
 * The connector's stored offset read from a Connect offsets topic: the latest record of the
 * capture's partition, whatever the connector's name, another capture's ignored, a null value a
 * reset.
 */
class ConnectOffsetsTest {

  static final String TOPIC = "connect-offsets";
  static final TopicPartition P = new TopicPartition(TOPIC, 0);

  /**
   * Reads keys written as {@code name/prefix} into Connect's {@code [name, {"server": prefix}]},
   * and values {@code k=v} into a one-entry map, as the JSON converter hands them over.
   */
  static final class SlashConverter implements Converter {
    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {}

    @Override
    public byte[] fromConnectData(String topic, Schema schema, Object value) {
      throw new UnsupportedOperationException("read only");
    }

    @Override
    public SchemaAndValue toConnectData(String topic, byte[] value) {
      String text = new String(value, StandardCharsets.UTF_8);
      if (text.contains("/")) {
        String[] f = text.split("/");
        return new SchemaAndValue(null, List.of(f[0], Map.of("server", f[1])));
      }
      String[] kv = text.split("=");
      return new SchemaAndValue(null, Map.of(kv[0], kv[1]));
    }
  }

  private static Map<String, Object> read(String prefix, String[]... records) {
    MockConsumer<byte[], byte[]> c = new MockConsumer<>("earliest");
    c.updatePartitions(TOPIC, List.of(new PartitionInfo(TOPIC, 0, null, null, null)));
    c.updateBeginningOffsets(Map.of(P, 0L));
    c.updateEndOffsets(Map.of(P, (long) records.length));
    c.schedulePollTask(
        () -> {
          for (int i = 0; i < records.length; i++) {
            c.addRecord(
                new ConsumerRecord<>(
                    TOPIC,
                    0,
                    i,
                    records[i][0].getBytes(StandardCharsets.UTF_8),
                    records[i][1] == null ? null : records[i][1].getBytes(StandardCharsets.UTF_8)));
          }
        });
    return ConnectOffsets.read(c, TOPIC, prefix, new SlashConverter());
  }

  @Test
  void read_latestOfTheCapturesPartition_otherCapturesIgnored() {
    Map<String, Object> offset =
        read(
            "shop",
            new String[] {"a/shop", "commit_scn=10"},
            new String[] {"b/other", "commit_scn=99"},
            new String[] {"renamed/shop", "commit_scn=20"},
            new String[] {"b/other", "commit_scn=98"});

    assertThat(offset).containsExactly(Map.entry("commit_scn", "20"));
  }

  @Test
  void read_resetOrNothingStored_isNull() {
    assertThat(
            read("shop", new String[] {"a/shop", "commit_scn=10"}, new String[] {"a/shop", null}))
        .isNull();
    assertThat(read("shop", new String[] {"b/other", "commit_scn=99"})).isNull();
  }
}
