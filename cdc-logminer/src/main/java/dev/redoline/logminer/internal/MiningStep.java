package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Incarnation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.OpsEvent;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One mining step (docs/architecture.md#a-step): planned from the log inventory, read whole ({@link
 * StepReader}), decoded and applied to the buffer ({@link StepApplier}), released in commit order
 * ({@link CommitSequencer}) and published ({@link Publisher}), with the snapshot chunks read and
 * released alongside ({@link Snapshots}). Where the stream is (the cursors, the floor, what the
 * sink acknowledged) is kept by {@link Positions}; the step keeps its start SCN for the plan.
 *
 * <h2>Implementation notes</h2>
 *
 * <ul>
 *   <li><b>State.</b> The cursors move only after a step is applied in full; a failure before that
 *       leaves them, the buffer and the published output untouched, so the same step is mined
 *       again. Nothing after the read touches the database.
 *   <li><b>Database work at step start.</b> The catalog's refresh after a DDL ({@link
 *       CatalogTracker}) and the orphan check ({@link Orphans}) run at the start of a step, so a
 *       connection lost while doing them only repeats them.
 * </ul>
 */
final class MiningStep {

  private static final Logger LOG = LoggerFactory.getLogger(MiningStep.class);

  private final CaptureSettings settings;
  private final Clock clock;
  private final TransactionBuffer buffer;
  private final EventQueue queue;
  private final TableCatalog catalog;
  private final CatalogTracker tracker;
  private final StepApplier applier;
  private final CommitSequencer sequencer;
  private final Snapshots snapshots;
  private final CaptureConnection connection;
  private final RecoveryPolicy recovery;
  private final Orphans orphans;
  private final Positions positions;
  private final DatabaseZone zone;
  private final MiningWindow window;
  private final MiningSession session;
  private final CaptureStats stats;
  private final OpsLog ops;
  private final BacklogGrowth growth;
  private final LogInventory inventory;
  private final SessionStartFloor startFloor;

  private Scn startScn;
  private Scn currentScn = Scn.ZERO;

  /** V$DATABASE as the last listing read it. */
  private DatabaseState lastState;

  private final ResetlogsCheck resetlogs = new ResetlogsCheck();

  /** The log views the last plan was made from: the redo after each cursor is counted over them. */
  private LogInventory.Snapshot lastListing;

  private final TransactionDrops drops = new TransactionDrops();
  private final HeldBlocks heldBlocks = new HeldBlocks();

  /** Whether GV$TRANSACTION shows every captured PDB's transactions; read at the first step. */
  private Boolean transactionsSeen;

  private Publisher publisher;
  private int archiveWaits;

  /**
   * Whether this stream has applied redo yet: {@code when_needed} starts over only before it has.
   */
  private boolean appliedAny;

  /**
   * Whether {@code cdc.snapshot.mode=initial_only} has delivered every snapshot: the capture ends.
   */
  private boolean finished;

  /** The archived logs the last inventory listed: their sizes, for the catch-up estimate. */
  private List<ArchivedLog> lastArchived = List.of();

  /** Whether the last step was mined by several sessions: an ops event when that changes. */
  private boolean minedInParallel;

  /**
   * Rows the current step's query fetched, also when it failed part way ({@link RecoveryPolicy}).
   */
  private long rowsFetched;

  /**
   * What plans the steps and reads their redo: the connection (and its parallel sessions), the log
   * inventory, the floor a session may start at, the step's window, the LogMiner session, the
   * database's zone.
   */
  record RedoSource(
      CaptureConnection connection,
      LogInventory inventory,
      SessionStartFloor startFloor,
      MiningWindow window,
      MiningSession session,
      DatabaseZone zone) {}

  /** The captured tables and what keeps them current after a DDL. */
  record Tables(TableCatalog catalog, CatalogTracker tracker) {}

  /** Where a step reports: its counters and figures, and the ops events. */
  record Reporting(CaptureStats stats, OpsLog ops) {}

