package dev.redoline.logminer;

import dev.redoline.core.Scn;
import java.time.Duration;

/**
 * A snapshot of the capture engine's progress.
 *
 * @param steps mining steps applied
 * @param rows redo rows read in applied steps
 * @param remines steps mined again after a LogMiner error (CDC-1002) or a timeout
 * @param reconnects reconnections after a transient error (CDC-1001)
 * @param lastStepDuration how long the last step took, from planning to publishing
 * @param windowLogs logs per thread the next step may read
 * @param sessionAge age of the LogMiner session
 * @param minedScn the end SCN of the last step
 * @param deliveredScn the SCN up to which committed transactions have been published
 * @param queued changes waiting for the sink
 */
public record CaptureMetrics(long steps, long rows, long remines, long reconnects, Duration lastStepDuration,
    int windowLogs, Duration sessionAge, Scn minedScn, Scn deliveredScn, int queued) {}
