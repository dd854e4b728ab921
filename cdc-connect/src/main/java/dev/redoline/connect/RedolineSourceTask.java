package dev.redoline.connect;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.DeadLetter;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.KeyColumns;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import dev.redoline.logminer.seam.StreamEvent.Heartbeat;
import dev.redoline.logminer.seam.StreamEvent.SchemaEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.function.Function;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;
import org.apache.kafka.connect.source.TransactionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one task of {@link RedolineSourceConnector}: runs the capture engine and hands Connect one
 * record per change, plus heartbeat, schema, dead letter and ops records.
 *
 * <pre>{@code
 * // the worker does this; a test can too:
 * task.initialize(context);
 * task.start(props);          // reads the stored offset, opens the capture
 * List<SourceRecord> batch = task.poll();
 * task.commit();              // acknowledges what Kafka has stored
 * task.stop();
 * }</pre>
 *
 * <h2>Threads and lifecycle</h2>
 *
 * {@link #poll} runs on the worker's task thread and returns within {@link #POLL_TIMEOUT}, with
 * {@code null} when nothing came, so the worker can pause or stop the task. {@link #stop} may run
 * on another thread: then it only signals, and the poll running on the task thread closes the
 * capture as it returns (within {@link #POLL_TIMEOUT}); called with no poll running, as the worker
 * does on the task thread after its last poll, it closes the capture itself.
 *
 * <h2>Offsets and acknowledgement</h2>
 *
 * Every record's source offset is the position of its event: a restart from it repeats nothing and
 * skips nothing. The capture is told a position is safe ({@code acknowledge}) only once Connect has
 * stored it: {@link #commit} reads the stored offset back and acknowledges that, so the journal and
 * resume points never run ahead of what a restart will read.
 *
 * <h2>The first start's offset</h2>
 *
 * A first start at {@code cdc.start.scn=current} with no stored offset hands Connect one record
 * carrying the first start's position (its first layout, or a heartbeat when the schema topic holds
 * the layout already) and then nothing more until {@link #commit} finds an offset stored: with
 * at-least-once delivery the worker writes offsets on its own schedule ({@code
 * offset.flush.interval.ms}), and a task killed before the first write would start again at the
 * then current SCN, skipping what changed meanwhile to rows it already delivered (a delete of a row
 * the snapshot sent). Held, it has delivered nothing a restart could contradict; once the offset is
 * stored, a restart resumes from it and repeats instead. With exactly-once the offset is stored
 * with the first Kafka transaction, so the hold ends at its commit.
 *
 * <h2>Records</h2>
 *
 * The capture hands over each transaction whole ({@code TransactionEvent}); its changes are read
 * from it one by one, each with its own position, at most {@link #MAX_CHANGES_PER_POLL} per poll,
 * so a transaction larger than that is made into records over several polls and never held whole.
 * One record per change; with {@code cdc.tombstones.on.delete} (the default) a delete is followed
 * by a tombstone with the same key, in the same poll and so in the same Kafka transaction. A layout
 * version goes to the schema topic once: a restart that finds it there writes nothing.
 *
 * <p>With {@code cdc.transaction.metadata}, a BEGIN record comes before the first change of each
 * Oracle transaction and an END record after its last (and after its tombstone), on {@code
 * <prefix>.transaction} ({@link TransactionRecords}).
 *
 * <h2>Kafka transactions</h2>
 *
 * With {@code transaction.boundary=connector} the task asks for a commit after the last record of a
 * poll that closes an Oracle transaction (its last change) or stands between transactions
 * (heartbeat, layout, an ops event or dead letter drained between transactions). So one Kafka
 * transaction holds one or more whole Oracle transactions and never part of one, and no record
 * waits in an open Kafka transaction for a change that may not come.
 *
 * <h2>The connector's own Kafka clients</h2>
 *
 * With {@code cdc.kafka.bootstrap.servers} set, {@link #start} creates the connector's topics when
 * absent ({@link KafkaTopics}), reads the schema topic back so layout versions continue ({@link
 * LayoutHistory}) so that layout versions continue and none is written twice, and gives the engine
 * a {@link KafkaTransactionJournal}, so the resume position can move past the first change of a
 * long open transaction. The engine's metrics are task plugin metrics ({@link TaskPluginMetrics}).
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because Kafka's {@code SourceTask} contract is one class: {@code start} (with the
 * connector's own Kafka clients: topics, schema read-back, journal, signals), {@code poll}
 * (records, signals, side events, a transaction read on across polls), {@code commit} and {@code
 * stop}, and the closing order those need. Records are made by {@code ChangeRecords} and {@code
 * ControlRecords}.
 */
public final class RedolineSourceTask extends SourceTask {

  private static final Logger LOG = LoggerFactory.getLogger(RedolineSourceTask.class);

  /** The longest a poll waits for events before returning {@code null}. */
  static final Duration POLL_TIMEOUT = Duration.ofMillis(250);

  /**
   * The most changes one poll turns into records: a transaction larger than that is handed over in
   * several polls, read on from where the last one stopped, never made into records whole.
   */
  static final int MAX_CHANGES_PER_POLL = 1024;

  private final Function<CdcConfig, Database> databases;
  private final Clock clock;
  private final Queue<Object> sideEvents = new ConcurrentLinkedQueue<>();

  /** {@code cdc.signal.topic}'s reader, or null; used on the poll thread only. */
  private SignalReader signals;

  /** Runs the verify signal's verifications; null without a signal topic. */
  private TopicVerification verification;

  /**
   * Warns of change records older than their topic's retention; null without {@code
   * cdc.kafka.bootstrap.servers}.
   */
  private TopicRetention retention;

  /** A {@code pause} signal holds delivery until {@code resume}. */
  private boolean paused;

  private volatile CaptureStream stream;
  private volatile boolean stopping;

  /**
   * Held by a running {@link #poll()} and by whoever closes the capture, so only one does either.
   */
  final Semaphore access = new Semaphore(1);

  /** The thread that closed the capture, for tests of the stop contract. */
  private volatile Thread closedBy;

  private ChangeRecords records;
  private ControlRecords control;

  /** BEGIN and END records, with {@code cdc.transaction.metadata}; else {@code null}. */
  private TransactionRecords transactions;

  private boolean tombstones;

  /** The layout versions the schema topic holds: read back on start, and written since. */
  private final WrittenLayouts layouts = new WrittenLayouts();

  private Map<String, Object> partition;

  /** The position of the last record handed to Connect (dead letters and ops events reuse it). */
  private Position lastPosition;

  /** Whether the last change handed out left an Oracle transaction open. */
  private boolean insideTransaction;

  /** Events polled from the capture and not yet made into records. */
  private final PolledEvents polled = new PolledEvents();

  private Map<String, Object> lastAcknowledged;

  /**
   * A first start at the current SCN whose position Connect has not stored yet: after the record
   * carrying it, nothing more is handed out (see "The first start's offset"). Cleared by {@link
   * #commit} on the worker's offset thread.
   */
  private volatile boolean firstOffsetPending;

  /** Whether the record carrying the first start's position was handed out; poll thread only. */
  private boolean firstRecordOut;

  private volatile KafkaTransactionJournal journal;
  private volatile TaskPluginMetrics metrics;

  /** The constructor the worker calls. */
  public RedolineSourceTask() {
    this(Database::fromConfig, Clock.systemUTC());
  }

  RedolineSourceTask(Function<CdcConfig, Database> databases, Clock clock) {
    this.databases = databases;
    this.clock = clock;
  }

  @Override
  public String version() {
    return Version.current();
  }

  @Override
  public void start(Map<String, String> props) {
    CdcConfig config;
    Position from;
    TopicNames topics;
    try {
      config = RedolineConnectorConfig.parse(props);
      topics = TopicNames.of(config);
      ExcludedColumns excluded =
          ExcludedColumns.parse(
              config.get(CdcConfig.COLUMNS_EXCLUDE), config.get(CdcConfig.COLUMNS_MASK_HASH));
      records =
          new ChangeRecords(
              topics,
              excluded,
              KeyColumns.parse(config.get(CdcConfig.MESSAGE_KEY_COLUMNS)),
              clock,
              version(),
              ColumnTypes.Modes.of(config),
              config.get(CdcConfig.LOB_UNAVAILABLE_VALUE),
              config.get(CdcConfig.LOB_MAX_BYTES));
      tombstones = config.get(CdcConfig.TOMBSTONES_ON_DELETE);
      transactions =
          config.get(CdcConfig.TRANSACTION_METADATA) ? new TransactionRecords(topics) : null;
      control =
          new ControlRecords(
              topics,
              excluded.isEmpty() && config.get(CdcConfig.COLUMNS_TRUNCATE).isEmpty(),
              clock);
      partition = OffsetCodec.toPartition(topics.prefix());
      from = OffsetCodec.fromOffset(context.offsetStorageReader().offset(partition));
    } catch (CdcException | IllegalArgumentException e) {
      throw new ConnectException(e.getMessage(), e);
    }
    if (!config.get(CdcConfig.SIGNAL_TOPIC).isBlank()
        && config.get(CdcConfig.KAFKA_BOOTSTRAP_SERVERS).isBlank()) {
      throw new ConnectException(
          ErrorCode.INVALID_CONFIGURATION.code()
              + ": cdc.signal.topic="
              + config.get(CdcConfig.SIGNAL_TOPIC)
              + " is read with the connector's own client: set "
              + "cdc.kafka.bootstrap.servers too");
    }
    CaptureEngine.Builder engine =
        CaptureEngine.builder()
            .config(config)
            .database(databases.apply(config))
            .name(props.getOrDefault("name", config.get(CdcConfig.TOPIC_PREFIX)))
            .ops(sideEvents::add);
    if (config.get(CdcConfig.ON_DECODE_ERROR).equalsIgnoreCase("dlq")) {
      engine.deadLetters(sideEvents::add);
    }
    LOG.info(
        "Starting capture {} from {}",
        config.get(CdcConfig.TOPIC_PREFIX),
        from == null ? "cdc.start.scn" : from);
    try {
      withKafka(config, topics, props, engine);
      stream = engine.build().open(from);
    } catch (CdcException e) {
      closeJournal();
      throw new ConnectException(e.getMessage(), e);
    }
    CaptureStream opened = stream;
    metrics = TaskPluginMetrics.register(context.pluginMetrics(), opened::metrics);
    lastPosition = stream.acknowledged();
    firstOffsetPending = from == null && config.get(CdcConfig.START_SCN).equals("current");
    firstRecordOut = false;
    stopping = false;
  }

  /**
   * With {@code cdc.kafka.bootstrap.servers}: creates the connector's topics when absent, reads the
   * schema topic back and journals long transactions to the journal topic. Without it, none of
   * these: a restart re-reads the redo of every open transaction from its first change.
   */
  private void withKafka(
      CdcConfig config,
      TopicNames topics,
      Map<String, String> props,
      CaptureEngine.Builder engine) {
    String bootstrap = config.get(CdcConfig.KAFKA_BOOTSTRAP_SERVERS).trim();
    if (bootstrap.isEmpty()) {
      LOG.warn(RedolineSourceConnector.JOURNAL_OFF);
      return;
    }
    Map<String, Object> clients =
        new java.util.HashMap<>(
            CdcConfig.kafkaClientConfig(
                CdcConfig.KAFKA_CLIENT_CONFIG.name(), config.get(CdcConfig.KAFKA_CLIENT_CONFIG)));
    clients.put("bootstrap.servers", bootstrap);
    KafkaTopics.ensure(clients, KafkaTopics.plan(topics));
    List<dev.redoline.core.LayoutVersion> stored =
        LayoutHistory.readAll(clients, topics.schema(), LayoutHistory.converters(props));
    stored.forEach(v -> layouts.written(v.layout()));
    engine.knownLayouts(stored);
    retention = new TopicRetention(TopicRetention.reader(clients), clock);
    journal = KafkaTransactionJournal.open(clients, topics.journal(), topics.prefix());
    engine.journal(journal);
    String signalTopic = config.get(CdcConfig.SIGNAL_TOPIC).trim();
    if (!signalTopic.isEmpty()) {
      try {
        signals = SignalReader.open(clients, signalTopic, "redoline-signals-" + topics.prefix());
        Map<String, Object> capture = partition;
        verification =
            new TopicVerification(
                config,
                clients,
                props,
                sideEvents,
                clock,
                () -> context.offsetStorageReader().offset(capture));
      } catch (org.apache.kafka.common.KafkaException e) {
        throw new CdcException(
            ErrorCode.INVALID_CONFIGURATION,
            "cdc.signal.topic="
                + signalTopic
                + " cannot be read (create it before starting the connector): "
                + e.getMessage(),
            e);
      }
    }
  }

  @Override
  public List<SourceRecord> poll() throws InterruptedException {
    access.acquire();
    try {
      return stopping ? null : pollStream();
    } finally {
      access.release();
      closeIfStopping(); // stop() came while this poll ran: it only signalled, the closing is ours
    }
  }

  private List<SourceRecord> pollStream() throws InterruptedException {
    CaptureStream s = stream;
    if (s == null) {
      return null;
    }
    if (signals != null) {
      takeSignals(s);
    }
    if (paused) {
      // held by a pause signal: the capture waits behind its bounded queue
      java.util.concurrent.TimeUnit.MILLISECONDS.sleep(POLL_TIMEOUT.toMillis());
      return null;
    }
    if (firstOffsetPending && firstRecordOut) {
      // the first start's position is handed out and not stored yet: the capture waits behind its
      // bounded queue until the worker's offset write ("The first start's offset" above)
      java.util.concurrent.TimeUnit.MILLISECONDS.sleep(POLL_TIMEOUT.toMillis());
      return null;
    }
    if (polled.isEmpty()) {
      try {
        polled.add(s.poll(POLL_TIMEOUT));
      } catch (CdcException e) {
        throw new ConnectException(e.getMessage(), e);
      }
    }
    List<SourceRecord> out = new ArrayList<>();
    if (!firstOffsetPending) {
      // on a first start the first record carries the first event's position: an ops record with
      // the start position before it would store an offset without the initial snapshot's progress
      drainSideEvents(out, s);
    }
    // Ops events and dead letters drained between Oracle transactions end a Kafka transaction too:
    // on a quiet database no change may follow for long, and a record left in an open Kafka
    // transaction is unseen by read_committed consumers (and the transaction times out).
    SourceRecord boundary = insideTransaction || out.isEmpty() ? null : out.get(out.size() - 1);
    for (int changes = 0; changes < MAX_CHANGES_PER_POLL; ) {
      StreamEvent event;
      try {
        event = polled.next();
      } catch (CdcException e) { // a transaction's spill file cannot be read
        throw new ConnectException(e.getMessage(), e);
      }
      if (event == null) {
        break;
      }
      int before = out.size();
      if (event instanceof ChangeEvent change) {
        addRecords(change, out);
        changes++;
      } else {
        addRecords(event, out);
      }
      boolean firstStart = firstOffsetPending && !firstRecordOut;
      if (firstStart && out.size() == before) {
        // a layout the schema topic holds already: a heartbeat carries the first start's position
        out.add(control.heartbeat(new Heartbeat(event.position(), clock.instant())));
      }
      lastPosition = event.position();
      if (!insideTransaction && out.size() > before) {
        boundary =
            out.get(out.size() - 1); // after a delete's tombstone: both in one Kafka transaction
      }
      if (firstStart) {
        firstRecordOut = true;
        LOG.info(
            "First start: nothing more is delivered until Connect stores the first offset "
                + "(offset.flush.interval.ms with at-least-once delivery), so a task stopped before "
                + "then starts again having delivered nothing a restart could miss");
        break;
      }
    }
    if (boundary != null) {
      TransactionContext tx = context.transactionContext();
      if (tx != null) {
        tx.commitTransaction(boundary);
      }
    }
    return out.isEmpty() ? null : out;
  }

  /**
   * The records of an event between transactions: a layout the schema topic does not hold yet
   * (nothing for one it holds), or a heartbeat.
   */
  private void addRecords(StreamEvent event, List<SourceRecord> out) {
    if (event instanceof SchemaEvent schema) {
      if (layouts.isWritten(schema.layout())) {
        records.register(schema.layout());
      } else {
        out.add(records.layout(schema));
        layouts.written(schema.layout());
      }
    } else {
      out.add(control.heartbeat((Heartbeat) event));
    }
  }

  /**
   * The records of one change: the change, the tombstone after a delete, BEGIN and END around a
   * transaction.
   */
  private void addRecords(ChangeEvent change, List<SourceRecord> out) {
    insideTransaction = !change.last();
    // a snapshot chunk is no Oracle transaction: no BEGIN/END records for it
    boolean transaction = transactions != null && change.snapshot() == null;
    if (transaction && change.index() == 0) {
      // lastPosition: the record before, so a restart from the BEGIN's offset still delivers this
      // change.
      out.add(transactions.begin(change, lastPosition));
    }
    SourceRecord record = records.change(change);
    out.add(record);
    if (retention != null && record.timestamp() != null) {
      retention
          .check(record.topic(), java.time.Instant.ofEpochMilli(record.timestamp()))
          .ifPresent(this::pastRetention);
    }
    if (tombstones && change.change().operation() == Operation.DELETE) {
      SourceRecord tombstone = ChangeRecords.tombstone(record);
      if (tombstone != null) {
        out.add(tombstone);
      }
    }
    if (transaction && change.last()) {
      out.add(transactions.end(change)); // the Kafka transaction may end after it
    }
  }

  /** A WARN and an ops event: records are written older than their topic keeps them. */
  private void pastRetention(String message) {
    LOG.warn("{}: {}", OpsEvent.Type.RECORDS_PAST_RETENTION, message);
    sideEvents.add(new OpsEvent(OpsEvent.Type.RECORDS_PAST_RETENTION, clock.instant(), message));
  }

  /** Acts on the signals sent since the last poll; a bad one becomes an ops event (CDC-4011). */
  private void takeSignals(CaptureStream s) {
    List<Signal> received;
    try {
      received = signals.poll(this::skippedSignal);
    } catch (org.apache.kafka.common.KafkaException e) {
      skippedSignal("signals not read this time: " + e.getMessage());
      return;
    }
    for (Signal signal : received) {
      switch (signal.type()) {
        case "pause" -> paused = true;
        case "resume" -> paused = false;
        case "drop-transaction" -> s.dropTransaction(dev.redoline.core.Xid.parseHex(signal.xid()));
        case "verify" -> {
          try {
            verification.start(
                signal.tables().stream().map(dev.redoline.core.TableId::parse).toList(),
                signal.repair(),
                (table, filter) -> s.snapshot(List.of(table), filter));
          } catch (IllegalArgumentException e) {
            skippedSignal("verify signal " + signal.tables() + " skipped: " + e.getMessage());
            continue;
          }
        }
        default -> {
          List<dev.redoline.core.TableId> tables = new ArrayList<>();
          try {
            for (String t : signal.tables()) {
              tables.add(dev.redoline.core.TableId.parse(t));
            }
          } catch (IllegalArgumentException e) {
            skippedSignal("snapshot signal " + signal.tables() + " skipped: " + e.getMessage());
            continue;
          }
          s.snapshot(tables, signal.filter());
        }
      }
      LOG.info(
          "Signal {} {}", signal.type(), signal.xid() != null ? signal.xid() : signal.tables());
    }
  }

  private void skippedSignal(String problem) {
    LOG.warn("{}: {}", ErrorCode.INVALID_SIGNAL.code(), problem);
    sideEvents.add(
        new OpsEvent(
            OpsEvent.Type.SIGNAL_SKIPPED,
            clock.instant(),
            ErrorCode.INVALID_SIGNAL.code() + ": " + problem));
  }

  /**
   * Dead letters and ops events, with the offset of the last record handed out. On a first start
   * the capture has no position until it has connected; events that come before stay queued until
   * it has one, so no record ever carries a missing offset (which Connect would store as a
   * deletion).
   */
  private void drainSideEvents(List<SourceRecord> out, CaptureStream s) {
    if (lastPosition == null) {
      lastPosition = s.acknowledged();
      if (lastPosition == null) {
        return;
      }
    }
    for (Object e = sideEvents.poll(); e != null; e = sideEvents.poll()) {
      if (e instanceof DeadLetter letter) {
        out.add(control.deadLetter(letter, lastPosition));
      } else {
        out.add(control.ops((OpsEvent) e, lastPosition));
      }
    }
  }

  /**
   * Acknowledges to the capture the offset Connect has stored (at-least-once: the offset of the
   * last record whose write Kafka confirmed; exactly-once: that of the last committed transaction).
   */
  @Override
  public void commit() {
    CaptureStream s = stream;
    if (s == null || stopping) {
      return;
    }
    Map<String, Object> stored = context.offsetStorageReader().offset(partition);
    if (stored == null) {
      return;
    }
    if (firstOffsetPending) {
      firstOffsetPending = false;
      LOG.info("First start: Connect stored the first offset; delivering");
    }
    if (stored.equals(lastAcknowledged)) {
      return;
    }
    try {
      s.acknowledge(OffsetCodec.fromOffset(stored));
      lastAcknowledged = stored;
    } catch (CdcException e) {
      LOG.warn("Stored offset not acknowledged: {}", e.getMessage());
    }
  }

  /**
   * Signals the task to stop, as {@link SourceTask#stop()} asks: when a {@link #poll()} is running
   * (on the task thread, while this is called from another), that poll closes the capture as it
   * returns; otherwise (the worker calls this on the task thread after its last poll) it closes
   * here. Either way the capture is closed once, by the thread that polled it last.
   */
  @Override
  public void stop() {
    stopping = true;
    closeIfStopping();
  }

  /** Closes the capture, its metrics and the journal once stopping, unless a poll holds them. */
  private void closeIfStopping() {
    if (!stopping || !access.tryAcquire()) {
      return;
    }
    try {
      closeCapture();
    } finally {
      access.release();
    }
  }

  private void closeCapture() {
    CaptureStream s = stream;
    if (s != null) {
      stream = null;
      closedBy = Thread.currentThread();
      s.close();
    }
    polled.close();
    TaskPluginMetrics m = metrics;
    if (m != null) {
      m.close();
      metrics = null;
    }
    closeJournal();
    SignalReader r = signals;
    if (r != null) {
      signals = null;
      r.close();
    }
    TopicVerification v = verification;
    if (v != null) {
      verification = null;
      v.close();
    }
  }

  /** The thread that closed the capture, or {@code null} while it is open. */
  Thread closedBy() {
    return closedBy;
  }

  private void closeJournal() {
    KafkaTransactionJournal j = journal;
    if (j != null) {
      journal = null;
      j.close();
    }
  }
}