  MiningStep(
      CaptureSettings settings,
      Clock clock,
      StepRoute route,
      RedoSource redo,
      Tables tables,
      Orphans orphans,
      RecoveryPolicy recovery,
      Reporting reporting) {
    this.settings = settings;
    this.clock = clock;
    this.applier = route.applier();
    this.buffer = route.buffer();
    this.sequencer = route.sequencer();
    this.snapshots = route.snapshots();
    this.queue = route.queue();
    this.positions = route.positions();
    this.connection = redo.connection();
    this.inventory = redo.inventory();
    this.startFloor = redo.startFloor();
    this.window = redo.window();
    this.session = redo.session();
    this.zone = redo.zone();
    this.catalog = tables.catalog();
    this.tracker = tables.tracker();
    this.orphans = orphans;
    this.recovery = recovery;
    this.stats = reporting.stats();
    this.ops = reporting.ops();
    this.growth = new BacklogGrowth(settings.backlogGrowthWarn());
  }

  /** A new connection: a new LogMiner session, and the captured tables resolved again. */
  void connected() {
    session.reset();
    tracker.stale();
  }

  /** Mines one step on {@code db}; whether the capture has caught up with the database. */
  boolean run(LogMinerGateway db) throws SQLException, InterruptedException {
    rowsFetched = 0;
    if (transactionsSeen == null) {
      transactionsSeen = checkTransactionsSeen(db);
    }
    if (publisher == null) {
      boolean current = settings.startScn().equals("current");
      // A first start snapshots from the SCN streaming starts at: nothing committed after is
      // missed,
      // and the transactions open then are read from their start ({@link FirstStart}).
      FirstStart.Start first =
          current
              ? FirstStart.at(db, transactionsSeen)
              : new FirstStart.Start(
                  Positions.startMark(PositionState.start(Scn.parse(settings.startScn()))),
                  Set.of());
      begin(anchored(db, first.position()).withPartialOpen(first.begunBefore()), current);
    }
    tracker.refreshIfStale(
        db,
        positions.floor(),
        (layout, at, ddl) -> publisher.schema(layout, at, ddl, positions.held()));
    orphans.checkIfDue(db, buffer);
    drops.apply(buffer, applier, ops);
    // Chunks are read before the step's plan: the step's end SCN is then at or above theirs.
    snapshots.read(db, connection.containers()::in, catalog);
    publisher.progress(snapshots::noteAdHoc);
    Set<Integer> writing = db.instancesWritingRedo();
    applier.openTransactions(startFloor.observe(db, writing));
    LogInventory.Outcome outcome;
    try {
      LogInventory.Snapshot listed = listing(db, positions.listingFloor(), writing);
      Incarnation current = resetlogs.current(lastState);
      if (!current.equals(resetlogs.cursorsIn(db, positions, listed, current))) {
        return resetlogs(db, current);
      }
      outcome =
          inventory.plan(
              listed,
              positions.cursors(),
              startScn,
              window.logs(),
              clock.instant(),
              buffer::lowestLastScnIn);
    } catch (CdcException e) {
      if (!recovery.startsOver(e)) {
        throw e;
      }
      startOver(db, e);
      return false;
    }
    if (outcome instanceof LogInventory.Wait) {
      // Before waiting for a log, make sure it is not just below the listing's floor.
      outcome =
          inventory.plan(
              listing(db, Scn.ZERO, writing),
              positions.cursors(),
              startScn,
              window.logs(),
              clock.instant(),
              buffer::lowestLastScnIn);
    }
    if (outcome instanceof LogInventory.Wait wait) {
      if (++archiveWaits > CaptureSettings.ARCHIVE_WAIT_POLLS) {
        throw new CdcException(
            ErrorCode.LOG_SEQUENCE_GAP,
            wait.reason() + ", and still not archived after " + archiveWaits + " inventory polls");
      }
      ops.event(OpsEvent.Type.WAITING_FOR_ARCHIVE, wait.reason());
      return true;
    }
    archiveWaits = 0;
    StepPlan plan = ((LogInventory.Planned) outcome).plan();
    LOG.debug("Step {}", plan);
    if (plan.logs().isEmpty()) {
      publisher.heartbeatIfDue(positions.held());
      return true;
    }
    return mine(db, plan);
  }

