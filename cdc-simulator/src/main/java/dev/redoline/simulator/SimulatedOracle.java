package dev.redoline.simulator;

import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.internal.jdbc.SimulatedDatabases;
import dev.redoline.simulator.internal.oracle.Catalog;
import dev.redoline.simulator.internal.oracle.Database;
import dev.redoline.simulator.internal.oracle.Instances;
import dev.redoline.simulator.internal.oracle.RedoLog;
import dev.redoline.simulator.internal.oracle.RedoThread;
import dev.redoline.simulator.internal.oracle.Resetlogs;
import dev.redoline.simulator.internal.oracle.Settings;
import dev.redoline.simulator.internal.oracle.SimulatedClock;
import dev.redoline.simulator.internal.oracle.Transaction;
import dev.redoline.simulator.internal.oracle.TransactionTable;
import dev.redoline.simulator.internal.sql.DictionaryViews;
import dev.redoline.simulator.internal.workload.Workloads;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/**
 * A simulated Oracle database with LogMiner: the redo, the dictionary and a workload API, reached
 * by clients only through JDBC ({@link SimulatorDriver}). Deterministic: one seed and one simulated
 * clock; nothing ever sleeps, and the same calls with the same seed give the same rows.
 *
 * <pre>{@code
 * SimulatedOracle oracle = SimulatedOracle.builder().seed(42).threads(2).build();
 * TableId customers = oracle.createTable(TableLayout.builder(TableId.of("SHOP", "CUSTOMERS"), 1)
 *     .column("ID", OracleType.number(10, 0), false)
 *     .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 100), true)
 *     .primaryKey("ID").build());
 * SimulatedTransaction tx = oracle.begin();
 * tx.insert(customers, 1L, "Ada");
 * tx.commit();
 * oracle.switchLogfile(1);                 // log switch; archived after the destination's delay
 * oracle.advance(Duration.ofSeconds(5));   // time moves, archives appear, a workload runs
 * try (Connection c = DriverManager.getConnection(oracle.url(), "c##redoline", "x")) {
 *   ...                                    // V$ views, DBMS_LOGMNR calls, V$LOGMNR_CONTENTS
 * }
 * }</pre>
 *
 * <p>Named workloads: {@link #forUrl(String)} with {@code demo} or {@code stress}; the workload
 * runs as {@link #advance(Duration)} moves time, or by itself in real time ({@link RealTime}).
 * Faults are planned with {@link #faults()}. The JDBC connections of a database take its lock
 * ({@code synchronized} on this object) for every statement and fetch; a test that drives the
 * database from another thread while a client is connected takes the same lock, or queues its work
 * in the workload, which runs under it.
 *
 * <h2>Implementation notes</h2>
 *
 * Half of this file is {@link Builder}: one documented knob per real-Oracle behaviour the simulator
 * can show (RAC threads, LGWR timing, archive destinations, platform byte order, containers, undo
 * retention, LOB forms...), kept beside the facade they configure. The constructor builds the
 * model's parts (clock, redo, catalog, instances, transaction table) and hands each the others it
 * uses; the facade only delegates to them, to {@link SchemaChanges}, {@link SpecialRedo} and {@link
 * Faults}. Connections reach the same parts through the driver's registry (an internal {@code
 * Database} that opens sessions), never through this object, whose monitor is still the lock they
 * take.
 */
public final class SimulatedOracle {

  private final SimulatedClock clock;
  private final Settings settings;
  private final RedoLog redo;
  private final Catalog catalog;
  private final Instances instances;
  private final TransactionTable transactions;
  private final Database db;
  private final Faults faults;
  private final SchemaChanges schema;
  private final SpecialRedo special;
  private Workload workload;
  private volatile boolean drivenInRealTime;

  private SimulatedOracle(Builder b) {
    this.clock = new SimulatedClock(b.start, b.zone);
    this.settings = b.settings;
    this.redo =
        new RedoLog(
            clock,
            b.startScn,
            new RedoLog.Options(
                b.archiveLogMode,
                b.commitFlushes,
                b.lgwrInterval,
                b.archiveLagTarget,
                b.strandCapacity,
                b.scnPropagationDelay,
                b.scnTiePercent,
                new Random(b.seed ^ 0x2545F4914F6CDD1DL)));
    this.catalog = new Catalog(!b.pdbs.isEmpty(), b.pdbs);
    this.instances = new Instances(redo);
    this.faults = new Faults(this, new Random(b.seed ^ 0x5DEECE66DL));
    this.schema = new SchemaChanges(catalog, redo, clock, settings, faults::before);
    this.transactions =
        new TransactionTable(
            redo, catalog, settings, clock, instances, schema::addPartitionAutomatically);
    this.special = new SpecialRedo(redo, catalog, instances, transactions);
    this.db =
        new Database(
            this,
            clock,
            settings,
            redo,
            catalog,
            instances,
            faults::before,
            () -> drivenInRealTime);
    int destId = 1;
    for (Duration delay : b.destinationDelays) {
      redo.addDestination(new RedoLog.Destination(destId, "LOG_ARCHIVE_DEST_" + destId, delay));
      destId++;
    }
    for (int t = 1; t <= b.threads; t++) {
      RedoThread thread =
          new RedoThread(
              t, b.blockSize, b.groupsPerThread, b.logBytes, (t - 1) * b.groupsPerThread + 1);
      thread.rewritesPartialBlocks(b.rewritesPartialBlocks);
      redo.addThread(thread);
    }
  }

