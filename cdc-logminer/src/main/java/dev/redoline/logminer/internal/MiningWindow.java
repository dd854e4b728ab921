package dev.redoline.logminer.internal;

import java.time.Duration;

/**
 * How many whole logs per thread the next step reads (docs/architecture.md#a-step): it starts at
 * one, doubles after a step faster than the target latency, up to the maximum, and halves after a
 * query timeout or a step that failed part way through its read, down to one.
 */
final class MiningWindow {

  private final int max;
  private final Duration target;
  private int logs = 1;

  MiningWindow(int max, Duration target) {
    if (max < 1) {
      throw new IllegalArgumentException("max must be 1 or more: " + max);
    }
    this.max = max;
    this.target = target;
  }

  int logs() {
    return logs;
  }

  /** The window for ops messages: "1 log per thread", "4 logs per thread". */
  String shown() {
    return logs == 1 ? "1 log per thread" : logs + " logs per thread";
  }

  /**
   * A step that was limited by the window finished in {@code elapsed}: widen it if that was fast.
   */
  boolean onStep(Duration elapsed, boolean limitedByWindow) {
    if (limitedByWindow && elapsed.compareTo(target) < 0 && logs < max) {
      logs = Math.min(max, logs * 2);
      return true;
    }
    return false;
  }

  /** The step's query timed out or failed part way: the next covers half as many logs. */
  boolean onTimeout() {
    int before = logs;
    logs = Math.max(1, logs / 2);
    return logs != before;
  }
}
