package dev.redoline.buffer;

import dev.redoline.core.Change;
import dev.redoline.core.ChangeSequence;
import dev.redoline.core.Commit;
import dev.redoline.core.CommitMark;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Transaction;
import dev.redoline.core.Xid;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
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
 * <ul>
 *   <li>{@link #begin}: {@code OPERATION_CODE=6} ({@code set transaction read write;}) opens the
 *       transaction. A START for a transaction already open changes nothing (LOGMINER.md section
 *       8): after a restart it is the START of a journaled transaction read again, and resetting
 *       would lose its journaled changes.
 *   <li>{@link #add}: {@code OPERATION_CODE} 1, 2 or 3 with {@code ROLLBACK=0} appends a change;
 *       without a START seen (mining began inside the transaction) it opens the transaction.
 *   <li>{@link #undo}: a DML row with {@code ROLLBACK=1} (savepoint rollback, statement rollback
 *       after ORA-00001) removes the newest earlier change of the transaction with the same
 *       {@code ROW_ID}, in O(1) for changes in memory and without reading the whole spill file
 *       for spilled ones. {@code update "S"."T" set "A" = '1' where ROWID = 'AAAR3s...';}
 *       (ROLLBACK=1) after {@code update ... set "A" = '2' ...} removes the latter.
 *   <li>{@link #commit}: {@code OPERATION_CODE=7} publishes the live changes in redo order.
 *   <li>{@link #rollback}: {@code OPERATION_CODE=36} drops the transaction.
 * </ul>
 * Rows whose XID ends in {@code ffffffff} are matched by undo segment and slot
 * ({@link Xid#matches}); when several open transactions match, the newest opened wins.
 *
 * <h2>Memory</h2>
 * Every change is accounted at its estimated heap size. Past {@code memoryBudgetBytes} the
 * largest in-memory transactions move to owner-only spill files in {@code spillDirectory}, and
 * their later changes go straight to the file. Spill files are deleted on rollback, on orphan
 * removal, when the consumer closes a {@link PublishedTransaction}, and when a buffer opens.
 *
 * <h2>Threads</h2>
 * Every method runs on the single apply thread, in redo order; the class holds no locks, so spill
 * I/O never blocks another thread. A {@link PublishedTransaction} may be read and closed on
 * another thread.
 */
public final class TransactionBuffer implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(TransactionBuffer.class);

  private final Settings settings;
  private final HashMap<Xid, OpenTransaction> byXid = new HashMap<>();
  private final HashMap<Xid, List<OpenTransaction>> bySlot = new HashMap<>();
  private final Map<Integer, Long> latestSequence = new HashMap<>();
  private final Deque<PendingRemoval> journaledCommits = new ArrayDeque<>();
  private final List<OrphanCheck> orphanChecks = new ArrayList<>();
  private final Counters counters = new Counters();
  private final SpillDirectory spillDirectory;
  private long memoryBytes;
  private int inMemoryTransactions;
  private boolean opened;

  private TransactionBuffer(Settings settings) {
    this.settings = settings;
    this.spillDirectory = new SpillDirectory(settings.spillDirectory());
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * Prepares the buffer: creates the spill directory (owner-only), deletes spill files left by an
   * earlier process, and reopens the transactions the journal holds.
   *
   * @throws dev.redoline.core.CdcException CDC-2101 when the directory cannot be prepared,
   *     CDC-2102 when the journal cannot be read
   */
  public void open() {
    requireState(!opened, "open() was already called");
    spillDirectory.prepare();
    opened = true;
    if (settings.journal() != null) {
      for (JournaledTransaction journaled : settings.journal().load()) {
        restore(journaled);
      }
    }
  }

  private void restore(JournaledTransaction journaled) {
    TransactionInfo info = journaled.transaction();
    OpenTransaction tx = new OpenTransaction(info.xid(), info.startScn(), info.startAddress(),
        info.startTime(), info.user(), settings.clock().instant());
    track(tx);
    for (Change change : journaled.changes()) {
      append(tx, change);
      if (memoryBytes > settings.memoryBudgetBytes() && inMemoryTransactions > 0) {
        spillLargest();
      }
    }
    tx.journaledThrough(journaled.upTo(), settings.clock().instant());
    noteAddress(journaled.upTo());
  }

  /** OPERATION_CODE 6: opens {@code xid}, or does nothing when it is open already. */
  public void begin(Xid xid, Scn scn, RedoAddress address, Instant time, String user) {
    requireOpen();
    Objects.requireNonNull(xid, "xid == null");
    Objects.requireNonNull(scn, "scn == null");
    Objects.requireNonNull(address, "address == null");
    noteAddress(address);
    if (find(xid) != null) {
      LOG.debug("START for open transaction {} at {} changes nothing", xid, address);
      return;
    }
    track(new OpenTransaction(xid, scn, address, time, user, settings.clock().instant()));
  }

  /** A DML row with ROLLBACK=0: appends {@code change}, opening {@code xid} when unknown. */
  public void add(Xid xid, Change change) {
    requireOpen();
    Objects.requireNonNull(xid, "xid == null");
    Objects.requireNonNull(change, "change == null");
    noteAddress(change.address());
    OpenTransaction tx = find(xid);
    if (tx == null) {
      tx = new OpenTransaction(xid, change.scn(), null, null, null, settings.clock().instant());
      track(tx);
    } else if (tx.coveredByJournal(change.address())) {
      return; // read again after a restart: the journal already holds it
    }
    append(tx, change);
    if (memoryBytes > settings.memoryBudgetBytes() && inMemoryTransactions > 0) {
      spillLargest();
    }
  }

  private void append(OpenTransaction tx, Change change) {
    long before = tx.memoryBytes();
    tx.add(change);
    memoryBytes += tx.memoryBytes() - before;
  }

  /**
   * A DML row with ROLLBACK=1: removes the newest earlier change of {@code xid} with
   * {@code rowId}.
   *
   * @return whether a change was removed; {@code false} is counted as an unmatched undo row
   */
  public boolean undo(Xid xid, String rowId, Scn scn, RedoAddress address) {
    requireOpen();
    Objects.requireNonNull(xid, "xid == null");
    Objects.requireNonNull(rowId, "rowId == null");
    Objects.requireNonNull(address, "address == null");
    noteAddress(address);
    OpenTransaction tx = find(xid);
    if (tx != null && tx.coveredByJournal(address)) {
      return false;
    }
    boolean removed = false;
    if (tx != null) {
      long before = tx.memoryBytes();
      removed = tx.removeNewest(rowId);
      memoryBytes += tx.memoryBytes() - before;
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
   * OPERATION_CODE 7: publishes {@code xid}. Empty when the transaction is unknown (its START and
   * changes were before the mined range, or it was dropped as an orphan) or has no live change:
   * the engine still records the commit position.
   */
  public Optional<PublishedTransaction> commit(Xid xid, Scn scn, RedoAddress address, Instant time) {
    requireOpen();
    Objects.requireNonNull(scn, "scn == null");
    Objects.requireNonNull(time, "time == null");
    noteAddress(Objects.requireNonNull(address, "address == null"));
    OpenTransaction tx = untrack(Objects.requireNonNull(xid, "xid == null"));
    if (tx == null) {
      return Optional.empty();
    }
    counters.committed++;
    if (tx.journaled()) {
      journaledCommits.add(new PendingRemoval(new CommitMark(scn, address), tx.xid()));
    }
    tx.refineXid(xid);
    if (tx.size() == 0) {
      tx.discard();
      return Optional.empty();
    }
    ChangeSequence changes = tx.publish();
    Commit commit = new Commit(tx.xid(), tx.startScn(), scn, address, time, tx.user(), changes.size());
    return Optional.of(new PublishedTransaction(new Transaction(commit, changes),
        changes instanceof SpilledSequence s ? s : null));
  }

  /** OPERATION_CODE 36: drops {@code xid}; whether it was open. */
  public boolean rollback(Xid xid, RedoAddress address) {
    requireOpen();
    noteAddress(Objects.requireNonNull(address, "address == null"));
    OpenTransaction tx = untrack(Objects.requireNonNull(xid, "xid == null"));
    if (tx == null) {
      return false;
    }
    counters.rolledBack++;
    drop(tx);
    return true;
  }

  private void drop(OpenTransaction tx) {
    tx.discard();
    if (tx.journaled() && settings.journal() != null) {
      settings.journal().remove(tx.xid());
    }
  }

  /**
   * Tells the buffer that the sink acknowledged every transaction committed at or before
   * {@code mark}: journal entries of those transactions are no longer needed for a restart.
   */
  public void acknowledged(CommitMark mark) {
    requireOpen();
    Objects.requireNonNull(mark, "mark == null");
    while (!journaledCommits.isEmpty() && journaledCommits.peek().mark().compareTo(mark) <= 0) {
      settings.journal().remove(journaledCommits.poll().xid());
    }
  }

  /**
   * Records the database's active transactions: each open transaction missing from them becomes
   * an orphan unless its COMMIT or ROLLBACK is applied before mining passes {@code active.scn()}.
   */
  public void checkOrphans(ActiveTransactions active) {
    requireOpen();
    Objects.requireNonNull(active, "active == null");
    Set<OpenTransaction> suspects = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    for (OpenTransaction tx : byXid.values()) {
      if (!active.contains(tx.xid()) && tx.startScn().isBefore(active.scn())) {
        suspects.add(tx);
      }
    }
    if (!suspects.isEmpty()) {
      orphanChecks.add(new OrphanCheck(active.scn(), suspects));
    }
  }

  /**
   * Called after each applied step with the SCN mining has reached: removes orphans whose
   * snapshot SCN was reached, then journals transactions held open too long.
   */
  public void stepApplied(Scn minedScn) {
    requireOpen();
    Objects.requireNonNull(minedScn, "minedScn == null");
    resolveOrphans(minedScn);
    if (settings.journal() != null) {
      journalDue();
    }
  }

  private void resolveOrphans(Scn minedScn) {
    for (var it = orphanChecks.iterator(); it.hasNext(); ) {
      OrphanCheck check = it.next();
      if (minedScn.isBefore(check.scn())) {
        continue;
      }
      it.remove();
      for (OpenTransaction tx : check.suspects()) {
        if (byXid.get(tx.xid()) == tx) {
          removeOrphan(tx, check.scn());
        }
      }
    }
  }

  private void removeOrphan(OpenTransaction tx, Scn snapshotScn) {
    untrack(tx);
    counters.orphans++;
    OrphanEvent event = new OrphanEvent(tx.xid(), tx.startScn(), tx.size(), tx.firstAddress(),
        tx.lastAddress(), snapshotScn);
    LOG.warn("Transaction {} is an orphan: not active at SCN {} and no COMMIT or ROLLBACK mined; "
        + "dropped {} changes ({} to {})", tx.xid(), snapshotScn, tx.size(), tx.firstAddress(),
        tx.lastAddress());
    drop(tx);
    settings.orphanListener().accept(event);
  }

  private void journalDue() {
    Instant now = settings.clock().instant();
    for (OpenTransaction tx : byXid.values()) {
      RedoAddress first = tx.firstUnjournaled();
      if (first == null) {
        continue;
      }
      Instant since = tx.journaled() ? tx.journaledAt() : tx.openedAt();
      boolean old = Duration.between(since, now).compareTo(settings.journalAfter()) >= 0;
      long behind = latestSequence.getOrDefault(first.thread(), first.sequence()) - first.sequence();
      if (old || behind >= settings.journalAfterLogs()) {
        settings.journal().append(tx.journalEntry());
        tx.journaledThrough(tx.lastAddress(), now);
      }
    }
  }

  /**
   * What the open transactions require of the restart position: per thread the first redo row of
   * the oldest open transaction not covered by the journal, and the lowest SCN among those rows.
   */
  public ResumePoint resumePoint() {
    Map<Integer, RedoAddress> addresses = new HashMap<>();
    Scn scn = null;
    for (OpenTransaction tx : byXid.values()) {
      RedoAddress first = tx.firstUnjournaled();
      if (first == null) {
        continue;
      }
      addresses.merge(first.thread(), first, (a, b) -> a.compareTo(b) <= 0 ? a : b);
      Scn txScn = tx.unjournaledScn();
      scn = scn == null ? txScn : Scn.min(scn, txScn);
    }
    return addresses.isEmpty() ? ResumePoint.NONE : new ResumePoint(Optional.ofNullable(scn), addresses);
  }

  /** A snapshot of the state and counters; apply thread only. */
  public BufferMetrics metrics() {
    long changes = 0;
    long disk = 0;
    int spilled = 0;
    int journaled = 0;
    Instant oldestOpen = null;
    Scn oldestScn = null;
    for (OpenTransaction tx : byXid.values()) {
      changes += tx.size();
      disk += tx.diskBytes();
      spilled += tx.spilled() ? 1 : 0;
      journaled += tx.journaled() ? 1 : 0;
      oldestOpen = oldestOpen == null || tx.openedAt().isBefore(oldestOpen) ? tx.openedAt() : oldestOpen;
      oldestScn = oldestScn == null ? tx.startScn() : Scn.min(oldestScn, tx.startScn());
    }
    Optional<Duration> age = Optional.ofNullable(oldestOpen)
        .map(t -> Duration.between(t, settings.clock().instant()));
    return new BufferMetrics(byXid.size(), changes, memoryBytes, disk, age,
        Optional.ofNullable(oldestScn), spilled, journaled, counters.committed, counters.rolledBack,
        counters.orphans, counters.partialRollbacks, counters.unmatchedUndoRows, counters.spills);
  }

  /** Spill segments read back by undo rows, summed over open transactions; for tests. */
  long undoSegmentsRead() {
    return byXid.values().stream().mapToLong(OpenTransaction::segmentsRead).sum();
  }

  /** Discards open transactions and their spill files; the journal keeps what it holds. */
  @Override
  public void close() {
    for (OpenTransaction tx : new ArrayList<>(byXid.values())) {
      untrack(tx);
      tx.discard();
    }
    orphanChecks.clear();
  }

  // ---- bookkeeping ------------------------------------------------------------------------

  private void spillLargest() {
    while (memoryBytes > settings.memoryBudgetBytes() && inMemoryTransactions > 0) {
      OpenTransaction largest = null;
      for (OpenTransaction tx : byXid.values()) {
        if (!tx.spilled() && (largest == null || tx.memoryBytes() > largest.memoryBytes())) {
          largest = tx;
        }
      }
      if (largest.size() == 0) {
        return; // only spill files' own buffers are left over budget; an empty file frees nothing
      }
      long before = largest.memoryBytes();
      largest.spillTo(spillDirectory.newFile(largest.xid()), settings.spillBufferBytes());
      memoryBytes += largest.memoryBytes() - before;
      inMemoryTransactions--;
      counters.spills++;
    }
  }

  private void noteAddress(RedoAddress address) {
    latestSequence.merge(address.thread(), address.sequence(), Math::max);
  }

  private OpenTransaction find(Xid xid) {
    OpenTransaction tx = byXid.get(xid);
    if (tx != null) {
      return tx;
    }
    List<OpenTransaction> sameSlot = bySlot.get(xid.slotOnly());
    if (sameSlot == null) {
      return null;
    }
    for (int i = sameSlot.size() - 1; i >= 0; i--) {
      OpenTransaction candidate = sameSlot.get(i);
      if (candidate.xid().matches(xid)) {
        return candidate;
      }
    }
    return null;
  }

  private void track(OpenTransaction tx) {
    byXid.put(tx.xid(), tx);
    bySlot.computeIfAbsent(tx.xid().slotOnly(), k -> new ArrayList<>(1)).add(tx);
    inMemoryTransactions++;
  }

  private OpenTransaction untrack(Xid xid) {
    OpenTransaction tx = find(xid);
    if (tx != null) {
      untrack(tx);
    }
    return tx;
  }

  private void untrack(OpenTransaction tx) {
    byXid.remove(tx.xid());
    List<OpenTransaction> sameSlot = bySlot.get(tx.xid().slotOnly());
    sameSlot.remove(tx);
    if (sameSlot.isEmpty()) {
      bySlot.remove(tx.xid().slotOnly());
    }
    memoryBytes -= tx.memoryBytes();
    if (!tx.spilled()) {
      inMemoryTransactions--;
    }
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
    private Consumer<OrphanEvent> orphanListener = e -> { };
    private int spillBufferBytes = 8192;

    private Builder() {}

    /** Heap for open transactions ({@code cdc.buffer.memory.max.bytes}); 0 spills every change. */
    public Builder memoryBudgetBytes(long bytes) {
      requireArgument(bytes >= 0, "memoryBudgetBytes must be 0 or more: " + bytes);
      this.memoryBudgetBytes = bytes;
      return this;
    }

    /** Where spill files go ({@code cdc.buffer.spill.dir}); created owner-only by {@link #open()}. */
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
     * Journal a transaction whose first un-journaled row is this many logs behind the newest row
     * of its thread ({@code cdc.buffer.journal.after.logs}).
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
      return new TransactionBuffer(new Settings(memoryBudgetBytes, spillDirectory, journal, clock,
          journalAfter, journalAfterLogs, orphanListener, spillBufferBytes));
    }

    private static void requireArgument(boolean condition, String message) {
      if (!condition) {
        throw new IllegalArgumentException(message);
      }
    }
  }

  private record Settings(long memoryBudgetBytes, Path spillDirectory, TransactionJournal journal,
      Clock clock, Duration journalAfter, int journalAfterLogs, Consumer<OrphanEvent> orphanListener,
      int spillBufferBytes) {}

  private record PendingRemoval(CommitMark mark, Xid xid) {}

  private record OrphanCheck(Scn scn, Set<OpenTransaction> suspects) {}

  /** Event counters since the buffer opened. */
  private static final class Counters {
    long committed;
    long rolledBack;
    long orphans;
    long partialRollbacks;
    long unmatchedUndoRows;
    long spills;
  }
}
