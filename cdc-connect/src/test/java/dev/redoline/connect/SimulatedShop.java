package dev.redoline.connect;

import dev.redoline.core.ShopOrders;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.Sleeper;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A scripted simulator with one table, SHOP.ORDERS(ID NUMBER(10), STATUS VARCHAR2(10),
 * AMOUNT NUMBER(10,2)). Tests queue actions from their own thread; the simulator runs each in its
 * workload, one per tick, under the database's lock.
 */
final class SimulatedShop {

  static final TableId ORDERS = ShopOrders.TABLE;

  final SimulatedOracle oracle;
  private final Queue<Consumer<SimulatedOracle>> actions = new ConcurrentLinkedQueue<>();
  private final AtomicLong done = new AtomicLong();

  SimulatedShop(long seed) {
    oracle = SimulatedOracle.builder().seed(seed).build();
    oracle.createTable(orders());
    oracle.workload((o, step) -> {
      Consumer<SimulatedOracle> next = actions.poll();
      if (next != null) {
        next.accept(o);
        done.incrementAndGet();
      }
    });
  }

  static TableLayout orders() {
    return ShopOrders.withAmount();
  }

  /** Queues an action for the capture thread. */
  SimulatedShop then(Consumer<SimulatedOracle> action) {
    actions.add(action);
    return this;
  }

  /** Queues {@code count} committed transactions of {@code size} inserts, ids from {@code firstId}. */
  SimulatedShop orders(long firstId, int count, int size) {
    for (int t = 0; t < count; t++) {
      long base = firstId + (long) t * size;
      then(o -> {
        SimulatedTransaction tx = o.begin();
        for (int i = 0; i < size; i++) {
          tx.insert(ORDERS, base + i, "NEW", new java.math.BigDecimal("10.50"));
        }
        tx.commit();
      });
    }
    return this;
  }

  /** How many queued actions have run. */
  long actionsDone() {
    return done.get();
  }

  /**
   * The database a task or connector made by a unit test sees: the simulator through its JDBC
   * driver, on the simulator's clock, which moves only while the capture waits. Connect ITs reach
   * the same database by its URL ({@code oracle.url()}) with a {@link dev.redoline.simulator.RealTime}
   * clock, as a worker on the system clock needs.
   */
  Database database() {
    return Database.jdbc(dev.redoline.core.CdcConfig.from(settings(oracle.url())), oracle.clock(), oracle::advance);
  }

  /** Settings every test uses, with the given URL. */
  static Map<String, String> settings(String url) {
    return Map.of(
        "cdc.database.url", url,
        "cdc.tables.include", "SHOP.*",
        "cdc.heartbeat.interval.ms", "0",
        "cdc.mining.idle.ms", "200",
        "cdc.topic.prefix", "shop");
  }
}
