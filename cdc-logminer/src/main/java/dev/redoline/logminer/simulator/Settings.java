package dev.redoline.logminer.simulator;

import java.time.Duration;

/** Knobs of the database and of LogMiner's cost and memory model. */
final class Settings {
  SupplementalLogging supplementalLogging = SupplementalLogging.ALL;
  /** Session memory limit in bytes. */
  long pgaLimitBytes = 2L << 30;
  PgaExhaustion pgaExhaustion = PgaExhaustion.ORA_04036;
  /** Memory a session holds from its start. */
  long pgaBaseBytes = 8L << 20;
  /** Memory a session gains per second of age (LogMiner's leak with long sessions). */
  long pgaBytesPerSecond = 64L << 10;
  /** Memory gained per redo record read (read buffers, dictionary cache). */
  long pgaBytesPerRecordRead = 16;
  /** Simulated time per redo record read. */
  Duration costPerRecord = Duration.ofNanos(5_000);
  /** Extra cost per record per hour of session age, in percent: older sessions mine slower. */
  int costAgePercentPerHour = 20;
  Duration scnTimeRetention = Duration.ofDays(5);
}