  /** A builder with one thread, three 1 MiB groups, one archive destination, no PDBs. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A new database running the workload a simulator URL names, in simulated time from {@code
   * 2024-03-01T09:00:00Z}: {@code jdbc:redoline:sim:demo} (a small shop with steady traffic) or
   * {@code jdbc:redoline:sim:stress} (two RAC threads, concurrent and huge transactions, private
   * strands, frequent log switches, faults). An optional {@code ?seed=N} picks the seed. Connecting
   * to such a URL through the driver instead gives the one shared database of that name, running in
   * real time.
   *
   * @throws IllegalArgumentException naming the URL when it is not a simulator URL or the workload
   *     is unknown
   */
  public static SimulatedOracle forUrl(String url) {
    return Workloads.forUrl(url);
  }

  /** The simulated clock; it moves only with {@link #advance(Duration)}. */
  public Clock clock() {
    return clock;
  }

  /**
   * Sets LogMiner's pace from now on, as {@link Builder#logMinerPace} does at the build (a workload
   * URL's {@code ?pace=}); null: LogMiner works in no simulated time.
   */
  public SimulatedOracle logMinerPace(LogMinerPace pace) {
    db.logMinerPace(pace);
    return this;
  }

  /** Tells paced LogMiner calls whether a {@link RealTime} moves the clock. */
  void drivenInRealTime(boolean driven) {
    drivenInRealTime = driven;
  }

  /** Switches each thread whose online logs a session added until those groups are reused. */
  void reuseOnlineLogsReadBySessions() {
    instances.reuseOnlineLogsReadBySessions();
  }

  /** CURRENT_SCN. */
  public long currentScn() {
    return redo.currentScn();
  }

  /**
   * Redo bytes LogMiner decoded for all queries of all sessions so far: the records of the added
   * logs between each session's start and end SCN. A session that starts at an online log's first
   * SCN decodes all of it again on every query; one that starts later decodes less.
   */
  public long redoBytesMined() {
    return redo.bytesMined();
  }

  /** The fault plan: errors and state changes at an exact call, an exact row, or by probability. */
  public Faults faults() {
    return faults;
  }

  /** Replication markers, empty-transaction commits and corrupt redo (requirement 27). */
  public SpecialRedo special() {
    return special;
  }

  /** DDL and partition maintenance on the simulated dictionary. */
  public SchemaChanges schema() {
    return schema;
  }

  /**
   * Chooses how SQL_REDO writes BOOLEAN and VECTOR values from now on (mined rows are rendered when
   * read): which form LogMiner writes is not confirmed, so tests try each (docs/simulator.md).
   */
  public SimulatedOracle oracle23aiForms(Oracle23aiForms forms) {
    settings.oracle23aiForms(forms);
    return this;
  }

  /** Attaches the workload that {@link #advance(Duration)} runs. */
  public SimulatedOracle workload(Workload workload) {
    this.workload = Objects.requireNonNull(workload, "workload == null");
    return this;
  }

  /**
   * The current rows of a live table, in the order they were inserted (the table's contents now); a
   * {@link GeneratedLob} cell is given as its bytes.
   *
   * @throws IllegalStateException for a generated LOB longer than {@link
   *     GeneratedLob#MAX_MATERIALISED_BYTES}: compare with {@link #generatedLob} instead
   */
  public List<dev.redoline.core.Row> rows(TableId table) {
    return catalog.table(table).currentRows();
  }

  /**
   * The current values of one row of a live table (LOB columns whole), or {@code null} when it has
   * none; thrown as by {@link #rows}.
   */
  public dev.redoline.core.Row row(TableId table, String rowId) {
    Objects.requireNonNull(rowId, "rowId == null");
    return catalog.table(table).currentRowOrNull(rowId);
  }

  /**
   * The {@link GeneratedLob} one row's column holds now, or {@code null} when it holds other
   * content.
   */
  public GeneratedLob generatedLob(TableId table, String rowId, String column) {
    Objects.requireNonNull(rowId, "rowId == null");
    return catalog.table(table).generatedLob(rowId, column);
  }

