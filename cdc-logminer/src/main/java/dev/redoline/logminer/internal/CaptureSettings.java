package dev.redoline.logminer.internal;

import dev.redoline.core.CdcConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The configuration values the capture engine reads, parsed once. {@code databaseZone} is {@code
 * null} when {@code cdc.database.time.zone} is empty: the engine then takes the zone each {@link
 * DatabaseState} reports.
 */
record CaptureSettings(
    LogInventory.Mode mode,
    String archiveDestination,
    List<String> pdbs,
    List<String> tablesInclude,
    List<String> tablesExclude,
    List<String> columnsExclude,
    Set<String> usersExclude,
    ZoneId databaseZone,
    Duration targetLatency,
    int maxLogsPerStep,
    Duration queryTimeout,
    Duration sessionMaxAge,
    int decodeThreads,
    int fetchSize,
    Duration idle,
    Duration lgwrMaxDelay,
    int remineMaxAttempts,
    long memoryBudgetBytes,
    Path spillDirectory,
    Duration journalAfter,
    int journalAfterLogs,
    Duration orphanCheckInterval,
    int queueSize,
    Duration heartbeatInterval,
    Duration retryMaxTime,
    Duration backoffInitial,
    Duration backoffMax,
    boolean deadLetters,
    String startScn,
    SkippedOperations skipped,
    boolean lobEnabled,
    long lobMaxBytes,
    long lobStreamThresholdBytes,
    long stepMemoryBytes,
    int miningSessions,
    Duration backlogGrowthWarn) {

  /** How many inventory polls a log being archived is waited for before it counts as a gap. */
  static final int ARCHIVE_WAIT_POLLS = 60;

  static CaptureSettings of(CdcConfig c) {
    String spill = c.get(CdcConfig.BUFFER_SPILL_DIR);
    return new CaptureSettings(
        c.get(CdcConfig.CAPTURE_MODE).toLowerCase(Locale.ROOT).equals("archive_only")
            ? LogInventory.Mode.ARCHIVE_ONLY
            : LogInventory.Mode.ONLINE,
        c.get(CdcConfig.ARCHIVE_DESTINATION),
        c.get(CdcConfig.DATABASE_PDBS),
        c.get(CdcConfig.TABLES_INCLUDE),
        c.get(CdcConfig.TABLES_EXCLUDE),
        c.get(CdcConfig.COLUMNS_EXCLUDE),
        Set.copyOf(c.get(CdcConfig.USERS_EXCLUDE)),
        zone(c.get(CdcConfig.DATABASE_TIME_ZONE)),
        ms(c.get(CdcConfig.MINING_TARGET_LATENCY_MS)),
        c.get(CdcConfig.MINING_MAX_LOGS_PER_STEP),
        ms(c.get(CdcConfig.MINING_QUERY_TIMEOUT_MS)),
        ms(c.get(CdcConfig.MINING_SESSION_MAX_AGE_MS)),
        c.get(CdcConfig.MINING_DECODE_THREADS),
        c.get(CdcConfig.MINING_FETCH_SIZE),
        ms(c.get(CdcConfig.MINING_IDLE_MS)),
        ms(c.get(CdcConfig.MINING_LGWR_MAX_DELAY_MS)),
        c.get(CdcConfig.MINING_REMINE_MAX_ATTEMPTS),
        c.get(CdcConfig.BUFFER_MEMORY_MAX_BYTES),
        // Per capture: a buffer empties its spill directory when it opens, so two captures on one
        // host must never share one.
        spill.isEmpty()
            ? Path.of(
                System.getProperty("java.io.tmpdir"),
                "redoline-spill",
                c.get(CdcConfig.TOPIC_PREFIX))
            : Path.of(spill),
        ms(c.get(CdcConfig.BUFFER_JOURNAL_AFTER_MS)),
        c.get(CdcConfig.BUFFER_JOURNAL_AFTER_LOGS),
        ms(c.get(CdcConfig.BUFFER_ORPHAN_CHECK_MS)),
        c.get(CdcConfig.QUEUE_MAX_RECORDS),
        ms(c.get(CdcConfig.HEARTBEAT_INTERVAL_MS)),
        ms(c.get(CdcConfig.RETRY_MAX_TIME_MS)),
        ms(c.get(CdcConfig.RETRY_BACKOFF_INITIAL_MS)),
        ms(c.get(CdcConfig.RETRY_BACKOFF_MAX_MS)),
        c.get(CdcConfig.ON_DECODE_ERROR).toLowerCase(Locale.ROOT).equals("dlq"),
        c.get(CdcConfig.START_SCN),
        SkippedOperations.of(c.get(CdcConfig.SKIPPED_OPERATIONS)),
        c.get(CdcConfig.LOB_ENABLED),
        c.get(CdcConfig.LOB_MAX_BYTES),
        // the lower of the two: a LOB larger than the buffer's memory always streams
        Math.min(
            c.get(CdcConfig.LOB_STREAM_THRESHOLD_BYTES), c.get(CdcConfig.BUFFER_MEMORY_MAX_BYTES)),
        c.get(CdcConfig.MINING_STEP_MEMORY_MAX_BYTES),
        c.get(CdcConfig.MINING_SESSIONS),
        ms(c.get(CdcConfig.BACKLOG_GROWTH_WARN_MS)));
  }

  /** The configured zone, or {@code null} when empty: the gateway then reports the database's. */
  private static ZoneId zone(String text) {
    return text.isBlank() ? null : ZoneId.of(text.trim());
  }

  private static Duration ms(long millis) {
    return Duration.ofMillis(millis);
  }
}
