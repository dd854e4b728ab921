package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.LogMinerPace;
import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.SimulatedOracle;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;

/**
 * Applies a {@link LogMinerPace} to the sessions of one database: START_LOGMNR and mining queries
 * become work on the shared {@link LogMinerCpus}, and a call returns only once the simulated clock
 * has reached the moment that work is done. When a {@link RealTime} moves the clock, the call waits
 * for it (releasing the database's lock, so other sessions and the workload go on); else nothing
 * else moves the clock while the call holds the lock, so the call moves it itself, as {@link
 * SimulatedOracle#advance} would (the workload runs meanwhile).
 */
public final class LogMinerPacer {

  private final LogMinerPace pace;
  private final LogMinerCpus cpus;
  private final Database oracle;

  LogMinerPacer(LogMinerPace pace, Database oracle) {
    this.pace = pace;
    this.oracle = oracle;
    this.cpus = new LogMinerCpus(pace.databaseCpus(), oracle.clock());
  }

  /** START_LOGMNR of {@code session} over {@code logs} added logs: returns when it is done. */
  public void started(Object session, int logs) throws SQLException {
    LogMinerCpus.Job job = cpus.submit(session, pace.startSeconds(logs));
    await(job, job.work);
    cpus.finish(session);
  }

  /**
   * A mining query of {@code session} that makes {@code rows} rows out of {@code redoBytes} bytes
   * of redo.
   */
  LogMinerCpus.Job query(Object session, long rows, long redoBytes) {
    return cpus.submit(session, pace.miningSeconds(rows, redoBytes));
  }

  /** The session ended: LogMiner stops working for it. */
  public void stopped(Object session) {
    cpus.finish(session);
  }

  /** The cursor of {@code job} was closed: LogMiner stops working on it. */
  public void stopped(Object session, LogMinerCpus.Job job) {
    cpus.finish(session, job);
  }

  /** Returns once {@code job} has done {@code target} CPU seconds on the simulated clock. */
  void await(LogMinerCpus.Job job, double target) throws SQLException {
    synchronized (oracle.api()) {
      while (!cpus.reached(job, target)) {
        Instant at = cpus.readyAt(job, target);
        Duration until = Duration.between(oracle.clock().instant(), at);
        if (oracle.drivenInRealTime()) {
          try {
            oracle.api().wait(Math.max(1, Math.min(RealTime.TICK.toMillis(), until.toMillis())));
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw OracleErrors.error(1013);
          }
        } else {
          oracle.advance(until);
        }
      }
    }
  }
}
