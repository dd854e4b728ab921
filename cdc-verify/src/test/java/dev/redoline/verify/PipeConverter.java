package dev.redoline.verify;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.storage.Converter;

/**
 * Reads change records written as {@code op|commit SCN|ID|V|snapshot|tx_partial} ({@code -} for a
 * null) into the envelope's fields, {@code ID} a number: a {@code value.converter} for tests that
 * write their topics as text ({@link TestTopics}).
 */
public final class PipeConverter implements Converter {

  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {}

  @Override
  public byte[] fromConnectData(String topic, Schema schema, Object value) {
    throw new UnsupportedOperationException("read only");
  }

  @Override
  public SchemaAndValue toConnectData(String topic, byte[] value) {
    String[] f = new String(value, StandardCharsets.UTF_8).split("\\|");
    Map<String, Object> source = new HashMap<>();
    source.put("commit_scn", f[1]);
    source.put("snapshot", f[4]);
    source.put("tx_partial", f[5].equals("-") ? null : f[5]);
    Map<String, Object> after = new HashMap<>();
    after.put("ID", Long.parseLong(f[2]));
    after.put("V", f[3]);
    Map<String, Object> envelope = new HashMap<>();
    envelope.put("op", f[0]);
    envelope.put("source", source);
    envelope.put("after", f[0].equals("d") ? null : after);
    return new SchemaAndValue(null, envelope);
  }
}
