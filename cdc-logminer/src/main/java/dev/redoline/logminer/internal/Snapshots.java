package dev.redoline.logminer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.SnapshotMark;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.OracleError;
import dev.redoline.core.internal.SnapshotProgress;
import dev.redoline.decoder.internal.RedoDecoder;
import dev.redoline.logminer.OpsEvent;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.BiConsumer;

/**
 * The snapshots of a capture: which tables are to be read, the chunks read and held until the
 * stream has passed their SCN, and what a restart continues from.
 *
 * <h2>Consistency</h2>
 *
 * A chunk is up to {@code cdc.snapshot.chunk.rows} rows of one table in key order after the last
 * key read, read {@code AS OF SCN d} with {@code d} the database's current SCN at the read. It is
 * released once the commit sequencer has released every commit at or below {@code d}, and the
 * publisher places it before the first commit above {@code d}. A consumer applying events in order
 * then holds each row as it was at {@code d}, and every later change of it arrives after the chunk:
 * no watermark is written, and no undo older than one chunk's read is needed.
 *
 * <h2>The last chunk</h2>
 *
 * Each read asks for one row more than the chunk holds, so a chunk that ends the table knows it. A
 * chunk after which that extra row existed is held until the next read of its table: when that read
 * is empty (the rows were deleted meanwhile), the held chunk becomes the last one. Until then the
 * stream's commits above its SCN wait too ({@link #cap}); the next step reads first, so they wait
 * one step at most. When no chunk of the table is held at an empty read (the capture resumed after
 * a delivered chunk, or a rewind dropped the held one), the table's last remaining row is read
 * again and delivered as the last chunk ({@link #holdsChunkOf}). The mark {@code last} therefore
 * arrives for every table that has a snapshot row when its snapshot ends.
 *
 * <h2>Before a table's first chunk</h2>
 *
 * No streamed insert or update of a table comes before the first chunk of its first snapshot: until
 * it is delivered, the table's streamed inserts and key-keeping updates that the chunk holds the
 * effect of are left out; deletes always pass ({@link FirstChunks}). The positions inside a first
 * chunk mark the table begun ({@link Chunk#during}): a restart from one reads the table from its
 * start again, without the rule.
 *
 * <h2>Layouts</h2>
 *
 * A chunk is read with the layout the capture has for the table at the read. If the stream brings a
 * new layout of the table before the chunk is released (a DDL at or below its SCN, or soon after
 * it), the chunk is dropped and read again with the new layout, like a read Oracle refuses with
 * ORA-01466.
 *
 * <h2>PDBs</h2>
 *
 * The mining session stays at CDB$ROOT, so a table of a PDB is read through a session moved into
 * that PDB ({@link Containers}); the SCN a chunk is read as of is the CDB's, read at the root, so
 * chunks of every container are placed among the commits alike.
 *
 * <h2>Ad-hoc snapshots</h2>
 *
 * A request is queued as one job per table, numbered in the order it is taken. From the next event
 * on, positions carry it ({@link #noteAdHoc}); each delivered chunk moves its last key on, and its
 * last chunk removes it. A capture resumed from a position continues every ad-hoc snapshot in it
 * after its last emitted chunk, with its filter.
 *
 * <h2>Threads</h2>
 *
 * Everything runs on the capture thread except {@link #request}, which any thread may call.
 *
 * <h2>Length</h2>
 *
 * Past 400 lines because reading, holding, releasing and rewinding chunks all change one job's
 * cursor and one hold; the rule before a table's first chunk is a class of its own.
 */
final class Snapshots {

  /** The commit a chunk is delivered under: it names no transaction and no redo. */
  private static final Xid NO_XID = new Xid(0, 0, 0);

  private static final RedoAddress NO_ADDRESS = new RedoAddress(0, 0, 0, 0);

  /**
   * The address of a chunk's commit mark: above every redo address, so the mark (SCN d, this) sorts
   * after every commit at d, which the chunk follows, and before every commit above d.
   */
  private static final RedoAddress AFTER_EVERY_COMMIT =
      new RedoAddress(Integer.MAX_VALUE, 0xFFFF_FFFFL, 0xFFFF_FFFFL, 0xFFFF);

