package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.SimulatedOracle;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The database's redo: the SCN clock, the threads, the private strands of open transactions, log
 * switches and archiving (docs/logminer.md#what-the-simulator-models, items 1-4 and 7-9).
 *
 * <p>A record gets its SCN when the change is made. It gets its address when it reaches the public
 * log buffer: at once, or, for a transaction in a private strand, at commit, when the strand is
 * full, or when a log switch forces every strand out. It becomes visible to mining when LGWR
 * flushes the buffer: at commit (unless commits do not wait), every LGWR interval, when the buffer
 * passes {@link #FLUSH_THRESHOLD_RECORDS}, before a log switch, or on demand.
 */
public final class RedoLog {

  /*
   * Implementation notes.
   *
   * Past 400 lines because it holds the four clocks of redo that must move together, and splitting
   * them would hand each half the other's state: the SCN (changeScn/nextScn, the SCN-to-time map,
   * and what a lagging RAC instance sees), the threads' buffers and private strands (write,
   * flushStrand, flush), log switches (switchLog, which first empties the thread's strands so that
   * no record outlives its log), and archiving (pending copies per destination, completed by tick
   * when due or at once before a group is reused).
   *
   * Determinism: nothing here reads the wall clock; time is the injected SimulatedClock and the one
   * random choice (whether a change shares the previous SCN) draws from scnTies, a generator of its
   * own, so turning ties on or off changes no other seeded choice of the database.
   *
   * Order of events at a log switch, which mining relies on: strands of the thread's open
   * transactions go to the public buffer, LGWR writes the buffer into the closing log, the group
   * to be reused is archived to DEST_ID 1 first (Oracle waits for it), and only then does the
   * switch take a new SCN, which becomes the closed log's NEXT_CHANGE# and the new one's
   * FIRST_CHANGE#.
   *
   * tick() is called at every gateway call and every clock move: archive copies whose delay has
   * passed complete, each open thread's LGWR writes when its own interval passed, and a thread
   * whose current log holds redo older than ARCHIVE_LAG_TARGET switches.
   */

  /** An archive destination and how long ARCn takes to copy a log there. */
  public static final class Destination {
    private final int id;
    private final String name;
    private final Duration delay;
    private String status = "VALID";
    private final String type = "LOCAL";

    /**
     * Whether its LOCATION is a directory of each RAC node's own disk: the copy of a thread's log
     * is on the node of the instance that archived it (the thread's own), unreadable elsewhere.
     */
    private boolean nodeLocal;

    public Destination(int id, String name, Duration delay) {
      this.id = id;
      this.name = name;
      this.delay = delay;
    }

    public int id() {
      return id;
    }

    public String name() {
      return name;
    }

    public Duration delay() {
      return delay;
    }

    public String status() {
      return status;
    }

    public void status(String status) {
      this.status = status;
    }

    public String type() {
      return type;
    }

    public boolean nodeLocal() {
      return nodeLocal;
    }

    public void nodeLocal(boolean nodeLocal) {
      this.nodeLocal = nodeLocal;
    }
  }

  private record PendingArchive(LogFile log, Destination dest, Instant due) {}

  /** Resetlogs id of the first incarnation (the %r of LOG_ARCHIVE_FORMAT in archive names). */
  static final long RESETLOGS_ID = 1_154_237_462L;

  /** Buffer size (in records) past which LGWR writes without waiting. */
  private static final int FLUSH_THRESHOLD_RECORDS = 10_000;

  /**
   * How the redo is configured at the build; it does not change afterwards.
   *
   * @param archiveLogMode whether filled logs are archived (ARCHIVELOG)
   * @param commitFlushes whether a commit waits for LGWR (COMMIT_WAIT)
   * @param lgwrInterval how often LGWR writes the buffer without a commit asking for it
   * @param archiveLagTarget timed log switch (ARCHIVE_LAG_TARGET); zero for none
   * @param strandCapacity records a private strand holds before it must go to the public buffer
   * @param scnPropagationDelay how long one instance takes to learn the SCNs another instance
   *     generated (RAC's SCN propagation: MAX_COMMIT_PROPAGATION_DELAY before 10.2, broadcast on
   *     commit since); zero: every instance sees CURRENT_SCN at once
   * @param scnTiePercent percent of change records that take the current SCN instead of a new one
   *     (0: every record its own SCN). Oracle moves the SCN at commits and on its own pace, not per
   *     change, so one SCN carries many rows: every row of one statement, and rows of several
   *     transactions and threads (LogMiner rows recorded on a real 23ai RAC database, the public
   *     rophy/OpenLogReplicator suite: three INSERTs of one transaction, and rows of two
   *     transactions, at one SCN)
   * @param scnTies the seeded draws of {@link #changeScn}, apart from every other random choice
   */
  public record Options(
      boolean archiveLogMode,
      boolean commitFlushes,
      Duration lgwrInterval,
      Duration archiveLagTarget,
      int strandCapacity,
      Duration scnPropagationDelay,
      int scnTiePercent,
      java.util.Random scnTies) {}

  private final SimulatedClock clock;
  private final List<RedoThread> threads = new ArrayList<>();
  private final List<RedoThread> threadsView = java.util.Collections.unmodifiableList(threads);
  private final List<Destination> destinations = new ArrayList<>();
  private final List<Destination> destinationsView =
      java.util.Collections.unmodifiableList(destinations);
  private final List<ArchiveCopy> archives = new ArrayList<>();
  private final List<ArchiveCopy> archivesView = java.util.Collections.unmodifiableList(archives);
  private final Set<TxState> openTransactions = new LinkedHashSet<>();
  private final Set<TxState> openTransactionsView =
      java.util.Collections.unmodifiableSet(openTransactions);
  private final List<PendingArchive> pending = new ArrayList<>();
  private long scn;
  private final ScnTimeMap scnTime = new ScnTimeMap();

  /** Every incarnation, oldest first; the last is the current one ({@link Resetlogs}). */
  private final List<DatabaseIncarnation> incarnations = new ArrayList<>();

  private final List<DatabaseIncarnation> incarnationsView =
      java.util.Collections.unmodifiableList(incarnations);

  /** The current incarnation: the logs it writes belong to it. */
  private DatabaseIncarnation incarnation;

  private final boolean archiveLogMode;
  private final boolean commitFlushes;
  private final Duration lgwrInterval;
  private final int strandCapacity;
  private final Duration archiveLagTarget;
  private final Duration scnPropagationDelay;
  private final int scnTiePercent;
  private final java.util.Random scnTies;

  /**
   * Redo bytes LogMiner decoded for every query so far: the records of the added logs inside each
   * session's SCN range. The cost model of {@link SimulatedOracle#redoBytesMined()}.
   */
  private long bytesMined;

  /**
   * The highest SCN at each instant SCNs were taken, while it can still matter to a lagging
   * instance.
   */
  private final java.util.TreeMap<Instant, Long> scnHistory = new java.util.TreeMap<>();

  /** The SCN the database was created at: no instance sees less. */
  private final long startScn;

  public RedoLog(SimulatedClock clock, long startScn, Options options) {
    this.clock = clock;
    this.archiveLogMode = options.archiveLogMode();
    this.commitFlushes = options.commitFlushes();
    this.lgwrInterval = options.lgwrInterval();
    this.archiveLagTarget = options.archiveLagTarget();
    this.strandCapacity = options.strandCapacity();
    this.scnPropagationDelay = options.scnPropagationDelay();
    this.scnTiePercent = options.scnTiePercent();
    this.scnTies = options.scnTies();
    this.scn = startScn;
    this.startScn = startScn;
    this.incarnation =
        new DatabaseIncarnation(
            1,
            1,
            LocalDateTime.ofInstant(clock.instant(), clock.getZone())
                .minusDays(30)
                .truncatedTo(ChronoUnit.SECONDS),
            RESETLOGS_ID,
            null);
    incarnations.add(incarnation);
  }

  /** CURRENT_SCN: the highest SCN the database has given out. */
  public long currentScn() {
    return scn;
  }

  /** The times SCNs were taken at (SCN_TO_TIMESTAMP, TIMESTAMP_TO_SCN). */
  public ScnTimeMap scnTime() {
    return scnTime;
  }

  /** The redo threads, by number (read only). */
  public List<RedoThread> threads() {
    return threadsView;
  }

  /** Adds the next redo thread and opens it (the build). */
  public void addThread(RedoThread t) {
    threads.add(t);
    openThread(t);
  }

  /** The archive destinations, by DEST_ID (read only). */
  public List<Destination> destinations() {
    return destinationsView;
  }

  /** Adds an archive destination (the build). */
  public void addDestination(Destination d) {
    destinations.add(d);
  }

  /** Every archive copy made, in the order made (read only). */
  public List<ArchiveCopy> archives() {
    return archivesView;
  }

  /** The transactions that have begun and not ended, in the order begun (read only). */
  public Set<TxState> openTransactions() {
    return openTransactionsView;
  }

  /** A transaction began: V$TRANSACTION lists it until it ends. */
  void began(TxState tx) {
    openTransactions.add(tx);
  }

  /** A transaction ended (or was lost with its instance's redo): no longer open. */
  void ended(TxState tx) {
    openTransactions.remove(tx);
  }

  /** Every open transaction is gone without a record (OPEN RESETLOGS). */
  void allTransactionsLost() {
    openTransactions.clear();
  }

  /** Every incarnation, oldest first (read only). */
  public List<DatabaseIncarnation> incarnations() {
    return incarnationsView;
  }

  /** The current incarnation: the logs it writes belong to it. */
  public DatabaseIncarnation incarnation() {
    return incarnation;
  }

  /** OPEN RESETLOGS began {@code next}: the logs written from now on belong to it. */
  void resetlogs(DatabaseIncarnation next) {
    incarnations.add(next);
    incarnation = next;
  }

  public boolean archiveLogMode() {
    return archiveLogMode;
  }

  boolean commitFlushes() {
    return commitFlushes;
  }

  /** How often LGWR writes the buffer without a commit asking for it. */
  public Duration lgwrInterval() {
    return lgwrInterval;
  }

  /** Whether change records may share the current SCN ({@link Options#scnTiePercent}). */
  boolean tiesScns() {
    return scnTiePercent > 0;
  }

  /**
   * Redo bytes LogMiner decoded for every query so far ({@link SimulatedOracle#redoBytesMined}).
   */
  public long bytesMined() {
    return bytesMined;
  }

  /**
   * The SCN of a change record (DML, undo, LOB and INTERNAL rows): the current SCN, shared with the
   * record before, for {@link Options#scnTiePercent} of them (seeded), else {@link #nextScn}.
   */
  public long changeScn() {
    if (scnTiePercent > 0 && scn > startScn && scnTies.nextInt(100) < scnTiePercent) {
      return scn;
    }
    return nextScn();
  }

  /** The next SCN: CURRENT_SCN moves forward by one. */
  public long nextScn() {
    ++scn;
    scnTime.note(scn, clock.instant());
    if (!scnPropagationDelay.isZero()) {
      Instant now = clock.instant();
      scnHistory.put(now, scn);
      // Keep the newest entry at or before the propagation horizon and everything after it.
      Instant horizon = scnHistory.floorKey(now.minus(scnPropagationDelay));
      if (horizon != null) {
        scnHistory.headMap(horizon).clear();
      }
    }
    return scn;
  }

  /**
   * CURRENT_SCN as {@code instance} sees it: the SCNs its own thread generated, and the others'
   * once they propagated. With no propagation delay, the database's SCN.
   */
  public long currentScnSeenBy(int instance) {
    if (scnPropagationDelay.isZero()) {
      return scn;
    }
    var known = scnHistory.floorEntry(clock.instant().minus(scnPropagationDelay));
    long seen = known == null ? incarnation.resetlogsScn() : known.getValue();
    for (RedoThread t : threads) {
      if (t.instance() == instance) {
        seen = Math.max(seen, t.generatedScn());
      }
    }
    return Math.min(scn, Math.max(seen, startScn));
  }

  /** Database local time, second precision, as LogMiner's DATE columns show it. */
  public LocalDateTime now() {
    Instant at = clock.instant();
    // Records of one second share one value: a LOB of a gigabyte writes half a million records.
    if (lastNow == null
        || at.getEpochSecond() != lastNowSecond
        || !clock.getZone().equals(lastNowZone)) {
      lastNow = LocalDateTime.ofInstant(at, clock.getZone()).truncatedTo(ChronoUnit.SECONDS);
      lastNowSecond = at.getEpochSecond();
      lastNowZone = clock.getZone();
    }
    return lastNow;
  }

  private LocalDateTime lastNow;
  private long lastNowSecond;
  private java.time.ZoneId lastNowZone;

  public RedoThread thread(int number) {
    for (RedoThread t : threads) {
      if (t.number() == number) {
        return t;
      }
    }
    throw new IllegalArgumentException(
        "No redo thread " + number + " (threads: 1 to " + threads.size() + ")");
  }

  /** Opens thread {@code t}'s first log. */
  private void openThread(RedoThread t) {
    t.lastWrite(clock.instant());
    long at = nextScn();
    t.enableScn(at);
    t.checkpointScn(at);
    t.lastRedoScn(at);
    t.switchLog(at, now(), incarnation);
    t.lastRedoSequence(t.current().sequence());
    t.lastRedoBlock(RedoThread.HEADER_BLOCKS - 1);
    t.lastRedoTime(now());
  }

  /** Writes a record of {@code tx}: into its private strand, or into the public buffer. */
  public void write(RedoRecord record, TxState tx) {
    RedoThread t = thread(record.thread());
    t.generatedScn(Math.max(t.generatedScn(), record.scn()));
    if (tx != null && tx.privateStrand() && !tx.ended()) {
      tx.strand().add(record);
      if (tx.strand().size() >= strandCapacity) {
        flushStrand(tx);
      }
      return;
    }
    t.append(record);
    // A full log cannot take more redo: LGWR writes what it holds and the log switches, so a large
    // transaction (a LOB of gigabytes) spreads over many logs as Oracle's does.
    if (t.buffer().size() >= FLUSH_THRESHOLD_RECORDS || t.full()) {
      flush(t);
    }
  }

  /** Copies a private strand into the public buffer: its records get addresses now. */
  void flushStrand(TxState tx) {
    RedoThread t = thread(tx.writeThread());
    for (RedoRecord r : tx.strand()) {
      t.append(r);
    }
    tx.strand().clear();
  }

  public void flush(RedoThread t) {
    t.flush(now());
    t.lastWrite(clock.instant());
    if (t.full()) {
      switchLog(t);
    }
  }

  /**
   * ALTER SYSTEM SWITCH LOGFILE for one thread: every private strand of the thread is flushed into
   * the current log first, then the log is closed at a new SCN and queued for archiving.
   */
  public void switchLog(RedoThread t) {
    for (TxState tx : openTransactions) {
      if (tx.thread() == t.number() && !tx.strand().isEmpty()) {
        flushStrand(tx);
      }
    }
    t.flush(now());
    archiveBeforeReuse(t.nextToReuse());
    long at = nextScn();
    t.generatedScn(Math.max(t.generatedScn(), at));
    LogFile closed = t.switchLog(at, now(), incarnation);
    t.checkpointScn(at);
    if (closed != null && archiveLogMode) {
      for (Destination d : destinations) {
        pending.add(new PendingArchive(closed, d, clock.instant().plus(d.delay)));
      }
    }
  }

  /**
   * Oracle does not reuse an online group before the mandatory destination (DEST_ID 1) has archived
   * it: the switch waits for ARCn. Simulated time does not stop, so the copy completes now, earlier
   * than its delay. Other destinations keep their own lag.
   */
  private void archiveBeforeReuse(LogFile reused) {
    if (reused == null) {
      return;
    }
    for (PendingArchive p : List.copyOf(pending)) {
      if (p.log == reused && p.dest.id == 1) {
        complete(p);
      }
    }
  }

  private void complete(PendingArchive p) {
    pending.remove(p);
    String name =
        String.format(
            "/u01/arch/dest%d/%d_%d_%d.arc",
            p.dest.id, p.log.thread(), p.log.sequence(), p.log.incarnation().resetlogsId());
    archives.add(new ArchiveCopy(p.dest.id, name, p.log));
    p.log.archived(true);
  }

  /** Runs what is due at the current simulated time: archive copies, LGWR timer, timed switches. */
  public void tick() {
    Instant now = clock.instant();
    List<PendingArchive> done = new ArrayList<>();
    for (PendingArchive p : pending) {
      if (!p.due.isAfter(now)) {
        done.add(p);
      }
    }
    for (PendingArchive p : done) {
      complete(p);
    }
    if (!lgwrInterval.isZero()) {
      // Each instance's LGWR has its own timer: another thread's write does not postpone it.
      for (RedoThread t : threads) {
        if (t.open()
            && (t.lastWrite() == null || !now.isBefore(t.lastWrite().plus(lgwrInterval)))) {
          flush(t);
          t.lastWrite(now);
        }
      }
    }
    if (!archiveLagTarget.isZero()) {
      for (RedoThread t : threads) {
        LogFile current = t.current();
        if (t.open()
            && current != null
            && current.bytes() > (long) RedoThread.HEADER_BLOCKS * t.blockSize()
            && current.firstTime().plus(archiveLagTarget).isBefore(now())) {
          switchLog(t);
        }
      }
    }
  }

  /** Archives {@code log} at every destination now, whatever their delays. */
  void archiveNow(LogFile log) {
    for (Destination d : destinations) {
      pending.add(new PendingArchive(log, d, clock.instant()));
    }
    archivePendingNow();
  }

  /** Completes every archive copy still pending, whatever its delay (OPEN RESETLOGS does). */
  void archivePendingNow() {
    for (PendingArchive p : List.copyOf(pending)) {
      complete(p);
    }
  }

  /**
   * Forgets the SCNs above {@code scn}: the database goes back to it (FLASHBACK DATABASE, recovery
   * until it), and the SCNs of the new incarnation start again right above it.
   */
  void rewindTo(long scn) {
    this.scn = scn;
    scnTime.forgetAbove(scn);
    scnHistory.clear();
    for (RedoThread t : threads) {
      t.generatedScn(Math.min(t.generatedScn(), scn));
    }
  }

  /** Archive copies of (thread, sequence) of the current incarnation at every destination. */
  public List<ArchiveCopy> archivesOf(int thread, long sequence) {
    List<ArchiveCopy> out = new ArrayList<>();
    for (ArchiveCopy c : archives) {
      if (c.log().thread() == thread
          && c.log().sequence() == sequence
          && c.log().incarnation() == incarnation) {
        out.add(c);
      }
    }
    return out;
  }

  /** A mining query decoded {@code bytes} more bytes of redo. */
  void mined(long bytes) {
    bytesMined += bytes;
  }

  /** Every log of every thread, in (thread, sequence) order. */
  List<LogFile> allLogs() {
    List<LogFile> out = new ArrayList<>();
    for (RedoThread t : threads) {
      out.addAll(t.logs());
    }
    return out;
  }
}
