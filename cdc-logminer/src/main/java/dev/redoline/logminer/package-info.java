/**
 * What a user of the library receives from the capture engine: the {@link
 * dev.redoline.logminer.Database} to capture from (and its preflight {@link
 * dev.redoline.logminer.PreflightProblem}s), {@link dev.redoline.logminer.DeadLetter}s with the
 * mined {@link dev.redoline.core.RedoRow} they failed on, operational {@link
 * dev.redoline.logminer.OpsEvent}s, the engine's {@link dev.redoline.logminer.CaptureMetrics} and
 * its two JMX interfaces.
 *
 * <p>The engine itself, its LogMiner port and the port's JDBC implementation are in {@code
 * dev.redoline.logminer.internal} and {@code dev.redoline.logminer.internal.jdbc}; the module
 * exports the first to the two sinks built on the engine and the second to no one.
 */
package dev.redoline.logminer;
