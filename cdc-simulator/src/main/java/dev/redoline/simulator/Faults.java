package dev.redoline.simulator;

import dev.redoline.simulator.internal.jdbc.Session;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;

/**
 * The fault plan of one simulated database: which {@link Fault} fires at which call.
 *
 * <pre>{@code
 * oracle.faults()
 *     .atCall(GatewayCall.QUERY, 2, Fault.error(1013))          // the 2nd query from now
 *     .atRow(1_000, Fault.onlineLogReused())                    // the 1,000th row fetched from now
 *     .atRowOfEachQuery(500, Fault.error(3113))                 // the 500th row of every mining query
 *     .atTime(GatewayCall.NEXT, instant, Fault.error(4031, 4096, "krvxgr"))
 *     .withProbability(GatewayCall.NEXT, 0.0005, Fault.error(3113));   // seeded: reproducible
 * }</pre>
 *
 * <p>Counts start when the rule is added and cover every connection. A rule at an exact call, row
 * or time fires once; a probability rule fires each time its seeded draw says so, and a rule at a
 * row of each query fires in every mining query that fetches that many rows.
 */
public final class Faults {

  /** {@code perQuery}: {@code nth} counts the rows of each mining query, and the rule stays. */
  private record Rule(
      GatewayCall call, long nth, double probability, Instant at, boolean perQuery, Fault fault) {

    boolean once() {
      return probability == 0 && !perQuery;
    }
  }

  private final SimulatedOracle oracle;
  private final Random random;
  private final List<Rule> rules = new ArrayList<>();
  private final Map<GatewayCall, Long> counts = new EnumMap<>(GatewayCall.class);
  private final List<String> fired = new ArrayList<>();

  /** Rows fetched since the last mining query was executed, on any connection. */
  private long rowsOfQuery;

  Faults(SimulatedOracle oracle, Random random) {
    this.oracle = oracle;
    this.random = random;
  }

  /** {@code fault} at the {@code nth} (1-based) call of {@code call} from now. */
  public Faults atCall(GatewayCall call, long nth, Fault fault) {
    Objects.requireNonNull(call, "call == null");
    Objects.requireNonNull(fault, "fault == null");
    if (nth < 1) {
      throw new IllegalArgumentException("nth must be 1 or more: " + nth);
    }
    rules.add(new Rule(call, count(call) + nth, 0, null, false, fault));
    return this;
  }

  /** {@code fault} when the {@code nth} (1-based) row from now is fetched. */
  public Faults atRow(long nth, Fault fault) {
    return atCall(GatewayCall.NEXT, nth, fault);
  }

  /**
   * {@code fault} when the {@code nth} (1-based) row of a mining query is fetched, in every query
   * from now on that fetches that many: a read longer than {@code nth} rows never completes, as
   * when a network drops long transfers.
   */
  public Faults atRowOfEachQuery(long nth, Fault fault) {
    Objects.requireNonNull(fault, "fault == null");
    if (nth < 1) {
      throw new IllegalArgumentException("nth must be 1 or more: " + nth);
    }
    rules.add(new Rule(GatewayCall.NEXT, nth, 0, null, true, fault));
    return this;
  }

  /** {@code fault} at the first {@code call} at or after simulated time {@code at}. */
  public Faults atTime(GatewayCall call, Instant at, Fault fault) {
    Objects.requireNonNull(call, "call == null");
    Objects.requireNonNull(at, "at == null");
    Objects.requireNonNull(fault, "fault == null");
    rules.add(new Rule(call, 0, 0, at, false, fault));
    return this;
  }

  /**
   * {@code fault} at each {@code call} with probability {@code p}, drawn from the simulator's seed.
   */
  public Faults withProbability(GatewayCall call, double p, Fault fault) {
    Objects.requireNonNull(call, "call == null");
    Objects.requireNonNull(fault, "fault == null");
    if (!(p > 0 && p <= 1)) {
      throw new IllegalArgumentException("probability must be in (0, 1]: " + p);
    }
    rules.add(new Rule(call, 0, p, null, false, fault));
    return this;
  }

  /** Removes every planned fault. */
  public void clear() {
    rules.clear();
  }

  /** The faults fired so far, in order, as text: what a failing test prints. */
  public List<String> fired() {
    return List.copyOf(fired);
  }

  private long count(GatewayCall call) {
    return counts.getOrDefault(call, 0L);
  }

  /**
   * Counts the call and fires what is due: actions run, then the first due error is thrown.
   *
   * @param connection the connection making the call (null for CONNECT), broken by
   *     connection-ending errors
   */
  void before(GatewayCall call, Session connection) throws SQLException {
    long n = count(call) + 1;
    counts.put(call, n);
    rowsOfQuery =
        call == GatewayCall.QUERY ? 0 : call == GatewayCall.NEXT ? rowsOfQuery + 1 : rowsOfQuery;
    if (rules.isEmpty()) {
      return;
    }
    Instant now = oracle.clock().instant();
    List<Rule> due = new ArrayList<>();
    for (Rule r : rules) {
      if (r.call != call) {
        continue;
      }
      boolean fire =
          r.probability > 0
              ? random.nextDouble() < r.probability
              : r.at != null ? !now.isBefore(r.at) : r.perQuery ? r.nth == rowsOfQuery : r.nth == n;
      if (fire) {
        due.add(r);
      }
    }
    SQLException error = null;
    for (Rule r : due) {
      if (r.once()) {
        rules.remove(r);
      }
      fired.add(
          call
              + " #"
              + n
              + (r.perQuery ? " (row " + rowsOfQuery + " of its query)" : "")
              + ": "
              + r.fault);
      if (r.fault.isError()) {
        if (error == null) {
          error = r.fault.toException(call);
          if (connection != null && OracleErrors.losesConnection(r.fault.errorCode())) {
            connection.lose();
          }
        }
      } else {
        r.fault.apply(oracle);
      }
    }
    if (error != null) {
      throw error;
    }
  }
}
