package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.TransactionJournal;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.LayoutVersion;
import dev.redoline.core.Position;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.CaptureMetrics;
import dev.redoline.logminer.DeadLetterSink;
import dev.redoline.logminer.OpsListener;
import dev.redoline.logminer.Sleeper;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The {@link CaptureStream} of a running capture: the sink's side of the engine's bounded event
 * queue, the capture thread's lifecycle, and the capture's metrics over JMX.
 */
public final class RunningCapture implements CaptureStream {

  private static final Logger LOG = LoggerFactory.getLogger(RunningCapture.class);

  /** How long {@link #close()} waits for the capture thread to finish its step. */
  private static final long CLOSE_WAIT_MILLIS = 30_000;

  private final EventQueue queue;
  private final CaptureLoop loop;
  private final Thread thread;
  private final CaptureStats stats;
  private final CaptureJmx jmx;
  private final StreamingJmx streaming;
  private final ThreadJmx threads;

  RunningCapture(
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
   * Starts a capture from {@code from}, or with {@code from} {@code null} at {@code cdc.start.scn}:
   * connects on the caller's thread (an error retrying cannot fix is thrown here), then runs the
   * capture on its own thread, named after {@code name} and carrying the caller's logging context.
   * {@link dev.redoline.logminer.seam.CaptureEngine#open} says the rest.
   */
  public static CaptureStream start(
      CdcConfig config,
      GatewayFactory gateways,
      Clock clock,
      Sleeper sleeper,
      TransactionJournal journal,
      DeadLetterSink deadLetters,
      OpsListener ops,
      List<LayoutVersion> knownLayouts,
      String name,
      Position from) {
    PositionState start = from == null ? null : Positions.startMark(PositionState.of(from));
    CaptureThreads threads = CaptureThreads.of(name, MDC.getCopyOfContextMap());
    CaptureAssembly capture =
        CaptureAssembly.build(
            config,
            CaptureSettings.of(config),
            gateways,
            clock,
            sleeper,
            journal,
            deadLetters,
            ops,
            knownLayouts,
            threads.factory("decode"),
            start);
    try {
      capture.loop().connectFirst(from == null);
    } catch (CdcException e) {
      capture.decoder().close();
      throw e.errorCode() == ErrorCode.UNKNOWN_SERVICE
          ? new CdcException(
              e.errorCode(),
              e.detail()
                  + " (cdc.database.url connects to "
                  + address(config.get(CdcConfig.DATABASE_URL))
                  + ")",
              e)
          : e;
    } catch (RuntimeException e) {
      capture.decoder().close();
      throw e;
    }
    Thread thread = threads.newThread("capture", capture.loop());
    thread.setUncaughtExceptionHandler((t, e) -> LOG.error("Capture thread failed", e));
    RunningCapture stream =
        new RunningCapture(capture.queue(), capture.loop(), thread, capture.stats(), clock);
    stream.publishMetrics(config.get(CdcConfig.TOPIC_PREFIX));
    thread.start();
    return stream;
  }

  /**
   * The part of a database URL that says where it connects (host, port, service or SID; the
   * simulator's workload), without the user and password a thin URL may carry before its '@'.
   */
  static String address(String url) {
    int at = url.lastIndexOf('@');
    if (at >= 0) {
      return url.substring(at + 1);
    }
    String sim = "jdbc:redoline:sim:";
    String rest = url.startsWith(sim) ? url.substring(sim.length()) : url;
    int query = rest.indexOf('?');
    return query < 0 ? rest : rest.substring(0, query);
  }

  /** Whether {@code config} sends undecodable rows to a dead letter sink. */
  public static boolean needsDeadLetterSink(CdcConfig config) {
    return CaptureSettings.of(config).deadLetters();
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
    loop.acknowledge(PositionState.of(position));
  }

  @Override
  public Position acknowledged() {
    PositionState acknowledged = loop.acknowledged();
    return acknowledged == null ? null : acknowledged.toPosition();
  }

  @Override
  public CaptureMetrics metrics() {
    return stats.snapshot(queue.size());
  }

  @Override
  public boolean connected() {
    return loop.connected();
  }

  @Override
  public void snapshot(List<TableId> tables, String filter) {
    Objects.requireNonNull(tables, "tables == null");
    if (tables.isEmpty()) {
      throw new IllegalArgumentException("An ad-hoc snapshot needs at least one table");
    }
    loop.snapshot(tables, filter == null || filter.isBlank() ? null : filter);
  }

  @Override
  public void dropTransaction(Xid xid) {
    loop.dropTransaction(Objects.requireNonNull(xid, "xid == null"));
  }

  @Override
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
