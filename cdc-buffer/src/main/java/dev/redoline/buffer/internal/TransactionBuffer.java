package dev.redoline.buffer.internal;

import dev.redoline.buffer.BufferMetrics;
import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.core.CommitMark;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.ChangeSequence;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the decoded changes of open transactions until LogMiner returns their COMMIT or ROLLBACK,
 * within a memory budget, and publishes committed transactions in commit order.
 *
 * <pre>{@code
 * TransactionBuffer buffer = TransactionBuffer.builder()
 *     .memoryBudgetBytes(256L << 20)
 *     .spillDirectory(Path.of("/var/tmp/redoline"))
 *     .journal(FileTransactionJournal.open(Path.of("/var/lib/redoline/journal")))
 *     .build();
 * buffer.open();                                      // cleans old spill files, loads the journal
 * buffer.begin(xid, scn, address, time, "APP");       // OPERATION_CODE 6
 * buffer.add(xid, change);                            // 1, 2, 3 with ROLLBACK=0
 * buffer.undo(xid, change.rowId(), scn, address);     // DML with ROLLBACK=1
 * buffer.commit(xid, scn, address, time)              // 7
 *     .ifPresent(queue::put);                         // consumer closes it when done
 * buffer.stepApplied(minedScn);                       // journal long-lived ones, drop orphans
 * }</pre>
 *
 * <h2>The LogMiner rows each method handles</h2>
 *
 * <ul>
 *   <li>{@link #begin}: {@code OPERATION_CODE=6} ({@code set transaction read write;}) opens the
 *       transaction. A START for a transaction already open changes nothing
 *       (docs/logminer.md#open-transactions-and-orphans): after a restart it is the START of a
 *       journaled transaction read again, and resetting would lose its journaled changes.
 *   <li>{@link #add}: {@code OPERATION_CODE} 1, 2 or 3 with {@code ROLLBACK=0} appends a change;
 *       without a START seen (mining began inside the transaction) it opens the transaction.
 *   <li>{@link #undo}: a DML row with {@code ROLLBACK=1} (savepoint rollback, statement rollback
 *       after ORA-00001) removes the newest earlier change of the transaction with the same {@code
 *       ROW_ID}, in O(1) for changes in memory and without reading the whole spill file for spilled
 *       ones. {@code update "S"."T" set "A" = '1' where ROWID = 'AAAR3s...';} (ROLLBACK=1) after
 *       {@code update ... set "A" = '2' ...} removes the latter.
 *   <li>{@link #commit}: {@code OPERATION_CODE=7} publishes the live changes in redo order.
 *   <li>{@link #rollback}: {@code OPERATION_CODE=36} drops the transaction.
 * </ul>
 *
 * Rows whose XID ends in {@code ffffffff} are matched by undo segment and slot ({@link
 * Xid#matches}); when several open transactions match, the newest opened wins.
 *
 * <h2>Memory</h2>
 *
 * Every change is accounted at its estimated heap size. Past {@code memoryBudgetBytes} the largest
 * in-memory transactions move to owner-only spill files in {@code spillDirectory}, and their later
 * changes go straight to the file. Spill files are deleted on rollback, on orphan removal, when the
 * consumer closes a {@link PublishedTransaction}, and when a buffer opens. A LOB value too large
 * for the heap is written to a {@link LobFile} of the same directory and the change carries a
 * {@link dev.redoline.core.StreamedLob} over it, accounted at the size of that handle; the file
 * goes with its change, its transaction, or the acknowledgement.
 *
 * <h2>Threads</h2>
 *
 * Every method runs on the single apply thread, in redo order, but {@link #acknowledged}, which the
 * sink's thread calls as an acknowledgement arrives. Only the journal is shared between the two,
 * behind {@code JournalScheduler}'s lock; spill I/O takes no lock, so it never blocks another
 * thread. A {@link PublishedTransaction} may be read and closed on another thread.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because it is the one entry point of the buffer: one public method per LogMiner
 * row kind and per step of the capture's life (open, step applied, acknowledged, orphan check,
 * journal reload, discard), each checking the transaction's state and the budget before it hands
 * the storage to {@code OpenTransaction}, {@code SpillStore} and the journal. About a third of the
 * file is the contract of those methods.
 */
public final class TransactionBuffer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(TransactionBuffer.class);

  private final BufferSettings settings;
  private final OpenTransactionIndex open = new OpenTransactionIndex();
  private final SpillDirectory spillDirectory;
  private final MemoryBudget memory;
  private final JournalScheduler journaling;
  private final OrphanChecks orphanChecks = new OrphanChecks(open);
  private final BufferCounters counters = new BufferCounters();
  private final CommittedLobFiles committedLobs = new CommittedLobFiles();
  private boolean opened;

  private TransactionBuffer(BufferSettings settings) {
    this.settings = settings;
    this.spillDirectory = new SpillDirectory(settings.spillDirectory());
    this.memory =
        new MemoryBudget(settings.memoryBudgetBytes(), spillDirectory, settings.spillBufferBytes());
    this.journaling =
        new JournalScheduler(
            settings.journal(),
            settings.clock(),
            settings.journalAfter(),
            settings.journalAfterLogs());
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Prepares the buffer: creates the spill directory (owner-only), deletes spill files left by an
   * earlier process, and reopens the transactions the journal holds.
   *
   * @throws dev.redoline.core.CdcException CDC-2104 when the directory cannot be prepared or the
   *     journal cannot be read from its storage, CDC-2102 when a journal entry is corrupt
   */
  public void open() {
    requireState(!opened, "open() was already called");
    spillDirectory.prepare();
    opened = true;
    for (JournaledTransaction journaled : journaling.load()) {
      restore(journaled);
    }
  }

  private void restore(JournaledTransaction journaled) {
    TransactionInfo info = journaled.transaction();
    OpenTransaction tx =
        new OpenTransaction(
            info.xid(),
            info.startScn(),
            info.startAddress(),
            info.startTime(),
            info.user(),
            settings.clock().instant());
    track(tx);
    for (Change change : journaled.changes()) {
      appendWithinBudget(tx, change);
    }
    tx.journaledThrough(journaled.upTo(), settings.clock().instant());
    tx.forgetLastScn();
    tx.reloaded = true;
    journaling.noteAddress(journaled.upTo());
  }

  /**
   * The live changes, in order, of {@code xid} when it was reloaded from the journal by {@link
   * #open}: what this run knows of it without having applied its rows (a LOB statement later in it
   * reads the values its earlier changes set). Empty for a transaction this run began, or one not
   * open. A spilled transaction is streamed from its file; the view is valid until the next change
   * is added.
   */
  public Iterable<Change> reloadedChanges(Xid xid) {
    requireOpen();
    OpenTransaction tx = open.find(Objects.requireNonNull(xid, "xid == null"));
    return tx == null || !tx.reloaded ? List.of() : tx.liveChanges();
  }

  /** OPERATION_CODE 6: opens {@code xid}, or does nothing when it is open already. */
  public void begin(Xid xid, Scn scn, RedoAddress address, Instant time, String user) {
    requireOpen();
    Objects.requireNonNull(xid, "xid == null");
    Objects.requireNonNull(scn, "scn == null");
    Objects.requireNonNull(address, "address == null");
    journaling.noteAddress(address);
    if (open.find(xid) != null) {
      LOG.debug("START for open transaction {} at {} changes nothing", xid, address);
      return;
    }
    track(new OpenTransaction(xid, scn, address, time, user, settings.clock().instant()));
  }

  /**
   * The user named by the START row of the open transaction {@code xid} (kept, and journaled, for
   * as long as the transaction is open), or {@code null} when it is not open or was opened by a
   * later row. LogMiner names the user only in rows mined in the same session as the START, so a
   * transaction's later rows cannot be filtered by their own USERNAME.
   */
  public String user(Xid xid) {
    requireOpen();
    OpenTransaction tx = open.find(Objects.requireNonNull(xid, "xid == null"));
    return tx == null ? null : tx.user();
  }

  /** A DML row with ROLLBACK=0: appends {@code change}, opening {@code xid} when unknown. */
  public void add(Xid xid, Change change) {
    requireOpen();
    Objects.requireNonNull(xid, "xid == null");
    Objects.requireNonNull(change, "change == null");
    journaling.noteAddress(change.address());
    OpenTransaction tx = open.find(xid);
    if (tx == null) {
      tx = new OpenTransaction(xid, change.scn(), null, null, null, settings.clock().instant());
      track(tx);
    } else if (tx.coveredByJournal(change.address())) {
      return; // read again after a restart: the journal already holds it
    }
    appendWithinBudget(tx, change);
  }

  private void appendWithinBudget(OpenTransaction tx, Change change) {
    memory.append(tx, change);
    counters.spills += memory.spillWhileOver(open.all());
  }

  /**
   * A DML row with ROLLBACK=1: removes the newest earlier change of {@code xid} with {@code rowId}.
   *
   * @return whether a change was removed; {@code false} is counted as an unmatched undo row
   */
  public boolean undo(Xid xid, String rowId, Scn scn, RedoAddress address) {
    requireOpen();
    Objects.requireNonNull(xid, "xid == null");
    Objects.requireNonNull(rowId, "rowId == null");
    Objects.requireNonNull(address, "address == null");
    journaling.noteAddress(address);
    OpenTransaction tx = open.find(xid);
    if (tx != null && tx.coveredByJournal(address)) {
      return false;
    }
    boolean removed = false;
    if (tx != null) {
      removed = memory.removeNewest(tx, rowId);
      tx.noteRow(address, scn);
    }
    if (removed) {
      counters.partialRollbacks++;
    } else {
      counters.unmatchedUndoRows++;
      LOG.debug("Undo row at {} of {} found no change to remove", address, xid);
    }
    return removed;
  }

  /**
   * A row of {@code xid} that the caller keeps back for now (a DML row whose LOB rows follow, or a
   * LOB row) was read: it counts for the restart position like an applied row. While {@code held},
   * the journal takes only the part of the transaction read before the first row kept back, so the
   * restart position may move up to that row and no further: the journal must not claim rows it
   * does not hold, and a restart reads the kept rows again together. The change such rows make is
   * {@link #add added} later. Opens the transaction when unknown.
   *
   * @return {@code false} when the journal already holds the transaction past the row (read again
   *     after a restart): skip it
   */
  public boolean hold(Xid xid, Scn scn, RedoAddress address, boolean held) {
    requireOpen();
    Objects.requireNonNull(xid, "xid == null");
    Objects.requireNonNull(scn, "scn == null");
    journaling.noteAddress(Objects.requireNonNull(address, "address == null"));
    OpenTransaction tx = open.find(xid);
    if (tx == null) {
      tx = new OpenTransaction(xid, scn, null, null, null, settings.clock().instant());
      track(tx);
    } else if (tx.coveredByJournal(address)) {
      return false;
    }
    if (held) {
      tx.hold(address, scn);
    } else {
      tx.endHold();
    }
    tx.noteRow(address, scn);
    return true;
  }

  /**
   * Whether the journal already holds {@code xid} past {@code address}: a row read again after a
   * restart, which {@link #add}, {@link #undo} and {@link #hold} ignore. Changes nothing.
   */
  public boolean journalHolds(Xid xid, RedoAddress address) {
    requireOpen();
    OpenTransaction tx = open.find(Objects.requireNonNull(xid, "xid == null"));
    return tx != null && tx.coveredByJournal(Objects.requireNonNull(address, "address == null"));
  }

  /** Lets {@code xid} be journaled again once what {@link #hold} kept back was added. */
  public void release(Xid xid) {
    requireOpen();
    OpenTransaction tx = open.find(Objects.requireNonNull(xid, "xid == null"));
    if (tx != null) {
      tx.endHold();
    }
  }

  /**
   * OPERATION_CODE 7: publishes {@code xid}. Empty when the transaction is unknown (its START and
   * changes were before the mined range, or it was dropped as an orphan) or has no live change: the
   * engine still records the commit position.
   */
  public Optional<PublishedTransaction> commit(
      Xid xid, Scn scn, RedoAddress address, Instant time) {
    requireOpen();
    Objects.requireNonNull(scn, "scn == null");
    Objects.requireNonNull(time, "time == null");
    journaling.noteAddress(Objects.requireNonNull(address, "address == null"));
    OpenTransaction tx = untrack(Objects.requireNonNull(xid, "xid == null"));
    if (tx == null) {
      return Optional.empty();
    }
    counters.committed++;
    journaling.committed(tx, new CommitMark(scn, address));
    tx.refineXid(xid);
    if (tx.size() == 0) {
      tx.discard();
      return Optional.empty();
    }
    List<LobFile> lobFiles = tx.takeLobFiles();
    committedLobs.committed(new CommitMark(scn, address), lobFiles);
    ChangeSequence changes = tx.publish();
    Commit commit =
        new Commit(tx.xid(), tx.startScn(), scn, address, time, tx.user(), changes.size());
    return Optional.of(
        new PublishedTransaction(
            commit, changes, changes instanceof SpilledSequence s ? s : null, lobFiles));
  }

  /** OPERATION_CODE 36: drops {@code xid}; whether it was open. */
  public boolean rollback(Xid xid, RedoAddress address) {
    requireOpen();
    journaling.noteAddress(Objects.requireNonNull(address, "address == null"));
    OpenTransaction tx = untrack(Objects.requireNonNull(xid, "xid == null"));
    if (tx == null) {
      return false;
    }
    counters.rolledBack++;
    drop(tx);
    return true;
  }

  /**
   * Drops the open transaction {@code xid} with every change it holds (memory, spill file, journal
   * entry), at an operator's request: what was dropped, or empty when it is not open.
   */
  public Optional<DroppedTransaction> dropOpen(Xid xid) {
    requireOpen();
    OpenTransaction tx = untrack(Objects.requireNonNull(xid, "xid == null"));
    if (tx == null) {
      return Optional.empty();
    }
    DroppedTransaction dropped =
        new DroppedTransaction(tx.xid(), tx.startScn(), tx.size(), tx.firstAddress());
    drop(tx);
    return Optional.of(dropped);
  }

  private void drop(OpenTransaction tx) {
    tx.discard();
    journaling.dropped(tx);
  }

  /**
   * Tells the buffer that the sink acknowledged every transaction committed at or before {@code
   * mark} ({@code whole}: the transaction at {@code mark} too, its last change acknowledged, not
   * one in its middle): journal entries of those transactions are no longer needed for a restart,
   * and go now; the LOB files of the transactions acknowledged whole are deleted, and a {@link
   * dev.redoline.core.StreamedLob} over one reads no more (CDC-5004). The one way an
   * acknowledgement enters the buffer, and the one method of it that runs on another thread than
   * the apply thread: the sink's, as the acknowledgement arrives, while the apply thread may be in
   * the middle of a step, and also before {@link #open} (the start position). So whatever it frees
   * is guarded where it is kept ({@code JournalScheduler}'s lock for the journal, {@code
   * CommittedLobFiles}' own for the LOB files); it touches no open transaction.
   */
  public void acknowledged(CommitMark mark, boolean whole) {
    Objects.requireNonNull(mark, "mark == null");
    journaling.acknowledged(mark, whole);
    committedLobs.acknowledged(mark, whole);
  }

  /**
   * A new, empty LOB file of the open transaction {@code xid} in the spill directory, for a LOB
   * value too large for the heap: deleted with the change that carries its value (an undo row),
   * with the transaction (rollback, orphan, {@link #discardOpen}, {@link #close}), or once the sink
   * acknowledged the committed transaction ({@link #acknowledged}). The transaction is not
   * journaled while it has one.
   *
   * @throws IllegalStateException when {@code xid} is not open
   * @throws dev.redoline.core.CdcException CDC-2104 when the file cannot be created
   */
  public LobFile newLobFile(Xid xid, boolean character) {
    requireOpen();
    OpenTransaction tx = open.find(Objects.requireNonNull(xid, "xid == null"));
    requireState(tx != null, "no open transaction " + xid + " for a LOB file");
    return tx.newLobFile(spillDirectory.newLobFile(tx.xid()), character);
  }

  /**
   * Deletes {@code file} of {@code xid} now: no change carries its value (over the limit, not
   * delivered).
   */
  public void releaseLob(Xid xid, LobFile file) {
    requireOpen();
    OpenTransaction tx = open.find(Objects.requireNonNull(xid, "xid == null"));
    if (tx != null) {
      tx.releaseLob(file);
    } else {
      file.release();
    }
  }

  /**
   * Records the database's active transactions: each open transaction missing from them becomes an
   * orphan unless its COMMIT or ROLLBACK is applied before mining passes {@code active.scn()}.
   */
  public void checkOrphans(ActiveTransactions active) {
    requireOpen();
    Objects.requireNonNull(active, "active == null");
    orphanChecks.check(active);
  }

  /**
   * Called after each applied step with the SCN mining has reached: removes orphans whose snapshot
   * SCN was reached, then journals transactions held open too long.
   */
  public void stepApplied(Scn minedScn) {
    requireOpen();
    Objects.requireNonNull(minedScn, "minedScn == null");
    orphanChecks.resolve(minedScn, this::removeOrphan);
    journaling.journalDue(open.all());
  }

  private void removeOrphan(OpenTransaction tx, Scn snapshotScn) {
    untrack(tx);
    counters.orphans++;
    OrphanEvent event =
        new OrphanEvent(
            tx.xid(), tx.startScn(), tx.size(), tx.firstAddress(), tx.lastAddress(), snapshotScn);
    LOG.warn(
        "Transaction {} is an orphan: not active at SCN {} and no COMMIT or ROLLBACK mined; "
            + "dropped {} changes ({} to {})",
        tx.xid(),
        snapshotScn,
        tx.size(),
        tx.firstAddress(),
        tx.lastAddress());
    drop(tx);
    settings.orphanListener().accept(event);
  }

  /**
   * What the open transactions require of the restart position: per thread the first redo row of
   * the oldest open transaction not covered by the journal, and the lowest SCN among those rows.
   */
  public ResumePoint resumePoint() {
    return journaling.resumePoint(open.all());
  }

  /**
   * The lowest SCN of the last rows of the open transactions whose last row read lies in log {@code
   * sequence} of {@code thread}: a statement that was writing redo when that log switched (an array
   * DML) belongs to such a transaction, and its rows in the next log keep that SCN. Empty when no
   * open transaction's last row is in that log; {@link Scn#ZERO} when some open transaction's last
   * row is not known to this run (reloaded from the journal, no row of it read since).
   */
  public Optional<Scn> lowestLastScnIn(int thread, long sequence) {
    requireOpen();
    Scn lowest = null;
    for (OpenTransaction tx : open.all()) {
      RedoAddress last = tx.lastAddress();
      Scn scn = tx.lastScn();
      if (scn == null && (tx.reloaded || last != null)) {
        return Optional.of(Scn.ZERO);
      }
      if (last != null && last.thread() == thread && last.sequence() == sequence) {
        lowest = lowest == null ? scn : Scn.min(lowest, scn);
      }
    }
    return Optional.ofNullable(lowest);
  }

  /**
   * The heap bytes the buffer accounts {@code change} at (its estimate of the change's size), so
   * that what waits after the buffer can be measured in the same unit; any thread.
   */
  public static long accountedBytes(Change change) {
    return ChangeSizer.estimate(Objects.requireNonNull(change, "change == null"));
  }

  /** A snapshot of the state and counters; apply thread only. */
  public BufferMetrics metrics() {
    return counters.snapshot(open, memory.bytes(), settings.clock());
  }

  /** Spill segments read back by undo rows, summed over open transactions; for tests. */
  long undoSegmentsRead() {
    return open.all().stream().mapToLong(OpenTransaction::segmentsRead).sum();
  }

  /**
   * Drops every open transaction without delivering it, as a rollback would (the journal forgets
   * them too): a capture that starts over at a new SCN no longer mines their redo. Their ids.
   */
  public List<Xid> discardOpen() {
    requireOpen();
    List<Xid> out = new ArrayList<>();
    for (OpenTransaction tx : new ArrayList<>(open.all())) {
      untrack(tx);
      drop(tx);
      out.add(tx.xid());
    }
    orphanChecks.clear();
    return out;
  }

  /**
   * Discards open transactions and their spill files, and the LOB files of committed ones not
   * acknowledged; the journal keeps what it holds.
   */
  @Override
  public void close() {
    for (OpenTransaction tx : new ArrayList<>(open.all())) {
      untrack(tx);
      tx.discard();
    }
    committedLobs.releaseAll();
    orphanChecks.clear();
  }

  // ---- bookkeeping ------------------------------------------------------------------------

  private void track(OpenTransaction tx) {
    open.add(tx);
    memory.tracked();
  }

  private OpenTransaction untrack(Xid xid) {
    OpenTransaction tx = open.find(xid);
    if (tx != null) {
      untrack(tx);
    }
    return tx;
  }

  private void untrack(OpenTransaction tx) {
    open.remove(tx);
    memory.untracked(tx);
  }

  private void requireOpen() {
    requireState(opened, "call open() before applying rows");
  }

  private static void requireState(boolean condition, String message) {
    if (!condition) {
      throw new IllegalStateException(message);
    }
  }

  /**
   * Configures a {@link TransactionBuffer}. Only the spill directory is required.
   *
   * <pre>{@code
   * TransactionBuffer.builder().spillDirectory(dir).memoryBudgetBytes(64L << 20).build();
   * }</pre>
   */
  public static final class Builder {
    private long memoryBudgetBytes = 256L << 20;
    private Path spillDirectory;
    private TransactionJournal journal;
    private Clock clock = Clock.systemUTC();
    private Duration journalAfter = Duration.ofMinutes(5);
    private int journalAfterLogs = 4;
    private Consumer<OrphanEvent> orphanListener = e -> {};
    private int spillBufferBytes = 8192;

    private Builder() {}

    /** Heap for open transactions ({@code cdc.buffer.memory.max.bytes}); 0 spills every change. */
    public Builder memoryBudgetBytes(long bytes) {
      requireArgument(bytes >= 0, "memoryBudgetBytes must be 0 or more: " + bytes);
      this.memoryBudgetBytes = bytes;
      return this;
    }

    /**
     * Where spill files go ({@code cdc.buffer.spill.dir}); created owner-only by {@link #open()}.
     */
    public Builder spillDirectory(Path directory) {
      this.spillDirectory = Objects.requireNonNull(directory, "directory == null");
      return this;
    }

    /** Where long-lived transactions are journaled; none by default (nothing is journaled). */
    public Builder journal(TransactionJournal journal) {
      this.journal = Objects.requireNonNull(journal, "journal == null");
      return this;
    }

    /** The clock for transaction ages; the system UTC clock by default. */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock == null");
      return this;
    }

    /** Journal a transaction open longer than this ({@code cdc.buffer.journal.after.ms}). */
    public Builder journalAfter(Duration age) {
      Objects.requireNonNull(age, "age == null");
      requireArgument(!age.isNegative(), "journalAfter must not be negative: " + age);
      this.journalAfter = age;
      return this;
    }

    /**
     * Journal a transaction whose first un-journaled row is this many logs behind the newest row of
     * its thread ({@code cdc.buffer.journal.after.logs}).
     */
    public Builder journalAfterLogs(int logs) {
      requireArgument(logs >= 1, "journalAfterLogs must be 1 or more: " + logs);
      this.journalAfterLogs = logs;
      return this;
    }

    /** Receives an event for each orphan dropped, on the apply thread. */
    public Builder orphanListener(Consumer<OrphanEvent> listener) {
      this.orphanListener = Objects.requireNonNull(listener, "listener == null");
      return this;
    }

    /** Write buffer of each spill file, in bytes (default 8192). */
    public Builder spillBufferBytes(int bytes) {
      requireArgument(bytes >= 64, "spillBufferBytes must be 64 or more: " + bytes);
      this.spillBufferBytes = bytes;
      return this;
    }

    /** Builds the buffer; no I/O happens before {@link TransactionBuffer#open()}. */
    public TransactionBuffer build() {
      requireState(spillDirectory != null, "spillDirectory is required");
      return new TransactionBuffer(
          new BufferSettings(
              memoryBudgetBytes,
              spillDirectory,
              journal,
              clock,
              journalAfter,
              journalAfterLogs,
              orphanListener,
              spillBufferBytes));
    }

    private static void requireArgument(boolean condition, String message) {
      if (!condition) {
        throw new IllegalArgumentException(message);
      }
    }
  }
}