  /** Shortcut for {@code schema().createTable(layout)}. */
  public TableId createTable(TableLayout layout) {
    return schema.createTable(layout);
  }

  /**
   * Moves simulated time forward in steps of at most 100 ms; at each step the workload runs, LGWR
   * writes on its timer, archives whose delay has passed appear, timed log switches happen.
   */
  public void advance(Duration duration) {
    Objects.requireNonNull(duration, "duration == null");
    Duration left = duration;
    Duration step = Duration.ofMillis(100);
    while (!left.isZero() && !left.isNegative()) {
      Duration d = left.compareTo(step) < 0 ? left : step;
      clock.advance(d);
      left = left.minus(d);
      if (workload != null) {
        workload.run(this, d);
      }
      redo.tick();
    }
  }

  /** Starts a transaction on thread 1 as user {@code APP}, without a private strand. */
  public SimulatedTransaction begin() {
    return newTransaction().begin();
  }

  /** Options for a new transaction: thread, user, private strand. */
  public TransactionOptions newTransaction() {
    return new TransactionOptions(redo, transactions);
  }

  /**
   * Commits the transactions at one SCN (requirement 10): several COMMIT rows with the same SCN, in
   * the order given.
   */
  public void commitTogether(SimulatedTransaction... together) {
    List<Transaction> txs = new ArrayList<>();
    for (SimulatedTransaction tx : together) {
      txs.add(tx.transaction());
    }
    transactions.commit(txs);
  }

  /** The transactions not yet ended. */
  public List<SimulatedTransaction> openTransactions() {
    List<SimulatedTransaction> open = new ArrayList<>();
    for (Transaction tx : transactions.open()) {
      open.add(SimulatedTransaction.of(tx));
    }
    return List.copyOf(open);
  }

  /**
   * {@code ALTER SYSTEM SWITCH LOGFILE} on one thread: private strands and the buffer are flushed
   * first.
   */
  public void switchLogfile(int thread) {
    redo.switchLog(redo.thread(thread));
  }

  /**
   * {@code ALTER DATABASE ENABLE PRIVATE THREAD n} ({@code "PRIVATE"}), {@code ENABLE PUBLIC THREAD
   * n} ({@code "PUBLIC"}) or {@code DISABLE THREAD n} ({@code "DISABLED"}): V$THREAD.ENABLED. The
   * thread's redo, written and archived, stays where it is.
   */
  public void threadEnabled(int thread, String enabled) {
    if (!List.of("PUBLIC", "PRIVATE", "DISABLED").contains(enabled)) {
      throw new IllegalArgumentException(
          "V$THREAD.ENABLED is PUBLIC, PRIVATE or DISABLED: " + enabled);
    }
    redo.thread(thread).enabled(enabled);
  }

  /** {@code ALTER SYSTEM ARCHIVE LOG CURRENT}: a switch on every open thread. */
  public void switchAllLogfiles() {
    redo.switchEveryOpenThread();
  }

  /** LGWR writes thread {@code thread}'s buffer now (private strands stay private). */
  public void flush(int thread) {
    redo.flush(redo.thread(thread));
  }

  /** LGWR writes every thread's buffer now. */
  public void flushAll() {
    redo.flushEveryOpenThread();
  }

  /**
   * RMAN {@code DELETE ARCHIVELOG}: every copy of (thread, sequence) gets STATUS 'D'; the file is
   * gone.
   */
  public void deleteArchive(int thread, long sequence) {
    redo.archivesOf(thread, sequence).forEach(c -> c.deleted(true));
  }

  /**
   * Removes every archived copy of (thread, sequence) on disk, as {@code rm} would, while
   * V$ARCHIVED_LOG still lists it as available (STATUS 'A'): adding it to a LogMiner session fails
   * with ORA-01284 over ORA-00308 and ORA-27037, and so does starting a session that has it.
   */
  public void removeArchiveFile(int thread, long sequence) {
    redo.archivesOf(thread, sequence).forEach(c -> c.fileGone(true));
  }

  /**
   * {@code FLASHBACK DATABASE TO SCN keptThroughScn} (or a recovery until the SCN above it, or a
   * Data Guard failover to a standby that applied the redo up to it), then {@code ALTER DATABASE
   * OPEN RESETLOGS}: the tables go back to what was committed at or below {@code keptThroughScn},
   * open transactions are gone, the current logs are archived, and a new incarnation starts at
   * RESETLOGS_CHANGE# {@code keptThroughScn + 1} with log sequence 1 on every thread, reusing the
   * SCNs above it. Every connection is lost. See {@link Resetlogs}.
   *
   * @throws IllegalArgumentException when the SCN is not in the current incarnation
   */
  public void openResetlogs(long keptThroughScn) {
    Resetlogs.open(redo, transactions, catalog, clock, instances, keptThroughScn);
  }

