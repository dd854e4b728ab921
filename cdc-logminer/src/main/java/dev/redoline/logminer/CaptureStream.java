package dev.redoline.logminer;

import dev.redoline.core.ChangeStream;
import dev.redoline.core.Position;
import dev.redoline.core.StreamEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The {@link ChangeStream} of a running capture, with its {@linkplain #metrics() metrics}: the
 * sink's side of the engine's bounded event queue, and
 * the capture thread's lifecycle.
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

  CaptureStream(EventQueue queue, CaptureLoop loop, Thread thread, CaptureStats stats, Clock clock) {
    this.queue = queue;
    this.loop = loop;
    this.thread = thread;
    this.stats = stats;
    this.jmx = new CaptureJmx(this::metrics);
    this.streaming = new StreamingJmx(stats, queue, clock);
  }

  /**
   * Publishes the metrics over JMX under {@code prefix}: ours ({@link CaptureMXBean}) and those
   * under Debezium's names ({@link StreamingMetricsMXBean}); removed again by {@link #close()}.
   */
  void publishMetrics(String prefix) {
    jmx.register(prefix);
    streaming.register(prefix);
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
   * The last acknowledged position, or the start position before any acknowledgement. For a
   * first start without a stored position, {@code null} until the capture thread has connected
   * and read its start SCN.
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

  /** Whether the capture thread is still running. */
  public boolean running() {
    return thread.isAlive();
  }

  /** Wakes a poll blocked on another thread first, then stops the capture thread and waits for it. */
  @Override
  public void close() {
    queue.close();
    jmx.unregister();
    streaming.unregister();
    loop.stop();
    thread.interrupt();
    try {
      thread.join(CLOSE_WAIT_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
