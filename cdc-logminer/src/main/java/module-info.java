/**
 * The capture engine: mines committed transactions from Oracle's redo through LogMiner. {@code
 * dev.redoline.logminer} holds what a user of the library receives from it (the database to capture
 * from, dead letters, operational events, preflight problems, its metrics and JMX interfaces).
 * {@code dev.redoline.logminer.seam} is all the two sinks built on the engine use of it (the engine
 * they open, the stream they poll and acknowledge, its events), exported to them by name; the
 * engine itself, its LogMiner port and the JDBC implementation are internal and exported to no one.
 */
@SuppressWarnings({
  "module",
  "requires-automatic"
}) // sinks built later; ojdbc's name is in its manifest
module dev.redoline.logminer {
  requires transitive dev.redoline.core;
  requires dev.redoline.decoder;
  requires transitive dev.redoline.buffer; // CaptureMetrics carries BufferMetrics
  requires java.sql;
  requires java.management;
  requires org.slf4j;
  requires com.oracle.database.jdbc;

  // JdbcDrivers finds the JDBC drivers (Oracle's, the simulator's) as services.
  uses java.sql.Driver;

  exports dev.redoline.logminer;
  exports dev.redoline.logminer.seam to
      dev.redoline.embedded,
      dev.redoline.connect;
}
