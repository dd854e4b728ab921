package dev.redoline.embedded;

import dev.redoline.logminer.CaptureMetrics;
import java.time.Duration;
import java.time.Instant;

/**
 * A snapshot of an embedded engine's progress, for progress lines and monitoring.
 *
 * @param transactions transactions handled since start
 * @param changes changes handed to the handler since start (including retried deliveries)
 * @param lastCommitTime the commit time of the last handled transaction, or {@code null}
 * @param lag from that commit to its handler returning, on the database's clock; zero before the
 *     first transaction
 * @param capture the capture engine's own counters, or {@code null} when it is not running
 */
public record EngineMetrics(
    long transactions,
    long changes,
    Instant lastCommitTime,
    Duration lag,
    CaptureMetrics capture) {}
