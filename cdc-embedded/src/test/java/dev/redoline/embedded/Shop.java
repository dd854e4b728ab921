package dev.redoline.embedded;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Scn;
import dev.redoline.core.ShopOrders;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A scripted simulator with one table, and the settings of an embedded engine on it. Transactions
 * are made on the test thread while no capture runs, or before the first start: the simulator is
 * then never touched by two threads at once.
 */
final class Shop {

  static final TableId ORDERS = ShopOrders.TABLE;

  final SimulatedOracle oracle;
  final Scn start;
  final Path state;
  final Map<String, String> settings = new HashMap<>();
  private long nextId = 1;

  Shop(long seed, Path state) {
    this.oracle = SimulatedOracle.builder().seed(seed).build();
    oracle.createTable(layout());
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

  static TableLayout layout() {
    return ShopOrders.layout();
  }

  Shop set(String key, String value) {
    settings.put(key, value);
    return this;
  }

  /** An engine builder on this simulator, deterministic (simulated time moves only while capture idles). */
  EmbeddedEngine.Builder engine(ChangeHandler handler) {
    Map<String, String> withUrl = new java.util.HashMap<>(settings);
    withUrl.put("cdc.database.url", oracle.url());
    return EmbeddedEngine.builder().config(withUrl).handler(handler)
        .database(Database.jdbc(CdcConfig.from(withUrl), oracle.clock(), oracle::advance));
  }

  /** The scripted simulator as the engine's database: simulated time moves only while the capture waits. */
  Database database() {
    return Database.jdbc(CdcConfig.from(Map.of("cdc.database.url", oracle.url(), "cdc.tables.include", "SHOP.*")),
        oracle.clock(), oracle::advance);
  }

  /** Commits a transaction of {@code rows} inserts; its XID. */
  Xid commit(int rows) {
    SimulatedTransaction tx = oracle.begin();
    for (int i = 0; i < rows; i++) {
      tx.insert(ORDERS, nextId++, "NEW");
    }
    tx.commit();
    return tx.xid();
  }

  /** Commits {@code count} transactions of {@code rows} inserts each; their XIDs in commit order. */
  List<Xid> commitMany(int count, int rows) {
    List<Xid> xids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      xids.add(commit(rows));
    }
    return xids;
  }
}
