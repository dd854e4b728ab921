package dev.redoline.logminer.internal;

import dev.redoline.core.RedoRow;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;

/**
 * Mines one step's SCN ranges ({@link MiningRanges}) with several LogMiner sessions at once ({@code
 * cdc.mining.sessions}): the first range on the capture's own connection and session, each other
 * one on a connection of its own, opened when first needed and kept across steps. Each session's
 * rows go to a {@link StepRowStore} of their own (the step's memory budget shared between them);
 * once every session has read its range whole, the stores are read one after the other, in range
 * order, as one cursor: the rows one session would have returned, in its order.
 *
 * <h2>Failures</h2>
 *
 * A failure of any session fails the step: the other sessions' queries are cancelled, every row
 * read is dropped, and the first failure is thrown as the one session's would be, so the step is
 * mined again (whole) under the same recovery rules, window adaptation and timeouts included
 * ({@link RecoveryPolicy}). A connection of its own whose session failed is closed and opened anew
 * by the next step; the capture's connection is the recovery policy's to handle.
 *
 * <h2>Implementation notes</h2>
 *
 * The sessions run on daemon threads of a pool made when first needed and shut down by {@link
 * #close()} (on every reconnect and at the stream's end). The simulator, and any JDBC driver, takes
 * one thread per connection; a connection is never used by two threads at once.
 */
final class ParallelMining implements AutoCloseable {

  /** What one range's session read: its rows and how long it took. */
  record RangeRead(long rows, Duration took) {}

  private final GatewayFactory gateways;
  private final int sessions;
  private final Clock clock;
  private final Duration sessionMaxAge;
  private final LogMinerGateway[] connections;
  private final MiningSession[] miningSessions;
  private ExecutorService pool;
  private List<RangeRead> lastReads = List.of();

  ParallelMining(GatewayFactory gateways, int sessions, Clock clock, Duration sessionMaxAge) {
    this.gateways = gateways;
    this.sessions = sessions;
    this.clock = clock;
    this.sessionMaxAge = sessionMaxAge;
    this.connections = new LogMinerGateway[Math.max(0, sessions - 1)];
    this.miningSessions = new MiningSession[Math.max(0, sessions - 1)];
  }

  /** {@code cdc.mining.sessions}. */
  int sessions() {
    return sessions;
  }

  /** The ranges {@code plan} is mined in: one, the plan itself, unless it is split. */
  List<StepPlan> ranges(StepPlan plan) {
    return MiningRanges.split(plan, sessions);
  }

  /** Per range of the last step mined in parallel, its rows and time. */
  List<RangeRead> lastReads() {
    return lastReads;
  }

