package dev.redoline.logminer.internal;

import dev.redoline.core.Position;
import dev.redoline.core.internal.ChangeStream;
import dev.redoline.core.internal.StreamEvent;
import dev.redoline.logminer.CaptureMetrics;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The {@link ChangeStream} of a running capture, with its {@linkplain #metrics() metrics}: the
 * sink's side of the engine's bounded event queue, and the capture thread's lifecycle.
 */
public final class CaptureStream implements ChangeStream {

  /** How long {@link #close()} waits for the capture thread to finish its step. */
  private static final long CLOSE_WAIT_MILLIS = 30_000;

  private final EventQueue queue;
  private final CaptureLoop loop;
  private final Thread thread;
  private final CaptureStats stats;
  private final CaptureJmx jmx;
  private final StreamingJmx streaming;
  private final ThreadJmx threads;

  CaptureStream(
      EventQueue queue, CaptureLoop loop, Thread thread, CaptureStats stats, Clock clock) {
    this.queue = queue;
    this.loop = loop;
    this.thread = thread;
    this.stats = stats;
    this.jmx = new CaptureJmx(this::metrics, stats);
    this.threads = new ThreadJmx(stats.figures());
    this.streaming = new StreamingJmx(stats, queue, clock);
  }

  /**
   * Publishes the metrics over JMX under {@code prefix}: ours ({@link
   * dev.redoline.logminer.CaptureMXBean}) and those under Debezium's names ({@link
   * dev.redoline.logminer.StreamingMetricsMXBean}); removed again by {@link #close()}.
   */
  void publishMetrics(String prefix) {
    jmx.register(prefix);
    streaming.register(prefix);
    threads.register(prefix);
  }

  @Override
  public List<StreamEvent> poll(Duration timeout) throws InterruptedException {
    Objects.requireNonNull(timeout, "timeout == null");
    return queue.poll(timeout);
  }

  @Override
  public void acknowledge(Position position) {
    Objects.requireNonNull(position, "position == null");
    loop.acknowledge(position);
  }

  /**
   * The last acknowledged position, or the start position before any acknowledgement. For a first
   * start without a stored position, {@code null} until the capture thread has connected and read
   * its start SCN.
   */
  @Override
  public Position acknowledged() {
    return loop.acknowledged();
  }

  /** Progress counters of the capture. */
  public CaptureMetrics metrics() {
    return stats.snapshot(queue.size());
  }

  /**
   * Whether the capture holds a database connection now: false while it retries a transient error
   * (the first connection included), and after it stopped.
   */
  public boolean connected() {
    return loop.connected();
  }

  /**
   * Asks for an ad-hoc snapshot of {@code tables} while streaming, read from the capture's next
   * step on (docs/snapshots.md): their rows arrive as op {@code r} changes merged into the commit
   * order. A table the capture does not include is skipped with an ops event (CDC-4011). Positions
   * from the next event on carry the unfinished snapshot with its filter and last key, so a capture
   * opened at such a position continues it after its last delivered chunk.
   *
   * @param filter an SQL condition the rows must meet ({@code STATUS = 'NEW'}), or {@code null}
   * @throws IllegalArgumentException when {@code tables} is empty
   */
  public void snapshot(java.util.List<dev.redoline.core.TableId> tables, String filter) {
    Objects.requireNonNull(tables, "tables == null");
    if (tables.isEmpty()) {
      throw new IllegalArgumentException("An ad-hoc snapshot needs at least one table");
    }
    loop.snapshot(tables, filter == null || filter.isBlank() ? null : filter);
  }

  /**
   * Drops the open transaction {@code xid} from the buffer before the next step, with an ops event
   * ({@code TRANSACTION_DROPPED}) naming it and its size; its later rows and its end are skipped,
   * and positions stored from then on name it (docs/offsets-and-recovery.md, "Dropping a
   * transaction"). A transaction that is not open is an ops event {@code SIGNAL_SKIPPED}.
   */
  public void dropTransaction(dev.redoline.core.Xid xid) {
    loop.dropTransaction(Objects.requireNonNull(xid, "xid == null"));
  }

  /** Whether the capture thread is still running. */
  public boolean running() {
    return thread.isAlive();
  }

  /**
   * Wakes a poll blocked on another thread first, then stops the capture thread and waits for it.
   */
  @Override
  public void close() {
    queue.close();
    jmx.unregister();
    streaming.unregister();
    threads.unregister();
    loop.stop();
    thread.interrupt();
    try {
      thread.join(CLOSE_WAIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
