package dev.redoline.buffer.internal;

import dev.redoline.core.CommitMark;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The LOB files of committed transactions, kept until the sink acknowledges them: the {@link
 * dev.redoline.core.StreamedLob} values in the published changes are read from them while the sink
 * delivers the transaction (an embedded handler during its call, the Connect mapping when it makes
 * the records), so they outlive the {@link PublishedTransaction}, which is closed as soon as the
 * changes are queued.
 *
 * <pre>{@code
 * files.committed(mark, tx.takeLobFiles());
 * files.acknowledged(ackMark, true);    // deletes the files of transactions up to ackMark
 * }</pre>
 *
 * <h2>Threads</h2>
 *
 * {@link #committed} runs on the apply thread, {@link #acknowledged} on the sink's as the
 * acknowledgement arrives ({@link TransactionBuffer#acknowledged}), {@link #releaseAll} when the
 * buffer closes: every method holds this object's monitor, so a file is never released twice nor
 * kept after its acknowledgement. Commits are applied in the order of their rows, which on RAC is
 * not the order of their marks, so an acknowledgement looks at every waiting transaction, not only
 * the oldest.
 */
final class CommittedLobFiles {

  private record Committed(CommitMark mark, List<LobFile> files) {}

  private final List<Committed> waiting = new ArrayList<>();

  synchronized void committed(CommitMark mark, List<LobFile> files) {
    if (!files.isEmpty()) {
      waiting.add(new Committed(mark, files));
    }
  }

  /**
   * The sink acknowledged up to {@code mark}: the files of transactions committed before it go, and
   * those of the transaction at {@code mark} when {@code whole} (its last change was acknowledged,
   * not one in its middle).
   */
  synchronized void acknowledged(CommitMark mark, boolean whole) {
    for (Iterator<Committed> it = waiting.iterator(); it.hasNext(); ) {
      Committed committed = it.next();
      int order = committed.mark().compareTo(mark);
      if (order < 0 || order == 0 && whole) {
        it.remove();
        release(committed);
      }
    }
  }

  /** Every file goes: the buffer closes, nothing it published is read any more. */
  synchronized void releaseAll() {
    waiting.forEach(CommittedLobFiles::release);
    waiting.clear();
  }

  /** Files waiting, for tests and metrics. */
  synchronized int size() {
    return waiting.stream().mapToInt(c -> c.files().size()).sum();
  }

  private static void release(Committed committed) {
    committed.files().forEach(LobFile::release);
  }
}