  /** How often in a row a chunk is read again after ORA-01466 before the capture stops. */
  private static final int DEFINITION_RETRIES = 10;

  /**
   * The connections the chunks of a PDB's tables are read through: the mining session stays at
   * CDB$ROOT, as LogMiner requires, so a table of a PDB is read by a session moved into it.
   */
  @FunctionalInterface
  interface Containers {
    /** A connection whose session is in {@code pdb}. */
    LogMinerGateway in(String pdb) throws SQLException;
  }

  /** An ad-hoc snapshot asked for from outside the capture thread. */
  record Request(List<TableId> tables, String filter) {}

  /**
   * A chunk read and held.
   *
   * @param commit the commit it is delivered under
   * @param changes its rows, as READ changes
   * @param marks per row, its snapshot mark
   * @param endKey the key of the chunk's last row (its start key when it has none)
   */
  record Chunk(
      Job job,
      TableLayout layout,
      Scn scn,
      Commit commit,
      List<Change> changes,
      List<SnapshotMark> marks,
      List<Object> startAfter,
      boolean first,
      boolean last,
      List<Object> endKey) {

    /** This chunk as the table's last: its last row marked so, its progress done. */
    Chunk asLast() {
      List<SnapshotMark> out = new ArrayList<>(marks);
      SnapshotMark end = out.get(out.size() - 1);
      out.set(out.size() - 1, new SnapshotMark(end.table(), end.scn(), SnapshotMark.Place.LAST));
      return new Chunk(
          job, layout, scn, commit, changes, List.copyOf(out), startAfter, first, true, endKey);
    }

    /**
     * {@code progress} while this chunk's rows before its last are delivered: for a table's first
     * chunk, the table marked begun (no key yet), so that a consumer that stopped inside the chunk,
     * holding some of its rows, restarts with the table read again from its start but not under the
     * rule before a first chunk ({@link FirstChunks}): that rule would leave out the deletes of
     * rows it holds.
     */
    SnapshotProgress during(SnapshotProgress progress) {
      return first && !job.adHoc() && !progress.tables().containsKey(job.table)
          ? progress.with(job.table, SnapshotProgress.TableProgress.after(List.of()))
          : progress;
    }

    /** {@code progress} once this chunk is delivered. */
    SnapshotProgress advance(SnapshotProgress progress) {
      if (!job.adHoc()) {
        return progress.with(
            job.table,
            last
                ? SnapshotProgress.TableProgress.DONE
                : SnapshotProgress.TableProgress.after(endKey));
      }
      if (last) {
        return progress.withoutAdHoc(job.adHocId);
      }
      // only while the positions still carry it: a job dropped meanwhile stays dropped
      for (SnapshotProgress.AdHoc a : progress.adHoc()) {
        if (a.id() == job.adHocId) {
          return progress.withAdHoc(a.after(endKey));
        }
      }
      return progress;
    }
  }

  /** One table's snapshot, being read. */
  static final class Job {
    final TableId table;
    final String filter;

    /** The ad-hoc snapshot's number, or -1 for the capture's own snapshot of the table. */
    final long adHocId;

    List<Object> cursor;
    boolean first;
    int limit;
    int definitionRetries;

    Job(TableId table, String filter, long adHocId, List<Object> cursor, int limit) {
      this.table = table;
      this.filter = filter;
      this.adHocId = adHocId;
      this.cursor = cursor;
      this.first = cursor.isEmpty();
      this.limit = limit;
    }

    boolean adHoc() {
      return adHocId >= 0;
    }
  }

  private final SnapshotSettings settings;
  private final RedoDecoder decoder;
  private final Clock clock;
  private final BiConsumer<OpsEvent.Type, String> ops;
  private final Deque<Job> pending = new ArrayDeque<>();
  private final Deque<Chunk> held = new ArrayDeque<>();
  private final Queue<Request> requests = new ConcurrentLinkedQueue<>();
  private final FirstChunks firstChunks = new FirstChunks();

  /** Ad-hoc snapshots queued since {@link #noteAdHoc} last ran, to enter the positions. */
  private final List<SnapshotProgress.AdHoc> queuedAdHoc = new ArrayList<>();

