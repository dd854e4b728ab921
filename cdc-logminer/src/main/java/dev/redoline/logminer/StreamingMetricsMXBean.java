package dev.redoline.logminer;

import java.math.BigInteger;

/**
 * The streaming metrics under the names, meanings and units of Debezium's Oracle connector, so
 * dashboards and alerts built on Debezium keep working. Registered while a stream is open as {@code
 * debezium.oracle:type=connector-metrics,context=streaming,server=<cdc.topic.prefix>}, by the Kafka
 * Connect task and the embedded engine alike. Times are milliseconds; SCNs are numbers.
 * docs/connect.md ("Metrics") gives each attribute's meaning.
 */
public interface StreamingMetricsMXBean {

  /**
   * Queueing time minus the database time of the last change handed to the sink queue; -1 before
   * any.
   */
  long getMilliSecondsBehindSource();

  /** Since the last change was handed to the sink queue; -1 before any. */
  long getMilliSecondsSinceLastEvent();

  /** Change events handed to the sink queue since the stream opened. */
  long getTotalNumberOfEventsSeen();

  /** Committed transactions whose changes were handed to the sink queue since the stream opened. */
  long getNumberOfCommittedTransactions();

  /** Free places in the sink queue ({@code cdc.queue.max.records} minus the events waiting). */
  int getQueueRemainingCapacity();

  /** The buffer's heap estimate of the changes waiting in the sink queue, in bytes. */
  long getCurrentQueueSizeInBytes();

  /** Whether the capture holds an open database connection. */
  boolean isConnected();

  /** How far the newest redo row applied to the transaction buffer is behind the engine's clock. */
  long getLagFromSourceInMilliseconds();

  /**
   * The resume SCN of the position of the last event queued: where a restart from it reads from.
   */
  BigInteger getOffsetScn();

  /** The commit SCN of the last transaction queued; 0 before any. */
  BigInteger getCommittedScn();

  /** The database's CURRENT_SCN at the last step. */
  BigInteger getCurrentScn();

  /** The lowest start SCN of the open transactions in the buffer; -1 when none is open. */
  BigInteger getOldestScn();

  /** How long the oldest open transaction has been buffered; 0 when none is open. */
  long getOldestScnAgeInMilliseconds();

  /** Open transactions in the transaction buffer. */
  long getNumberOfActiveTransactions();

  /** Changes held by the open transactions of the buffer. */
  long getNumberOfEventsInBuffer();

  /** Rows read from V$LOGMNR_CONTENTS in applied steps since the stream opened. */
  long getTotalProcessedRows();

  /** LogMiner queries run since the stream opened (steps, including those mined again). */
  long getFetchQueryCount();

  /** How long the last LogMiner query took to run and be read in full. */
  long getLastDurationOfFetchQueryInMilliseconds();

  /**
   * Log switches (advances of a redo thread's sequence) the capture noticed in the last 24 hours.
   */
  int getLogSwitchCount();

  /** The longest LogMiner query (run and read in full) since the stream opened. */
  long getMaxDurationOfFetchQueryInMilliseconds();

  /** All LogMiner queries' time (run and read in full) since the stream opened. */
  long getTotalResultSetNextTimeInMilliseconds();

  /** How long the last applied step took, from planning to publishing its transactions. */
  long getLastBatchProcessingTimeInMilliseconds();

  /** The shortest applied step since the stream opened; 0 before the first. */
  long getMinBatchProcessingTimeInMilliseconds();

  /** The longest applied step since the stream opened. */
  long getMaxBatchProcessingTimeInMilliseconds();

  /** All applied steps' time since the stream opened. */
  long getTotalBatchProcessingTimeInMilliseconds();

  /** Redo rows per second of the last applied step. */
  long getLastBatchProcessingThroughput();

  /** The highest rows per second of an applied step since the stream opened. */
  long getMaxBatchProcessingThroughput();

  /** Redo rows per second of step time since the stream opened. */
  long getAverageBatchProcessingThroughput();

  /**
   * The fewest logs (all threads together) a step mined since the stream opened; 0 before the
   * first.
   */
  long getMinimumMinedLogCount();

  /** The most logs (all threads together) a step mined since the stream opened. */
  long getMaximumMinedLogCount();

  /** The log files the last step mined. */
  String[] getCurrentLogFileNames();

  /** Time spent decoding SQL_REDO into changes since the stream opened. */
  long getTotalParseTimeInMilliseconds();

  /** The lowest {@link #getLagFromSourceInMilliseconds()} of a step since the stream opened. */
  long getMinLagFromSourceInMilliseconds();

  /** The highest {@link #getLagFromSourceInMilliseconds()} of a step since the stream opened. */
  long getMaxLagFromSourceInMilliseconds();

  /** Steps whose CURRENT_SCN was the one of the step before. */
  long getScnFreezeCount();

  /** Transactions of the buffer that ended in a rollback since the stream opened. */
  long getNumberOfRolledBackTransactions();

  /** Changes undone by a rollback to a savepoint (or a rollback row) inside transactions. */
  long getNumberOfPartialRollbackCount();

  /**
   * Open transactions dropped as orphans (the database no longer knows them) since the stream
   * opened.
   */
  long getAbandonedTransactionCount();

  /** Committed transactions handed to the sink queue per second since the stream opened. */
  long getCommitThroughput();

  /** How long adding the logs and starting the LogMiner session took at the last step. */
  long getLastMiningSessionStartTimeInMilliseconds();

  /** The longest LogMiner session start since the stream opened. */
  long getMaxMiningSessionStartTimeInMilliseconds();

  /** All LogMiner session starts' time since the stream opened. */
  long getTotalMiningSessionStartTimeInMilliseconds();

  /**
   * LogMiner sessions the last step was mined by: 1, or up to {@code cdc.mining.sessions} while an
   * archived backlog is mined in parallel. Not a Debezium attribute.
   */
  int getMiningSessions();

  /**
   * Rows a second each session of the last step fetched from V$LOGMNR_CONTENTS, in range order. Not
   * a Debezium attribute.
   */
  long[] getMiningSessionRowsPerSecond();

  /**
   * Archived logs from the capture's position on, not yet mined whole. Not a Debezium attribute.
   */
  long getArchivedBacklogLogs();

  /** The bytes of those archived logs. Not a Debezium attribute. */
  long getArchivedBacklogBytes();

  /**
   * The archived backlog's bytes at the pace steps have mined archived redo (an average weighing
   * the last step a quarter): an estimate of the time to catch up; -1 before a step mined an
   * archived log. Not a Debezium attribute.
   */
  long getEstimatedCatchUpMilliseconds();
}
