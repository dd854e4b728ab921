package dev.redoline.connect;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTaskContext;
import org.apache.kafka.connect.source.TransactionContext;
import org.apache.kafka.connect.storage.OffsetStorageReader;

/**
 * A task context whose offset store is a map and whose transaction context records commit requests.
 */
final class FakeTaskContext implements SourceTaskContext {

  final Map<Map<String, ?>, Map<String, Object>> offsets = new HashMap<>();
  final List<SourceRecord> commitRequests = new ArrayList<>();
  private final boolean transactional;

  FakeTaskContext(boolean transactional) {
    this.transactional = transactional;
  }

  /** Stores a record's offset, as the worker does once Kafka has the record. */
  void store(SourceRecord record) {
    @SuppressWarnings("unchecked")
    Map<String, Object> offset = (Map<String, Object>) record.sourceOffset();
    offsets.put(record.sourcePartition(), offset);
  }

  @Override
  public Map<String, String> configs() {
    return Map.of();
  }

  @Override
  public OffsetStorageReader offsetStorageReader() {
    return new OffsetStorageReader() {
      @Override
      @SuppressWarnings("unchecked")
      public <T> Map<String, Object> offset(Map<String, T> partition) {
        return offsets.get(partition);
      }

      @Override
      public <T> Map<Map<String, T>, Map<String, Object>> offsets(
          Collection<Map<String, T>> partitions) {
        Map<Map<String, T>, Map<String, Object>> out = new HashMap<>();
        partitions.forEach(p -> out.put(p, offsets.get(p)));
        return out;
      }
    };
  }

  @Override
  public org.apache.kafka.common.metrics.PluginMetrics pluginMetrics() {
    return null;
  }

  @Override
  public TransactionContext transactionContext() {
    if (!transactional) {
      return null;
    }
    return new TransactionContext() {
      @Override
      public void commitTransaction() {
        throw new AssertionError("the task must name the record a transaction ends at");
      }

      @Override
      public void commitTransaction(SourceRecord record) {
        commitRequests.add(record);
      }

      @Override
      public void abortTransaction() {
        throw new AssertionError("the task never aborts");
      }

      @Override
      public void abortTransaction(SourceRecord record) {
        throw new AssertionError("the task never aborts");
      }
    };
  }
}
