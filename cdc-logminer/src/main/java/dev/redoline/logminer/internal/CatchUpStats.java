package dev.redoline.logminer.internal;

import dev.redoline.core.RedoAddress;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a capture that is behind needs to be seen and steered by: the LogMiner sessions the last
 * step used and the rows a second each of them read, the archived logs not yet mined (count and
 * bytes) and an estimate of the time to mine them. The capture thread writes, any thread reads
 * (volatile fields; a reader may see values of neighbouring steps together).
 *
 * <p>The estimate divides the backlog's bytes by the pace at which steps mined archived redo, an
 * average that weighs the last step a quarter; -1 while no step has mined an archived log.
 */
final class CatchUpStats {

  private volatile int sessions = 1;
  private volatile long[] rowsPerSecond = new long[0];
  private volatile long backlogLogs;
  private volatile long backlogBytes;

  /** Archived redo bytes a second the steps mined, averaged; 0 before any. */
  private volatile double bytesPerSecond;

  /**
   * The archived logs from each thread's cursor on, the log the cursor is in included unless the
   * cursor is at its end ({@code archived}: the inventory's listing, one entry per destination); a
   * thread without a cursor counts every log listed.
   */
  void backlog(List<ArchivedLog> archived, Map<Integer, RedoAddress> cursors) {
    Set<String> seen = new HashSet<>();
    long logs = 0;
    long bytes = 0;
    for (ArchivedLog log : archived) {
      RedoAddress cursor = cursors.get(log.thread());
      if (cursor != null && (log.sequence() < cursor.sequence() || readWhole(log, cursor))) {
        continue;
      }
      if (seen.add(log.thread() + "/" + log.sequence())) {
        logs++;
        bytes += log.blocks() * log.blockSize();
      }
    }
    backlogLogs = logs;
    backlogBytes = bytes;
  }

  /** Whether {@code cursor} is at the end of {@code log}: a step ended there, the log is mined. */
  private static boolean readWhole(ArchivedLog log, RedoAddress cursor) {
    return log.sequence() == cursor.sequence()
        && cursor.block() == 0xFFFF_FFFFL
        && cursor.offset() == 0xFFFF;
  }

  /**
   * A step was applied: mined by {@code reads.size()} sessions (one when empty), {@code
   * archivedBytes} of its logs archived, in {@code took}.
   */
  void stepMined(
      List<ParallelMining.RangeRead> reads,
      long rows,
      Duration fetchTook,
      long archivedBytes,
      Duration took) {
    if (reads.isEmpty()) {
      sessions = 1;
      rowsPerSecond = new long[] {perSecond(rows, fetchTook)};
    } else {
      long[] rates = new long[reads.size()];
      for (int i = 0; i < rates.length; i++) {
        rates[i] = perSecond(reads.get(i).rows(), reads.get(i).took());
      }
      sessions = reads.size();
      rowsPerSecond = rates;
    }
    if (archivedBytes > 0 && !took.isZero()) {
      double pace = archivedBytes * 1e9 / took.toNanos();
      bytesPerSecond = bytesPerSecond == 0 ? pace : 0.75 * bytesPerSecond + 0.25 * pace;
    }
  }

  private static long perSecond(long rows, Duration took) {
    return took.isZero() ? 0 : Math.round(rows * 1e9 / took.toNanos());
  }

  int sessions() {
    return sessions;
  }

  long[] rowsPerSecond() {
    return rowsPerSecond.clone();
  }

  long backlogLogs() {
    return backlogLogs;
  }

  long backlogBytes() {
    return backlogBytes;
  }

  /**
   * Milliseconds to mine the backlog at the pace steps mined archived redo; -1 before any such
   * step.
   */
  long estimatedCatchUpMillis() {
    double pace = bytesPerSecond;
    return pace <= 0 ? -1 : Math.round(backlogBytes / pace * 1000);
  }
}