  /**
   * The database was opened with RESETLOGS since the cursors were read ({@link ResetlogsCheck}):
   * stop when the capture delivered what the new incarnation discarded, else mine the parent up to
   * the RESETLOGS SCN, then go on in the new incarnation.
   */
  private boolean resetlogs(LogMinerGateway db, Incarnation current)
      throws SQLException, InterruptedException {
    Incarnation parent = positions.incarnation();
    resetlogs.requireContinuable(db, parent, current, publisher.lastMark());
    StepPlan tail =
        ParentTail.plan(
            parent, current, positions.cursors(), startScn, db.archivedLogs(Scn.ZERO, parent), -1);
    if (tail != null) {
      LOG.info("Mining incarnation {} up to its RESETLOGS SCN: {}", parent, tail);
      mine(db, tail, false);
      return false;
    }
    // Every thread's cursor is past the parent's redo below the RESETLOGS SCN: every commit there
    // was mined, so all of them may go out, in order. What is left was discarded by the RESETLOGS.
    publisher.publish(sequencer.release(current.resetlogsScn().minus(1)), positions.held());
    List<Xid> dropped = buffer.discardOpen();
    dropped.forEach(applier::forget);
    sequencer.discard();
    positions.enterIncarnation(current);
    startScn = current.resetlogsScn();
    startFloor.reset();
    heldBlocks.reset();
    session.reset();
    ops.event(OpsEvent.Type.RESETLOGS, ResetlogsCheck.entered(parent, current, dropped.size()));
    return false;
  }

  private boolean mine(LogMinerGateway db, StepPlan plan)
      throws SQLException, InterruptedException {
    return mine(db, plan, true);
  }

  /**
   * Mines one planned step; {@code raiseStart}: the session may start at the floor proven on the
   * current incarnation's transactions ({@link SessionStartFloor}), which a parent's tail may not.
   */
  private boolean mine(LogMinerGateway db, StepPlan plan, boolean raiseStart)
      throws SQLException, InterruptedException {
    Instant begun = clock.instant();
    positions.planned(plan);
    int restarts = session.restarts();
    // A thread's redo written later than the LGWR delay may lie below the floor: not raised then.
    StepPlan mined = !raiseStart || inventory.takeLateWrite() ? plan : startFloor.raise(plan);
    List<StepPlan> ranges = connection.parallel().ranges(mined);
    noteParallel(mined, ranges);
    if (ranges.size() == 1) {
      Instant sessionBegun = clock.instant();
      session.start(db, mined);
      stats.figures().onSessionStart(Duration.between(sessionBegun, clock.instant()));
    }
    if (session.restarts() > restarts) {
      ops.event(
          OpsEvent.Type.SESSION_RESTARTED,
          "LogMiner session restarted after "
              + settings.sessionMaxAge().toMillis()
              + " ms (cdc.mining.session.max.age.ms) to release its memory");
    }
    Instant fetchBegun = clock.instant();
    Duration fetchTook;
    StepReader.StepRows rows;
    StepRowStore store = new StepRowStore(settings.stepMemoryBytes(), settings.spillDirectory());
    try {
      if (ranges.size() == 1) {
        rows =
            StepReader.read(
                db,
                mined,
                query(plan),
                tracker::changesCapture,
                tracker.resolvedAt(),
                tracker::unresolved,
                heldBlocks::applied,
                store,
                n -> rowsFetched = n);
      } else {
        long[] fetchedByAll = new long[1];
        try (RowCursor merged =
            connection
                .parallel()
                .mine(
                    db,
                    session,
                    ranges,
                    query(plan),
                    settings.stepMemoryBytes(),
                    settings.spillDirectory(),
                    n -> fetchedByAll[0] = n)) {
          rows =
              StepReader.read(
                  merged,
                  mined,
                  tracker::changesCapture,
                  tracker.resolvedAt(),
                  tracker::unresolved,
                  heldBlocks::applied,
                  store,
                  n -> {});
        } finally {
          rowsFetched = fetchedByAll[0];
        }
      }
    } catch (SQLException | RuntimeException e) {
      store.close();
      throw e;
    } finally {
      fetchTook = Duration.between(fetchBegun, clock.instant());
      stats.fetched(fetchTook);
    }
    Applied applied;
    try (rows) {
      applied = apply(rows);
    }
    appliedAny = true;
    positions.applied(
        plan, heldBlocks.cursorsAfter(plan, positions.cursors(), rows.ends(), rows.lastBlocks()));
    stats.figures().onCursors(lastListing, positions.cursors());
    startFloor.applied(plan, positions.cursors(), rows.cut());
    buffer.stepApplied(rows.safeScn());
    orphans.forgetDropped(applier::forget);
    if (rows.ddl() != null) {
      tracker.ddlApplied(rows.ddl());
    }
    if (rows.unresolved() != null) {
      tracker.unresolvedCut(rows.unresolved());
    }
    Scn releasable =
        snapshots.cap(rows.safeScn()); // a chunk that waits for its next read holds the stream
    var released = sequencer.release(releasable);
    var chunks = snapshots.release(releasable, catalog);
    for (CommitSequencer.Late late : sequencer.takeLate()) {
      ops.event(OpsEvent.Type.COMMIT_OUT_OF_ORDER, late.describe(settings.lgwrMaxDelay()));
    }
    // Metrics first: a sink that sees this step's events also sees this step's metrics.
    Duration took = Duration.between(begun, clock.instant());
    stats
        .catchUp()
        .stepMined(
            ranges.size() > 1 ? connection.parallel().lastReads() : List.of(),
            rowsFetched,
            fetchTook,
            archivedBytes(plan),
            took);
    Duration behind = behind(applied);
    record(plan, applied, took, rows.safeScn(), behind);
    publisher.publish(released, positions.held(), chunks, snapshots.reflected());
    if (snapshots.initialOnlyDone()) {
      LOG.info("Snapshot complete; cdc.snapshot.mode=initial_only: capture ends");
      ops.event(
          OpsEvent.Type.SNAPSHOT_PROGRESS,
          "every snapshot delivered; cdc.snapshot.mode=initial_only ends the capture");
      finished = true;
    }
    // Several sessions that lose ground with a narrow window widen it (MiningWindow).
    Duration parallelLag = ranges.size() > 1 && applied.last() != null ? behind : null;
    if (window.onStep(took, plan.limitedByWindow(), parallelLag)) {
      ops.event(OpsEvent.Type.WINDOW_CHANGED, "window widened to " + window.shown());
    }
    publisher.heartbeatIfDue(positions.held());
    // While chunks can be read, no idle wait; chunks that wait for the stream wait with it.
    return !plan.limitedByWindow() && !rows.cut() && !snapshots.canRead();
  }

