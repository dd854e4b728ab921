/**
 * JMH benchmarks of the decoder: rows and megabytes of SQL_REDO per second for INSERT, UPDATE and
 * DELETE at 10, 30 and 100 columns, on one and two decode threads. Results and commands are in
 * {@code docs/performance-decoder.md}.
 */
package dev.redoline.bench.decoder;
