package dev.redoline.logminer;

import dev.redoline.core.Scn;
import java.time.Duration;

/**
 * Counters the capture thread updates and any thread reads as a {@link CaptureMetrics} snapshot.
 * Plain volatile fields: one writer (the capture thread), readers tolerate a snapshot whose fields
 * come from neighbouring steps.
 */
final class CaptureStats {

  private volatile long steps;
  private volatile long rows;
  private volatile long remines;
  private volatile long reconnects;
  private volatile Duration lastStep = Duration.ZERO;
  private volatile int windowLogs = 1;
  private volatile Duration sessionAge = Duration.ZERO;
  private volatile Scn minedScn = Scn.ZERO;
  private volatile Scn safeScn = Scn.ZERO;

  void step(int stepRows, Duration took, int window, Duration age, Scn mined, Scn safe) {
    steps++;
    rows += stepRows;
    lastStep = took;
    windowLogs = window;
    sessionAge = age;
    minedScn = mined;
    safeScn = safe;
  }

  void remined() {
    remines++;
  }

  void reconnected() {
    reconnects++;
  }

  CaptureMetrics snapshot(int queued) {
    return new CaptureMetrics(steps, rows, remines, reconnects, lastStep, windowLogs, sessionAge, minedScn,
        safeScn, queued);
  }
}
