/**
 * The seam between the capture engine and its sinks (the embedded engine, the Kafka Connect task):
 * everything of the engine a sink uses. A sink builds a {@link
 * dev.redoline.logminer.seam.CaptureEngine}, opens a {@link
 * dev.redoline.logminer.seam.CaptureStream} at its stored position, polls {@link
 * dev.redoline.logminer.seam.StreamEvent}s (a committed transaction whole, a table layout, a
 * heartbeat) and acknowledges their positions. Positions are made by the engine and only stored by
 * a sink.
 *
 * <p>The module exports this package to the two sinks by name only; it is no API for users, who
 * receive what the sinks make of it. docs/architecture.md#the-seam-between-the-engine-and-its-sinks
 * says where the seam stands on the route of a row.
 */
package dev.redoline.logminer.seam;