  /**
   * Makes destination {@code destId} node-local on a RAC database: its LOCATION is a directory of
   * each node's own disk (no ASM, no cluster file system), so the copy of thread {@code t}'s log is
   * on the node of instance {@code t}, which archived it. V$ARCHIVED_LOG lists every copy as
   * available on every instance, but a session on another instance cannot open it: ADD_LOGFILE
   * fails with ORA-01284 over ORA-00308 and ORA-27037, as for a file removed on disk. Applies to
   * copies already made too.
   */
  public void nodeLocalDestination(int destId) {
    redo.destination(destId).nodeLocal(true);
  }

  /** Sets V$ARCHIVE_DEST_STATUS.STATUS of a destination, e.g. {@code ERROR}. */
  public void destinationStatus(int destId, String status) {
    Objects.requireNonNull(status, "status == null");
    redo.destination(destId).status(status);
  }

  /**
   * {@code ALTER PLUGGABLE DATABASE name CLOSE}: OPEN_MODE becomes MOUNTED; its redo stays minable
   * from the root.
   */
  public void closePdb(String name) {
    catalog.container(Objects.requireNonNull(name, "name == null")).openMode("MOUNTED");
  }

  /** {@code ALTER PLUGGABLE DATABASE name OPEN}. */
  public void openPdb(String name) {
    catalog.container(Objects.requireNonNull(name, "name == null")).openMode("READ WRITE");
  }

  /**
   * Stops an instance. {@code SHUTDOWN IMMEDIATE} ({@code abort == false}) rolls back its open
   * transactions, flushes and closes its thread at a checkpoint. {@code abort} is a crash: the log
   * buffer and private strands are lost and open transactions stay dead until {@link
   * #startupInstance} recovers them. Connections to it fail from now on.
   */
  public void shutdownInstance(int instance, boolean abort) {
    instances.shutdown(instance, abort, transactions);
  }

  /**
   * Starts an instance again. After a crash, its dead transactions are rolled back by crash
   * recovery: ROLLBACK=1 rows and a ROLLBACK record, written by {@code recoveringThread} (the
   * instance itself, or a surviving RAC node), for the changes whose redo reached the log.
   */
  public void startupInstance(int instance, int recoveringThread) {
    instances.startup(instance, recoveringThread, transactions);
  }

  /**
   * The JDBC URL of this database for clients in this JVM: {@code jdbc:redoline:sim:db-N}, the same
   * every call. Connections to it share this database; time moves only when the caller advances it
   * (or a {@link RealTime} does). The driver holds the database weakly: once the caller drops it,
   * the URL stops resolving (ORA-12514).
   */
  public String url() {
    return SimulatedDatabases.register(db);
  }

  /** The start instant used when none is given: 2024-03-01T09:00:00Z. */
  public static final Instant DEFAULT_START = Instant.parse("2024-03-01T09:00:00Z");

  /** Builds a {@link SimulatedOracle}; each setter checks its value at once. */
  public static final class Builder {
    private long seed = 1;

    /**
     * Default of {@link #scnTiePercent}: a third of change records share the SCN of the record
     * before them. LogMiner rows recorded on a real Oracle 23ai database (the public
     * rophy/OpenLogReplicator suite: its basic-crud, interleaved-transactions and rac-interleaved
     * scenarios) show 6 of 18 DML rows at the SCN of the row before them, within one transaction
     * and across transactions; every row of an array DML shares its first row's SCN anyway.
     */
    public static final int DEFAULT_SCN_TIE_PERCENT = 33;

    private int scnTiePercent = DEFAULT_SCN_TIE_PERCENT;
    private int threads = 1;
    private int groupsPerThread = 3;
    private long logBytes = 1L << 20;
    private int blockSize = 512;
    private long startScn = 1_000_000;
    private Instant start = DEFAULT_START;
    private ZoneId zone = ZoneId.of("UTC");
    private List<String> pdbs = List.of();
    private final List<Duration> destinationDelays =
        new ArrayList<>(List.of(Duration.ofSeconds(2)));
    private boolean archiveLogMode = true;
    private boolean commitFlushes = true;
    private Duration lgwrInterval = Duration.ofSeconds(3);
    private Duration archiveLagTarget = Duration.ZERO;
    private int strandCapacity = 2_000;
    private Duration scnPropagationDelay = Duration.ZERO;
    private boolean rewritesPartialBlocks;
    private final Settings settings = new Settings();

    private Builder() {}

    public Builder seed(long seed) {
      this.seed = seed;
      settings.seed(seed);
      return this;
    }

