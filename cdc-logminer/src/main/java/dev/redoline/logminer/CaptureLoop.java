package dev.redoline.logminer;

import dev.redoline.buffer.internal.ActiveTransactions;
import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.CdcException;
import dev.redoline.core.CommitMark;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.decoder.internal.RedoDecoder;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The capture thread: one step after another (ARCHITECTURE.md section 4), each planned from the
 * log inventory, read whole, decoded, applied, and published; failures classified and recovered
 * from the same cursor (section 5).
 *
 * <h2>Implementation notes</h2>
 * <ul>
 *   <li><b>State.</b> The per-thread cursors move only after a step is applied in full; every
 *       failure before that leaves them, the buffer and the published output untouched, so the
 *       same step is mined again. Nothing after the read touches the database.
 *   <li><b>Database work at step start.</b> Resolving captured tables again after a DDL and the
 *       orphan check run at the start of a step, so a connection lost while doing them only
 *       repeats them.
 *   <li><b>Stops.</b> Every stop is a {@link CdcException}, queued behind the events already
 *       queued so the sink receives all committed changes mined before it.
 *   <li><b>Size.</b> Besides the step this class still holds the recovery policy
 *       ({@code recover}), the catalog's refresh after a DDL and the first connection; each is
 *       to become a class of its own, as log selection ({@link LogInventory}), step bounds
 *       ({@link StepBounds}), snapshots ({@link Snapshots}) and PDB connections
 *       ({@link ContainerReaders}) already are.
 * </ul>
 */
final class CaptureLoop implements Runnable {

  private static final Logger LOG = LoggerFactory.getLogger(CaptureLoop.class);

  private final CaptureSettings settings;
  private final GatewayFactory gateways;
  private final Clock clock;
  private final Sleeper sleeper;
  private final TransactionBuffer buffer;
  private final RedoDecoder decoder;
  private final EventQueue queue;
  private final OpsListener ops;
  private final TableCatalog catalog;
  private final LogInventory inventory;
  private final MiningWindow window;
  private final MiningSession session;
  private final Backoff backoff;
  /** The wait between listings of the logs while LogMiner misses one (ORA-01291). */
  private final Backoff inventoryBackoff;
  private final CommitSequencer sequencer = new CommitSequencer();
  private final LogBounds bounds = new LogBounds();
  private final SessionStartFloor startFloor;
  private final StepApplier applier;
  private Publisher publisher;
  private final CaptureStats stats;
  private final SnapshotSettings snapshotSettings;
  private final Snapshots snapshots;
  /** Per PDB, the connection its tables' snapshot chunks are read through. */
  private final ContainerReaders containerReaders;

  private final TreeMap<Integer, RedoAddress> cursors = new TreeMap<>();
  private Scn startScn;
  private Scn floor;
  private Scn currentScn = Scn.ZERO;
  /**
   * The zone of LogMiner's TIMESTAMP: the configured one, else the one V$DATABASE was last read
   * with (a region, or the server clock's offset of that moment), taken with every step's listing.
   */
  private ZoneId databaseZone;
  private LogMinerGateway db;
  private boolean catalogStale = true;
  private RedoRow pendingDdl;
  private int remines;
  private int archiveWaits;
  private Instant lastOrphanCheck;
  private CommitMark acknowledgedApplied;
  /** {@code cdc.start.scn}: a number, or {@code current}; used when no position is given. */
  private final String configuredStart;
  private volatile Position acknowledged;
  /** Whether this stream has applied redo yet: {@code when_needed} starts over only before it has. */
  private boolean appliedAny;
  private volatile boolean stopping;
  /** Whether the loop holds a connection; read by the sink's thread. */
  private volatile boolean connected;
  /** A transient failure of {@link #connectFirst()}, retried by the capture thread first of all. */
  private Exception firstFailure;
  /** Whether the last connection attempt failed, so the next success is worth an ops event. */
  private boolean reconnecting;

