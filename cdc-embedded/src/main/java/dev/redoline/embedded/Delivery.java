package dev.redoline.embedded;

import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.CommitMark;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The delivery thread of an {@link EmbeddedEngine}: polls the capture stream, calls the handler
 * once per transaction while it streams the changes in, then stores and acknowledges the
 * transaction's position.
 *
 * <h2>Implementation notes</h2>
 *
 * <ul>
 *   <li><b>Streaming.</b> A transaction comes whole, as one event whose changes stream from the
 *       buffer's memory or spill file; the handler runs on this thread and pulls them through
 *       {@link CommittedTransaction}, so nothing here holds a transaction whole and one larger than
 *       the queue flows through. The event is closed (its spill file deleted) once handled.
 *   <li><b>Positions.</b> Only the position of a transaction's last change (or of a schema event or
 *       heartbeat between transactions) is stored, so a restart never begins inside a transaction
 *       this engine delivered. Writes are grouped by {@link OffsetFlusher}: by interval (also while
 *       the stream is quiet) and count, before a retry and on stop; the capture is acknowledged a
 *       position only once it is written.
 *   <li><b>Retries.</b> The changes a failed handler read are gone from the stream, so a retry
 *       closes the capture and opens it again from the last stored position: the transaction is
 *       mined and delivered again, whole, exactly as after a restart.
 *   <li><b>Stops.</b> A graceful stop is checked between transactions only; {@link #abandon} is the
 *       crash of tests: it interrupts the handler and stores nothing more.
 * </ul>
 */
final class Delivery implements Runnable {

  private static final Logger LOG = LoggerFactory.getLogger(Delivery.class);

  /**
   * How long one poll waits when nothing is queued; bounds how late a stop request (and a due
   * offset write) is noticed between transactions. A poll returns as soon as events are queued, so
   * this costs only idle wake-ups; at 100 ms a stop added a tenth of a second to every shutdown.
   */
  private static final Duration POLL = Duration.ofMillis(10);

  private final CaptureEngine capture;
  private final ChangeHandler handler;
  private final OffsetStore offsets;
  private final OffsetFlusher.Policy flushPolicy;
  private OffsetFlusher flusher;
  private final SchemaHistory history;
  private final FailureListener listener;
  private final int retries;
  private final Duration retryBackoff;
  private final Clock clock;
  private final Consumer<EngineState> states;

  /**
   * RECONNECT and RECONNECTED events of the capture thread, told to the listener on this thread.
   */
  private final Queue<OpsEvent> connection;

  private final Map<TableId, Map<Integer, TableLayout>> layouts = new HashMap<>();
  private final ArrayDeque<StreamEvent> pending = new ArrayDeque<>();
  private final CountDownLatch stopSignal = new CountDownLatch(1);
  private final CountDownLatch done = new CountDownLatch(1);

  private volatile CaptureStream stream;
  private volatile boolean stopRequested;
  private volatile boolean abandoned;
  private volatile CdcException failure;

  /** The last error the failure listener heard: the final one, or the last one retried past. */
  private volatile CdcException lastError;

  private CdcException captureFailure;
  private CommitMark failedMark;
  private int failedAttempts;

  private volatile long transactions;
  private volatile long changes;
  private volatile Instant lastCommitTime;
  private volatile Duration lag = Duration.ZERO;

  /**
   * Where delivered positions and table layouts are kept, and how positions are grouped into
   * writes.
   */
  record Stores(OffsetStore offsets, OffsetFlusher.Policy flushPolicy, SchemaHistory history) {}

  /** How often a failing handler is tried again, and how long apart. */
  record HandlerRetries(int retries, Duration backoff) {}

  /**
   * What the application hears (failures and the engine's state), and the capture thread's
   * RECONNECT and RECONNECTED events, which this thread turns into failures and states.
   */
  record Listeners(
      FailureListener failures, Consumer<EngineState> states, Queue<OpsEvent> connection) {}

  Delivery(
      CaptureEngine capture,
      ChangeHandler handler,
      Stores stores,
      HandlerRetries retries,
      Listeners listeners,
      Clock clock) {
    this.capture = capture;
    this.handler = handler;
    this.offsets = stores.offsets();
    this.flushPolicy = stores.flushPolicy();
    this.history = stores.history();
    this.listener = listeners.failures();
    this.retries = retries.retries();
    this.retryBackoff = retries.backoff();
    this.clock = clock;
    this.states = listeners.states();
    this.connection = listeners.connection();
  }

  /** Caller's thread, before the delivery thread starts: opens the capture where the store says. */
  void open(List<dev.redoline.core.LayoutVersion> known) {
    known.forEach(v -> remember(v.layout()));
    Position stored = offsets.load().orElse(null);
    flusher =
        new OffsetFlusher(
            offsets, flushPolicy.interval(), flushPolicy.maxTransactions(), clock, stored);
    stream = capture.open(stored);
  }

  @Override
  public void run() {
    try {
      while (!stopRequested && !abandoned) {
        StreamEvent event = next(POLL);
        if (event != null) {
          handle(event);
        } else if (flusher.due()) {
          flush(); // a quiet stream: the pending position must not wait for the next transaction
        } else if (!stream.running() && !abandoned) {
          StreamEvent last = next(Duration.ZERO);
          if (last == null) {
            throw new CdcException(
                ErrorCode.INTERNAL_ERROR, "the capture thread ended without an error");
          }
          handle(last);
        }
      }
      flush();
      states.accept(EngineState.STOPPED);
    } catch (CdcException e) {
      flushHandled();
      fail(e);
    } catch (DeliveryInterrupted e) {
      states.accept(abandoned ? EngineState.STOPPED : EngineState.FAILED);
    } catch (RuntimeException | Error e) {
      fail(new CdcException(ErrorCode.INTERNAL_ERROR, "delivery failed: " + e, e));
    } finally {
      CaptureStream s = stream;
      if (s != null) {
        s.close();
      }
      dropPending();
      done.countDown();
    }
  }

  /** Forgets the events polled and not handled; a transaction's spill file goes with it. */
  private void dropPending() {
    for (StreamEvent event = pending.poll(); event != null; event = pending.poll()) {
      event.release();
    }
  }

  private void fail(CdcException e) {
    if (abandoned) {
      states.accept(EngineState.STOPPED);
      return;
    }
    failure = e;
    LOG.error("Embedded engine stopped: {}", e.getMessage());
    states.accept(EngineState.FAILED);
    if (!(e instanceof HandlerException)) {
      notifyListener(e);
    }
  }

  private void handle(StreamEvent event) {
    if (event instanceof StreamEvent.TransactionEvent tx) {
      try (tx) {
        Iterator<StreamEvent.ChangeEvent> changes = guarded(tx.changes());
        if (changes.hasNext()) {
          deliver(changes.next(), changes);
        } else {
          moved(tx.position()); // every change delivered before a restart, or held by a snapshot
        }
      }
    } else if (event instanceof StreamEvent.SchemaEvent schema) {
      history.record(schema.layout(), schema.scn());
      remember(schema.layout());
      moved(schema.position());
    } else {
      moved(event.position());
    }
  }

  private void deliver(StreamEvent.ChangeEvent first, Iterator<StreamEvent.ChangeEvent> rest) {
    CommittedTransaction tx = new CommittedTransaction(first, rest, this::layout);
    Position end;
    try {
      handler.handle(tx);
      end = tx.finish();
    } catch (Exception | Error e) {
      if (abandoned) {
        throw new DeliveryInterrupted();
      }
      if (captureFailure != null) {
        throw captureFailure;
      }
      if (e instanceof DeliveryInterrupted interrupted) {
        throw interrupted;
      }
      refused(
          first.commit().mark(),
          new HandlerException(first.commit().xid(), first.commit().mark(), e));
      return;
    }
    store(end);
    failedMark = null;
    failedAttempts = 0;
    transactions++;
    changes += tx.size();
    lastCommitTime = first.commit().time();
    lag = Duration.between(first.commit().time(), clock.instant());
  }

  /** The handler refused a transaction: retry from the stored position, or stop. */
  private void refused(CommitMark mark, HandlerException e) {
    failedAttempts = mark.equals(failedMark) ? failedAttempts + 1 : 1;
    failedMark = mark;
    boolean retry = failedAttempts <= retries && !stopRequested;
    LOG.warn(
        "ChangeHandler failed on transaction {} (attempt {}, {})",
        e.xid(),
        failedAttempts,
        retry ? "delivering it again" : "stopping",
        e.getCause());
    if (!retry) {
      failure = e;
      notifyListener(e);
      throw e;
    }
    notifyListener(e);
    flush(); // the transactions handled before this one are done: they must not come again
    Position from = stream.acknowledged();
    stream.close();
    dropPending();
    awaitBackoff();
    stream = capture.open(from);
  }

  private void awaitBackoff() {
    try {
      stopSignal.await(retryBackoff.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DeliveryInterrupted();
    }
  }

  /**
   * The changes of a transaction as the handler reads them: stops at an {@link #abandon}, and a
   * change that cannot be read (its spill file) is the capture's failure, not the handler's.
   */
  private Iterator<StreamEvent.ChangeEvent> guarded(Iterator<StreamEvent.ChangeEvent> changes) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        try {
          return changes.hasNext();
        } catch (CdcException e) {
          captureFailure = e;
          throw e;
        }
      }

      @Override
      public StreamEvent.ChangeEvent next() {
        if (abandoned) {
          throw new DeliveryInterrupted();
        }
        try {
          return changes.next();
        } catch (CdcException e) {
          captureFailure = e;
          throw e;
        }
      }
    };
  }

  private StreamEvent next(Duration timeout) {
    tellConnectionChanges();
    StreamEvent event = pending.poll();
    if (event != null) {
      return event;
    }
    try {
      pending.addAll(stream.poll(timeout));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DeliveryInterrupted();
    } catch (CdcException e) {
      captureFailure = e;
      throw e;
    }
    return pending.poll();
  }

  /**
   * Everything up to {@code position} is handled: written now or later, see {@link OffsetFlusher}.
   */
  private void store(Position position) {
    if (abandoned) {
      return;
    }
    Position written = flusher.handled(position);
    if (written != null) {
      stream.acknowledge(written);
    }
  }

  /**
   * A layout or heartbeat between transactions: written when due, not counted as a transaction. On
   * a first start (nothing stored yet) written at once, before anything reaches the handler: a
   * first start's first events are its layouts, and a restart must resume from their position. A
   * restart with nothing stored starts again at the current SCN ({@code cdc.start.scn=current}),
   * which would skip what changed in between to rows the handler already holds (a delete of a row
   * the first run delivered).
   */
  private void moved(Position position) {
    if (abandoned) {
      return;
    }
    boolean first = flusher.stored() == null;
    Position written = flusher.moved(position);
    if (first && written == null) {
      written = flusher.flush();
    }
    if (written != null) {
      stream.acknowledge(written);
    }
  }

  private void flush() {
    if (abandoned) {
      return;
    }
    Position written = flusher.flush();
    if (written != null) {
      stream.acknowledge(written);
    }
  }

  /** On a failure: keeps what the handler finished, unless the store itself is what failed. */
  private void flushHandled() {
    try {
      flush();
    } catch (CdcException e) {
      LOG.warn("The position of the last handled transactions was not stored: {}", e.getMessage());
    }
  }

  private void remember(TableLayout layout) {
    layouts.computeIfAbsent(layout.table(), t -> new HashMap<>()).put(layout.version(), layout);
  }

  private TableLayout layout(Change change) {
    Map<Integer, TableLayout> versions = layouts.get(change.table());
    return versions == null ? null : versions.get(change.layoutVersion());
  }

  /**
   * Each failed connection attempt reaches the listener as CDC-1001; the state follows the
   * connection.
   */
  private void tellConnectionChanges() {
    for (OpsEvent event = connection.poll(); event != null; event = connection.poll()) {
      if (event.type() == OpsEvent.Type.RECONNECT) {
        states.accept(EngineState.RETRYING);
        notifyListener(new CdcException(ErrorCode.TRANSIENT_DATABASE_ERROR, event.message()));
      } else {
        states.accept(EngineState.RUNNING);
      }
    }
  }

  /** Whether the capture holds a database connection (false while it retries one). */
  boolean connected() {
    return stream.connected();
  }

  private void notifyListener(CdcException e) {
    lastError = e;
    try {
      listener.onFailure(e);
    } catch (RuntimeException ex) {
      LOG.warn("Failure listener threw", ex);
    }
  }

  /** Any thread: finish the transaction in flight, then stop. */
  void stop() {
    stopRequested = true;
    stopSignal.countDown();
  }

  /** Any thread: stop now, storing nothing more (a crash, as far as the stores can tell). */
  void abandon(Thread deliveryThread) {
    abandoned = true;
    stopSignal.countDown();
    CaptureStream s = stream;
    if (s != null) {
      s.close();
    }
    if (deliveryThread != null) {
      deliveryThread.interrupt();
    }
  }

  boolean await(Duration timeout) throws InterruptedException {
    return done.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  CdcException failure() {
    return failure;
  }

  CdcException lastError() {
    CdcException f = failure;
    return f != null ? f : lastError;
  }

  /** Any thread: an ad-hoc snapshot, handed to the running capture; false when none runs. */
  boolean snapshot(java.util.List<dev.redoline.core.TableId> tables, String filter) {
    CaptureStream s = stream;
    if (s == null || !s.running()) {
      return false;
    }
    s.snapshot(tables, filter);
    return true;
  }

  boolean dropTransaction(dev.redoline.core.Xid xid) {
    CaptureStream s = stream;
    if (s == null || !s.running()) {
      return false;
    }
    s.dropTransaction(xid);
    return true;
  }

  EngineMetrics metrics() {
    CaptureStream s = stream;
    return new EngineMetrics(
        transactions, changes, lastCommitTime, lag, s == null ? null : s.metrics());
  }

  /** The delivery thread was interrupted or the capture closed under it: stop without storing. */
  static final class DeliveryInterrupted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    DeliveryInterrupted() {
      super("delivery interrupted", null, false, false);
    }
  }
}
