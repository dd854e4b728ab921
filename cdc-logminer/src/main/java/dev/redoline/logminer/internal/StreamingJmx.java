package dev.redoline.logminer.internal;

import dev.redoline.buffer.BufferMetrics;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.StreamingMetricsMXBean;
import java.math.BigInteger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import javax.management.ObjectName;

/**
 * A stream's {@link StreamingMetricsMXBean}, read from the capture's counters and its sink queue at
 * each call; registered while the stream is open.
 */
final class StreamingJmx implements StreamingMetricsMXBean {

  private final CaptureStats stats;
  private final EventQueue queue;
  private final Clock clock;

  /** When the stream opened: throughputs are per second since then. */
  private final Instant opened;

  private ObjectName name;

  StreamingJmx(CaptureStats stats, EventQueue queue, Clock clock) {
    this.stats = stats;
    this.queue = queue;
    this.clock = clock;
    this.opened = clock.instant();
  }

  /**
   * Registers under Debezium's name for {@code prefix} ({@code server=prefix-2}, {@code -3}... when
   * another capture of this JVM holds it). The value is quoted only when ObjectName requires it, so
   * the usual prefixes give exactly the name Debezium dashboards query.
   */
  void register(String prefix) {
    name =
        JmxNames.register(
            this,
            i ->
                "debezium.oracle:type=connector-metrics,context=streaming,server="
                    + serverValue(JmxNames.suffixed(prefix, i)));
  }

  void unregister() {
    JmxNames.unregister(name);
    name = null;
  }

  private static String serverValue(String server) {
    for (int i = 0; i < server.length(); i++) {
      if (",=:\"*?\n".indexOf(server.charAt(i)) >= 0) {
        return ObjectName.quote(server);
      }
    }
    return server;
  }

  private BufferMetrics buffer() {
    return stats.snapshot(0).buffer();
  }

  @Override
  public long getMilliSecondsBehindSource() {
    return queue.behindSourceMillis();
  }

  @Override
  public long getMilliSecondsSinceLastEvent() {
    long last = queue.lastChangeMillis();
    return last < 0 ? -1 : Math.max(0, clock.millis() - last);
  }

  @Override
  public long getTotalNumberOfEventsSeen() {
    return queue.changesQueued();
  }

  @Override
  public long getNumberOfCommittedTransactions() {
    return queue.commitsQueued();
  }

  @Override
  public int getQueueRemainingCapacity() {
    return queue.remainingCapacity();
  }

  @Override
  public long getCurrentQueueSizeInBytes() {
    return Math.max(0, queue.bytes());
  }

  @Override
  public boolean isConnected() {
    return stats.connected();
  }

  @Override
  public long getLagFromSourceInMilliseconds() {
    return stats.snapshot(0).behind().toMillis();
  }

  private PositionState lastQueued() {
    Position last = queue.lastQueued();
    return last == null ? null : PositionState.of(last);
  }

  @Override
  public BigInteger getOffsetScn() {
    PositionState last = lastQueued();
    return last == null ? BigInteger.ZERO : number(last.resumeScn());
  }

  @Override
  public BigInteger getCommittedScn() {
    PositionState last = lastQueued();
    return last == null || last.lastCommit() == null
        ? BigInteger.ZERO
        : number(last.lastCommit().scn());
  }

  @Override
  public BigInteger getCurrentScn() {
    return number(stats.snapshot(0).currentScn());
  }

  @Override
  public BigInteger getOldestScn() {
    BufferMetrics b = buffer();
    return b == null || b.oldestScn().isEmpty()
        ? BigInteger.ONE.negate()
        : number(b.oldestScn().get());
  }

  @Override
  public long getOldestScnAgeInMilliseconds() {
    BufferMetrics b = buffer();
    return b == null ? 0 : b.oldestAge().map(Duration::toMillis).orElse(0L);
  }

  @Override
  public long getNumberOfActiveTransactions() {
    BufferMetrics b = buffer();
    return b == null ? 0 : b.openTransactions();
  }

  @Override
  public long getNumberOfEventsInBuffer() {
    BufferMetrics b = buffer();
    return b == null ? 0 : b.bufferedChanges();
  }