    /** Redo threads (RAC instances), 1 to 8. */
    public Builder threads(int threads) {
      require(threads >= 1 && threads <= 8, "threads must be in [1, 8]: " + threads);
      this.threads = threads;
      return this;
    }

    /** Online groups per thread, 2 or more. */
    public Builder groupsPerThread(int groups) {
      require(groups >= 2, "groupsPerThread must be 2 or more: " + groups);
      this.groupsPerThread = groups;
      return this;
    }

    /** Size of each online log; a log switches when it is full. */
    public Builder logBytes(long bytes) {
      require(bytes >= 16 * 1024, "logBytes must be 16384 or more: " + bytes);
      this.logBytes = bytes;
      return this;
    }

    /** BLOCKSIZE: 512, 1024 or 4096. */
    public Builder blockSize(int size) {
      require(
          size == 512 || size == 1024 || size == 4096,
          "blockSize must be 512, 1024 or 4096: " + size);
      this.blockSize = size;
      return this;
    }

    public Builder startScn(long scn) {
      require(scn >= 1, "startScn must be 1 or more: " + scn);
      this.startScn = scn;
      return this;
    }

    public Builder start(Instant instant) {
      this.start = Objects.requireNonNull(instant, "instant == null");
      return this;
    }

    /** The database server's time zone: LogMiner's TIMESTAMP columns are in it. */
    public Builder zone(ZoneId zone) {
      this.zone = Objects.requireNonNull(zone, "zone == null");
      return this;
    }

    /**
     * DBTIMEZONE, as {@code CREATE DATABASE ... SET TIME_ZONE} set it: a region such as {@code
     * Europe/Paris} or an offset such as {@code +00:00}. By default it is the server's zone ({@link
     * #zone}), which is what Oracle uses when SET TIME_ZONE is not given.
     */
    public Builder dbTimeZone(String zone) {
      settings.dbTimeZone(Objects.requireNonNull(zone, "zone == null"));
      return this;
    }

    /** Makes a container database with these PDBs (besides CDB$ROOT). */
    public Builder pdbs(String... names) {
      require(names.length > 0, "pdbs needs at least one name");
      this.pdbs = List.of(names);
      return this;
    }

    /**
     * Sessions open in PDB {@code pdb}, as when the JDBC URL names the PDB's service instead of the
     * root's: SYS_CONTEXT('USERENV', 'CON_NAME') is the PDB, the ALL_, CDB_ and V$ views show its
     * rows only, and DBMS_LOGMNR.ADD_LOGFILE and START_LOGMNR fail with ORA-65040.
     */
    public Builder connectsToPdb(String pdb) {
      settings.sessionContainer(Objects.requireNonNull(pdb, "pdb == null"));
      return this;
    }

    /**
     * Withholds a system privilege of the capture user (one of CREATE SESSION, LOGMINING, SELECT
     * ANY TRANSACTION, SELECT ANY DICTIONARY, SET CONTAINER, FLASHBACK ANY TABLE): SESSION_PRIVS no
     * longer lists it; without SET CONTAINER, {@code ALTER SESSION SET CONTAINER} fails with
     * ORA-01031, and without FLASHBACK ANY TABLE so does a {@code SELECT ... AS OF SCN} of a table
     * the user has no FLASHBACK object privilege on ({@link #grantFlashback}).
     */
    public Builder revoke(String privilege) {
      require(
          DictionaryViews.PRIVILEGES.contains(privilege),
          "revoke names " + privilege + ", not one of " + DictionaryViews.PRIVILEGES);
      settings.revoked().add(privilege);
      return this;
    }

    /**
     * {@code GRANT FLASHBACK ON table TO} the capture user: what a {@code SELECT ... AS OF SCN} of
     * these tables needs once FLASHBACK ANY TABLE is revoked.
     */
    public Builder grantFlashback(TableId... tables) {
      settings.flashbackGrants().addAll(java.util.List.of(tables));
      return this;
    }

    /**
     * The capture user's user-level CONTAINER_DATA attribute: at the root it sees the rows of these
     * PDBs (and the root's) in the CDB_ views and the V$/GV$ views with a CON_ID. No PDB is
     * Oracle's default for a common user never granted one: the root's rows only. Without this call
     * the user has CONTAINER_DATA=ALL.
     */
    public Builder containerData(String... pdbs) {
      settings.containerData().userLevel(java.util.Set.of(pdbs));
      return this;
    }

    /**
     * An object-specific CONTAINER_DATA attribute ({@code ALTER USER ... SET CONTAINER_DATA = (...)
     * FOR view}): {@code view} shows the rows of these PDBs (and the root's), whatever the
     * user-level attribute says.
     */
    public Builder containerDataFor(String view, String... pdbs) {
      settings
          .containerData()
          .forView(Objects.requireNonNull(view, "view == null"), java.util.Set.of(pdbs));
      return this;
    }

