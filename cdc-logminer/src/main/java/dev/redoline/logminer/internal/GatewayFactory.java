package dev.redoline.logminer.internal;

import java.sql.SQLException;

/**
 * Opens connections to the database being captured: one per mining session, and a new one after
 * every connection loss (CDC-1001).
 *
 * <pre>{@code
 * GatewayFactory oracle = () -> JdbcGateway.connect(config);       // a real database
 * GatewayFactory simulated = simulatedOracle::connect;             // the built-in simulator
 * }</pre>
 */
@FunctionalInterface
public interface GatewayFactory {

  /** A new connection; fails as ojdbc does (ORA-12514, ORA-01034, ...) when none can be had. */
  LogMinerGateway connect() throws SQLException;
}
