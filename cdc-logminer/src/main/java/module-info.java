/**
 * The capture engine: mines committed transactions from Oracle's redo through LogMiner.
 */
@SuppressWarnings("requires-automatic") // ojdbc names its module in its manifest only
module dev.redoline.logminer {
  requires transitive dev.redoline.core;
  requires dev.redoline.decoder;
  requires dev.redoline.buffer;
  requires transitive java.sql;
  requires java.management;
  requires org.slf4j;
  requires com.oracle.database.jdbc;

  // JdbcDrivers finds the JDBC drivers (Oracle's, the simulator's) as services.
  uses java.sql.Driver;

  exports dev.redoline.logminer;
  exports dev.redoline.logminer.jdbc;
}
