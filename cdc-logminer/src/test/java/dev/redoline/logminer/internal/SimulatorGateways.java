package dev.redoline.logminer.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.internal.jdbc.JdbcGateway;
import dev.redoline.simulator.SimulatedOracle;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * How the engine's tests reach a scripted simulator: through {@link JdbcGateway} over the
 * simulator's JDBC driver, so that every statement the gateway sends really runs.
 *
 * <pre>{@code
 * try (LogMinerGateway db = SimulatorGateways.connect(oracle)) { ... }
 * Database db = SimulatorGateways.database(oracle, config);   // simulated time moves while the capture waits
 * }</pre>
 */
public final class SimulatorGateways {

  private SimulatorGateways() {}

  /** The settings of a capture of {@code oracle}: its URL, every SHOP table, and {@code more}. */
  public static CdcConfig config(SimulatedOracle oracle, Map<String, String> more) {
    Map<String, String> settings = new HashMap<>();
    settings.put("cdc.tables.include", "SHOP.*");
    settings.putAll(more);
    settings.put("cdc.database.url", oracle.url());
    return CdcConfig.from(settings);
  }

  /** A gateway to instance 1 of {@code oracle}. */
  public static LogMinerGateway connect(SimulatedOracle oracle) throws SQLException {
    return JdbcGateway.connect(config(oracle, Map.of()));
  }

  /** A gateway to {@code instance} of {@code oracle}. */
  public static LogMinerGateway connect(SimulatedOracle oracle, int instance) throws SQLException {
    Map<String, String> settings = new HashMap<>();
    settings.put("cdc.tables.include", "SHOP.*");
    settings.put("cdc.database.url", oracle.url() + "?instance=" + instance);
    return JdbcGateway.connect(CdcConfig.from(settings));
  }

  /**
   * The capture's database: the JDBC gateway to {@code oracle} (the URL in {@code config} is
   * replaced by the simulator's), on the simulator's clock, which moves only while the capture
   * thread waits, so that only the capture thread touches the simulator once a stream is open.
   */
  public static Database database(SimulatedOracle oracle, CdcConfig config) {
    Map<String, String> settings = new HashMap<>(config.originals());
    settings.put("cdc.database.url", oracle.url());
    return Database.jdbc(CdcConfig.from(settings), oracle.clock(), oracle::advance);
  }
}
