/**
 * Programs to copy from: the demo (the embedded engine on the built-in simulator, one JSON line per
 * committed transaction), a Kafka producer sink writing each Oracle transaction as one Kafka
 * transaction with its position, a JDBC sink replaying changes into H2 with its position in the
 * same database transaction, and the measured throughput run. Each runs as a test too.
 */
package dev.redoline.examples;
