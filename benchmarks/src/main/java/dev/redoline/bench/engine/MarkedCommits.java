package dev.redoline.bench.engine;

import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.math.BigDecimal;
import java.time.LocalDateTime;

/**
 * The database of the latency benchmarks: the orders table of {@link PipelineBenchmark}, a
 * background load of {@value #BACKGROUND_PER_TICK} one-row transactions per 100 ms tick, and the
 * marked commits a benchmark asks for, each committed at once on the asking thread. (Committed at
 * the next tick instead, a benchmark that asks again as soon as its last commit arrived waits a
 * whole tick every time and measures the tick, not the engine.)
 *
 * <pre>{@code
 * MarkedCommits db = new MarkedCommits();      // then RealTime.start(db.oracle)
 * db.request(1_000_000_001L);                  // an order with this id, committed now
 * }</pre>
 */
public final class MarkedCommits {

  /** Background transactions per workload tick. */
  public static final int BACKGROUND_PER_TICK = 5;

  /** The database. */
  public final SimulatedOracle oracle;

  /** Its SCN before any of the load. */
  public final long startScn;

  private long background;

  public MarkedCommits() {
    oracle = SimulatedOracle.builder().seed(11).logBytes(64L << 20).build();
    oracle.createTable(PipelineBenchmark.layout());
    startScn = oracle.currentScn();
    oracle.workload(
        (o, step) -> {
          for (int i = 0; i < BACKGROUND_PER_TICK; i++) {
            commit(o, ++background);
          }
        });
  }

  /**
   * Commits an order with {@code id} now, holding the database's monitor as its clock's ticks and
   * the JDBC sessions do.
   */
  public void request(long id) {
    synchronized (oracle) {
      commit(oracle, id);
    }
  }

  private static void commit(SimulatedOracle o, long id) {
    SimulatedTransaction tx = o.begin();
    tx.insert(
        PipelineBenchmark.ORDERS,
        id,
        "NEW",
        1L,
        BigDecimal.ONE,
        "c",
        "s",
        null,
        LocalDateTime.of(2024, 3, 1, 9, 0),
        "EUR",
        1L);
    tx.commit();
  }
}
