package dev.redoline.logminer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The running figures of a stream's steps that the metrics publish beyond {@link CaptureStats}'
 * totals: durations with their minimum, maximum and total (step, LogMiner query, session start,
 * decoding), rows per second, logs per step, lag extremes, SCN freezes, and per redo thread where
 * the cursor is and how much redo lies after it ({@link ThreadFigures}).
 *
 * <p>One writer, the capture thread; readers see each field as last written (volatile), so a reader
 * may combine fields of neighbouring steps, which metrics tolerate. A new figure is a field, its
 * update in one of the {@code on...} methods and a getter: nothing else knows the list.
 */
final class StreamingFigures {

  /**
   * One redo thread as of the last step.
   *
   * @param thread THREAD#
   * @param cursor the address of the last record applied, or {@code null} before the first
   * @param logsBehind log switches between the cursor's log and the thread's current one
   * @param bytesBehind redo bytes written after the cursor, from the log sizes and the thread's
   *     last redo block (V$THREAD); -1 when a log's size is not listed
   */
  record ThreadFigures(int thread, RedoAddress cursor, long logsBehind, long bytesBehind) {}

  private volatile long lastStepMillis;
  private volatile long minStepMillis = -1;
  private volatile long maxStepMillis;
  private volatile long totalStepMillis;
  private volatile long lastRowsPerSecond;
  private volatile long maxRowsPerSecond;
  private volatile long stepRows;
  private volatile long minStepLogs = -1;
  private volatile long maxStepLogs;
  private volatile List<String> lastLogFiles = List.of();
  private volatile long totalDecodeMillis;
  private volatile long maxFetchMillis;
  private volatile long totalFetchMillis;
  private volatile long lastSessionStartMillis;
  private volatile long maxSessionStartMillis;
  private volatile long totalSessionStartMillis;
  private volatile long minLagMillis = -1;
  private volatile long maxLagMillis;
  private volatile long scnFreezes;
  private Scn previousScn;
  private volatile Map<Integer, ThreadFigures> threads = Map.of();
  private volatile Runnable threadsSeen = () -> {};

  /**
   * Runs {@code listener} on the capture thread whenever a step's cursors name a thread not seen
   * before.
   */
  void onThreadsSeen(Runnable listener) {
    threadsSeen = listener;
  }

  /** A LogMiner query ran and was read (or failed) in {@code took}. */
  void onFetch(Duration took) {
    long ms = took.toMillis();
    maxFetchMillis = Math.max(maxFetchMillis, ms);
    totalFetchMillis += ms;
  }

  /** Logs were added and DBMS_LOGMNR.START_LOGMNR ran in {@code took}. */
  void onSessionStart(Duration took) {
    long ms = took.toMillis();
    lastSessionStartMillis = ms;
    maxSessionStartMillis = Math.max(maxSessionStartMillis, ms);
    totalSessionStartMillis += ms;
  }

  /** A step of {@code plan} was applied: its rows, how long it and its decoding took, its lag. */
  void onStep(
      StepPlan plan, int rows, Duration took, Duration decode, Duration behind, Scn currentScn) {
    long ms = took.toMillis();
    lastStepMillis = ms;
    minStepMillis = minStepMillis < 0 ? ms : Math.min(minStepMillis, ms);
    maxStepMillis = Math.max(maxStepMillis, ms);
    totalStepMillis += ms;
    stepRows += rows;
    lastRowsPerSecond = rows * 1000L / Math.max(1, ms);
    maxRowsPerSecond = Math.max(maxRowsPerSecond, lastRowsPerSecond);
    int logs = plan.logs().size();
    minStepLogs = minStepLogs < 0 ? logs : Math.min(minStepLogs, logs);
    maxStepLogs = Math.max(maxStepLogs, logs);
    lastLogFiles = plan.logs().stream().map(StepPlan.StepLog::fileName).toList();
    totalDecodeMillis += decode.toMillis();
    long lag = behind.toMillis();
    minLagMillis = minLagMillis < 0 ? lag : Math.min(minLagMillis, lag);
    maxLagMillis = Math.max(maxLagMillis, lag);
    if (currentScn.equals(previousScn)) {
      scnFreezes++;
    }
    previousScn = currentScn;
  }

  /** Where each redo thread's cursor is after a step, and the redo after it in {@code listing}. */
  void onCursors(LogInventory.Snapshot listing, Map<Integer, RedoAddress> cursors) {
    Map<Integer, ThreadFigures> next = new TreeMap<>();
    for (RedoThreadState t : listing.threads()) {
      if (t.enabled() == RedoThreadState.Enabled.PUBLIC) {
        next.put(t.thread(), RedoBacklog.of(t, cursors.get(t.thread()), listing));
      }
    }
    boolean newThread = !threads.keySet().containsAll(next.keySet());
    threads = Map.copyOf(next);
    if (newThread) {
      threadsSeen.run();
    }
  }

  long lastStepMillis() {
    return lastStepMillis;
  }

  long minStepMillis() {
    return Math.max(0, minStepMillis);
  }

  long maxStepMillis() {
    return maxStepMillis;
  }

  long totalStepMillis() {
    return totalStepMillis;
  }

  long lastRowsPerSecond() {
    return lastRowsPerSecond;
  }

  long maxRowsPerSecond() {
    return maxRowsPerSecond;
  }

  long averageRowsPerSecond() {
    return stepRows * 1000L / Math.max(1, totalStepMillis);
  }

  long minStepLogs() {
    return Math.max(0, minStepLogs);
  }

  long maxStepLogs() {
    return maxStepLogs;
  }

  List<String> lastLogFiles() {
    return lastLogFiles;
  }

  long totalDecodeMillis() {
    return totalDecodeMillis;
  }

  long maxFetchMillis() {
    return maxFetchMillis;
  }

  long totalFetchMillis() {
    return totalFetchMillis;
  }

  long lastSessionStartMillis() {
    return lastSessionStartMillis;
  }

  long maxSessionStartMillis() {
    return maxSessionStartMillis;
  }

  long totalSessionStartMillis() {
    return totalSessionStartMillis;
  }

  long minLagMillis() {
    return Math.max(0, minLagMillis);
  }

  long maxLagMillis() {
    return maxLagMillis;
  }

  long scnFreezes() {
    return scnFreezes;
  }

  Map<Integer, ThreadFigures> threads() {
    return threads;
  }
}
