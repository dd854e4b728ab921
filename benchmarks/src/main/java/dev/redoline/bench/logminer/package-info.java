/**
 * JMH benchmarks of the Oracle simulator itself, so that pipeline benchmarks can tell its share of
 * their time. Results and commands are in {@code docs/performance-logminer.md}.
 */
package dev.redoline.bench.logminer;
