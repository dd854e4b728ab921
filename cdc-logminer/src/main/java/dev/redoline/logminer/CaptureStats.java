package dev.redoline.logminer;

import dev.redoline.buffer.BufferMetrics;
import dev.redoline.core.Scn;
import java.time.Duration;

/**
 * Counters the capture thread updates and any thread reads as a {@link CaptureMetrics} snapshot.
 * One writer (the capture thread) and volatile fields: a reader may see fields of neighbouring
 * steps together, which metrics tolerate.
 */
final class CaptureStats {

  /** What one applied step adds. */
  record Step(int rows, long bytes, Duration took, Duration decode, int windowLogs, Duration sessionAge,
      int sessionRestarts, Scn currentScn, Scn minedScn, Scn deliveredScn, Duration behind, BufferMetrics buffer) {}

  private volatile long steps;
  private volatile long rows;
  private volatile long bytes;
  private volatile long remines;
  private volatile long reconnects;
  private volatile Step last;

  void step(Step step) {
    steps++;
    rows += step.rows();
    bytes += step.bytes();
    last = step;
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
      return new CaptureMetrics(steps, rows, bytes, remines, reconnects, Duration.ZERO, Duration.ZERO, 1,
          Duration.ZERO, 0, Scn.ZERO, Scn.ZERO, Scn.ZERO, Duration.ZERO, queued, null);
    }
    return new CaptureMetrics(steps, rows, bytes, remines, reconnects, s.took(), s.decode(), s.windowLogs(),
        s.sessionAge(), s.sessionRestarts(), s.currentScn(), s.minedScn(), s.deliveredScn(), s.behind(), queued,
        s.buffer());
  }
}
