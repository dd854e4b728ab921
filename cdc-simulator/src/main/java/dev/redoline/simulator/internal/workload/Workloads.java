package dev.redoline.simulator.internal.workload;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.GeneratedLob;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.simulator.TransactionOptions;
import dev.redoline.simulator.internal.jdbc.SimulatorUrl;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The named workloads of {@code jdbc:redoline:sim:<name>} URLs.
 *
 * <ul>
 *   <li>{@code demo}: one thread; a shop (SHOP.CUSTOMERS, PRODUCTS, ORDERS, ORDER_LINES, DOCUMENTS)
 *       with about five orders a second, stock updates, now and then a cancelled order (rollback)
 *       and a deleted line; one order in five gets an invoice document (a CLOB, in-row or out of
 *       line, and sometimes a scanned BLOB; one in 25 under {@code stress}).
 *   <li>{@code stress}: two RAC threads with small logs (frequent switches), ten or so concurrent
 *       transactions, private strands, a 5,000-row transaction every 30 s, savepoint rollbacks;
 *       documents are also amended in place by LOB writes at offsets, trims and erases, some of
 *       them rolled back to a savepoint. A row a long-running transaction changed is left alone by
 *       the others until it commits (Oracle's row lock, which the simulator does not enforce).
 *   <li>{@code biglob} (server only, {@link #bigLob}): a quiet database whose one transaction,
 *       committed before it serves, writes a {@link GeneratedLob} of any size between two small
 *       rows, for tests of LOBs larger than a heap.
 * </ul>
 */
public final class Workloads {

  public static final TableId CUSTOMERS = TableId.of("SHOP", "CUSTOMERS");
  public static final TableId PRODUCTS = TableId.of("SHOP", "PRODUCTS");
  public static final TableId ORDERS = TableId.of("SHOP", "ORDERS");
  public static final TableId ORDER_LINES = TableId.of("SHOP", "ORDER_LINES");
  public static final TableId DOCUMENTS = TableId.of("SHOP", "DOCUMENTS");

  private Workloads() {}

  /** The names {@link #create} knows. */
  public static final java.util.Set<String> NAMES = java.util.Set.of("demo", "stress");

  /** The workload database a simulator URL names, starting at the simulator's default instant. */
  public static SimulatedOracle forUrl(String url) {
    SimulatorUrl u = SimulatorUrl.parse(url);
    if (u.remote()) {
      throw new IllegalArgumentException(
          "'" + url + "' names a simulator server, not a workload in this JVM");
    }
    SimulatedOracle oracle =
        create(u.database(), u.seed(), SimulatedOracle.DEFAULT_START, u.seedRows(), u.hugeEvery());
    oracle.logMinerPace(u.pace());
    return oracle;
  }

  /**
   * A new database running workload {@code name} from {@code start}.
   *
   * @throws IllegalArgumentException naming the workload when it is unknown
   */
  public static SimulatedOracle create(String name, long seed, java.time.Instant start) {
    return create(name, seed, start, DEFAULT_SEED_ROWS);
  }

  /** How many customers a workload database starts with unless its URL says {@code rows=N}. */
  public static final int DEFAULT_SEED_ROWS = 20;

  /**
   * A new database running workload {@code name} from {@code start}, SHOP.CUSTOMERS seeded with
   * {@code seedRows} rows (rows that exist before any capture, for snapshots).
   */
  public static SimulatedOracle create(
      String name, long seed, java.time.Instant start, long seedRows) {
    return create(name, seed, start, seedRows, DEFAULT_HUGE_EVERY);
  }

  /**
   * How much database time passes between the stress workload's 5,000-row transactions unless its
   * URL says {@code huge=S}.
   */
  public static final Duration DEFAULT_HUGE_EVERY = Duration.ofSeconds(30);

  /**
   * As {@link #create(String, long, java.time.Instant, long)}, the stress workload committing its
   * 5,000-row transaction every {@code hugeEvery} of database time (the demo has none).
   */
  public static SimulatedOracle create(
      String name, long seed, java.time.Instant start, long seedRows, Duration hugeEvery) {
    return switch (name) {
      case "demo" -> demo(seed, start, seedRows);
      case "stress" -> stress(seed, start, seedRows, hugeEvery);
      default ->
          throw new IllegalArgumentException(
              "Unknown simulator workload '"
                  + name
                  + "' (known: demo, stress; the server also runs biglob)");
    };
  }

  /** The table of the {@code biglob} workload: ID, NOTE, BODY (BLOB). */
  public static final TableId BIG_LOBS = TableId.of("LOBS", "BIG");

  /**
   * The size of the {@code biglob} workload's LOB unless the server is told {@code --lob-bytes N}.
   */
  public static final long DEFAULT_BIG_LOB_BYTES = 1L << 30;

  /**
   * The {@code biglob} workload: LOBS.BIG with 4 MiB logs, and one committed transaction that
   * inserts row 1 (NOTE 'before', BODY {@code 0102}), row 2 (NOTE 'big', BODY {@code
   * GeneratedLob.of(seed, lobBytes)}: EMPTY_BLOB(), then a LOB_WRITE row per 2,048 bytes over as
   * many logs as it fills) and row 3 (NOTE 'after', BODY {@code 0304}). Its last log is switched
   * and archived, and no other traffic runs, so every log of the write is archived.
   */
  public static SimulatedOracle bigLob(long seed, java.time.Instant start, long lobBytes) {
    return bigLob(seed, start, lobBytes, BIG_LOB_LOG_BYTES);
  }

  /**
   * The size of the {@code biglob} workload's logs unless the server is told {@code --log-bytes N}.
   */
  public static final long BIG_LOB_LOG_BYTES = 4L << 20;

  /**
   * As {@link #bigLob(long, java.time.Instant, long)}, with logs of {@code logBytes}: logs larger
   * than the LOB's redo hold the whole transaction in one log, so one mining step reads it all.
   */
  public static SimulatedOracle bigLob(
      long seed, java.time.Instant start, long lobBytes, long logBytes) {
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(seed).start(start).logBytes(logBytes).build();
    OracleType id = OracleType.number(10, 0);
    oracle.createTable(
        TableLayout.builder(BIG_LOBS, 1)
            .column("ID", id, false)
            .column("NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 40), true)
            .column("BODY", OracleType.of(OracleType.Kind.BLOB), true)
            .primaryKey("ID")
            .build());
    SimulatedTransaction tx = oracle.begin();
    tx.insert(BIG_LOBS, 1L, "before", dev.redoline.core.Bytes.fromHex("0102"));
    tx.insert(BIG_LOBS, 2L, "big", GeneratedLob.of(seed, lobBytes));
    tx.insert(BIG_LOBS, 3L, "after", dev.redoline.core.Bytes.fromHex("0304"));
    tx.commit();
    oracle.switchLogfile(1);
    oracle.advance(Duration.ofSeconds(10)); // past the archive delay: the last log is archived too
    return oracle;
  }

  static SimulatedOracle demo(long seed, java.time.Instant start) {
    return demo(seed, start, DEFAULT_SEED_ROWS);
  }

  static SimulatedOracle demo(long seed, java.time.Instant start, long seedRows) {
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(seed).start(start).logBytes(4L << 20).build();
    createShop(oracle);
    Shop shop = new Shop(oracle, new Random(seed), 5, 1, null);
    shop.seed(seedRows);
    return oracle.workload(shop::step);
  }

  static SimulatedOracle stress(long seed, java.time.Instant start) {
    return stress(seed, start, DEFAULT_SEED_ROWS, DEFAULT_HUGE_EVERY);
  }

  static SimulatedOracle stress(
      long seed, java.time.Instant start, long seedRows, Duration hugeEvery) {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(seed)
            .start(start)
            .threads(2)
            .logBytes(256L << 10)
            .archiveDelay(Duration.ofSeconds(3))
            .addArchiveDestination(Duration.ofSeconds(8))
            .build();
    createShop(oracle);
    Shop shop = new Shop(oracle, new Random(seed), 40, 2, hugeEvery);
    shop.seed(seedRows);
    oracle.faults().withProbability(GatewayCall.NEXT, 0.00005, Fault.error(3113));
    return oracle.workload(shop::step);
  }

  private static void createShop(SimulatedOracle oracle) {
    OracleType id = OracleType.number(10, 0);
    oracle.createTable(
        TableLayout.builder(CUSTOMERS, 1)
            .column("ID", id, false)
            .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 100), false)
            .column("EMAIL", OracleType.sized(OracleType.Kind.VARCHAR2, 200), true)
            .column("CREATED", OracleType.of(OracleType.Kind.DATE), false)
            .primaryKey("ID")
            .build());
    oracle.createTable(
        TableLayout.builder(PRODUCTS, 1)
            .column("ID", id, false)
            .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 100), false)
            .column("PRICE", OracleType.number(10, 2), false)
            .column("STOCK", id, false)
            .primaryKey("ID")
            .build());
    oracle.createTable(
        TableLayout.builder(ORDERS, 1)
            .column("ID", id, false)
            .column("CUSTOMER_ID", id, false)
            .column("STATUS", OracleType.sized(OracleType.Kind.CHAR, 10), false)
            .column("ORDERED_AT", OracleType.timestamp(OracleType.Kind.TIMESTAMP, 6), false)
            .primaryKey("ID")
            .build());
    oracle.createTable(
        TableLayout.builder(ORDER_LINES, 1)
            .column("ORDER_ID", id, false)
            .column("LINE_NO", id, false)
            .column("PRODUCT_ID", id, false)
            .column("QUANTITY", id, false)
            .primaryKey("ORDER_ID", "LINE_NO")
            .build());
    oracle.createTable(
        TableLayout.builder(DOCUMENTS, 1)
            .column("ID", id, false)
            .column("ORDER_ID", id, false)
            .column("TITLE", OracleType.sized(OracleType.Kind.VARCHAR2, 100), false)
            .column("BODY", OracleType.of(OracleType.Kind.CLOB), true)
            .column("SCAN", OracleType.of(OracleType.Kind.BLOB), true)
            .primaryKey("ID")
            .build());
  }

  /** The shop's traffic. */
  private static final class Shop {
    private final SimulatedOracle oracle;
    private final Random random;
    private final int ordersPerSecond;
    private final int threads;
    private final boolean stress;
    private final Duration hugeEvery;
    private final List<String> customers = new ArrayList<>();
    private final List<String> products = new ArrayList<>();
    private final List<SimulatedTransaction> longRunning = new ArrayList<>();
    private final List<String> documents = new ArrayList<>();

    /**
     * The rows an open long-running transaction changed, by ROWID: Oracle holds a row lock on each
     * until that transaction ends, and another transaction's change of the row would wait for it.
     * The workload does not wait: another transaction leaves such a row alone (as {@code SKIP
     * LOCKED} would), so no committed version carries a change of a transaction still open, and
     * commit order is the order in which each row's values were set.
     */
    private final Map<String, SimulatedTransaction> locked = new HashMap<>();

    private long nextOrder = 1;
    private double owed;
    private Duration sinceHuge = Duration.ZERO;

    /**
     * {@code hugeEvery} {@code null}: the demo's traffic; else the stress traffic with its huge
     * transactions that often.
     */
    Shop(
        SimulatedOracle oracle,
        Random random,
        int ordersPerSecond,
        int threads,
        Duration hugeEvery) {
      this.oracle = oracle;
      this.random = random;
      this.ordersPerSecond = ordersPerSecond;
      this.threads = threads;
      this.stress = hugeEvery != null;
      this.hugeEvery = hugeEvery;
    }

    void seed(long customerRows) {
      SimulatedTransaction tx = oracle.begin();
      LocalDateTime now = LocalDateTime.now(oracle.clock()).withNano(0);
      for (long i = 1; i <= Math.max(20, customerRows); i++) {
        if (i <= customerRows) {
          customers.add(
              tx.insert(
                  CUSTOMERS,
                  i,
                  "Customer " + i,
                  i % 3 == 0 ? null : "c" + i + "@example.com",
                  now));
        }
        if (i <= 20) {
          products.add(
              tx.insert(PRODUCTS, i, "Product " + i, BigDecimal.valueOf(199 + i * 50, 2), 1000L));
        }
        if (i % 1_000 == 0) {
          // one transaction per thousand rows, as a bulk load commits in batches
          tx.commit();
          tx = oracle.begin();
        }
      }
      tx.commit();
    }

    void step(SimulatedOracle db, Duration step) {
      owed += ordersPerSecond * step.toNanos() / 1e9;
      while (owed >= 1) {
        owed -= 1;
        order();
      }
      if (stress) {
        sinceHuge = sinceHuge.plus(step);
        if (sinceHuge.compareTo(hugeEvery) >= 0) {
          sinceHuge = Duration.ZERO;
          huge();
        }
        if (longRunning.size() < 8 && random.nextInt(4) == 0) {
          longRunning.add(options().begin());
        }
        if (!longRunning.isEmpty() && random.nextInt(3) == 0) {
          SimulatedTransaction tx = longRunning.get(random.nextInt(longRunning.size()));
          String product = pick(products);
          long stock = random.nextInt(1000);
          if (lock(product, tx)) {
            tx.update(PRODUCTS, product, Map.of("STOCK", stock));
          }
          if (!documents.isEmpty() && random.nextInt(6) == 0) {
            String document = pick(documents);
            if (lock(document, tx)) {
              amend(tx, document);
            }
          }
          if (random.nextInt(5) == 0) {
            longRunning.remove(tx);
            locked.values().removeIf(holder -> holder == tx);
            tx.commit();
          }
        }
      }
    }

    private TransactionOptions options() {
      TransactionOptions o =
          oracle.newTransaction().thread(1 + random.nextInt(threads)).user("SHOP_APP");
      return stress && random.nextInt(3) == 0 ? o.privateStrand() : o;
    }

    private void order() {
      SimulatedTransaction tx = options().begin();
      long id = nextOrder++;
      String order =
          tx.insert(
              ORDERS,
              id,
              (long) (1 + random.nextInt(customers.size())),
              "NEW",
              LocalDateTime.now(oracle.clock()));
      int lines = 1 + random.nextInt(4);
      List<String> lineIds = new ArrayList<>();
      for (long l = 1; l <= lines; l++) {
        lineIds.add(
            tx.insert(
                ORDER_LINES,
                id,
                l,
                (long) (1 + random.nextInt(products.size())),
                (long) (1 + random.nextInt(5))));
        String product = pick(products);
        long stock = random.nextInt(1000);
        if (!locked.containsKey(product)) {
          tx.update(PRODUCTS, product, Map.of("STOCK", stock));
        }
      }
      // one order in five has an invoice in the demo; fewer under stress, where LOB rows would
      // otherwise make up most of the redo
      String document = random.nextInt(stress ? 25 : 5) == 0 ? document(tx, id) : null;
      int fate = random.nextInt(20);
      if (fate == 0) {
        tx.rollback();
        return;
      }
      if (fate == 1 && lines > 1) {
        tx.delete(ORDER_LINES, lineIds.get(0));
      }
      if (fate == 2) {
        tx.savepoint("s");
        tx.update(ORDERS, order, Map.of("STATUS", "HOLD"));
        tx.rollbackToSavepoint("s");
      }
      tx.update(ORDERS, order, Map.of("STATUS", "PAID"));
      tx.commit();
      if (document != null) {
        documents.add(document); // only committed documents are amended later
      }
    }

    /** An invoice: its text in-row or out of line, now and then with a scan. */
    private String document(SimulatedTransaction tx, long order) {
      StringBuilder body = new StringBuilder("Invoice for order ").append(order).append('\n');
      int lines = 2 + random.nextInt(random.nextInt(4) == 0 ? 400 : 40);
      for (int i = 0; i < lines; i++) {
        body.append("Item ")
            .append(i)
            .append(": ")
            .append(pick(products))
            .append(" \u00e0 ")
            .append(random.nextInt(500))
            .append(" \u20ac\n");
      }
      Object scan = null;
      if (random.nextInt(4) == 0) {
        byte[] b = new byte[random.nextInt(9000)];
        random.nextBytes(b);
        scan = dev.redoline.core.Bytes.of(b);
      }
      return tx.insert(DOCUMENTS, order, order, "Invoice " + order, body.toString(), scan);
    }

    /** A document changed in place with DBMS_LOB, sometimes undone to a savepoint. */
    private void amend(SimulatedTransaction tx, String document) {
      Object body = oracle.row(DOCUMENTS, document).get(3);
      if (!(body instanceof String text)) {
        return;
      }
      boolean undo = random.nextInt(4) == 0;
      if (undo) {
        tx.savepoint("amend");
      }
      switch (random.nextInt(3)) {
        case 0 ->
            tx.lobWrite(
                DOCUMENTS, document, "BODY", 1 + random.nextInt(text.length() + 20), "PAID ");
        case 1 -> tx.lobTrim(DOCUMENTS, document, "BODY", random.nextInt(text.length() + 1));
        default ->
            tx.lobErase(
                DOCUMENTS,
                document,
                "BODY",
                1 + random.nextInt(text.length() + 1),
                1 + random.nextInt(50));
      }
      if (undo) {
        tx.rollbackToSavepoint("amend");
      }
    }

    private void huge() {
      SimulatedTransaction tx = options().begin();
      for (int i = 0; i < 5_000; i++) {
        String product = pick(products);
        if (!locked.containsKey(product)) {
          tx.update(PRODUCTS, product, Map.of("STOCK", (long) i));
        }
      }
      tx.commit();
    }

    /**
     * Whether the long-running {@code tx} may change the row {@code rowId}: no other open
     * transaction holds it. Then {@code tx} holds it until it commits.
     */
    private boolean lock(String rowId, SimulatedTransaction tx) {
      SimulatedTransaction holder = locked.putIfAbsent(rowId, tx);
      return holder == null || holder == tx;
    }

    private String pick(List<String> ids) {
      return ids.get(random.nextInt(ids.size()));
    }
  }
}