    /** The archive delay of destination 1 (LOG_ARCHIVE_DEST_1). */
    public Builder archiveDelay(Duration delay) {
      destinationDelays.set(0, nonNegative(delay, "archiveDelay"));
      return this;
    }

    /** Adds a destination (DEST_ID 2, 3, ...) with its own archive delay. */
    public Builder addArchiveDestination(Duration delay) {
      destinationDelays.add(nonNegative(delay, "delay"));
      return this;
    }

    /** LOG_MODE NOARCHIVELOG: nothing is archived. */
    public Builder noArchiveLog() {
      this.archiveLogMode = false;
      return this;
    }

    /** Whether a COMMIT waits for LGWR (true, the default) or commits with NOWAIT. */
    public Builder commitFlushes(boolean flushes) {
      this.commitFlushes = flushes;
      return this;
    }

    /**
     * How often LGWR writes without a commit (Oracle: three seconds). Zero writes only on demand
     * ({@link SimulatedOracle#flush}): redo left in the buffer then stands for a write that has not
     * completed, and GV$SESSION shows that instance's LGWR waiting on 'log file parallel write', as
     * on a stalled log device. Longer than three seconds models a log writer that misses its timer
     * without being seen in a write.
     */
    public Builder lgwrInterval(Duration interval) {
      this.lgwrInterval = nonNegative(interval, "lgwrInterval");
      return this;
    }

    /** ARCHIVE_LAG_TARGET: timed log switches; zero for none. */
    public Builder archiveLagTarget(Duration target) {
      this.archiveLagTarget = nonNegative(target, "archiveLagTarget");
      return this;
    }

    /**
     * RAC: how long an instance takes to learn the SCNs the other instances generated, so that
     * V$DATABASE.CURRENT_SCN differs by instance (Lamport SCN propagation; before 10.2 the delay
     * was MAX_COMMIT_PROPAGATION_DELAY, 7 s by default). Another thread's redo can then carry SCNs
     * above the connected instance's CURRENT_SCN. Default zero: one SCN for all.
     */
    public Builder scnPropagationDelay(Duration delay) {
      this.scnPropagationDelay = nonNegative(delay, "scnPropagationDelay");
      return this;
    }

    /**
     * LGWR writes a partly filled last block and the next write continues in it, so a block is
     * written more than once and records can appear in (LAST_REDO_SEQUENCE#, LAST_REDO_BLOCK) after
     * it was read. By default each write ends the block, as Oracle commonly does (the "redo
     * wastage" statistic counts the bytes skipped).
     */
    public Builder rewritesPartialBlocks() {
      this.rewritesPartialBlocks = true;
      return this;
    }

    /** Records a private strand holds before it must reach the public buffer. */
    public Builder strandCapacity(int records) {
      require(records >= 1, "strandCapacity must be 1 or more: " + records);
      this.strandCapacity = records;
      return this;
    }

    /**
     * START_LOGMNR accepts a range with missing logs: V$LOGMNR_LOGS gets MISSING_LOGFILE rows and
     * the query a MISSING_SCN row (code 34, STATUS 1291) per gap, instead of ORA-01291.
     */
    public Builder toleratesLogGaps() {
      settings.toleratesLogGaps(true);
      return this;
    }

    /**
     * LOB rows show the object id of the LOB segment they write (the table's segment number plus
     * 500,000, an id no table has) in DATA_OBJ# and DATA_OBJD#, instead of the table's: which of
     * the two a real database shows is not confirmed (review 2, b7b).
     */
    public Builder lobRowsOnLobSegment() {
      settings.showLobRowsOnLobSegment();
      return this;
    }

    /**
     * UPDATEs that set an out-of-line CLOB, NCLOB or BLOB value of an existing row come in the form
     * SecureFile storage gives (the 23ai default; review 2, b7b): the UPDATE row leaves the LOB
     * column out (and is not written when it sets nothing else), then a SEL_LOB_LOCATOR, LOB_WRITE
     * rows of the whole new value from offset 1, and a LOB_TRIM to its length. By default such an
     * UPDATE shows {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()} and the writes follow.
     */
    public Builder secureFileLobUpdates() {
      settings.writeLobUpdatesAsSecureFile();
      return this;
    }

    /**
     * CLOB, NCLOB and BLOB columns use BasicFile storage out of row ({@code DISABLE STORAGE IN
     * ROW}): the LOB_WRITE rows of an INSERT's or UPDATE's out-of-line value come with no
     * SEL_LOB_LOCATOR before them (redpanda-data/connect PRs 4430 and 4574 saw this on a real
     * database), so only their table and ROW_ID say where they belong. DBMS_LOB calls keep their
     * locator row. By default (SecureFile, or BasicFile in row) a locator precedes the writes.
     */
    public Builder basicFileWritesWithoutLocator() {
      settings.writeLobsWithoutLocator();
      return this;
    }

