package dev.redoline.verify.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.verify.TestKafka;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
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

  /** Writes {@code records} ({key, value}) to a new offsets topic and reads it back. */
  private static Map<String, Object> read(String prefix, String[]... records) {
    String topic = TestKafka.unique("connect-offsets");
    List<TestKafka.Written> written = new ArrayList<>();
    for (String[] r : records) {
      written.add(new TestKafka.Written(topic, r[0], r[1]));
    }
    TestKafka.write(List.of(topic), written);
    Map<String, Object> clients = new HashMap<>();
    clients.put("bootstrap.servers", TestKafka.bootstrap());
    clients.put("enable.auto.commit", false);
    try (KafkaConsumer<byte[], byte[]> c =
        new KafkaConsumer<>(clients, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      return ConnectOffsets.read(c, topic, prefix, new SlashConverter());
    }
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
