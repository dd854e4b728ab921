package dev.redoline.logminer.internal;

import dev.redoline.core.OracleType;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.simulator.Workload;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A seeded table with rows that exist before the capture, and a seeded random load on it while the
 * capture snapshots and streams: inserts, updates and deletes of any row (new or seeded),
 * interleaved transactions, rollbacks. The truth it is checked against is the simulator's table
 * contents ({@link SimulatedOracle#rows}).
 */
final class SnapshotWorkload implements Workload {

  static final TableId ITEMS = TableId.of("SHOP", "ITEMS");

  /**
   * Touched once the load is over, as a real database's SCN keeps moving with background work: a
   * held chunk is released once the stream passes its SCN, and a database whose SCN never moves
   * would hold it for ever.
   */
  static final TableId TICKS = TableId.of("SHOP", "TICKS");

  private String tick;
  private long ticks;

  private final Random random;
  private final int transactions;

  /** Committed rows: ID to ROWID. */
  private final Map<Long, String> rows = new LinkedHashMap<>();

  private final Set<Long> locked = new HashSet<>();
  private final List<Open> open = new ArrayList<>();
  private int started;
  private long nextId;
  private final int seeded;

  /** Ticks until the table is created; it exists once {@link #created}. */
  private int createIn;

  private boolean created;

  private static final class Open {
    final SimulatedTransaction tx;
    final Map<Long, String> inserted = new LinkedHashMap<>();
    final Set<Long> deleted = new HashSet<>();
    final Set<Long> touched = new HashSet<>();
    int opsLeft;

    Open(SimulatedTransaction tx, int ops) {
      this.tx = tx;
      this.opsLeft = ops;
    }
  }

  static TableLayout layout() {
    return TableLayout.builder(ITEMS, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 20), true)
        .column("QTY", OracleType.number(10, 2), true)
        .primaryKey("ID")
        .build();
  }

  /**
   * Creates the table in {@code oracle} with {@code seeded} committed rows; the load is {@code
   * transactions}.
   */
  SnapshotWorkload(SimulatedOracle oracle, long seed, int seeded, int transactions) {
    this(oracle, seed, seeded, transactions, 0);
  }

  /**
   * As above, but the table is created (and seeded, in the same tick) only after {@code
   * createAfterTicks} ticks of the running capture: a table that starts being captured while
   * streaming.
   */
  SnapshotWorkload(
      SimulatedOracle oracle, long seed, int seeded, int transactions, int createAfterTicks) {
    this.random = new Random(seed);
    this.transactions = transactions;
    this.seeded = seeded;
    this.createIn = createAfterTicks;
    if (createAfterTicks == 0) {
      oracle.createTable(layout());
    }
    oracle.createTable(
        TableLayout.builder(TICKS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("N", OracleType.number(10, 0), true)
            .primaryKey("ID")
            .build());
    SimulatedTransaction tx = oracle.begin();
    tick = tx.insert(TICKS, 1L, 0L);
    if (createAfterTicks == 0) {
      seed(tx, oracle);
    } else {
      tx.commit();
    }
  }

  /** Seeds the table's rows, in transactions of 25 rows, the first of them {@code first}. */
  private void seed(SimulatedTransaction first, SimulatedOracle oracle) {
    SimulatedTransaction tx = first;
    for (long id = 1; id <= seeded; id++) {
      rows.put(id, tx.insert(ITEMS, id, "seed" + id, qty()));
      if (id % 25 == 0) {
        tx.commit();
        tx = oracle.begin();
      }
    }
    tx.commit();
    nextId = seeded + 1L;
    created = true;
  }

  /** Whether the table exists. */
  synchronized boolean created() {
    return created;
  }

  private BigDecimal qty() {
    return BigDecimal.valueOf(random.nextInt(100_000), 2);
  }

  synchronized boolean finished() {
    return started == transactions && open.isEmpty();
  }

  @Override
  public synchronized void run(SimulatedOracle oracle, Duration step) {
    if (!created && --createIn > 0) {
      tick(oracle);
      return;
    }
    if (!created) {
      oracle.createTable(layout());
      seed(oracle.begin(), oracle);
      return;
    }
    if (finished()) {
      tick(oracle);
      return;
    }
    if (started < transactions && open.size() < 3 && (open.isEmpty() || random.nextInt(3) == 0)) {
      open.add(new Open(oracle.begin(), 1 + random.nextInt(5)));
      started++;
    }
    if (!open.isEmpty()) {
      act(open.get(random.nextInt(open.size())));
    }
    if (random.nextInt(30) == 0) {
      oracle.switchLogfile(1);
    }
  }

  private void tick(SimulatedOracle oracle) {
    SimulatedTransaction tx = oracle.begin();
    tx.update(TICKS, tick, Map.of("N", ++ticks));
    tx.commit();
  }

  private void act(Open o) {
    if (o.opsLeft-- <= 0) {
      if (random.nextInt(6) == 0) {
        o.tx.rollback();
      } else {
        o.tx.commit();
        rows.putAll(o.inserted);
        o.deleted.forEach(rows::remove);
      }
      locked.removeAll(o.touched);
      open.remove(o);
      return;
    }
    int choice = random.nextInt(10);
    Long target = pick(o);
    if (choice < 4 || target == null) {
      long id = nextId++;
      o.inserted.put(id, o.tx.insert(ITEMS, id, "new" + id, qty()));
      o.touched.add(id);
      locked.add(id);
    } else if (choice < 8) {
      o.tx.update(
          ITEMS, rowId(o, target), Map.of("NAME", "u" + random.nextInt(1000), "QTY", qty()));
    } else {
      o.tx.delete(ITEMS, rowId(o, target));
      o.inserted.remove(target);
      o.deleted.add(target);
    }
  }

  /** A row this transaction may change: its own (not deleted), or a committed one nobody holds. */
  private Long pick(Open o) {
    List<Long> candidates = new ArrayList<>();
    for (Long id : rows.keySet()) {
      if (!locked.contains(id) || (o.touched.contains(id) && !o.deleted.contains(id))) {
        candidates.add(id);
      }
    }
    for (Long id : o.inserted.keySet()) {
      candidates.add(id);
    }
    if (candidates.isEmpty()) {
      return null;
    }
    Long id = candidates.get(random.nextInt(candidates.size()));
    o.touched.add(id);
    locked.add(id);
    return id;
  }

  private String rowId(Open o, long id) {
    String own = o.inserted.get(id);
    return own != null ? own : rows.get(id);
  }

  /** A row's values as text, numbers by value (scale aside): what a replay is compared by. */
  static String text(Row row) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < row.size(); i++) {
      Object v = row.get(i);
      sb.append(i == 0 ? "" : "|")
          .append(
              v instanceof BigDecimal d
                  ? d.stripTrailingZeros().toPlainString()
                  : v instanceof Long l ? Long.toString(l) : String.valueOf(v));
    }
    return sb.toString();
  }
}