    /**
     * {@link #basicFileWritesWithoutLocator()}, and an INSERT's SQL_REDO leaves out the CLOB, NCLOB
     * and BLOB columns whose values its writes carry, instead of showing {@code
     * EMPTY_CLOB()}/{@code EMPTY_BLOB()} for them (redpanda-data/connect PR 4574 reads such INSERTs
     * on BasicFile storage out of row; not confirmed by Oracle's documentation).
     */
    public Builder basicFileInsertsWithoutOutOfRowLobs() {
      settings.writeLobsWithoutLocator();
      settings.leaveOutOfRowLobsOutOfInserts();
      return this;
    }

    /**
     * {@link #basicFileWritesWithoutLocator()}, and an INSERT's LOB_WRITE rows come before its DML
     * row, with the new row's ROW_ID (redpanda-data/connect PRs 4458 and 4574 saw BasicFile writes
     * out of row arrive before their INSERT on a real database, now and then).
     */
    public Builder basicFileWritesBeforeInsert() {
      settings.writeLobsWithoutLocator();
      settings.writeLobsBeforeInsert();
      return this;
    }

    /**
     * How many change records share the SCN of the record before them, in percent (seeded; default
     * {@value #DEFAULT_SCN_TIE_PERCENT}): Oracle gives one SCN to many rows, of one statement and
     * of several transactions and threads. 0 gives every record its own SCN.
     */
    public Builder scnTiePercent(int percent) {
      require(percent >= 0 && percent <= 100, "scnTiePercent must be 0 to 100: " + percent);
      this.scnTiePercent = percent;
      return this;
    }

    /** Records of different transactions sharing one SCN come in a seeded random order. */
    public Builder shuffleTiesWithinScn() {
      settings.shuffleTies(true);
      return this;
    }

    /** OPERATION_CODE of CORRUPTED_BLOCKS rows (undocumented; default 14). */
    public Builder corruptedBlocksCode(int code) {
      require(code >= 0, "corruptedBlocksCode must be 0 or more: " + code);
      settings.corruptedBlocksCode(code);
      return this;
    }

    /**
     * OPERATION_CODE of LOB_ERASE rows: 29 (default, what connectors query) or 28 (the documented
     * one).
     */
    public Builder lobEraseCode(int code) {
      require(code == 28 || code == 29, "lobEraseCode must be 28 or 29: " + code);
      settings.lobEraseCode(code);
      return this;
    }

    /**
     * The most characters (CLOB, NCLOB) or bytes (BLOB) one LOB_WRITE record writes (default
     * 2,048).
     */
    public Builder lobWriteChunk(int units) {
      require(units >= 1, "lobWriteChunk must be 1 or more: " + units);
      settings.lobWriteChunk(units);
      return this;
    }

    /**
     * DML rows of a table with a CLOB, NCLOB or BLOB column show an empty ROW_ID, and an INTERNAL
     * row (OPERATION_CODE 0) right after each carries the row's ROW_ID, as real LogMiner output
     * does on such tables (Debezium's partial-rollback work on LOB tables). Undo rows keep theirs.
     * By default every DML row carries its ROW_ID.
     */
    public Builder lobTableRowIdsOnInternalRows() {
      settings.lobTableRowIdsOnInternalRows(true);
      return this;
    }

    /**
     * With {@link #lobTableRowIdsOnInternalRows()}: LGWR writes each such DML row before its
     * INTERNAL row is built, so the INTERNAL row reaches the log with the next write (a commit, the
     * timer, a flush) and a mining step can end between the two. Whether the two are one redo
     * record or two is not confirmed; by default they are written together.
     */
    public Builder lobTableInternalRowsWrittenApart() {
      settings.lobTableInternalRowsWrittenApart(true);
      return this;
    }

    /**
     * DML of tables with a CLOB, NCLOB or BLOB column in the forms a real Oracle Database 23 Free
     * shows (docs/simulator.md, "LOB columns"): an INSERT shows {@code EMPTY_CLOB()}/{@code
     * EMPTY_BLOB()} for every LOB column and an UPDATE row of its own then sets the values stored
     * in the row and the NULLs; an UPDATE of LOB and other columns is two UPDATE rows at one SCN,
     * the other columns first (with {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()} for a LOB that was
     * NULL), then the LOB columns. The default; {@link #lobValuesInline()} gives the earlier forms.
     */
    public Builder lobDmlFormsOf23Free() {
      settings.lobValuesInline(false);
      return this;
    }