  CaptureLoop(CaptureSettings settings, GatewayFactory gateways, Clock clock, Sleeper sleeper,
      TransactionBuffer buffer, RedoDecoder decoder, EventQueue queue, OpsListener ops, DeadLetterSink deadLetters,
      Position start, CaptureStats stats, java.util.List<dev.redoline.core.LayoutVersion> knownLayouts,
      SnapshotSettings snapshotSettings) {
    this.settings = settings;
    this.snapshotSettings = snapshotSettings;
    this.snapshots = new Snapshots(snapshotSettings, decoder, clock, this::ops);
    this.gateways = gateways;
    this.containerReaders = new ContainerReaders(gateways);
    this.clock = clock;
    this.sleeper = sleeper;
    this.buffer = buffer;
    this.decoder = decoder;
    this.queue = queue;
    this.ops = ops;
    this.stats = stats;
    this.catalog = new TableCatalog(TableFilter.of(settings.tablesInclude(), settings.tablesExclude()),
        settings.pdbs(), knownLayouts);
    this.inventory = new LogInventory(settings.mode(), settings.archiveDestination(), settings.lgwrMaxDelay());
    this.window = new MiningWindow(settings.maxLogsPerStep(), settings.targetLatency());
    this.session = new MiningSession(clock, settings.sessionMaxAge());
    this.backoff = new Backoff(settings.backoffInitial(), settings.backoffMax(), settings.retryMaxTime(), clock);
    this.inventoryBackoff = new Backoff(settings.backoffInitial(), settings.backoffMax(), settings.retryMaxTime(),
        clock);
    // Until the first listing reads the database's zone; no row is applied before it.
    this.databaseZone = settings.databaseZone() != null ? settings.databaseZone() : ZoneOffset.UTC;
    this.applier = new StepApplier(buffer, decoder, catalog, sequencer, () -> databaseZone,
        settings.deadLetters(), deadLetters, ops, clock, settings.usersExclude(), settings.skipped(),
        settings.lobEnabled() ? new LobAssembler(buffer, settings.lobMaxBytes(),
            !settings.skipped().skips(dev.redoline.core.Operation.UPDATE)) : null);
    this.startFloor = new SessionStartFloor(clock, settings.lgwrMaxDelay());
    this.lastOrphanCheck = clock.instant();
    this.configuredStart = settings.startScn();
    if (start != null) {
      begin(start, false);
    }
  }