  /**
   * Mines every range at once and returns their rows as one cursor, in range order.
   *
   * @param first the capture's connection, which mines the first range with {@code session}
   * @param fetched told the rows fetched by all sessions when the read ends, also when it fails
   */
  RowCursor mine(
      LogMinerGateway first,
      MiningSession session,
      List<StepPlan> ranges,
      MiningQuery query,
      long budgetBytes,
      Path spillDirectory,
      LongConsumer fetched)
      throws SQLException, InterruptedException {
    int n = ranges.size();
    StepRowStore[] stores = new StepRowStore[n];
    RowCursor[] open = new RowCursor[n];
    Duration[] took = new Duration[n];
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicLong count = new AtomicLong();
    CountDownLatch started = new CountDownLatch(n);
    for (int k = 0; k < n; k++) {
      stores[k] = new StepRowStore(Math.max(1024, budgetBytes / n), spillDirectory);
    }
    List<Future<?>> running = new ArrayList<>();
    try {
      for (int k = 1; k < n; k++) {
        int range = k;
        running.add(
            pool()
                .submit(
                    () -> {
                      read(
                          range,
                          null,
                          null,
                          ranges.get(range),
                          query,
                          stores,
                          open,
                          took,
                          failure,
                          count,
                          started);
                      return null;
                    }));
      }
      read(0, first, session, ranges.get(0), query, stores, open, took, failure, count, started);
      for (Future<?> f : running) {
        await(f);
      }
    } catch (InterruptedException e) {
      cancelAll(open);
      closeAll(stores);
      throw e;
    } finally {
      fetched.accept(count.get());
    }
    Throwable failed = failure.get();
    if (failed != null) {
      closeAll(stores);
      if (failed instanceof SQLException e) {
        throw e;
      }
      if (failed instanceof RuntimeException e) {
        throw e;
      }
      throw (Error) failed;
    }
    List<RangeRead> reads = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      reads.add(new RangeRead(stores[k].size(), took[k]));
    }
    lastReads = List.copyOf(reads);
    return new Concatenated(stores);
  }

  /**
   * Reads one range into its store; a failure is recorded, and cancels the other ranges. Every
   * session starts LogMiner and opens its query before any of them fetches ({@code started}), so
   * the database works on all ranges at once from the start, whichever thread fetches first.
   */
  private void read(
      int range,
      LogMinerGateway given,
      MiningSession givenSession,
      StepPlan plan,
      MiningQuery query,
      StepRowStore[] stores,
      RowCursor[] open,
      Duration[] took,
      AtomicReference<Throwable> failure,
      AtomicLong count,
      CountDownLatch started) {
    Instant begun = clock.instant();
    boolean counted = false;
    try {
      LogMinerGateway db = given != null ? given : connection(range);
      MiningSession session = givenSession != null ? givenSession : miningSessions[range - 1];
      session.start(db, plan);
      try (RowCursor cursor = db.query(query)) {
        synchronized (open) {
          open[range] = cursor;
        }
        started.countDown();
        counted = true;
        started.await();
        if (failure.get() != null) {
          return;
        }
        for (RedoRow row = cursor.next(); row != null; row = cursor.next()) {
          count.incrementAndGet();
          stores[range].add(row);
        }
      } finally {
        synchronized (open) {
          open[range] = null;
        }
      }
    } catch (SQLException | RuntimeException | Error e) {
      if (failure.compareAndSet(null, e)) {
        cancelAll(open);
      }
      if (given == null) {
        drop(range);
      } else {
        givenSession.reset();
      }
    } catch (InterruptedException e) {
      failure.compareAndSet(null, new IllegalStateException("interrupted while mining a range", e));
      Thread.currentThread().interrupt();
    } finally {
      if (!counted) {
        started.countDown();
      }
      took[range] = Duration.between(begun, clock.instant());
    }
  }

  private static void await(Future<?> f) throws InterruptedException {
    try {
      f.get();
    } catch (ExecutionException e) {
      // read() records its own failures; anything else is a defect worth surfacing
      throw new IllegalStateException("a mining session's thread failed", e.getCause());
    }
  }

  private static void cancelAll(RowCursor[] open) {
    synchronized (open) {
      for (RowCursor c : open) {
        if (c != null) {
          c.cancel();
        }
      }
    }
  }

  private static void closeAll(StepRowStore[] stores) {
    for (StepRowStore s : stores) {
      s.close();
    }
  }

  private LogMinerGateway connection(int range) throws SQLException {
    if (connections[range - 1] == null) {
      connections[range - 1] = gateways.connect();
      miningSessions[range - 1] = new MiningSession(clock, sessionMaxAge);
    }
    return connections[range - 1];
  }

  private void drop(int range) {
    LogMinerGateway db = connections[range - 1];
    connections[range - 1] = null;
    miningSessions[range - 1] = null;
    if (db != null) {
      db.close();
    }
  }

  private synchronized ExecutorService pool() {
    if (pool == null) {
      pool =
          Executors.newFixedThreadPool(
              Math.max(1, sessions - 1),
              r -> {
                Thread t = new Thread(r, "redoline-mining-session");
                t.setDaemon(true);
                return t;
              });
    }
    return pool;
  }

  /** Closes the connections of its own and stops its threads; the next step opens them again. */
  @Override
  public synchronized void close() {
    for (int k = 1; k < sessions; k++) {
      drop(k);
    }
    if (pool != null) {
      pool.shutdownNow();
      pool = null;
    }
  }

  /** The ranges' stores read one after the other; closing deletes their files. */
  private static final class Concatenated implements RowCursor {
    private final StepRowStore[] stores;
    private int index;
    private RowCursor current;

    Concatenated(StepRowStore[] stores) {
      this.stores = stores;
    }

    @Override
    public RedoRow next() {
      while (index < stores.length) {
        if (current == null) {
          current = stores[index].cursor();
        }
        RedoRow row;
        try {
          row = current.next();
        } catch (SQLException e) {
          throw new IllegalStateException(
              e); // a store's cursor reads the heap or a file, never the database
        }
        if (row != null) {
          return row;
        }
        current.close();
        stores[index].close();
        current = null;
        index++;
      }
      return null;
    }

    @Override
    public void cancel() {
      // nothing runs on the database any more
    }

    @Override
    public void close() {
      if (current != null) {
        current.close();
      }
      closeAll(stores);
    }
  }
}
