/**
 * The Oracle simulator: a deterministic, in-memory stand-in for an Oracle database with LogMiner,
 * behind the {@link dev.redoline.logminer.LogMinerGateway} port.
 *
 * <p>{@link dev.redoline.simulator.SimulatedOracle} is the database: redo threads with
 * online log groups and archive destinations, an SCN clock, an LGWR flush model with private
 * strands, a dictionary with containers, tables and partitions, and a workload API that runs
 * transactions and DDL. {@link dev.redoline.simulator.SimulatedOracle#connect()} opens a
 * connection that implements the port: it evaluates LogMiner calls and mining queries on that redo
 * as LOGMINER.md describes, with the same errors. {@link dev.redoline.simulator.Fault}s
 * break it on purpose, at an exact call, an exact row or with a seeded probability. Everything runs
 * on a simulated clock; nothing sleeps, and one seed always gives the same rows.
 *
 * <p>{@link dev.redoline.simulator.SchemaChanges} runs DDL and dictionary builds,
 * {@link dev.redoline.simulator.SpecialRedo} makes the unusual rows (replication markers,
 * THREAD# 0 commits, corrupt blocks) and {@link dev.redoline.simulator.GlobalViews} shows
 * the GV$ forms of the log views.
 *
 * <p>SQL_REDO text comes from {@code SqlRedoRenderer}; everything else in this package is the redo
 * model and LogMiner's evaluation of it.
 */
package dev.redoline.simulator;
