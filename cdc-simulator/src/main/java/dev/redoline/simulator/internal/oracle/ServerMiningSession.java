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
  private final StartRequest start;
  private final long startScn;
  private final long endScn;
  private final Instant startedAt;
  private final java.util.List<LogGap> gaps;
  private long recordsRead;
  private long bufferedBytes;

  public ServerMiningSession(StartRequest start, Instant startedAt, java.util.List<LogGap> gaps) {
    this.gaps = java.util.List.copyOf(gaps);
    this.start = start;
    this.startScn = start.startScn();
    this.endScn = start.endScn() == null ? Long.MAX_VALUE : start.endScn();
    this.startedAt = startedAt;
  }

  /** What START_LOGMNR asked for: bounds and options. */
  public StartRequest start() {
    return start;
  }

  public long startScn() {
    return startScn;
  }

  /** The end SCN, or {@link Long#MAX_VALUE} when START_LOGMNR gave none. */
  public long endScn() {
    return endScn;
  }

  public Instant startedAt() {
    return startedAt;
  }

  /** Missing logs START_LOGMNR tolerated: MISSING_LOGFILE and MISSING_SCN rows. */
  public java.util.List<LogGap> gaps() {
    return gaps;
  }

  /** A new START_LOGMNR on the same logs keeps the memory the session it replaces held. */
  public void keepMemoryOf(ServerMiningSession previous) {
    recordsRead = previous.recordsRead;
    bufferedBytes = previous.bufferedBytes;
  }

  /** A query read {@code records} more redo records. */
  void read(long records) {
    recordsRead += records;
  }

  /** A query buffered {@code bytes} of uncommitted changes at its peak. */
  void buffered(long bytes) {
    bufferedBytes = Math.max(bufferedBytes, bytes);
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
