package dev.redoline.simulator.internal.oracle;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.TreeMap;

/**
 * SCN_TO_TIMESTAMP / TIMESTAMP_TO_SCN: a mapping kept for a retention window (ORA-08181/08180 past
 * it).
 */
public final class ScnTimeMap {
  private final TreeMap<Long, Instant> byScn = new TreeMap<>();

  void note(long scn, Instant at) {
    Map.Entry<Long, Instant> last = byScn.lastEntry();
    if (last == null || !last.getValue().equals(at)) {
      byScn.put(scn, at);
    }
  }

  /** Forgets the SCNs above {@code scn} (FLASHBACK DATABASE: they are taken again). */
  void forgetAbove(long scn) {
    byScn.tailMap(scn, false).clear();
  }

  /**
   * SCN_TO_TIMESTAMP at {@code clock}'s now: ORA-08181 for an SCN above {@code currentScn} or one
   * whose time is older than {@code retention}.
   */
  public LocalDateTime timeOf(long scn, SimulatedClock clock, long currentScn, Duration retention)
      throws SQLException {
    Map.Entry<Long, Instant> e = byScn.floorEntry(scn);
    Instant now = clock.instant();
    if (e == null || scn > currentScn || e.getValue().isBefore(now.minus(retention))) {
      throw OracleErrors.error(8181);
    }
    return LocalDateTime.ofInstant(e.getValue(), clock.getZone()).truncatedTo(ChronoUnit.SECONDS);
  }

  /**
   * TIMESTAMP_TO_SCN at {@code clock}'s now: ORA-08180 for a time ahead or past {@code retention}.
   */
  public long scnAt(LocalDateTime time, SimulatedClock clock, Duration retention)
      throws SQLException {
    Instant at = time.atZone(clock.getZone()).toInstant();
    Instant now = clock.instant();
    if (at.isAfter(now) || at.isBefore(now.minus(retention))) {
      throw OracleErrors.error(8180);
    }
    long best = -1;
    for (Map.Entry<Long, Instant> e : byScn.entrySet()) {
      if (e.getValue().isAfter(at)) {
        break;
      }
      best = e.getKey();
    }
    if (best < 0) {
      throw OracleErrors.error(8180);
    }
    return best;
  }
}
