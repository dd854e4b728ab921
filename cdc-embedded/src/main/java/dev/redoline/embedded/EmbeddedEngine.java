package dev.redoline.embedded;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ConfigKey;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.LayoutVersion;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.DeadLetterSink;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.OpsListener;
import dev.redoline.logminer.seam.CaptureEngine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * Captures an Oracle database (or the built-in simulator) inside your JVM and calls your {@link
 * ChangeHandler} once per committed transaction, in commit order, storing the position of each
 * handled transaction so that a restart repeats nothing and skips nothing.
 *
 * <pre>{@code
 * EmbeddedEngine engine = EmbeddedEngine.builder()
 *     .config(Map.of("cdc.database.url", "jdbc:redoline:sim:demo", "cdc.tables.include", "SHOP.*",
 *                    "cdc.state.dir", "/var/lib/myapp/redoline"))
 *     .handler(tx -> tx.changes().forEach(change -> System.out.println(change)))
 *     .failureListener(e -> alert(e.code(), e.getMessage()))
 *     .build();
 * engine.start();
 * ...
 * engine.stop();                                    // finishes the transaction in flight
 * engine.awaitTermination(Duration.ofSeconds(30));
 * }</pre>
 *
 * <h2>State</h2>
 *
 * Files in {@code cdc.state.dir}: {@code offsets.json} ({@link FileOffsetStore}) and {@code
 * schema-history.jsonl} ({@link FileSchemaHistory}) unless replaced through the builder, {@code
 * journal/} (the engine's journal files, so the restart position can move past a long open
 * transaction) and {@code dead-letters.jsonl} ({@link DeadLetterFile}, with {@code
 * cdc.on.decode.error=dlq}).
 *
 * <h2>Threads</h2>
 *
 * {@link #start()} opens the stores and the capture and makes the first database connection on the
 * calling thread (so setup errors are thrown there), then runs one capture thread and one delivery
 * thread, which calls the handler and the failure listener. They are named {@code
 * redoline-capture-<cdc.topic.prefix>} and {@code redoline-delivery-<cdc.topic.prefix>} (decode
 * threads {@code redoline-decode-...}) and carry the logging context (MDC) of the thread that
 * called {@link #start()}. Every method may be called from any thread. An engine runs once; build
 * another to start again.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because it is the embedded API's facade: its {@code Builder} (one documented
 * setter per collaborator a user can replace) and the lifecycle ({@code start}, {@code stop},
 * {@code close}, states, ad-hoc snapshots, metrics) with their contracts. Delivery to the handler
 * is {@code Delivery}'s, offsets are {@code OffsetFlusher}'s.
 */
public final class EmbeddedEngine implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedEngine.class);

  /** How long {@link #close()} lets the transaction in flight finish before abandoning it. */
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(30);

  private final CdcConfig config;
  private final ChangeHandler handler;
  private final Database database;
  private final OffsetStore offsetStore;
  private final SchemaHistory schemaHistory;
  private final DeadLetterSink deadLetters;
  private final OpsListener ops;
  private final FailureListener failureListener;
  private final int handlerRetries;
  private final Duration retryBackoff;

  private final Object lock = new Object();
  private volatile EngineState state = EngineState.NEW;
  private Delivery delivery;
  private Thread thread;

  /** Why {@link #start()} failed, or {@code null}. */
  private volatile CdcException startFailure;

  private EmbeddedEngine(Builder b) {
    this.config = b.config;
    this.handler = b.handler;
    this.database = b.database;
    this.offsetStore = b.offsetStore;
    this.schemaHistory = b.schemaHistory;
    this.deadLetters = b.deadLetters;
    this.ops = b.ops;
    this.failureListener = b.failureListener;
    this.handlerRetries = b.handlerRetries;
    this.retryBackoff = b.retryBackoff;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The configuration this engine runs with. */
  public CdcConfig config() {
    return config;
  }

  /**
   * Opens the stores, reads the stored position and starts capturing from it (from {@code
   * cdc.start.scn} when none is stored).
   *
   * <p>The first database connection is made here too. An error that retrying cannot fix is thrown:
   * wrong credentials (CDC-4012), an unknown service (CDC-4013), a missing privilege (CDC-4003). A
   * transient one (the listener down, the instance starting) is retried by the capture thread: the
   * engine is then {@link EngineState#RETRYING} and the failure listener hears every failed attempt
   * (CDC-1001) until the connection is made or {@code cdc.retry.max.time.ms} is spent.
   *
   * @throws IllegalStateException when the engine was started before
   * @throws CdcException when a store cannot be read or the capture cannot start; the engine is
   *     then {@link EngineState#FAILED}, {@link #failure()} holds the error and {@link #close()}
   *     has nothing left to do
   */
  public void start() {
    synchronized (lock) {
      if (state != EngineState.NEW) {
        throw new IllegalStateException(
            "An engine starts once; this one is " + state + ". Build a new one.");
      }
      state = EngineState.RUNNING;
      try {
        Path dir = Path.of(config.get(CdcConfig.STATE_DIR));
        OffsetStore offsets =
            offsetStore != null ? offsetStore : FileOffsetStore.open(dir.resolve("offsets.json"));
        SchemaHistory history =
            schemaHistory != null
                ? schemaHistory
                : FileSchemaHistory.open(dir.resolve("schema-history.jsonl"));
        if (offsetStore == null || schemaHistory == null) {
          StateFiles.directory(dir);
        }
        Database db = database != null ? database : Database.fromConfig(config);
        List<LayoutVersion> known = history.load();
        List<String> ignored = CdcConfig.otherSinkKeys(config.originals(), ConfigKey.Sink.EMBEDDED);
        if (!ignored.isEmpty()) {
          LOG.warn(
              "Ignored: {} (read by the Kafka Connect connector only, not by the embedded engine)",
              String.join(", ", ignored));
        }
        Queue<OpsEvent> connection = new ConcurrentLinkedQueue<>();
        OpsListener tap =
            event -> {
              if (event.type() == OpsEvent.Type.RECONNECT
                  || event.type() == OpsEvent.Type.RECONNECTED) {
                connection.add(event);
              }
              if (event.type() != OpsEvent.Type.DEAD_LETTER) { // heard through deadLetters(...)
                ops.onEvent(event);
              }
            };
        CaptureEngine capture =
            CaptureEngine.builder()
                .config(config)
                .database(db)
                .journalDirectory(dir.resolve("journal"))
                .deadLetters(deadLetterSink(dir))
                .ops(tap)
                .knownLayouts(known)
                .build();
        Delivery starting =
            new Delivery(
                capture,
                handler,
                new Delivery.Stores(offsets, OffsetFlusher.Policy.of(config), history),
                new Delivery.HandlerRetries(handlerRetries, retryBackoff),
                new Delivery.Listeners(failureListener, this::moveTo, connection),
                db.clock());
        starting.open(known);
        delivery = starting;
        if (!starting.connected()) {
          state = EngineState.RETRYING;
        }
      } catch (RuntimeException e) {
        state = EngineState.FAILED;
        startFailure =
            e instanceof CdcException c
                ? c
                : new CdcException(ErrorCode.INTERNAL_ERROR, "the engine failed to start: " + e, e);
        throw e;
      }
      thread = deliveryThread(delivery, config.get(CdcConfig.TOPIC_PREFIX));
      thread.start();
    }
  }

  /**
   * {@code redoline-delivery-<cdc.topic.prefix>}, with the logging context (MDC) of the thread that
   * starts the engine, as the capture and decode threads have: an application that puts its own
   * context there sees it on every line of the engine.
   */
  private static Thread deliveryThread(Runnable delivery, String name) {
    Map<String, String> context = MDC.getCopyOfContextMap();
    Thread t =
        new Thread(
            () -> {
              if (context != null) {
                MDC.setContextMap(context);
              }
              delivery.run();
            },
            "redoline-delivery-" + name);
    return t;
  }

  private DeadLetterSink deadLetterSink(Path dir) {
    // SQL_REDO of a dead letter is withheld when any column of its table is excluded or shaped
    List<String> hidden = new ArrayList<>(config.get(CdcConfig.COLUMNS_EXCLUDE));
    hidden.addAll(config.get(CdcConfig.COLUMNS_MASK_HASH));
    for (String rule : config.get(CdcConfig.COLUMNS_TRUNCATE)) {
      hidden.add(rule.substring(0, rule.lastIndexOf(':')));
    }
    DeadLetterSink file = DeadLetterFile.open(dir.resolve("dead-letters.jsonl"), hidden);
    if (deadLetters == null) {
      return file;
    }
    return letter -> {
      file.accept(letter);
      deadLetters.accept(letter);
    };
  }

  /**
   * Delivery thread: a state change. Losing or regaining the connection moves only between RUNNING
   * and RETRYING, never out of STOPPING or an end state.
   */
  private void moveTo(EngineState next) {
    synchronized (lock) {
      boolean live = state == EngineState.RUNNING || state == EngineState.RETRYING;
      if (live || (next != EngineState.RUNNING && next != EngineState.RETRYING)) {
        state = next;
      }
    }
  }

  /**
   * Asks the engine to stop: the transaction in flight is handled to its end and its position
   * stored, then the capture closes. Returns at once; see {@link #awaitTermination}.
   */
  public void stop() {
    synchronized (lock) {
      if (state == EngineState.NEW) {
        state = EngineState.STOPPED;
        return;
      }
      if (state == EngineState.RUNNING || state == EngineState.RETRYING) {
        state = EngineState.STOPPING;
        delivery.stop();
      }
    }
  }

  /**
   * Waits for the engine to stop (on request or by a failure).
   *
   * @return whether it stopped within {@code timeout}
   */
  public boolean awaitTermination(Duration timeout) throws InterruptedException {
    Objects.requireNonNull(timeout, "timeout == null");
    Delivery d;
    synchronized (lock) {
      if (delivery == null) {
        return state != EngineState.RUNNING && state != EngineState.RETRYING;
      }
      d = delivery;
    }
    return d.await(timeout);
  }

  /**
   * Stops gracefully and waits; a transaction still in flight after 30 seconds is abandoned without
   * storing its position, so it is delivered again on the next start.
   */
  @Override
  public void close() {
    stop();
    try {
      if (!awaitTermination(CLOSE_WAIT)) {
        abandon();
      }
    } catch (InterruptedException e) {
      abandon();
      Thread.currentThread().interrupt();
    }
  }

  /** Stops at once, storing nothing more: as far as the stores can tell, a crash. For tests. */
  void abandon() {
    Delivery d;
    Thread t;
    synchronized (lock) {
      d = delivery;
      t = thread;
    }
    if (d != null) {
      d.abandon(t);
      try {
        d.await(CLOSE_WAIT);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  public EngineState state() {
    return state;
  }

  /** Why the engine is {@link EngineState#FAILED}, or {@code null}. */
  public CdcException failure() {
    Delivery d = delivery;
    return d == null ? startFailure : d.failure();
  }

  /**
   * Snapshots {@code tables} while streaming: their current rows reach the handler as snapshot
   * chunks ({@link CommittedTransaction#snapshot()}), merged into the commit order like an initial
   * snapshot (docs/snapshots.md). A table the capture does not include is skipped with an ops event
   * (CDC-4011). The stored positions carry an unfinished ad-hoc snapshot, so a restart continues it
   * after its last delivered chunk.
   *
   * <pre>{@code
   * engine.snapshot(List.of(TableId.parse("SHOP.ORDERS")), "STATUS = 'NEW'");
   * }</pre>
   *
   * @param filter an SQL condition the rows must meet, or {@code null} for every row
   * @throws IllegalArgumentException when {@code tables} is empty
   * @throws IllegalStateException when the engine is not running
   */
  public void snapshot(java.util.List<dev.redoline.core.TableId> tables, String filter) {
    java.util.Objects.requireNonNull(tables, "tables == null");
    if (tables.isEmpty()) {
      throw new IllegalArgumentException("An ad-hoc snapshot needs at least one table");
    }
    Delivery d = delivery;
    if (d == null || !d.snapshot(tables, filter)) {
      throw new IllegalStateException(
          "The engine is not running (" + state + "): start it before asking for a " + "snapshot");
    }
  }

  /**
   * Drops the open transaction {@code xid} (its hex form, as {@code CommittedTransaction.xid()} and
   * the ops events print it) from the transaction buffer, before the capture's next step: a stuck
   * or poisonous transaction need not be waited out. An ops event {@code TRANSACTION_DROPPED} names
   * it and the changes dropped; its later rows and its end are skipped; positions stored from then
   * on name it until its end is mined, so a restart from them does not buffer it again (one from a
   * position stored before the drop does: drop it again). A transaction that is not open is an ops
   * event {@code SIGNAL_SKIPPED} (docs/embedded.md, "Dropping a transaction").
   *
   * @throws IllegalArgumentException when {@code xid} is not a transaction id in hex
   * @throws IllegalStateException when the engine is not running
   */
  public void dropTransaction(String xid) {
    dev.redoline.core.Xid id =
        dev.redoline.core.Xid.parseHex(java.util.Objects.requireNonNull(xid, "xid == null"));
    Delivery d = delivery;
    if (d == null || !d.dropTransaction(id)) {
      throw new IllegalStateException(
          "The engine is not running (" + state + "): start it before dropping a " + "transaction");
    }
  }

  /**
   * Snapshots the tables named {@code [PDB.]OWNER.TABLE}, every row; see {@link
   * #snapshot(java.util.List, String)}.
   */
  public void snapshot(String... tables) {
    java.util.List<dev.redoline.core.TableId> ids = new java.util.ArrayList<>();
    for (String t : tables) {
      ids.add(dev.redoline.core.TableId.parse(t));
    }
    snapshot(ids, null);
  }

  /**
   * The engine's health: its state, its lag and the last error it met (the one it failed with, or
   * the last one it retried past), with that error's code and operator action.
   */
  public EngineHealth health() {
    Delivery d = delivery;
    CdcException failed = failure();
    return new EngineHealth(
        state, metrics().lag(), failed != null || d == null ? failed : d.lastError());
  }

  /** Progress counters; all zero before {@link #start()}. */
  public EngineMetrics metrics() {
    Delivery d = delivery;
    return d == null ? new EngineMetrics(0, 0, null, Duration.ZERO, null) : d.metrics();
  }

  /**
   * Collects an engine's configuration and collaborators; {@link #config} and {@link #handler} are
   * required, everything else has a default.
   */
  public static final class Builder {
    private CdcConfig config;
    private ChangeHandler handler;
    private Database database;
    private OffsetStore offsetStore;
    private SchemaHistory schemaHistory;
    private DeadLetterSink deadLetters;
    private OpsListener ops = event -> {};
    private FailureListener failureListener = failure -> {};
    private int handlerRetries;
    private Duration retryBackoff = Duration.ofSeconds(1);

    private Builder() {}

    /** The capture configuration (see docs/configuration.md). */
    public Builder config(CdcConfig config) {
      this.config = Objects.requireNonNull(config, "config == null");
      return this;
    }

    /**
     * The capture configuration as key-value settings, validated now.
     *
     * @throws dev.redoline.core.ConfigException naming the first bad key
     */
    public Builder config(Map<String, ?> settings) {
      return config(CdcConfig.from(Objects.requireNonNull(settings, "settings == null")));
    }

    public Builder handler(ChangeHandler handler) {
      this.handler = Objects.requireNonNull(handler, "handler == null");
      return this;
    }

    /**
     * The database to capture, with its clock; by default the one {@code cdc.database.url} names.
     * Tests pass {@code Database.jdbc(config, oracle.clock(), oracle::advance)} to run on a
     * scripted simulator whose time moves only while the capture waits.
     */
    public Builder database(Database database) {
      this.database = Objects.requireNonNull(database, "database == null");
      return this;
    }

    /** Where positions are kept; by default {@code offsets.json} in {@code cdc.state.dir}. */
    public Builder offsetStore(OffsetStore offsetStore) {
      this.offsetStore = Objects.requireNonNull(offsetStore, "offsetStore == null");
      return this;
    }

    /** Where layouts are kept; by default {@code schema-history.jsonl} in {@code cdc.state.dir}. */
    public Builder schemaHistory(SchemaHistory schemaHistory) {
      this.schemaHistory = Objects.requireNonNull(schemaHistory, "schemaHistory == null");
      return this;
    }

    /**
     * Hands each dead letter ({@code cdc.on.decode.error=dlq}: the raw row and its error) to {@code
     * handler}, after {@code dead-letters.jsonl} in {@code cdc.state.dir} has kept it: the one way
     * to hear of a dead letter (the {@link #ops} listener is not told of it). Called on the capture
     * thread; a handler that throws stops the capture.
     */
    public Builder deadLetters(DeadLetterSink handler) {
      this.deadLetters = Objects.requireNonNull(handler, "handler == null");
      return this;
    }

    /**
     * Receives operational events (orphans, reconnects, window changes, ...); a dead letter is
     * heard through {@link #deadLetters} instead.
     */
    public Builder ops(OpsListener ops) {
      this.ops = Objects.requireNonNull(ops, "ops == null");
      return this;
    }

    public Builder failureListener(FailureListener listener) {
      this.failureListener = Objects.requireNonNull(listener, "listener == null");
      return this;
    }

    /**
     * How often a transaction the handler refused is delivered again before the engine stops
     * (default 0: stop at the first failure), and the wait before each new delivery. A retry mines
     * the transaction again from the last stored position.
     *
     * @throws IllegalArgumentException when {@code retries} is negative or over 1000, or the
     *     backoff is negative
     */
    public Builder handlerRetries(int retries, Duration backoff) {
      Objects.requireNonNull(backoff, "backoff == null");
      if (retries < 0 || retries > 1000) {
        throw new IllegalArgumentException("retries must be in [0, 1000]: " + retries);
      }
      if (backoff.isNegative()) {
        throw new IllegalArgumentException("backoff must not be negative: " + backoff);
      }
      this.handlerRetries = retries;
      this.retryBackoff = backoff;
      return this;
    }

    /**
     * @throws IllegalStateException when the config or the handler is missing
     */
    public EmbeddedEngine build() {
      if (config == null) {
        throw new IllegalStateException("config is required: call config(...)");
      }
      if (handler == null) {
        throw new IllegalStateException("handler is required: call handler(...)");
      }
      return new EmbeddedEngine(this);
    }
  }
}
