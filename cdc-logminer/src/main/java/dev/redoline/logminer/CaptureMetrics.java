package dev.redoline.logminer;

import dev.redoline.buffer.BufferMetrics;
import dev.redoline.core.Scn;
import java.time.Duration;

/**
 * A snapshot of the capture engine's progress, also published through JMX as {@code
 * dev.redoline:type=CaptureEngine,name=<cdc.topic.prefix>}.
 *
 * @param steps mining steps applied
 * @param rows redo rows read in applied steps
 * @param bytes SQL_REDO characters read in applied steps
 * @param remines steps mined again after a LogMiner error (CDC-1002) or a timeout
 * @param reconnects reconnections after a transient error (CDC-1001)
 * @param lastStepDuration how long the last step took, from planning to publishing
 * @param lastDecodeDuration how long decoding the last step's rows took
 * @param windowLogs logs per thread the next step may read
 * @param sessionAge age of the LogMiner session
 * @param sessionRestarts LogMiner sessions restarted for their age
 * @param currentScn the database's CURRENT_SCN at the last step
 * @param minedScn the end SCN of the last step
 * @param deliveredScn the SCN up to which committed transactions have been published
 * @param behind how far the last applied redo row is behind the engine's clock
 * @param queued changes waiting for the sink
 * @param buffer the transaction buffer after the last step, or {@code null} before the first
 */
public record CaptureMetrics(
    long steps,
    long rows,
    long bytes,
    long remines,
    long reconnects,
    Duration lastStepDuration,
    Duration lastDecodeDuration,
    int windowLogs,
    Duration sessionAge,
    int sessionRestarts,
    Scn currentScn,
    Scn minedScn,
    Scn deliveredScn,
    Duration behind,
    int queued,
    BufferMetrics buffer) {

  /** SCNs between the database's current SCN and the end of the last step. */
  public long scnLag() {
    return currentScn.compareTo(minedScn) <= 0 ? 0 : currentScn.bits() - minedScn.bits();
  }
}
