package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.LogMinerPace;
import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.SimulatedOracle;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Applies a {@link LogMinerPace} to the sessions of one database: mining queries become work on the
 * shared {@link LogMinerCpus}, and a fetch returns only once the simulated clock has reached the
 * moment its rows are made. When a {@link RealTime} moves the clock, the fetch waits for it
 * (releasing the database's lock, so other sessions and the workload go on); else nothing else
 * moves the clock while the fetch holds the lock, so the fetch moves it itself, as {@link
 * SimulatedOracle#advance} would (the workload runs meanwhile).
 *
 * <p>START_LOGMNR's own work is owed by the session and paid first by its next mining query (its
 * rows come only after it): a client that starts several sessions from several threads has their
 * starts worked on side by side, as a database does, whichever thread the simulator serves first.
 * Were START_LOGMNR to move the clock itself, it would do so holding the database's lock, before
 * any other session could start, and the starts would be paid one after the other.
 */
public final class LogMinerPacer {

  private final LogMinerPace pace;
  private final LogMinerCpus cpus;
  private final SimulatedClock clock;
  private final SimulatedOracle api;
  private final BooleanSupplier drivenInRealTime;

  /** Per session, the START_LOGMNR work its next mining query pays before its first row. */
  private final Map<Object, Double> owedStarts = new HashMap<>();

  /**
   * @param api whose monitor is the database's lock, and whose {@link SimulatedOracle#advance}
   *     moves time with the workload
   * @param drivenInRealTime whether a real-time driver moves the clock: a fetch then waits for it
   */
  LogMinerPacer(
      LogMinerPace pace,
      SimulatedClock clock,
      SimulatedOracle api,
      BooleanSupplier drivenInRealTime) {
    this.pace = pace;
    this.clock = clock;
    this.api = api;
    this.drivenInRealTime = drivenInRealTime;
    this.cpus = new LogMinerCpus(pace.databaseCpus(), clock);
  }

  /** START_LOGMNR of {@code session} over {@code logs} added logs: owed by its next query. */
  public void started(Object session, int logs) {
    owedStarts.merge(session, pace.startSeconds(logs), Double::sum);
  }

  /**
   * A mining query of {@code session} that makes {@code rows} rows out of {@code redoBytes} bytes
   * of redo, after the START_LOGMNR work the session owes ({@link LogMinerCpus.Job#lead}).
   */
  LogMinerCpus.Job query(Object session, long rows, long redoBytes) {
    Double owed = owedStarts.remove(session);
    return cpus.submit(session, owed == null ? 0 : owed, pace.miningSeconds(rows, redoBytes));
  }

  /** The session ended: LogMiner stops working for it. */
  public void stopped(Object session) {
    owedStarts.remove(session);
    cpus.finish(session);
  }

  /** The cursor of {@code job} was closed: LogMiner stops working on it. */
  public void stopped(Object session, LogMinerCpus.Job job) {
    cpus.finish(session, job);
  }

  /** Returns once {@code job} has done {@code target} CPU seconds on the simulated clock. */
  void await(LogMinerCpus.Job job, double target) throws SQLException {
    synchronized (api) {
      while (!cpus.reached(job, target)) {
        Instant at = cpus.readyAt(job, target);
        Duration until = Duration.between(clock.instant(), at);
        if (drivenInRealTime.getAsBoolean()) {
          try {
            api.wait(Math.max(1, Math.min(RealTime.TICK.toMillis(), until.toMillis())));
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw OracleErrors.error(1013);
          }
        } else {
          api.advance(until);
        }
      }
    }
  }
}
