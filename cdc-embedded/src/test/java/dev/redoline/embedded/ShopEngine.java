package dev.redoline.embedded;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Scn;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The settings of an embedded engine on the tests' scripted shop ({@link ShopScript}), and the
 * engine builder made from them. Write to the shop through {@link #script} while no capture runs,
 * or before the first start: the simulator is then never used by two threads at once.
 */
final class ShopEngine {

  /** The shop, SHOP.ORDERS(ID, STATUS). */
  final ShopScript script;

  final SimulatedOracle oracle;

  /** The SCN the engine's capture starts at: just after the table was created. */
  final Scn start;

  final Path state;
  final Map<String, String> settings = new HashMap<>();

  ShopEngine(long seed, Path state) {
    this.script = ShopScript.of(seed);
    this.oracle = script.oracle;
    this.start = Scn.of(oracle.currentScn());
    this.state = state;
    settings.put("cdc.database.url", "jdbc:redoline:sim:test");
    settings.put("cdc.tables.include", "SHOP.*");
    settings.put("cdc.start.scn", start.toString());
    settings.put("cdc.state.dir", state.toString());
    settings.put("cdc.buffer.spill.dir", state.resolve("spill").toString());
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.put("cdc.mining.idle.ms", "200");
  }

  ShopEngine set(String key, String value) {
    settings.put(key, value);
    return this;
  }

  /**
   * An engine builder on this simulator, deterministic (simulated time moves only while capture
   * idles).
   */
  EmbeddedEngine.Builder engine(ChangeHandler handler) {
    Map<String, String> withUrl = new HashMap<>(settings);
    withUrl.put("cdc.database.url", oracle.url());
    return EmbeddedEngine.builder()
        .config(withUrl)
        .handler(handler)
        .database(Database.jdbc(CdcConfig.from(withUrl), oracle.clock(), oracle::advance));
  }

  /**
   * The scripted simulator as the engine's database: simulated time moves only while the capture
   * waits.
   */
  Database database() {
    return script.database();
  }
}
