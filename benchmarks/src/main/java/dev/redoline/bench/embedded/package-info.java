/**
 * JMH benchmarks of the embedded engine: what it costs on top of the bare capture engine on the
 * same backlog (grouped and per-transaction offset writes), and commit-to-handler latency at a
 * steady load. Results and commands are in {@code docs/performance-embedded.md}.
 */
package dev.redoline.bench.embedded;
