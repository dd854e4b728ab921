/**
 * The Oracle simulator: a deterministic stand-in for an Oracle database with LogMiner, reached by
 * its clients only through JDBC.
 *
 * <p>{@link dev.redoline.simulator.SimulatedOracle} is the database: redo threads with online log
 * groups and archive destinations, an SCN clock, an LGWR flush model with private strands, a
 * dictionary with containers, tables and partitions, and a workload API that runs transactions and
 * DDL. {@link dev.redoline.simulator.SimulatorDriver} is the JDBC driver ({@code
 * jdbc:redoline:sim:...}) and {@link dev.redoline.simulator.SimulatorServer} serves a database to
 * other processes; {@link dev.redoline.simulator.RealTime} runs one on the wall clock. {@link
 * dev.redoline.simulator.Fault}s break it on purpose, at an exact call, an exact row or with a
 * seeded probability. {@link dev.redoline.simulator.GeneratedLob} is BLOB content made from a seed
 * and rendered only into the LogMiner rows that show it, for LOBs larger than any heap. {@link
 * dev.redoline.simulator.LogMinerPace} (optional) gives LogMiner its own speed on the simulated
 * clock, for measuring lag and catch-up. {@link dev.redoline.simulator.SchemaChanges} runs DDL and
 * dictionary builds and {@link dev.redoline.simulator.SpecialRedo} makes the unusual rows
 * (replication markers, THREAD# 0 commits, corrupt blocks).
 *
 * <p>Everything else lives in rooms under {@code dev.redoline.simulator.internal}, which is not
 * exported: {@code internal.jdbc} (the driver's connection, statements and result sets, the
 * server's wire, a connection's database-side {@code Session}), {@code internal.sql} (H2 and the
 * views it reads, ALTER SESSION and DBMS_LOGMNR calls, SQL_REDO and literal text), {@code
 * internal.oracle} (the model this API builds and drives: redo, threads and logs, the dictionary,
 * transactions, instances, flashback, LogMiner sessions and the rows of V$LOGMNR_CONTENTS), {@code
 * internal.workload} (the named workloads) and {@code internal.replay} (a recording opened as a
 * database). docs/simulator.md maps them and follows a mining query through them.
 */
package dev.redoline.simulator;