  @Override
  public void run() {
    try {
      buffer.open();
      if (firstFailure != null) {
        Exception failed = firstFailure;
        firstFailure = null;
        recover(failed);
      }
      while (!stopping) {
        try {
          boolean caughtUp = step();
          backoff.reset();
          inventoryBackoff.reset();
          remines = 0;
          if (caughtUp) {
            sleeper.sleep(settings.idle());
          }
        } catch (SQLException | RuntimeException e) {
          recover(e);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (CdcException e) {
      LOG.error("Capture stopped: {}", e.getMessage());
      queue.fail(e);
    } catch (RuntimeException | Error e) {
      queue.fail(new CdcException(ErrorCode.INTERNAL_ERROR, String.valueOf(e), e));
    } finally {
      closeDatabase();
      sequencer.discard();
      buffer.close();
      decoder.close();
    }
  }

  /** Mines one step; whether the capture has caught up with the database. */
  private boolean step() throws SQLException, InterruptedException {
    connectIfNeeded();
    noteAcknowledged();
    checkOrphansIfDue();
    // Chunks are read before the step's plan: the step's end SCN is then at or above theirs.
    snapshots.read(db, containerReaders::in, catalog);
    publisher.progress(snapshots::noteAdHoc);
    Set<Integer> writing = db.instancesWritingRedo();
    applier.openTransactions(startFloor.observe(db, writing));
    LogInventory.Outcome outcome;
    try {
      outcome = inventory.plan(snapshot(listingFloor(), writing), cursors, startScn, window.logs(), clock.instant());
    } catch (CdcException e) {
      if (!startOver(e)) {
        throw e;
      }
      return false;
    }
    if (outcome instanceof LogInventory.Wait) {
      // Before waiting for a log, make sure it is not just below the listing's floor.
      outcome = inventory.plan(snapshot(Scn.ZERO, writing), cursors, startScn, window.logs(), clock.instant());
    }
    if (outcome instanceof LogInventory.Wait wait) {
      if (++archiveWaits > CaptureSettings.ARCHIVE_WAIT_POLLS) {
        throw new CdcException(ErrorCode.LOG_SEQUENCE_GAP, wait.reason() + ", and still not archived after "
            + archiveWaits + " inventory polls");
      }
      ops(OpsEvent.Type.WAITING_FOR_ARCHIVE, wait.reason());
      return true;
    }
    archiveWaits = 0;
    StepPlan plan = ((LogInventory.Planned) outcome).plan();
    LOG.debug("Step {}", plan);
    if (plan.logs().isEmpty()) {
      publisher.heartbeatIfDue(held());
      return true;
    }
    Instant begun = clock.instant();
    bounds.note(plan);
    int restarts = session.restarts();
    StepPlan mined = startFloor.raise(plan);
    session.start(db, mined);
    if (session.restarts() > restarts) {
      ops(OpsEvent.Type.SESSION_RESTARTED, "LogMiner session restarted after "
          + settings.sessionMaxAge().toMillis() + " ms (cdc.mining.session.max.age.ms) to release its memory");
    }
    Instant fetchBegun = clock.instant();
    StepReader.StepRows rows;
    try {
      rows = StepReader.read(db, mined, query(plan), this::changesCapture);
    } finally {
      stats.fetched(Duration.between(fetchBegun, clock.instant()));
    }
    Instant decodeBegun = clock.instant();
    var decoded = applier.decode(rows.rows());
    Duration decodeTook = Duration.between(decodeBegun, clock.instant());
    // From here on nothing touches the database: the step is applied whole, or the capture stops.
    applier.apply(rows.rows(), decoded);
    appliedAny = true;
    cursors.putAll(rows.ends());
    startFloor.applied(plan, cursors, rows.ddl() != null);
    floor = plan.startScn();
    buffer.stepApplied(rows.safeScn());
    if (rows.ddl() != null) {
      pendingDdl = rows.ddl();
      catalogStale = true;
    }
    var released = sequencer.release(rows.safeScn());
    var chunks = snapshots.release(rows.safeScn(), catalog);
    for (CommitSequencer.Late late : sequencer.takeLate()) {
      ops(OpsEvent.Type.COMMIT_OUT_OF_ORDER, late.describe(settings.lgwrMaxDelay()));
    }
    // Metrics first: a sink that sees this step's events also sees this step's metrics.
    Duration took = Duration.between(begun, clock.instant());
    record(plan, rows.rows(), took, decodeTook, rows.safeScn());
    publisher.publish(released, held(), chunks);
    if (snapshotSettings.mode() == SnapshotSettings.Mode.INITIAL_ONLY && snapshots.initialDone()) {
      LOG.info("Snapshot complete; cdc.snapshot.mode=initial_only: capture ends");
      ops(OpsEvent.Type.SNAPSHOT_PROGRESS, "every snapshot delivered; cdc.snapshot.mode=initial_only ends the capture");
      stopping = true;
    }
    if (window.onStep(took, plan.limitedByWindow())) {
      ops(OpsEvent.Type.WINDOW_CHANGED, "window widened to " + window.logs() + " logs per thread");
    }
    publisher.heartbeatIfDue(held());
    // While chunks can be read, no idle wait; chunks that wait for the stream wait with it.
    return !plan.limitedByWindow() && rows.ddl() == null && !snapshots.canRead();
  }

  private void record(StepPlan plan, List<RedoRow> rows, Duration took, Duration decodeTook, Scn delivered) {
    long chars = 0;
    for (RedoRow row : rows) {
      chars += row.sqlRedo().length();
    }
    Duration behind = Duration.ZERO;
    if (!rows.isEmpty()) {
      Instant lastRow = rows.get(rows.size() - 1).timestamp().atZone(databaseZone).toInstant();
      behind = Duration.between(lastRow, clock.instant());
      behind = behind.isNegative() ? Duration.ZERO : behind;
    }
    stats.step(new CaptureStats.Step(rows.size(), chars, took, decodeTook, window.logs(), session.age(),
        session.restarts(), currentScn, plan.endScn(), delivered, behind, buffer.metrics()));
  }

  private void connectIfNeeded() throws SQLException, InterruptedException {
    if (db == null) {
      db = gateways.connect();
      onConnected();
    }
    if (publisher == null) {
      boolean current = configuredStart.equals("current");
      Scn scn = current ? db.database().currentScn() : Scn.parse(configuredStart);
      // A first start snapshots from the SCN streaming starts at: nothing committed after is missed.
      begin(CaptureEngine.startMark(Position.start(scn)), current);
    }
    if (catalogStale) {
      resolveCatalog();
    }
  }

  private void onConnected() {
    connected = true;
    stats.connected(true);
    session.reset();
    catalogStale = true;
    if (reconnecting) {
      reconnecting = false;
      ops(OpsEvent.Type.RECONNECTED, "connected to the database again after " + backoff.elapsed().toMillis()
          + " ms");
    }
  }

  /**
   * Caller's thread, before the capture thread starts: the first connection, so that an error no
   * retry can fix (wrong credentials, an unknown service, a missing privilege, a bad URL) is thrown
   * to the caller at once. A transient one is left to the capture thread, which retries it first.
   *
   * @throws CdcException with the failure's code when retrying cannot help
   */
  void connectFirst() {
    try {
      db = gateways.connect();
      db.database();   // a session that cannot read V$DATABASE lacks a grant: say so now
      connected = true;
      stats.connected(true);
    } catch (SQLException | RuntimeException e) {
      closeDatabase();
      Failure failure = FailureClassifier.classifyFirstConnection(e);
      if (failure.action() != Failure.Action.RECONNECT) {
        throw failure.toException();
      }
      firstFailure = e;
    }
  }

  /** Whether the capture holds a database connection now (false while it retries one). */
  boolean connected() {
    return connected;
  }

  private void resolveCatalog() throws SQLException, InterruptedException {
    Set<TableId> known = new HashSet<>();
    for (TableLayout layout : catalog.layouts()) {
      known.add(layout.table());
    }
    TableCatalog.Resolution resolution = catalog.resolve(db);
    LOG.debug("Captured tables resolved: {} added, {} removed", resolution.added().size(), resolution.removed().size());
    Scn at = pendingDdl == null ? floor : pendingDdl.scn();
    String ddl = pendingDdl == null ? null : pendingDdl.sqlRedo();
    for (TableLayout layout : resolution.added()) {
      publisher.schema(layout, at, known.isEmpty() ? null : ddl, held());
    }
    snapshots.captured(resolution.added());
    if (pendingDdl != null && DdlKind.of(pendingDdl.sqlRedo()) == DdlKind.ALTER_TABLE) {
      TableId altered = StepReader.ddlTable(pendingDdl);
      TableLayout next = catalog.layout(altered) != null && known.contains(altered) ? catalog.reload(db, altered, at) : null;
      if (next != null) {
        publisher.schema(next, at, ddl, held());
      }
    }
    pendingDdl = null;
    catalogStale = false;
  }

  /**
   * The V$ARCHIVED_LOG rows a plan needs have their NEXT_CHANGE# above this: the lowest first SCN of
   * the logs holding the cursors (the session start of the next step cannot be lower).
   */
  private Scn listingFloor() {
    Scn lowest = floor;
    for (RedoAddress cursor : cursors.values()) {
      Scn logStart = bounds.firstScnOf(cursor);
      if (logStart != null) {
        lowest = Scn.min(lowest, logStart);
      }
    }
    return lowest.equals(Scn.ZERO) ? Scn.ZERO : lowest.minus(1);
  }

  private LogInventory.Snapshot snapshot(Scn archivedAfter, Set<Integer> writing) throws SQLException {
    var threads = db.threads();
    stats.threads(threads, clock.instant());
    DatabaseState state = db.database();
    Scn current = state.currentScn();
    currentScn = current;
    databaseZone = settings.databaseZone() != null ? settings.databaseZone() : state.zone();
    return new LogInventory.Snapshot(threads, current, db.onlineLogs(), db.archivedLogs(archivedAfter),
        db.archiveDestinations(), writing);
  }

  private MiningQuery query(StepPlan plan) {
    MiningQuery.Builder query = MiningQuery.builder().fetchSize(settings.fetchSize())
        .timeout(settings.queryTimeout());
    catalog.objectIds().forEach(query::capture);
    settings.usersExclude().forEach(query::excludeUser);
    plan.cursors().values().forEach(query::cursor);
    return query.build();
  }

  private boolean changesCapture(RedoRow ddl) {
    TableId table = StepReader.ddlTable(ddl);
    if (ddl.info() != null && ddl.info().startsWith("INTERNAL DDL")) {
      // Recursive DDL on a captured table: interval and automatic list partitioning create
      // partitions this way, with new object ids (issue 16, item 6), in a text no source shows.
      // Only the recycle-bin rename is known harmless: the user's DROP follows it.
      return catalog.layout(table) != null && !ddl.sqlRedo().contains("RENAME TO \"BIN$");
    }
    if (!DdlKind.of(ddl.sqlRedo()).changesCapture()) {
      return false;
    }
    return catalog.layout(table) != null || catalog.wouldCapture(table);
  }

  private void checkOrphansIfDue() throws SQLException {
    Instant now = clock.instant();
    if (Duration.between(lastOrphanCheck, now).compareTo(settings.orphanCheckInterval()) < 0) {
      return;
    }
    List<String> hidden = TransactionVisibility.hiddenPdbs(db, settings.pdbs());
    if (!hidden.isEmpty()) {
      LOG.warn("Orphan check skipped: GV$TRANSACTION hides the transactions of {} from the capture user (no "
          + "CONTAINER_DATA for them), so none is dropped as an orphan; grant CONTAINER_DATA=ALL "
          + "(docs/oracle-setup.md)", hidden);
      lastOrphanCheck = now;
      return;
    }
    Scn scn = db.database().currentScn();
    Set<Xid> active = new HashSet<>();
    for (ActiveTransaction tx : db.activeTransactions(true)) {
      active.add(tx.xid());
    }
    buffer.checkOrphans(new ActiveTransactions(scn, active));
    lastOrphanCheck = now;
  }

  private void noteAcknowledged() {
    CommitMark mark = acknowledged == null ? null : acknowledged.lastCommit();
    if (mark != null && !mark.equals(acknowledgedApplied)) {
      buffer.acknowledged(mark);
      acknowledgedApplied = mark;
    }
  }

  private Publisher.Held held() {
    Publisher.Held held = new Publisher.Held(cursors, buffer.resumePoint(), Publisher.snapshot(sequencer), floor,
        bounds::firstScnOf, applier.excludedWithoutStart());
    held.oldestSequences().forEach(bounds::forgetBefore);
    return held;
  }

  /** Decides what a failed step leads to; throws when the capture must stop. */
  private void recover(Exception e) throws InterruptedException {
    Failure failure = FailureClassifier.classify(e);
    switch (failure.action()) {
      case REMINE, SHRINK_WINDOW -> {
        if (++remines > settings.remineMaxAttempts()) {
          throw new CdcException(failure.code(), "the step from " + stepStart() + " failed " + remines
              + " times in a row; last: " + failure.detail(), e);
        }
        session.reset();
        if (failure.action() == Failure.Action.SHRINK_WINDOW && window.onTimeout()) {
          ops(OpsEvent.Type.WINDOW_CHANGED, "query timed out; window narrowed to " + window.logs() + " logs");
        }
        stats.remined();
        ops(OpsEvent.Type.REMINE, "step mined again: " + failure.detail());
      }
      case REINVENTORY -> {
        session.reset();
        Optional<Duration> wait = inventoryBackoff.next();
        if (wait.isEmpty()) {
          throw new CdcException(failure.code(), "LogMiner still misses a log of the step from " + stepStart()
              + " after " + inventoryBackoff.elapsed().toMillis() + " ms of listing the logs again (cdc.retry.max.time.ms="
              + settings.retryMaxTime().toMillis() + "): " + failure.detail(), e);
        }
        stats.remined();
        ops(OpsEvent.Type.REMINE, "a log of the step is missing; listing the logs again in " + wait.get().toMillis()
            + " ms: " + failure.detail());
        sleeper.sleep(wait.get());
      }
      case RECONNECT -> {
        closeDatabase();
        Optional<Duration> wait = backoff.next();
        if (wait.isEmpty()) {
          throw new CdcException(ErrorCode.TRANSIENT_DATABASE_ERROR, "still failing after "
              + backoff.elapsed().toMillis() + " ms (cdc.retry.max.time.ms=" + settings.retryMaxTime().toMillis()
              + "): " + failure.detail(), e);
        }
        stats.reconnected();
        reconnecting = true;
        ops(OpsEvent.Type.RECONNECT, "reconnecting in " + wait.get().toMillis() + " ms: " + failure.detail());
        sleeper.sleep(wait.get());
      }
      case STOP -> throw failure.toException();
    }
  }

  /** Where the failed step started: each thread's cursor, or the start SCN before any cursor exists. */
  private String stepStart() {
    return !cursors.isEmpty() ? "cursor " + cursors.values() : startScn != null ? "SCN " + startScn : "the start position";
  }

  /** Logs an ops event (WARN when a user should notice it, DEBUG when routine) and hands it on. */
  private void ops(OpsEvent.Type type, String message) {
    if (type.noticeable()) {
      LOG.warn("{}: {}", type, message);
    } else {
      LOG.debug("{}: {}", type, message);
    }
    ops.onEvent(new OpsEvent(type, clock.instant(), message));
  }

  private void closeDatabase() {
    containerReaders.close();
    connected = false;
    if (db != null) {
      stats.connected(false);
      db.close();
      db = null;
    }
  }

  /**
   * Sets the position the capture starts from: given, or made at the first connection
   * ({@code firstStart}: every captured table is then snapshotted when the mode asks).
   */
  private void begin(Position start, boolean firstStart) {
    startFloor.reset();
    cursors.putAll(start.resume());
    startScn = start.resumeScn();
    floor = start.resumeScn();
    acknowledged = start;
    applier.excludedWithoutStart(start.excludedOpen());
    publisher = new Publisher(queue, start, clock, settings.heartbeatInterval(),
        snapshots.begin(start.snapshot(), firstStart));
  }

  /** Sink thread: the position acknowledged; applied to the buffer at the next step. */
  void acknowledge(Position position) {
    acknowledged = position;
  }

  Position acknowledged() {
    return acknowledged;
  }

  /** Any thread: asks the loop to stop after the current step. */
  void stop() {
    stopping = true;
  }

  /**
   * {@code cdc.snapshot.mode=when_needed}: the redo of the stored position is gone (CDC-2002)
   * before this stream applied anything, so the capture starts over at the current SCN with a new
   * snapshot of every captured table. Whether it did.
   */
  private boolean startOver(CdcException e) throws SQLException, InterruptedException {
    if (e.errorCode() != ErrorCode.LOG_PURGED || snapshotSettings.mode() != SnapshotSettings.Mode.WHEN_NEEDED
        || appliedAny) {
      return false;
    }
    Scn now = db.database().currentScn();
    ops(OpsEvent.Type.SNAPSHOT_RETRY, "the redo of the stored position is gone (" + e.getMessage() + "); "
        + "cdc.snapshot.mode=when_needed starts over at SCN " + now + " with a new snapshot of every table: changes "
        + "between the stored position and that SCN are not delivered, deleted rows included");
    cursors.clear();
    begin(CaptureEngine.startMark(Position.start(now)), true);
    snapshots.captured(catalog.layouts());
    return true;
  }

  /** Any thread: an ad-hoc snapshot of {@code tables}, read from the next step on. */
  void snapshot(List<TableId> tables, String filter) {
    snapshots.request(tables, filter);
  }

  /** Forgets a transaction the buffer dropped as an orphan. */
  void forget(Xid xid) {
    applier.forget(xid);
  }
}
