package dev.redoline.bench.engine;

import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The database of the latency benchmarks: the orders table of {@link PipelineBenchmark}, a
 * background load of {@value #BACKGROUND_PER_TICK} one-row transactions per 100 ms tick, and the
 * marked commits a benchmark asks for, each committed at the next tick.
 *
 * <pre>{@code
 * MarkedCommits db = new MarkedCommits();      // then RealTime.start(db.oracle)
 * db.request(1_000_000_001L);                  // an order with this id, committed at the next tick
 * }</pre>
 */
public final class MarkedCommits {

  /** Background transactions per workload tick. */
  public static final int BACKGROUND_PER_TICK = 5;

  /** The database. */
  public final SimulatedOracle oracle;
  /** Its SCN before any of the load. */
  public final long startScn;
  private final ConcurrentLinkedQueue<Long> requests = new ConcurrentLinkedQueue<>();
  private long background;

  public MarkedCommits() {
    oracle = SimulatedOracle.builder().seed(11).logBytes(64L << 20).build();
    oracle.createTable(PipelineBenchmark.layout());
    startScn = oracle.currentScn();
    oracle.workload((o, step) -> {
      for (int i = 0; i < BACKGROUND_PER_TICK; i++) {
        commit(o, ++background);
      }
      for (Long id = requests.poll(); id != null; id = requests.poll()) {
        commit(o, id);
      }
    });
  }

  /** Asks for an order with {@code id}, committed at the next workload tick. */
  public void request(long id) {
    requests.add(id);
  }

  private static void commit(SimulatedOracle o, long id) {
    SimulatedTransaction tx = o.begin();
    tx.insert(PipelineBenchmark.ORDERS, id, "NEW", 1L, BigDecimal.ONE, "c", "s", null,
        LocalDateTime.of(2024, 3, 1, 9, 0), "EUR", 1L);
    tx.commit();
  }
}