  @Override
  public long getTotalProcessedRows() {
    return stats.snapshot(0).rows();
  }

  @Override
  public long getFetchQueryCount() {
    return stats.fetchQueries();
  }

  @Override
  public long getLastDurationOfFetchQueryInMilliseconds() {
    return stats.lastFetch().toMillis();
  }

  @Override
  public int getLogSwitchCount() {
    return stats.switchesLastDay();
  }

  private StreamingFigures figures() {
    return stats.figures();
  }

  @Override
  public long getMaxDurationOfFetchQueryInMilliseconds() {
    return figures().maxFetchMillis();
  }

  @Override
  public long getTotalResultSetNextTimeInMilliseconds() {
    return figures().totalFetchMillis();
  }

  @Override
  public long getLastBatchProcessingTimeInMilliseconds() {
    return figures().lastStepMillis();
  }

  @Override
  public long getMinBatchProcessingTimeInMilliseconds() {
    return figures().minStepMillis();
  }

  @Override
  public long getMaxBatchProcessingTimeInMilliseconds() {
    return figures().maxStepMillis();
  }

  @Override
  public long getTotalBatchProcessingTimeInMilliseconds() {
    return figures().totalStepMillis();
  }

  @Override
  public long getLastBatchProcessingThroughput() {
    return figures().lastRowsPerSecond();
  }

  @Override
  public long getMaxBatchProcessingThroughput() {
    return figures().maxRowsPerSecond();
  }

  @Override
  public long getAverageBatchProcessingThroughput() {
    return figures().averageRowsPerSecond();
  }

  @Override
  public long getMinimumMinedLogCount() {
    return figures().minStepLogs();
  }

  @Override
  public long getMaximumMinedLogCount() {
    return figures().maxStepLogs();
  }

  @Override
  public String[] getCurrentLogFileNames() {
    return figures().lastLogFiles().toArray(String[]::new);
  }

  @Override
  public long getTotalParseTimeInMilliseconds() {
    return figures().totalDecodeMillis();
  }

  @Override
  public long getMinLagFromSourceInMilliseconds() {
    return figures().minLagMillis();
  }

  @Override
  public long getMaxLagFromSourceInMilliseconds() {
    return figures().maxLagMillis();
  }

  @Override
  public long getScnFreezeCount() {
    return figures().scnFreezes();
  }

  @Override
  public long getLastMiningSessionStartTimeInMilliseconds() {
    return figures().lastSessionStartMillis();
  }

  @Override
  public long getMaxMiningSessionStartTimeInMilliseconds() {
    return figures().maxSessionStartMillis();
  }

  @Override
  public long getTotalMiningSessionStartTimeInMilliseconds() {
    return figures().totalSessionStartMillis();
  }

  @Override
  public long getNumberOfRolledBackTransactions() {
    BufferMetrics b = buffer();
    return b == null ? 0 : b.rolledBack();
  }

  @Override
  public long getNumberOfPartialRollbackCount() {
    BufferMetrics b = buffer();
    return b == null ? 0 : b.partialRollbacks();
  }

  @Override
  public long getAbandonedTransactionCount() {
    BufferMetrics b = buffer();
    return b == null ? 0 : b.orphans();
  }

  @Override
  public long getCommitThroughput() {
    long seconds = Duration.between(opened, clock.instant()).toSeconds();
    return queue.commitsQueued() / Math.max(1, seconds);
  }

  private static BigInteger number(Scn scn) {
    return new BigInteger(scn.toString());
  }

  @Override
  public int getMiningSessions() {
    return stats.catchUp().sessions();
  }

  @Override
  public long[] getMiningSessionRowsPerSecond() {
    return stats.catchUp().rowsPerSecond();
  }

  @Override
  public long getArchivedBacklogLogs() {
    return stats.catchUp().backlogLogs();
  }

  @Override
  public long getArchivedBacklogBytes() {
    return stats.catchUp().backlogBytes();
  }

  @Override
  public long getEstimatedCatchUpMilliseconds() {
    return stats.catchUp().estimatedCatchUpMillis();
  }
}