  /** Ad-hoc snapshots dropped since {@link #noteAdHoc} last ran, to leave the positions. */
  private final List<Long> droppedAdHoc = new ArrayList<>();

  private long nextAdHocId;

  /** The progress of the start position; tables in it that are done are not snapshotted again. */
  private SnapshotProgress start = SnapshotProgress.UNTRACKED;

  /** Whether this capture keeps snapshot progress in its positions. */
  private boolean tracked;

  /** Whether the first resolution of the captured tables has been seen. */
  private boolean seenTables;

  private boolean initialQueued;

  Snapshots(
      SnapshotSettings settings,
      RedoDecoder decoder,
      Clock clock,
      BiConsumer<OpsEvent.Type, String> ops) {
    this.settings = settings;
    this.decoder = decoder;
    this.clock = clock;
    this.ops = ops;
  }

  /**
   * The progress a capture starts from: its stored position's, or for a first start {@code
   * firstStart} (then every captured table is snapshotted when the mode asks).
   *
   * @return the progress the capture's positions start with
   */
  SnapshotProgress begin(SnapshotProgress stored, boolean firstStart) {
    pending.clear();
    held.clear();
    firstChunks.clear();
    queuedAdHoc.clear();
    droppedAdHoc.clear();
    seenTables = false;
    initialQueued = false;
    boolean snapshots = settings.mode().snapshots();
    tracked = snapshots && (stored.tracked() || firstStart);
    start =
        tracked && !stored.tracked()
            ? new SnapshotProgress(true, SnapshotProgress.NONE_YET.tables(), stored.adHoc())
            : stored;
    nextAdHocId = 0;
    for (SnapshotProgress.AdHoc a : stored.adHoc()) {
      pending.add(new Job(a.table(), a.filter(), a.id(), a.lastKey(), settings.chunkRows()));
      nextAdHocId = Math.max(nextAdHocId, a.id() + 1);
      ops.accept(
          OpsEvent.Type.SNAPSHOT_PROGRESS,
          "ad-hoc snapshot of "
              + a.table()
              + (a.lastKey().isEmpty()
                  ? " queued again"
                  : " continues after the last emitted chunk"));
    }
    return start;
  }

  /**
   * Tables the capture resolved: at the first resolution every captured table, later only the new
   * ones (created, or newly matching {@code cdc.tables.include}). Tables without a completed
   * snapshot are queued when the capture tracks snapshots.
   */
  void captured(Collection<TableLayout> tables) {
    boolean firstResolution = !seenTables;
    seenTables = true;
    if (!tracked) {
      return;
    }
    for (TableLayout layout : tables) {
      TableId table = layout.table();
      SnapshotProgress.TableProgress progress = start.tables().get(table);
      if (progress != null && progress.done()) {
        continue;
      }
      List<Object> cursor = progress == null ? List.of() : progress.lastKey();
      pending.add(new Job(table, null, -1, cursor, settings.chunkRows()));
      if (progress == null) {
        firstChunks.queued(layout, key(layout));
      }
      ops.accept(
          OpsEvent.Type.SNAPSHOT_PROGRESS,
          "snapshot of "
              + table
              + (progress == null
                  ? " queued"
                  : cursor.isEmpty()
                      ? " starts again from its first row: its first chunk was being delivered"
                      : " continues after the last emitted chunk"));
    }
    if (firstResolution) {
      initialQueued = true;
    }
  }

  /** Any thread: asks for an ad-hoc snapshot of {@code tables}, read at the next step. */
  void request(List<TableId> tables, String filter) {
    requests.add(new Request(List.copyOf(tables), filter));
  }

  /** Whether chunks are still to be read or delivered. */
  boolean busy() {
    return !pending.isEmpty() || !held.isEmpty() || !requests.isEmpty();
  }

  /** Whether a step could read another chunk now (one is to be read and the hold has room). */
  boolean canRead() {
    return !requests.isEmpty()
        || (!pending.isEmpty() && held.size() < SnapshotSettings.CHUNKS_PER_STEP);
  }

  /**
   * Whether {@code cdc.snapshot.mode=initial_only} has delivered the snapshots queued at the first
   * resolution, and every later one: the capture ends.
   */
  boolean initialOnlyDone() {
    return settings.mode() == SnapshotSettings.Mode.INITIAL_ONLY && initialQueued && !busy();
  }

