package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.LogMinerPace;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The database CPUs LogMiner sessions share under a {@link LogMinerPace}: processor sharing on the
 * simulated clock. Each session has at most one piece of work at a time (a START_LOGMNR, or the
 * rows of its running mining query), counted in seconds of one CPU; while {@code k} sessions have
 * work left, each progresses at {@code min(1, cpus / k)} CPU seconds per second, so one session
 * never goes faster than its own ceiling and many together never faster than the CPUs allow.
 * Progress is settled lazily, whenever the ledger is consulted, from the clock alone: the same
 * calls in the same order at the same simulated times give the same answers. Not thread-safe: the
 * caller holds the database's lock.
 */
public final class LogMinerCpus {

  /**
   * One session's piece of work: {@code work} CPU seconds, of which {@code done} are done; the
   * first {@code lead} of them come before its first row (a START_LOGMNR the query pays for).
   */
  static final class Job {
    private final double lead;
    private final double work;
    private double done;

    private Job(double lead, double work) {
      this.lead = lead;
      this.work = lead + work;
    }

    /** CPU seconds the job takes in all, its lead included. */
    double work() {
      return work;
    }

    /** CPU seconds done once the first {@code taken} of {@code rows} rows are made. */
    double rowsMade(long taken, long rows) {
      return rows == 0 ? work : lead + (work - lead) * Math.min(taken, rows) / rows;
    }

    double done() {
      return done;
    }

    private double left() {
      return work - done;
    }
  }

  private static final double EPSILON = 1e-9;

  private final int cpus;
  private final Clock clock;
  private final Map<Object, Job> jobs = new LinkedHashMap<>();
  private Instant settledAt;

  LogMinerCpus(int cpus, Clock clock) {
    this.cpus = cpus;
    this.clock = clock;
    this.settledAt = clock.instant();
  }

  /**
   * Starts {@code owner}'s new piece of work now, {@code leadSeconds} before its rows and {@code
   * workSeconds} for them; its previous one, if any, is abandoned.
   */
  Job submit(Object owner, double leadSeconds, double workSeconds) {
    settle();
    Job job = new Job(Math.max(0, leadSeconds), Math.max(0, workSeconds));
    jobs.put(owner, job);
    return job;
  }

  /** {@code owner} stopped (session ended): its remaining work no longer takes CPU. */
  void finish(Object owner) {
    settle();
    jobs.remove(owner);
  }

  /**
   * {@code owner} stopped {@code job} (its cursor closed); a newer piece of work of the owner goes
   * on.
   */
  void finish(Object owner, Job job) {
    settle();
    jobs.remove(owner, job);
  }

  /**
   * Whether {@code job} has done at least {@code target} CPU seconds by now, or was abandoned (its
   * cursor or session closed while a fetch waited: nothing is left to wait for).
   */
  boolean reached(Job job, double target) {
    settle();
    return job.done + EPSILON >= Math.min(target, job.work) || !jobs.containsValue(job);
  }

  /**
   * When {@code job} will have done {@code target} CPU seconds if no other work arrives meanwhile
   * (work that arrives later slows it down; the caller asks again then).
   */
  Instant readyAt(Job job, double target) {
    settle();
    double goal = Math.min(target, job.work);
    List<double[]> left = new ArrayList<>();
    double[] mine = null;
    for (Job j : jobs.values()) {
      double[] l = {j.left(), j == job ? goal - j.done : Double.NaN};
      left.add(l);
      if (j == job) {
        mine = l;
      }
    }
    if (mine == null || mine[1] <= EPSILON) {
      return settledAt;
    }
    double elapsed = 0;
    while (mine[1] > EPSILON) {
      int busy = 0;
      double step = Double.MAX_VALUE;
      for (double[] l : left) {
        if (l[0] > EPSILON) {
          busy++;
          step = Math.min(step, l[0]);
        }
      }
      double share = Math.min(1.0, (double) cpus / busy);
      step = Math.min(step, mine[1]) / share;
      for (double[] l : left) {
        if (l[0] > EPSILON) {
          l[0] -= share * step;
        }
      }
      mine[1] -= share * step;
      elapsed += step;
    }
    return settledAt.plusNanos((long) Math.ceil(elapsed * 1e9));
  }

  /** Distributes the CPU time between the last settlement and now over the jobs with work left. */
  private void settle() {
    Instant now = clock.instant();
    double seconds = Duration.between(settledAt, now).toNanos() / 1e9;
    settledAt = now.isAfter(settledAt) ? now : settledAt;
    while (seconds > EPSILON) {
      int busy = 0;
      double shortest = Double.MAX_VALUE;
      for (Job j : jobs.values()) {
        if (j.left() > EPSILON) {
          busy++;
          shortest = Math.min(shortest, j.left());
        }
      }
      if (busy == 0) {
        return;
      }
      double share = Math.min(1.0, (double) cpus / busy);
      double step = Math.min(seconds, shortest / share);
      for (Job j : jobs.values()) {
        if (j.left() > EPSILON) {
          j.done = Math.min(j.work, j.done + share * step);
        }
      }
      seconds -= step;
    }
  }
}
