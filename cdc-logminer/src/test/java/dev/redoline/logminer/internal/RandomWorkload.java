package dev.redoline.logminer.internal;

import dev.redoline.core.Operation;
import dev.redoline.core.TableId;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.simulator.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A seeded random workload on SHOP.ORDERS with its own reference model: interleaved transactions on
 * one or two threads, private strands, savepoint rollbacks, full rollbacks and log switches. {@link
 * #committed} lists, in commit order, the changes each committed transaction must deliver.
 */
final class RandomWorkload implements Workload {

  /** One expected change: what it did to which order. */
  record Expected(Operation operation, long id, String status) {}

  private static final class Open {
    final SimulatedTransaction tx;
    final List<Expected> changes = new ArrayList<>();
    final List<String[]> rows = new ArrayList<>(); // {rowId, id}
    int savepointAt = -1;
    int opsLeft;

    Open(SimulatedTransaction tx, int ops) {
      this.tx = tx;
      this.opsLeft = ops;
    }
  }

  /** Guarded by this: the capture thread writes it, the test thread reads it. */
  final List<List<Expected>> committed = new ArrayList<>();

  private final Random random;
  private final TableId table;
  private final int threads;
  private final int transactions;
  private final List<Open> open = new ArrayList<>();
  private int started;
  private long nextId = 1;

  RandomWorkload(long seed, TableId table, int threads, int transactions) {
    this.random = new Random(seed);
    this.table = table;
    this.threads = threads;
    this.transactions = transactions;
  }

  synchronized boolean finished() {
    return started == transactions && open.isEmpty();
  }

  synchronized int expectedChanges() {
    return committed.stream().mapToInt(List::size).sum();
  }

  @Override
  public synchronized void run(SimulatedOracle oracle, Duration step) {
    if (started < transactions && (open.isEmpty() || (open.size() < 3 && random.nextInt(3) == 0))) {
      var options = oracle.newTransaction().thread(1 + random.nextInt(threads));
      if (random.nextInt(3) == 0) {
        options.privateStrand();
      }
      open.add(new Open(options.begin(), 1 + random.nextInt(6)));
      started++;
    }
    if (!open.isEmpty()) {
      act(open.get(random.nextInt(open.size())));
    }
    if (random.nextInt(25) == 0) {
      oracle.switchLogfile(1 + random.nextInt(threads));
    }
  }

  private void act(Open o) {
    if (o.opsLeft-- <= 0) {
      if (random.nextInt(8) == 0) {
        o.tx.rollback();
      } else {
        o.tx.commit();
        committed.add(List.copyOf(o.changes));
      }
      open.remove(o);
      return;
    }
    int choice = random.nextInt(10);
    if (choice < 5 || o.rows.isEmpty()) {
      long id = nextId++;
      String rowId = o.tx.insert(table, id, "NEW");
      o.rows.add(new String[] {rowId, Long.toString(id)});
      o.changes.add(new Expected(Operation.INSERT, id, "NEW"));
    } else if (choice < 8) {
      String[] row = o.rows.get(random.nextInt(o.rows.size()));
      String status = "S" + random.nextInt(100);
      o.tx.update(table, row[0], Map.of("STATUS", status));
      o.changes.add(new Expected(Operation.UPDATE, Long.parseLong(row[1]), status));
    } else if (o.savepointAt < 0) {
      o.tx.savepoint("sp");
      o.savepointAt = o.changes.size();
    } else {
      o.tx.rollbackToSavepoint("sp");
      while (o.changes.size() > o.savepointAt) {
        Expected undone = o.changes.remove(o.changes.size() - 1);
        if (undone.operation() == Operation.INSERT) {
          o.rows.removeIf(r -> Long.parseLong(r[1]) == undone.id());
        }
      }
      o.savepointAt = -1;
    }
  }
}