  /**
   * Reads chunks while fewer than {@link SnapshotSettings#CHUNKS_PER_STEP} are held: each as of the
   * database's current SCN at its read. A table of a PDB is read through {@code containers}; the
   * SCN is the CDB's, read at the root as for every chunk.
   */
  void read(LogMinerGateway db, Containers containers, TableCatalog catalog) throws SQLException {
    takeRequests(catalog);
    while (!pending.isEmpty() && held.size() < SnapshotSettings.CHUNKS_PER_STEP) {
      Job job = pending.peek();
      TableLayout layout = catalog.layout(job.table);
      if (layout == null) {
        pending.poll();
        firstChunks.dropped(job.table);
        if (job.adHoc()) {
          droppedAdHoc.add(job.adHocId);
        }
        ops.accept(
            OpsEvent.Type.SNAPSHOT_RETRY,
            "snapshot of " + job.table + " skipped: the table is no longer " + "captured");
        continue;
      }
      LogMinerGateway reader = job.table.pdb() == null ? db : containers.in(job.table.pdb());
      Chunk chunk = readChunk(db, reader, job, layout);
      if (chunk == null) {
        return; // ORA-01466: read again at the next step, once the stream has the new layout
      }
      if (chunk.changes().isEmpty() && chunk.last() && holdsChunkOf(job)) {
        // the rows the look-ahead saw are gone: the chunk before, still held, ends the table
        held.add(held.pollLast().asLast());
      } else {
        held.add(chunk);
      }
      if (chunk.last()) {
        pending.poll();
      }
    }
  }

  private void takeRequests(TableCatalog catalog) {
    for (Request r; (r = requests.poll()) != null; ) {
      for (TableId table : r.tables()) {
        if (catalog.layout(table) == null) {
          ops.accept(
              OpsEvent.Type.SIGNAL_SKIPPED,
              ErrorCode.INVALID_SIGNAL.code()
                  + ": ad-hoc snapshot of "
                  + table
                  + " skipped: the capture does not include it (cdc.tables.include)");
          continue;
        }
        long id = nextAdHocId++;
        pending.add(new Job(table, r.filter(), id, List.of(), settings.chunkRows()));
        queuedAdHoc.add(new SnapshotProgress.AdHoc(id, table, r.filter(), List.of()));
        ops.accept(
            OpsEvent.Type.SNAPSHOT_PROGRESS,
            "ad-hoc snapshot of "
                + table
                + " queued"
                + (r.filter() == null ? "" : " with a filter"));
      }
    }
  }

  /**
   * One chunk of {@code job}, read through {@code reader} as of {@code db}'s current SCN; smaller
   * after ORA-01555; {@code null} after ORA-01466.
   */
  private Chunk readChunk(LogMinerGateway db, LogMinerGateway reader, Job job, TableLayout layout)
      throws SQLException {
    boolean[] selectable = decoder.selectable(layout);
    List<String> key = key(layout);
    while (true) {
      Scn scn = db.database().currentScn();
      // one row more than the chunk: tells whether this chunk is the table's last
      ChunkRead read =
          new ChunkRead(layout, selectable, key, job.cursor, scn, job.limit + 1, job.filter);
      List<ChunkRead.Row> rows;
      try {
        rows = reader.readChunk(read);
        if (rows.isEmpty() && !job.cursor.isEmpty() && !holdsChunkOf(job)) {
          rows =
              reader.readChunk(
                  ChunkRead.lastAtOrBefore(layout, selectable, key, job.cursor, scn, job.filter));
          ops.accept(
              OpsEvent.Type.SNAPSHOT_PROGRESS,
              "snapshot of "
                  + job.table
                  + ": no row after the last one "
                  + "delivered ("
                  + (rows.isEmpty()
                      ? "none is left either"
                      : "the last remaining row is delivered again "
                          + "as of SCN "
                          + scn
                          + " to carry the mark last")
                  + ")");
        }
      } catch (SQLException e) {
        // ORA-22924 is ORA-01555 for a LOB column's undo: the same shortage, the same answer.
        if (e.getErrorCode() == OracleError.SNAPSHOT_TOO_OLD.number()
            || e.getErrorCode() == OracleError.LOB_SNAPSHOT_TOO_OLD.number()) {
          if (job.limit == 1) {
            throw new CdcException(
                ErrorCode.SNAPSHOT_UNDO_TOO_SMALL,
                "Snapshot of "
                    + job.table
                    + " as of SCN "
                    + scn
                    + " failed even for one row (cdc.snapshot.chunk.rows="
                    + settings.chunkRows()
                    + "): "
                    + e.getMessage(),
                e);
          }
          job.limit = Math.max(1, job.limit / 2);
          ops.accept(
              OpsEvent.Type.SNAPSHOT_RETRY,
              "snapshot chunk of "
                  + job.table
                  + " as of SCN "
                  + scn
                  + " hit ORA-"
                  + String.format("%05d", e.getErrorCode())
                  + "; reading "
                  + job.limit
                  + " rows at a time");
          continue;
        }
        if (e.getErrorCode() == OracleError.TABLE_DEFINITION_CHANGED.number()
            && ++job.definitionRetries <= DEFINITION_RETRIES) {
          ops.accept(
              OpsEvent.Type.SNAPSHOT_RETRY,
              "snapshot chunk of "
                  + job.table
                  + " as of SCN "
                  + scn
                  + " hit ORA-01466; read again once the stream has the table's new layout");
          return null;
        }
        throw e;
      }
      job.definitionRetries = 0;
      return chunk(job, layout, scn, key, rows);
    }
  }

