package dev.redoline.simulator.internal.oracle;

import java.time.Duration;
import java.time.Instant;

/**
 * A started LogMiner session: its bounds, options and the memory it holds. Memory ("PGA") grows
 * with the session's age, with every redo record read and with transactions buffered under
 * COMMITTED_DATA_ONLY (requirement 15). A new START_LOGMNR on the same added logs keeps the session
 * and its memory (docs/logminer.md#session-memory: a session reused for a long time accumulates
 * PGA); only END_LOGMNR, ADD_LOGFILE with NEW (which ends the session) and a lost connection give
 * it back.
 */
public final class ServerMiningSession {
  public final StartRequest start;
  public final long startScn;
  public final long endScn;
  public final Instant startedAt;

  /** Missing logs START_LOGMNR tolerated: MISSING_LOGFILE and MISSING_SCN rows. */
  public final java.util.List<LogGap> gaps;

  public long recordsRead;
  public long bufferedBytes;
  boolean killed;

  public ServerMiningSession(StartRequest start, Instant startedAt, java.util.List<LogGap> gaps) {
    this.gaps = java.util.List.copyOf(gaps);
    this.start = start;
    this.startScn = start.startScn();
    this.endScn = start.endScn() == null ? Long.MAX_VALUE : start.endScn();
    this.startedAt = startedAt;
  }

  boolean committedOnly() {
    return start.has(LogMinerOption.COMMITTED_DATA_ONLY);
  }

  Duration age(Instant now) {
    return Duration.between(startedAt, now);
  }

  long pgaBytes(Settings s, Instant now) {
    return s.pgaBaseBytes
        + s.pgaBytesPerSecond * age(now).toSeconds()
        + s.pgaBytesPerRecordRead * recordsRead
        + bufferedBytes;
  }
}
