/**
 * JMH benchmarks of the transaction buffer: changes per second through begin/add/commit in memory
 * and spilled, bytes per buffered change, spill write and read throughput. Results and commands are
 * in {@code docs/performance-buffer.md}.
 */
package dev.redoline.bench.buffer;
