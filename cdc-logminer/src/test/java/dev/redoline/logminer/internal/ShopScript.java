package dev.redoline.logminer.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ShopOrders;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The scripted shop the tests of the capture's sinks run on (shared through cdc-logminer's
 * test-jar): a seeded simulator holding {@link ShopOrders#TABLE}, and two ways of writing to it.
 *
 * <ul>
 *   <li>{@link #commit} and {@link #commitMany} write on the caller's thread, for tests that write
 *       while no capture runs (before a start, or between a stop and the next): the simulator is
 *       then never used by two threads at once.
 *   <li>{@link #then} and {@link #orders} queue actions that the database's own workload runs, one
 *       per tick of its clock, under the database's lock: for tests that write while a capture (a
 *       Connect worker, say) reads.
 * </ul>
 *
 * <pre>{@code
 * ShopScript shop = ShopScript.withAmounts(7).orders(1, 3, 2);   // three transactions of two inserts, queued
 * RealTime clock = RealTime.start(shop.oracle);                   // ... captured by a worker on its URL
 * }</pre>
 */
public final class ShopScript {

  /** SHOP.ORDERS, the one table of the shop. */
  public static final TableId ORDERS = ShopOrders.TABLE;

  /** The database. */
  public final SimulatedOracle oracle;

  private final boolean amounts;
  private final Queue<Consumer<SimulatedOracle>> actions = new ConcurrentLinkedQueue<>();
  private final AtomicLong done = new AtomicLong();
  private long nextId = 1;

  private ShopScript(long seed, boolean amounts) {
    this.amounts = amounts;
    this.oracle = SimulatedOracle.builder().seed(seed).build();
    oracle.createTable(amounts ? ShopOrders.withAmount() : ShopOrders.layout());
    oracle.workload(
        (o, step) -> {
          Consumer<SimulatedOracle> next = actions.poll();
          if (next != null) {
            next.accept(o);
            done.incrementAndGet();
          }
        });
  }

  /** A shop whose orders are ID NUMBER(10), STATUS VARCHAR2(10). */
  public static ShopScript of(long seed) {
    return new ShopScript(seed, false);
  }

  /**
   * A shop whose orders also have AMOUNT NUMBER(10,2), for tests of decimal values; every order is
   * 10.50.
   */
  public static ShopScript withAmounts(long seed) {
    return new ShopScript(seed, true);
  }

  /**
   * Commits, on the caller's thread, a transaction of {@code rows} inserts of the next ids; its
   * XID.
   */
  public Xid commit(int rows) {
    SimulatedTransaction tx = oracle.begin();
    for (int i = 0; i < rows; i++) {
      insert(tx, nextId++);
    }
    tx.commit();
    return tx.xid();
  }

  /**
   * Commits {@code count} transactions of {@code rows} inserts each on the caller's thread; their
   * XIDs in commit order.
   */
  public List<Xid> commitMany(int count, int rows) {
    List<Xid> xids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      xids.add(commit(rows));
    }
    return xids;
  }

  /** Queues an action for the database's workload, which runs one per tick. */
  public ShopScript then(Consumer<SimulatedOracle> action) {
    actions.add(action);
    return this;
  }

  /**
   * Queues {@code count} committed transactions of {@code size} inserts, ids from {@code firstId}.
   */
  public ShopScript orders(long firstId, int count, int size) {
    for (int t = 0; t < count; t++) {
      long base = firstId + (long) t * size;
      then(
          o -> {
            SimulatedTransaction tx = o.begin();
            for (int i = 0; i < size; i++) {
              insert(tx, base + i);
            }
            tx.commit();
          });
    }
    return this;
  }

  /** How many queued actions have run. */
  public long actionsDone() {
    return done.get();
  }

  /**
   * The database as a capture made by a test sees it: the simulator through its JDBC driver, on the
   * simulator's clock, which moves only while the capture waits. A capture that finds the database
   * by its URL ({@code oracle.url()}) with a {@code RealTime} clock, as a Connect worker on the
   * system clock needs, does not use this.
   */
  public Database database() {
    return Database.jdbc(CdcConfig.from(settings(oracle.url())), oracle.clock(), oracle::advance);
  }

  /** The settings every capture of the shop starts from, with the given URL. */
  public static Map<String, String> settings(String url) {
    return Map.of(
        "cdc.database.url", url,
        "cdc.tables.include", "SHOP.*",
        "cdc.heartbeat.interval.ms", "0",
        "cdc.mining.idle.ms", "200",
        "cdc.topic.prefix", "shop");
  }

  private void insert(SimulatedTransaction tx, long id) {
    if (amounts) {
      tx.insert(ORDERS, id, "NEW", new BigDecimal("10.50"));
    } else {
      tx.insert(ORDERS, id, "NEW");
    }
  }
}
