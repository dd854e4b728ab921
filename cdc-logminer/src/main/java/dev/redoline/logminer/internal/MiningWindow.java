package dev.redoline.logminer.internal;

import java.time.Duration;

/**
 * How many whole logs per thread the next step reads (docs/architecture.md#a-step): it starts at
 * one, doubles after a step faster than the target latency, up to the maximum, and halves after a
 * query timeout or a step that failed part way through its read, down to one.
 *
 * <p>A step mined by several sessions ({@code cdc.mining.sessions}) also doubles it when it lost
 * ground: limited by the window, it ended further behind the database than the target and than the
 * step before it (also mined by several sessions). A narrow window shares one log among the
 * sessions, each paying a whole START_LOGMNR for a slice of it, so the fixed cost of a log's redo
 * is paid once per session; a step that takes longer than the target then cannot be made faster by
 * staying narrow, and only a wider one lets the sessions catch up. Once they keep up, the lag stops
 * growing and so does the window. One session's window follows the target alone: its cost per log
 * does not fall with a wider window enough to matter.
 */
final class MiningWindow {

  private final int max;
  private final Duration target;
  private int logs = 1;

  /** The lag at the end of the last step, when several sessions mined it; else null. */
  private Duration parallelLag;

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
    return onStep(elapsed, limitedByWindow, null);
  }

  /**
   * A step finished in {@code elapsed}; {@code parallelLag} is how far behind the database its last
   * row was when several sessions mined it, null when one did or it had no row. Widens the window
   * after a step limited by it that was fast, or that several sessions mined and that lost ground.
   */
  boolean onStep(Duration elapsed, boolean limitedByWindow, Duration parallelLag) {
    Duration before = this.parallelLag;
    this.parallelLag = parallelLag;
    boolean fast = elapsed.compareTo(target) < 0;
    boolean losingGround =
        parallelLag != null
            && before != null
            && parallelLag.compareTo(target) > 0
            && parallelLag.compareTo(before) > 0;
    if (limitedByWindow && (fast || losingGround) && logs < max) {
      logs = Math.min(max, logs * 2);
      return true;
    }
    return false;
  }

  /** The step's query timed out or failed part way: the next covers half as many logs. */
  boolean onTimeout() {
    int before = logs;
    logs = Math.max(1, logs / 2);
    parallelLag = null;
    return logs != before;
  }
}
