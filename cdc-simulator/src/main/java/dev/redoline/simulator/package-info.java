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
 * clock ({@code LogMinerPacer} over {@code LogMinerCpus}), for measuring lag and catch-up.
 *
 * <p>The route of a statement: the client's driver objects ({@code ClientConnection}, {@code
 * ClientStatement}, {@code ClientResultSet}) send it through a {@code Backend} (in this JVM, or
 * over a socket to a server) to a {@code Session}, the database side of the connection. {@code
 * Statements} runs ALTER SESSION ({@code AlterSession}) and DBMS_LOGMNR blocks ({@code PlsqlCall})
 * itself and hands SELECTs verbatim to the SQL engine ({@code SqlEngine}, H2), whose views ({@code
 * View}) are table functions over the redo model: {@code LogViews}, {@code DictionaryViews}, {@code
 * SessionViews} and {@code ContentsView}, the rows LogMiner produces for V$LOGMNR_CONTENTS ({@code
 * MiningRun} reads the added logs, {@code RowFormatter} and {@code SqlRedoRenderer} write the
 * text). Rows return through a {@code ServerCursor}, whose {@code MiningChecks} raise what LogMiner
 * raises while a client fetches.
 *
 * <p>{@link dev.redoline.simulator.SchemaChanges} runs DDL and dictionary builds and {@link
 * dev.redoline.simulator.SpecialRedo} makes the unusual rows (replication markers, THREAD# 0
 * commits, corrupt blocks).
 */
package dev.redoline.simulator;
