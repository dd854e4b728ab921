package dev.redoline.buffer.internal;

import dev.redoline.core.CommitMark;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The LOB files of committed transactions, kept until the sink acknowledges them: the
 * {@link dev.redoline.core.StreamedLob} values in the published changes are read from them while
 * the sink delivers the transaction (an embedded handler during its call, the Connect mapping when
 * it makes the records), so they outlive the {@link PublishedTransaction}, which is closed as soon
 * as the changes are queued.
 *
 * <pre>{@code
 * files.committed(mark, tx.takeLobFiles());
 * files.acknowledged(ackMark, true);    // deletes the files of transactions up to ackMark
 * }</pre>
 *
 * <p>Apply thread only; marks arrive in commit order.
 */
final class CommittedLobFiles {

  private record Committed(CommitMark mark, List<LobFile> files) {}

  private final Deque<Committed> waiting = new ArrayDeque<>();

  void committed(CommitMark mark, List<LobFile> files) {
    if (!files.isEmpty()) {
      waiting.add(new Committed(mark, files));
    }
  }

  /**
   * The sink acknowledged up to {@code mark}: the files of transactions committed before it go,
   * and those of the transaction at {@code mark} when {@code whole} (its last change was
   * acknowledged, not one in its middle).
   */
  void acknowledged(CommitMark mark, boolean whole) {
    while (!waiting.isEmpty()) {
      int order = waiting.peek().mark().compareTo(mark);
      if (order > 0 || order == 0 && !whole) {
        return;
      }
      release(waiting.poll());
    }
  }

  /** Every file goes: the buffer closes, nothing it published is read any more. */
  void releaseAll() {
    while (!waiting.isEmpty()) {
      release(waiting.poll());
    }
  }

  /** Files waiting, for tests and metrics. */
  int size() {
    return waiting.stream().mapToInt(c -> c.files().size()).sum();
  }

  private static void release(Committed committed) {
    committed.files().forEach(LobFile::release);
  }
}