  /**
   * Whether GV$TRANSACTION shows the open transactions of every captured PDB; when CONTAINER_DATA
   * hides some, the first start and the session start floor, which rest on seeing every open
   * transaction, fall back to safe starts, with an ops event. Read when the capture starts: a grant
   * given later takes effect at the next start.
   */
  private boolean checkTransactionsSeen(LogMinerGateway db) throws SQLException {
    List<String> hidden = TransactionVisibility.hiddenPdbs(db, settings.pdbs());
    startFloor.transactionsHidden(!hidden.isEmpty());
    if (hidden.isEmpty()) {
      return true;
    }
    ops.event(
        OpsEvent.Type.TRANSACTIONS_HIDDEN,
        "GV$TRANSACTION hides the open transactions of "
            + hidden
            + " from the capture user (no CONTAINER_DATA for it): a first start reads redo from the"
            + " oldest online log, and each step starts LogMiner at its logs' first SCN; grant"
            + " CONTAINER_DATA=ALL (docs/oracle-setup.md) and restart to end it");
    return false;
  }

  /** Any thread: drops the open transaction {@code xid} from the buffer before the next step. */
  void requestDrop(Xid xid) {
    drops.request(xid);
  }

  /**
   * An ops event when steps begin or stop being mined by several sessions ({@code
   * cdc.mining.sessions}).
   */
  private void noteParallel(StepPlan plan, List<StepPlan> ranges) {
    boolean now = ranges.size() > 1;
    if (now == minedInParallel) {
      return;
    }
    minedInParallel = now;
    long archived = plan.logs().stream().filter(l -> !l.online() && !plan.readAgainOnly(l)).count();
    ops.event(
        OpsEvent.Type.PARALLEL_MINING,
        now
            ? "parallel mining started: "
                + ranges.size()
                + " LogMiner sessions over "
                + archived
                + " archived logs "
                + "(cdc.mining.sessions="
                + settings.miningSessions()
                + ")"
            : "parallel mining stopped: one LogMiner session ("
                + archived
                + " archived logs in the step)");
  }