    /**
     * DML of tables with a CLOB, NCLOB or BLOB column in the simulator's earlier forms: an INSERT
     * shows a value stored in the row (under 4,000 bytes) or NULL inline, and an UPDATE of LOB and
     * other columns is one UPDATE row (the default, {@link #lobDmlFormsOf23Free()}, is the forms a
     * real 23 Free shows). For tests of a database whose forms are these, and of the engine on
     * both.
     */
    public Builder lobValuesInline() {
      settings.lobValuesInline(true);
      return this;
    }

    /**
     * XMLTYPE columns use text (CLOB) storage: XML DOC BEGIN shows an UPDATE with {@code
     * XMLType(:1)} and XML DOC WRITE rows quoted text. By default they use binary XML: a select and
     * HEXTORAW.
     */
    public Builder xmlTextStorage() {
      settings.xmlTextStorage(true);
      return this;
    }

    /**
     * Oracle's known bug (Debezium's tests): a binary XML DOC WRITE whose HEXTORAW is split over
     * CSF rows has no closing quote and parenthesis in its last piece.
     */
    public Builder xmlUnterminatedHex() {
      settings.xmlUnterminatedHex(true);
      return this;
    }

    /** {@code ALTER DATABASE FORCE LOGGING}: V$DATABASE.FORCE_LOGGING is YES (default NO). */
    public Builder forceLogging() {
      settings.forceLogging(true);
      return this;
    }

    /**
     * A big-endian platform (V$DATABASE.PLATFORM_NAME 'AIX-Based Systems (64-bit)'): the XID RAW(8)
     * columns hold USN, slot and sequence most significant byte first. The default is little-endian
     * Linux x86 64-bit.
     */
    public Builder bigEndianPlatform() {
      settings.platformName("AIX-Based Systems (64-bit)");
      settings.byteOrder(java.nio.ByteOrder.BIG_ENDIAN);
      return this;
    }

    /** Database-wide supplemental logging (default ALL). */
    public Builder supplementalLogging(SupplementalLogging level) {
      settings.supplementalLogging(Objects.requireNonNull(level, "level == null"));
      return this;
    }

    /** The session memory limit (PGA_AGGREGATE_LIMIT as seen by one session) in bytes. */
    public Builder pgaLimitBytes(long bytes) {
      require(bytes > 0, "pgaLimitBytes must be positive: " + bytes);
      settings.pgaLimitBytes(bytes);
      return this;
    }

    /** What happens past the PGA limit (default ORA-04036 on the next fetch). */
    public Builder pgaExhaustion(PgaExhaustion mode) {
      settings.pgaExhaustion(Objects.requireNonNull(mode, "mode == null"));
      return this;
    }

    /**
     * LogMiner's own pace (default none: LogMiner works in no simulated time): rows and redo bytes
     * per second per session, the cost of START_LOGMNR, and the CPUs sessions share. A fetch then
     * returns once the simulated clock has reached the moment LogMiner would have produced its
     * rows; see {@link LogMinerPace} and {@link LogMinerPace#PUBLIC_FIGURES}.
     */
    public Builder logMinerPace(LogMinerPace pace) {
      settings.pace(Objects.requireNonNull(pace, "pace == null"));
      return this;
    }

    /** Mining cost: simulated time LogMiner takes per redo record read (default 5 µs). */
    public Builder costPerRecord(Duration cost) {
      settings.costPerRecord(nonNegative(cost, "costPerRecord"));
      return this;
    }

    /** How long SCN_TO_TIMESTAMP can map SCNs back (default 5 days); older gives ORA-08181. */
    /**
     * UNDO_RETENTION (default 15 minutes): a {@code SELECT ... AS OF SCN n} that needs the undo of
     * a change committed longer ago than this fails with ORA-01555.
     */
    public Builder undoRetention(Duration retention) {
      settings.undoRetention(nonNegative(retention, "undoRetention"));
      return this;
    }

    public Builder scnTimeRetention(Duration retention) {
      settings.scnTimeRetention(nonNegative(retention, "scnTimeRetention"));
      return this;
    }

    public SimulatedOracle build() {
      require(
          settings.sessionContainer() == null || pdbs.contains(settings.sessionContainer()),
          "connectsToPdb names " + settings.sessionContainer() + ", not one of the PDBs " + pdbs);
      return new SimulatedOracle(this);
    }

    private static Duration nonNegative(Duration d, String name) {
      Objects.requireNonNull(d, name + " == null");
      require(!d.isNegative(), name + " must not be negative: " + d);
      return d;
    }

    private static void require(boolean ok, String message) {
      if (!ok) {
        throw new IllegalArgumentException(message);
      }
    }
  }
}
