/**
 * JMH benchmarks of the capture engine end to end on the simulator: changes per second from redo to
 * an acknowledging consumer, and commit-to-consumer latency at a steady load. Results and commands
 * are in {@code docs/performance.md}.
 */
package dev.redoline.bench.engine;