  /** How many rows the last step's query fetched before it ended or failed (0 before its query). */
  long rowsFetched() {
    return rowsFetched;
  }

  /**
   * Whether the capture has nothing more to do ({@code cdc.snapshot.mode=initial_only}, snapshots
   * delivered).
   */
  boolean finished() {
    return finished;
  }

  /**
   * What a step applied: its rows (those below a DDL cut), their SQL_REDO characters, the last of
   * them.
   */
  private record Applied(long rows, long chars, RedoRow last, Duration decodeTook) {}

  /**
   * Decodes and applies the step's rows, chunk by chunk when the step did not fit its memory
   * budget. Nothing touches the database from here on: the step is applied whole, or the capture
   * stops.
   */
  private Applied apply(StepReader.StepRows rows) {
    Duration[] decodeTook = {Duration.ZERO};
    long[] counts = new long[2];
    RedoRow[] last = new RedoRow[1];
    Map<Xid, Boolean> lobState = new HashMap<>();
    rows.forEachChunk(
        chunk -> {
          Instant decodeBegun = clock.instant();
          var decoded = applier.decode(chunk, lobState);
          decodeTook[0] = decodeTook[0].plus(Duration.between(decodeBegun, clock.instant()));
          applier.apply(decoded);
          for (RedoRow row : chunk) {
            counts[1] += row.sqlRedo().length();
          }
          counts[0] += chunk.size();
          last[0] = chunk.isEmpty() ? last[0] : chunk.get(chunk.size() - 1);
        });
    return new Applied(counts[0], counts[1], last[0], decodeTook[0]);
  }

  /** How far behind the database the step's last row is now; zero for a step without rows. */
  private Duration behind(Applied rows) {
    if (rows.last() == null) {
      return Duration.ZERO;
    }
    Instant lastRow = rows.last().timestamp().atZone(zone.get()).toInstant();
    Duration behind = Duration.between(lastRow, clock.instant());
    return behind.isNegative() ? Duration.ZERO : behind;
  }

  private void record(StepPlan plan, Applied rows, Duration took, Scn delivered, Duration behind) {
    long chars = rows.chars();
    stats.step(
        new CaptureStats.Step(
            (int) rows.rows(),
            chars,
            took,
            rows.decodeTook(),
            window.logs(),
            session.age(),
            session.restarts(),
            currentScn,
            plan.endScn(),
            delivered,
            behind,
            buffer.metrics()));
    stats.figures().onStep(plan, (int) rows.rows(), took, rows.decodeTook(), behind, currentScn);
    growth
        .observe(stats.catchUp().backlogLogs(), behind, clock.instant())
        .ifPresent(message -> ops.event(OpsEvent.Type.BACKLOG_GROWING, message));
  }

  /**
   * The bytes of the step's archived logs, as the last listing gave their sizes; not those read
   * again only to cover the session's start (the pace is of the backlog drained).
   */
  private long archivedBytes(StepPlan plan) {
    long bytes = 0;
    for (StepPlan.StepLog log : plan.logs()) {
      if (!log.online() && !plan.readAgainOnly(log)) {
        bytes +=
            lastArchived.stream()
                .filter(a -> a.thread() == log.thread() && a.sequence() == log.sequence())
                .findFirst()
                .map(a -> a.blocks() * a.blockSize())
                .orElse(0L);
      }
    }
    return bytes;
  }

