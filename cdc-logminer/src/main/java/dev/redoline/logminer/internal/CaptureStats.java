package dev.redoline.logminer.internal;

import dev.redoline.buffer.BufferMetrics;
import dev.redoline.core.Scn;
import dev.redoline.logminer.CaptureMetrics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counters the capture thread updates and any thread reads as a {@link CaptureMetrics} snapshot.
 * One writer (the capture thread) and volatile fields: a reader may see fields of neighbouring
 * steps together, which metrics tolerate.
 */
final class CaptureStats {

  /** What one applied step adds. */
  record Step(
      int rows,
      long bytes,
      Duration took,
      Duration decode,
      int windowLogs,
      Duration sessionAge,
      int sessionRestarts,
      Scn currentScn,
      Scn minedScn,
      Scn deliveredScn,
      Duration behind,
      BufferMetrics buffer) {}

  private volatile long steps;
  private volatile long rows;
  private volatile long bytes;
  private volatile long remines;
  private volatile long reconnects;
  private volatile Step last;
  private volatile boolean connected;
  private volatile long fetchQueries;
  private volatile Duration lastFetch = Duration.ZERO;

  /** Per redo thread, the log sequence last read from V$THREAD. */
  private final Map<Integer, Long> sequences = new HashMap<>();

  /** When each log switch seen in the last day was noticed; capture thread only. */
  private final Deque<Instant> switches = new ArrayDeque<>();

  private volatile int switchesLastDay;
  private final StreamingFigures figures = new StreamingFigures();

  /** The running figures of the steps (extremes, totals, per-thread backlog). */
  StreamingFigures figures() {
    return figures;
  }

  /** Sessions, their pace and the archived backlog ({@code cdc.mining.sessions}). */
  private final CatchUpStats catchUp = new CatchUpStats();

  CatchUpStats catchUp() {
    return catchUp;
  }

  void step(Step step) {
    steps++;
    rows += step.rows();
    bytes += step.bytes();
    last = step;
  }

  /** Whether the capture holds an open database connection. */
  void connected(boolean open) {
    connected = open;
  }

  boolean connected() {
    return connected;
  }

  /** A LogMiner query of a step was run and read (or failed) after {@code took}. */
  void fetched(Duration took) {
    fetchQueries++;
    lastFetch = took;
    figures.onFetch(took);
  }

  long fetchQueries() {
    return fetchQueries;
  }

  Duration lastFetch() {
    return lastFetch;
  }

  /**
   * The redo threads as a step's listing read them: every advance of a thread's log sequence is a
   * log switch, counted for one day from when it was noticed. The first listing only sets where
   * each thread is.
   */
  void threads(List<RedoThreadState> threads, Instant now) {
    for (RedoThreadState t : threads) {
      Long before = sequences.put(t.thread(), t.sequence());
      for (long s = before == null ? t.sequence() : before; s < t.sequence(); s++) {
        switches.addLast(now);
      }
    }
    Instant dayAgo = now.minus(Duration.ofDays(1));
    while (!switches.isEmpty() && !switches.peekFirst().isAfter(dayAgo)) {
      switches.removeFirst();
    }
    switchesLastDay = switches.size();
  }

  /** Log switches noticed in the day before the last listing. */
  int switchesLastDay() {
    return switchesLastDay;
  }

  void remined() {
    remines++;
  }

  void reconnected() {
    reconnects++;
  }

  CaptureMetrics snapshot(int queued) {
    Step s = last;
    if (s == null) {
      return new CaptureMetrics(
          steps,
          rows,
          bytes,
          remines,
          reconnects,
          Duration.ZERO,
          Duration.ZERO,
          1,
          Duration.ZERO,
          0,
          Scn.ZERO,
          Scn.ZERO,
          Scn.ZERO,
          Duration.ZERO,
          queued,
          null);
    }
    return new CaptureMetrics(
        steps,
        rows,
        bytes,
        remines,
        reconnects,
        s.took(),
        s.decode(),
        s.windowLogs(),
        s.sessionAge(),
        s.sessionRestarts(),
        s.currentScn(),
        s.minedScn(),
        s.deliveredScn(),
        s.behind(),
        queued,
        s.buffer());
  }
}
