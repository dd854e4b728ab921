package dev.redoline.simulator;

import java.time.Duration;
import java.util.Objects;

/**
 * How fast LogMiner itself works, for measuring lag and catch-up: off unless a database is built
 * with {@link SimulatedOracle.Builder#logMinerPace(LogMinerPace)} (or a workload URL says {@code
 * ?pace=on}). With it, each LogMiner session produces its rows no faster than {@code
 * changesPerSecond} and reads redo no faster than {@code redoBytesPerSecond} (whichever binds),
 * START_LOGMNR costs {@code sessionStart} plus {@code perAddedLog} per added log, and the sessions
 * at work share {@code databaseCpus} CPUs, each using at most one. The time is the database's
 * simulated clock: a fetch returns once the clock has reached the moment LogMiner would have
 * produced its rows (moving the clock itself when nothing else does, waiting for it when {@link
 * RealTime} drives it). {@link #PUBLIC_FIGURES} holds defaults from published figures, with their
 * sources in docs/simulator.md.
 *
 * @param changesPerSecond rows one session produces per second of one CPU
 * @param redoBytesPerSecond redo bytes one session reads per second of one CPU
 * @param sessionStart CPU time of one START_LOGMNR
 * @param perAddedLog CPU time START_LOGMNR spends per added log
 * @param databaseCpus CPUs the concurrent LogMiner sessions of the database share
 */
public record LogMinerPace(
    double changesPerSecond,
    double redoBytesPerSecond,
    Duration sessionStart,
    Duration perAddedLog,
    int databaseCpus) {

  /**
   * About 10,000 changes a second and about 25 GB of redo an hour per session, single-threaded; 200
   * ms per session start, 20 ms per added log and 4 CPUs are assumptions, not published figures.
   */
  public static final LogMinerPace PUBLIC_FIGURES =
      new LogMinerPace(10_000, 25e9 / 3600, Duration.ofMillis(200), Duration.ofMillis(20), 4);

  /**
   * @throws IllegalArgumentException naming the figure that is not positive (or negative, for the
   *     costs)
   */
  public LogMinerPace {
    require(changesPerSecond > 0, "changesPerSecond must be positive: " + changesPerSecond);
    require(redoBytesPerSecond > 0, "redoBytesPerSecond must be positive: " + redoBytesPerSecond);
    Objects.requireNonNull(sessionStart, "sessionStart == null");
    Objects.requireNonNull(perAddedLog, "perAddedLog == null");
    require(!sessionStart.isNegative(), "sessionStart must not be negative: " + sessionStart);
    require(!perAddedLog.isNegative(), "perAddedLog must not be negative: " + perAddedLog);
    require(databaseCpus > 0, "databaseCpus must be positive: " + databaseCpus);
  }

  public LogMinerPace withChangesPerSecond(double perSecond) {
    return new LogMinerPace(perSecond, redoBytesPerSecond, sessionStart, perAddedLog, databaseCpus);
  }

  public LogMinerPace withRedoBytesPerSecond(double perSecond) {
    return new LogMinerPace(changesPerSecond, perSecond, sessionStart, perAddedLog, databaseCpus);
  }

  public LogMinerPace withSessionStart(Duration cost) {
    return new LogMinerPace(changesPerSecond, redoBytesPerSecond, cost, perAddedLog, databaseCpus);
  }

  public LogMinerPace withPerAddedLog(Duration cost) {
    return new LogMinerPace(changesPerSecond, redoBytesPerSecond, sessionStart, cost, databaseCpus);
  }

  public LogMinerPace withDatabaseCpus(int cpus) {
    return new LogMinerPace(changesPerSecond, redoBytesPerSecond, sessionStart, perAddedLog, cpus);
  }

  /**
   * A pace as a URL or the server's command line names it: {@code on} for {@link #PUBLIC_FIGURES},
   * a whole number for those figures with that many changes a second per session, {@code off} for
   * none (null).
   *
   * @throws IllegalArgumentException naming the text when it is none of these
   */
  public static LogMinerPace parse(String text) {
    if (text.equalsIgnoreCase("off")) {
      return null;
    }
    if (text.equalsIgnoreCase("on")) {
      return PUBLIC_FIGURES;
    }
    try {
      return PUBLIC_FIGURES.withChangesPerSecond((double) Long.parseLong(text));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Bad pace '" + text + "' (expected on, off or changes per second)", e);
    }
  }

  /** Seconds of one CPU to produce {@code rows} rows out of {@code redoBytes} bytes of redo. */
  public double miningSeconds(long rows, long redoBytes) {
    return Math.max(rows / changesPerSecond, redoBytes / redoBytesPerSecond);
  }

  /** Seconds of one CPU for START_LOGMNR over {@code logs} added logs. */
  public double startSeconds(int logs) {
    return (sessionStart.toNanos() + perAddedLog.toNanos() * (double) logs) / 1e9;
  }

  private static void require(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }
}