  /**
   * Whether a chunk of {@code job} is held, which an empty read after it would mark the last. None
   * is when the job resumed from a stored position, or a rewind dropped the chunk: the rows after
   * the last delivered one may all be gone, and the chunk that would carry {@code last} was
   * delivered. The table's last remaining row is then read again and delivered with the mark: a
   * consumer upserts it to the same value, as of a later SCN.
   */
  private boolean holdsChunkOf(Job job) {
    Chunk before = held.peekLast();
    return before != null && before.job() == job;
  }

  private Chunk chunk(
      Job job, TableLayout layout, Scn scn, List<String> key, List<ChunkRead.Row> rows) {
    boolean last = rows.size() <= job.limit;
    List<ChunkRead.Row> kept = last ? rows : rows.subList(0, job.limit);
    Instant now = clock.instant();
    List<Change> changes = new ArrayList<>(kept.size());
    List<SnapshotMark> marks = new ArrayList<>(kept.size());
    for (int i = 0; i < kept.size(); i++) {
      ChunkRead.Row row = kept.get(i);
      Row after =
          JsonColumns.asText(decoder.selectedRow(layout, row.values()), layout); // as the stream's
      String rowId = key.isEmpty() ? (String) row.key().get(0) : null;
      changes.add(
          new Change(
              Operation.READ,
              layout.table(),
              layout.version(),
              null,
              after,
              scn,
              NO_ADDRESS,
              0,
              rowId,
              now));
      SnapshotMark.Place place =
          last && i == kept.size() - 1
              ? SnapshotMark.Place.LAST
              : job.first && i == 0 ? SnapshotMark.Place.FIRST : SnapshotMark.Place.MIDDLE;
      marks.add(new SnapshotMark(layout.table(), scn, place));
    }
    List<Object> startAfter = job.cursor;
    boolean first = job.first;
    if (first && !job.adHoc()) {
      firstChunks.read(job.table, scn);
    }
    if (!kept.isEmpty()) {
      job.cursor = kept.get(kept.size() - 1).key();
      job.first = false;
    }
    Commit commit = new Commit(NO_XID, scn, scn, AFTER_EVERY_COMMIT, now, null, changes.size());
    return new Chunk(
        job,
        layout,
        scn,
        commit,
        List.copyOf(changes),
        List.copyOf(marks),
        startAfter,
        first,
        last,
        job.cursor);
  }

  /**
   * The key a table is read in the order of: its key columns (primary key or {@code
   * cdc.message.key.columns}) when they are all selected unchanged, else none (ROWID order), so no
   * excluded or masked value is ever stored in a position.
   */
  private List<String> key(TableLayout layout) {
    List<String> key = settings.keys().of(layout);
    boolean[] verbatim = decoder.verbatim(layout);
    for (String column : key) {
      int i = layout.indexOf(column);
      if (i < 0 || !verbatim[i]) {
        return List.of();
      }
    }
    return key;
  }

