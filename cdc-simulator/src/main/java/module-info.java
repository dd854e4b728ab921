/**
 * Oracle in a box: a simulated Oracle database with LogMiner, reached through its JDBC driver
 * ({@code jdbc:redoline:sim:...}). {@code dev.redoline.simulator} is the API (the builder, the
 * transactions, time, faults, the driver and the server); the functions the embedded SQL engine
 * calls by name are in {@code dev.redoline.simulator.internal}, exported to that engine (H2) alone.
 * The rooms under it ({@code jdbc}, {@code sql}, {@code oracle}, {@code workload}, {@code replay})
 * are exported to nobody.
 */
@SuppressWarnings("requires-automatic") // H2 names its module in its manifest only
module dev.redoline.simulator {
  requires transitive dev.redoline.core;
  requires transitive java.sql;
  requires com.h2database;

  exports dev.redoline.simulator;
  exports dev.redoline.simulator.internal to
      com.h2database;

  provides java.sql.Driver with
      dev.redoline.simulator.SimulatorDriver;
}