  /**
   * What the inventory plans from: the threads, logs and destinations, and V$DATABASE with its
   * zone.
   */
  private LogInventory.Snapshot listing(LogMinerGateway db, Scn archivedAfter, Set<Integer> writing)
      throws SQLException {
    var threads = db.threads();
    stats.threads(threads, clock.instant());
    DatabaseState state = db.database();
    lastState = state;
    currentScn = state.currentScn();
    zone.read(state);
    List<ArchivedLog> archived = db.archivedLogs(archivedAfter);
    stats.catchUp().backlog(archived, positions.cursors());
    lastArchived = archived;
    lastListing =
        new LogInventory.Snapshot(
            threads, currentScn, db.onlineLogs(), archived, db.archiveDestinations(), writing);
    return lastListing;
  }

  private MiningQuery query(StepPlan plan) {
    MiningQuery.Builder query =
        MiningQuery.builder()
            .fetchSize(settings.fetchSize())
            .timeout(settings.queryTimeout())
            .lobRows(settings.lobEnabled());
    catalog.objectIds().forEach(query::capture);
    catalog.capturedTables().forEach(query::captureByName);
    settings.usersExclude().forEach(query::excludeUser);
    plan.cursors().values().forEach(query::cursor);
    return query.build();
  }

  /**
   * Where a failed step started: each thread's cursor, or the start SCN before any cursor exists.
   */
  String describeStart() {
    return !positions.cursors().isEmpty()
        ? "cursor " + positions.cursors().values()
        : startScn != null ? "SCN " + startScn : "the start position";
  }

  /**
   * A first start's position with the resume address of each thread at the start of the log holding
   * its resume SCN, and that SCN lowered to the lowest first SCN of those logs: what the first
   * step's positions say anyway (docs/architecture.md#positions, rule 6). Positions made before
   * that step (layouts, snapshot chunks, heartbeats) then do not carry a higher resume SCN than
   * later ones, and a restart from one of them reads the same logs.
   */
  private PositionState anchored(LogMinerGateway db, PositionState start) throws SQLException {
    Scn from = start.resumeScn();
    Map<Integer, StepPlan.StepLog> logs =
        inventory.logsHolding(
            listing(db, from.equals(Scn.ZERO) ? from : from.minus(1), db.instancesWritingRedo()),
            from);
    if (logs.isEmpty()) {
      return start;
    }
    Scn lowest = from;
    Map<Integer, RedoAddress> anchors = new TreeMap<>();
    for (StepPlan.StepLog log : logs.values()) {
      anchors.put(log.thread(), new RedoAddress(log.thread(), log.sequence(), 0, 0));
      lowest = Scn.min(lowest, log.firstScn());
    }
    return start.withResume(lowest, anchors);
  }

  /**
   * Sets the position the capture starts from: given, or made at the first connection ({@code
   * firstStart}: every captured table is then snapshotted when the mode asks).
   */
  void begin(PositionState start, boolean firstStart) {
    startFloor.reset();
    heldBlocks.reset();
    positions.begin(start);
    startScn = start.resumeScn();
    applier.excludedWithoutStart(start.excludedOpen());
    applier.begunBeforeRedo(start.partialOpen());
    applier.started(start);
    publisher =
        new Publisher(
            queue,
            start,
            clock,
            settings.heartbeatInterval(),
            snapshots.begin(start.snapshot(), firstStart));
  }

  /**
   * {@code cdc.snapshot.mode=when_needed} after {@code purged} (CDC-2002): the capture starts over
   * at the current SCN with a new snapshot of every captured table ({@link
   * RecoveryPolicy#startsOver}). A capture that already applied steps drops what it held,
   * undelivered ({@link SnapshotRestart}).
   */
  private void startOver(LogMinerGateway db, CdcException purged) throws SQLException {
    Scn now = db.database().currentScn();
    ops.event(
        OpsEvent.Type.SNAPSHOT_RETRY,
        "the redo of the "
            + (appliedAny ? "capture's position" : "stored position")
            + " is gone ("
            + purged.getMessage()
            + "); cdc.snapshot.mode=when_needed starts over at SCN "
            + now
            + " with a "
            + "new snapshot of every table: changes between the last delivered one and that SCN are not delivered, "
            + "deleted rows included");
    if (appliedAny) {
      SnapshotRestart.dropBuffered(sequencer, buffer, applier);
    }
    positions.clear();
    begin(Positions.startMark(PositionState.start(now)), true);
    snapshots.captured(catalog.layouts());
  }
}
