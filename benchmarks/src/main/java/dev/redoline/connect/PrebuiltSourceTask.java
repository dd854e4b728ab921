package dev.redoline.connect;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;
import org.apache.kafka.connect.source.TransactionContext;

/**
 * Hands out, poll by poll, the records a Redoline task returned in a recorded run ({@link
 * RecordedPolls}), asking for a Kafka transaction's commit at the same records; then idles. The
 * worker runs in the benchmark's JVM, so the records are passed in a static registry under the name
 * given in {@value #RECORDS}.
 */
public final class PrebuiltSourceTask extends SourceTask {

  /** Configuration key: the name the records were registered under. */
  static final String RECORDS = "prebuilt.records";

  private static final Map<String, RecordedPolls> REGISTRY = new ConcurrentHashMap<>();

  private List<RecordedPolls.Poll> polls;
  private int next;

  /** Makes {@code polls} available to a task configured with {@code name}. */
  static void register(String name, RecordedPolls polls) {
    REGISTRY.put(name, polls);
  }

  static void unregister(String name) {
    REGISTRY.remove(name);
  }

  @Override
  public String version() {
    return "bench";
  }

  @Override
  public void start(Map<String, String> props) {
    RecordedPolls recorded = REGISTRY.get(props.get(RECORDS));
    if (recorded == null) {
      throw new ConnectException("no records registered as " + props.get(RECORDS));
    }
    polls = recorded.polls();
    next = 0;
  }

  @Override
  public List<SourceRecord> poll() throws InterruptedException {
    if (next == polls.size()) {
      Thread.sleep(50); // everything handed out: idle as a caught-up source would
      return null;
    }
    RecordedPolls.Poll poll = polls.get(next++);
    List<SourceRecord> out = new ArrayList<>(poll.records());
    if (poll.boundary() >= 0) {
      TransactionContext tx = context.transactionContext();
      if (tx != null) {
        tx.commitTransaction(out.get(poll.boundary()));
      }
    }
    return out;
  }

  @Override
  public void stop() {}
}
