/**
 * Entry points of the simulator that the embedded SQL engine (H2) calls by name ({@code
 * SqlFunctions}); the package is exported to that engine alone. The simulator's other internals are
 * in the rooms below it: {@code jdbc}, {@code sql}, {@code oracle}, {@code workload}, {@code
 * replay}.
 */
package dev.redoline.simulator.internal;
