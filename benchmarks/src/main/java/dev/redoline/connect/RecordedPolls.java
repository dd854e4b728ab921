package dev.redoline.connect;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTaskContext;
import org.apache.kafka.connect.source.TransactionContext;
import org.apache.kafka.connect.storage.OffsetStorageReader;

/**
 * What a Redoline task returned from each {@code poll()} of one run, and which record of each poll
 * it asked the worker to commit a Kafka transaction at: the input of {@link PrebuiltSourceTask}, so
 * Connect's ceiling is measured on the very records, batches and transactions the connector
 * produced.
 *
 * @param polls the non-empty polls, in order
 */
record RecordedPolls(List<Poll> polls) {

  /**
   * One poll's records.
   *
   * @param records what the poll returned
   * @param boundary the index of the record the task asked a transaction commit at, or -1
   */
  record Poll(List<SourceRecord> records, int boundary) {}

  RecordedPolls {
    polls = List.copyOf(polls);
  }

  /** All records, in the order they were handed out. */
  int size() {
    return polls.stream().mapToInt(p -> p.records().size()).sum();
  }

  /**
   * Runs a Redoline task outside any worker, with nothing stored, polling until a poll holds a
   * record {@code last} accepts (that poll included).
   */
  static RecordedPolls record(
      Map<String, String> taskProps,
      boolean transactional,
      Predicate<SourceRecord> last,
      Duration bound)
      throws InterruptedException {
    Recorder context = new Recorder(taskProps, transactional);
    RedolineSourceTask task = new RedolineSourceTask();
    task.initialize(context);
    task.start(taskProps);
    List<Poll> polls = new ArrayList<>();
    long deadline = System.nanoTime() + bound.toNanos();
    try {
      while (System.nanoTime() < deadline) {
        context.boundary = null;
        List<SourceRecord> batch = task.poll();
        if (batch == null || batch.isEmpty()) {
          continue;
        }
        polls.add(new Poll(batch, context.boundary == null ? -1 : batch.indexOf(context.boundary)));
        if (batch.stream().anyMatch(last)) {
          return new RecordedPolls(polls);
        }
      }
    } finally {
      task.stop();
    }
    throw new IllegalStateException(
        "the recorded run did not reach its last record within "
            + bound
            + ": "
            + polls.size()
            + " polls");
  }

  /** The same polls with every topic starting {@code from} renamed to start {@code to}. */
  RecordedPolls renamed(String from, String to) {
    List<Poll> out = new ArrayList<>(polls.size());
    for (Poll p : polls) {
      List<SourceRecord> records = new ArrayList<>(p.records().size());
      for (SourceRecord r : p.records()) {
        String topic =
            r.topic().startsWith(from) ? to + r.topic().substring(from.length()) : r.topic();
        records.add(
            r.newRecord(
                topic,
                r.kafkaPartition(),
                r.keySchema(),
                r.key(),
                r.valueSchema(),
                r.value(),
                r.timestamp(),
                r.headers()));
      }
      out.add(new Poll(records, p.boundary()));
    }
    return new RecordedPolls(out);
  }

  /** A task context with nothing stored that remembers the record a poll asked to commit at. */
  private static final class Recorder implements SourceTaskContext {
    private final Map<String, String> configs;
    private final boolean transactional;
    private SourceRecord boundary;

    Recorder(Map<String, String> configs, boolean transactional) {
      this.configs = configs;
      this.transactional = transactional;
    }

    @Override
    public Map<String, String> configs() {
      return configs;
    }

    @Override
    public OffsetStorageReader offsetStorageReader() {
      return new OffsetStorageReader() {
        @Override
        public <T> Map<String, Object> offset(Map<String, T> partition) {
          return null;
        }

        @Override
        public <T> Map<Map<String, T>, Map<String, Object>> offsets(
            Collection<Map<String, T>> partitions) {
          return Map.of();
        }
      };
    }

    @Override
    public PluginMetrics pluginMetrics() {
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
          throw new IllegalStateException("the Redoline task names the record it commits at");
        }

        @Override
        public void commitTransaction(SourceRecord record) {
          boundary = record;
        }

        @Override
        public void abortTransaction() {
          throw new IllegalStateException("the Redoline task never aborts");
        }

        @Override
        public void abortTransaction(SourceRecord record) {
          throw new IllegalStateException("the Redoline task never aborts");
        }
      };
    }
  }
}