  /**
   * The held chunks the stream has passed ({@code scn <= safeScn}), in SCN order. A chunk whose
   * table has a newer layout now than the chunk was read with is dropped, with every later chunk of
   * its table, and read again.
   */
  List<Chunk> release(Scn safeScn, TableCatalog catalog) {
    firstChunks.releasing();
    List<Chunk> out = new ArrayList<>();
    while (!held.isEmpty() && held.peek().scn().compareTo(safeScn) <= 0 && !waiting(held.peek())) {
      Chunk chunk = held.poll();
      TableLayout now = catalog.layout(chunk.layout().table());
      if (now != null && now.version() != chunk.layout().version()) {
        rewind(chunk);
        continue;
      }
      out.add(chunk);
      if (chunk.first() && !chunk.job().adHoc() && firstChunks.released(chunk.layout().table())) {
        ops.accept(
            OpsEvent.Type.SNAPSHOT_PROGRESS,
            "first snapshot chunk of "
                + chunk.layout().table()
                + " as of SCN "
                + chunk.scn()
                + ": the streamed changes of the table committed at or below it are left out, the chunk "
                + "holds their effect");
      }
      if (chunk.last()) {
        ops.accept(
            OpsEvent.Type.SNAPSHOT_PROGRESS,
            (chunk.job().adHoc() ? "ad-hoc " : "")
                + "snapshot of "
                + chunk.layout().table()
                + " complete");
      }
    }
    return out;
  }

  /** What the next publication leaves out of the stream ({@link FirstChunks}). */
  Reflected reflected() {
    return firstChunks.predicate();
  }

  /**
   * Whether {@code chunk} waits for the read after it: it is the newest chunk of the table being
   * read and not known to be its last. The look-ahead row said more rows follow, but they may be
   * deleted before the next read; if that read is empty, this chunk is the last after all ({@link
   * Chunk#asLast}), and it must still be held to say so.
   */
  private boolean waiting(Chunk chunk) {
    return !chunk.last() && held.peekLast() == chunk && pending.peek() == chunk.job();
  }

  /**
   * {@code safeScn}, or the SCN of the chunk that waits for the read after it when that is lower:
   * the commits above that SCN are released after it, at a later step, as its place requires. The
   * next step reads first, so the wait is one step at most.
   */
  Scn cap(Scn safeScn) {
    Chunk tail = held.peekLast();
    return tail != null && waiting(tail) ? Scn.min(safeScn, tail.scn()) : safeScn;
  }

  private void rewind(Chunk chunk) {
    Job job = chunk.job();
    for (Iterator<Chunk> it = held.iterator(); it.hasNext(); ) {
      if (it.next().job() == job) {
        it.remove();
      }
    }
    job.cursor = chunk.startAfter();
    job.first = chunk.first();
    if (chunk.first() && !job.adHoc()) {
      firstChunks.rewound(job.table);
    }
    if (!pending.contains(job)) {
      pending.addFirst(job);
    }
    ops.accept(
        OpsEvent.Type.SNAPSHOT_RETRY,
        "snapshot chunk of "
            + job.table
            + " as of SCN "
            + chunk.scn()
            + " read again: the table's layout changed since the chunk was read with version "
            + chunk.layout().version());
  }

  /**
   * {@code progress} with the ad-hoc snapshots queued since the last call added and those dropped
   * removed: what the positions of the events queued from now on carry.
   */
  SnapshotProgress noteAdHoc(SnapshotProgress progress) {
    SnapshotProgress out = progress;
    for (SnapshotProgress.AdHoc a : queuedAdHoc) {
      out = out.withAdHoc(a);
    }
    for (long id : droppedAdHoc) {
      out = out.withoutAdHoc(id);
    }
    queuedAdHoc.clear();
    droppedAdHoc.clear();
    return out;
  }

  /** Whether the capture keeps snapshot progress in its positions. */
  boolean tracked() {
    return tracked;
  }
}
