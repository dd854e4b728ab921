package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.LogMinerPace;
import dev.redoline.simulator.Oracle23aiForms;
import dev.redoline.simulator.PgaExhaustion;
import dev.redoline.simulator.SupplementalLogging;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/** Knobs of the database and of LogMiner's cost and memory model. */
public final class Settings {
  /** The simulator's seed: seeded choices that must repeat query after query derive from it. */
  private long seed = 1;

  private SupplementalLogging supplementalLogging = SupplementalLogging.ALL;

  /** Session memory limit in bytes. */
  private long pgaLimitBytes = 2L << 30;

  private PgaExhaustion pgaExhaustion = PgaExhaustion.ORA_04036;

  /** Memory a session holds from its start. */
  private long pgaBaseBytes = 8L << 20;

  /** Memory a session gains per second of age (LogMiner's leak with long sessions). */
  private long pgaBytesPerSecond = 64L << 10;

  /** Memory gained per redo record read (read buffers, dictionary cache). */
  private long pgaBytesPerRecordRead = 16;

  /** How SQL_REDO writes BOOLEAN and VECTOR values; the API may change it while sessions read. */
  private volatile Oracle23aiForms oracle23aiForms = Oracle23aiForms.DEFAULT;

  /** LogMiner's own pace, or null: LogMiner takes no simulated time. */
  private LogMinerPace pace;

  /** Simulated time per redo record read. */
  private Duration costPerRecord = Duration.ofNanos(5_000);

  /** Extra cost per record per hour of session age, in percent: older sessions mine slower. */
  private int costAgePercentPerHour = 20;

  private Duration scnTimeRetention = Duration.ofDays(5);

  /** UNDO_RETENTION: how long the undo of a committed change is kept for flashback queries. */
  private Duration undoRetention = Duration.ofMinutes(15);

  /**
   * START_LOGMNR tolerates missing logs: MISSING_LOGFILE rows and MISSING_SCN rows, not ORA-01291.
   */
  private boolean toleratesLogGaps;

  /**
   * LOB rows (SEL_LOB_LOCATOR, LOB_WRITE, LOB_TRIM, LOB_ERASE, XML and 32K rows) show the LOB
   * segment's object id in DATA_OBJ#/DATA_OBJD# instead of the table's.
   */
  private boolean lobRowsOnLobSegment;

  /**
   * An UPDATE setting an out-of-line CLOB, NCLOB or BLOB value of an existing row comes as
   * SecureFile storage writes it: no EMPTY_CLOB() in the UPDATE (no UPDATE row at all when only LOB
   * columns change), then SEL_LOB_LOCATOR, LOB_WRITE rows of the whole new value from offset 1, and
   * LOB_TRIM to its length.
   */
  private boolean secureFileLobUpdates;

  /**
   * BasicFile LOBs stored out of row ({@code DISABLE STORAGE IN ROW}): the LOB_WRITE rows that
   * follow an INSERT or UPDATE showing {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()} come with no
   * SEL_LOB_LOCATOR before them, so no row names the column they write.
   */
  private boolean basicFileWritesWithoutLocator;

  /** With it: an INSERT's row leaves out the CLOB, NCLOB and BLOB columns its writes carry. */
  private boolean basicFileInsertsWithoutOutOfRowLobs;

  /** With it: an INSERT's writes come before its row, with the new row's ROW_ID. */
  private boolean basicFileWritesBeforeInsert;

  /** How far above its table's segment number a LOB segment's number lies. */
  static final int LOB_SEGMENT_OFFSET = 500_000;

  /** Shuffle the order of records of different transactions that share one SCN (seeded). */
  private boolean shuffleTies;

  /** OPERATION_CODE of CORRUPTED_BLOCKS rows; undocumented, so a knob. */
  private int corruptedBlocksCode = 14;

  /**
   * OPERATION_CODE of LOB_ERASE rows: 29, as connectors query it (docs/simulator.md); 28 as
   * documented.
   */
  private int lobEraseCode = 29;

  /** The most characters (CLOB, NCLOB) or bytes (BLOB) one LOB_WRITE record writes. */
  private int lobWriteChunk = 2048;

  /**
   * DML rows of tables with a LOB column show an empty ROW_ID, and an INTERNAL row (code 0) after
   * each carries it (docs/simulator.md, "Real-Oracle behaviours: the second review", b3).
   */
  private boolean lobTableRowIdsOnInternalRows;

  private boolean lobTableInternalRowsWrittenApart;

  /**
   * DML of tables with a CLOB, NCLOB or BLOB column in the simulator's earlier forms: in-row LOB
   * values inline in the INSERT, an UPDATE of LOB and other columns in one row. Off by default: the
   * default is the forms a real 23 Free shows ({@link LobDmlForms}).
   */
  private boolean lobValuesInline;

  /**
   * XMLTYPE columns stored as text (CLOB): XML DOC BEGIN as an UPDATE, writes as quoted text; else
   * binary XML.
   */
  private boolean xmlTextStorage;

  /**
   * Oracle's bug: a binary XML write split over CSF rows loses the closing {@code ')} of its
   * HEXTORAW.
   */
  private boolean xmlUnterminatedHex;

  /** V$DATABASE.FORCE_LOGGING. */
  private boolean forceLogging;

  /**
   * The PDB sessions open in, as when the JDBC URL names a PDB's service rather than the root's;
   * null for the root.
   */
  private String sessionContainer;

  /** System privileges withheld from the capture user ({@code Builder.revoke}). */
  private final java.util.Set<String> revoked = new java.util.HashSet<>();

  /**
   * Tables the capture user has the FLASHBACK object privilege on ({@code Builder.grantFlashback}).
   */
  private final java.util.Set<dev.redoline.core.TableId> flashbackGrants =
      new java.util.HashSet<>();

  /** The capture user's CONTAINER_DATA attributes (default: ALL). */
  private final ContainerDataGrants containerData = new ContainerDataGrants();

  /**
   * DBTIMEZONE as the database was created with it (a region or an offset); null answers the server
   * clock's zone ({@code Builder.zone}), as CREATE DATABASE without SET TIME_ZONE does.
   */
  private String dbTimeZone;

  /** V$DATABASE.PLATFORM_NAME. */
  private String platformName = "Linux x86 64-bit";

  /**
   * The platform's byte order, in which the XID RAW(8) columns hold their {ub2 usn, ub2 slot, ub4
   * sqn} struct (V$TRANSPORTABLE_PLATFORM.ENDIAN_FORMAT: Little on x86, Big on AIX, SPARC Solaris,
   * HP-UX and Linux on IBM Z).
   */
  private java.nio.ByteOrder byteOrder = java.nio.ByteOrder.LITTLE_ENDIAN;

  /** An XID's RAW(8) bytes in the platform's byte order. */
  public byte[] xidRaw(dev.redoline.core.Xid xid) {
    byte[] raw = xid.toRaw();
    if (byteOrder == java.nio.ByteOrder.BIG_ENDIAN) {
      swap(raw, 0, 1);
      swap(raw, 2, 3);
      swap(raw, 4, 7);
      swap(raw, 5, 6);
    }
    return raw;
  }

  private static void swap(byte[] bytes, int i, int j) {
    byte b = bytes[i];
    bytes[i] = bytes[j];
    bytes[j] = b;
  }

  /**
   * Whether the capture user may query {@code table} AS OF an SCN (FLASHBACK on it, or FLASHBACK
   * ANY TABLE).
   */
  boolean mayFlashback(dev.redoline.core.TableId table) {
    return !revoked.contains("FLASHBACK ANY TABLE") || flashbackGrants.contains(table);
  }

  public long seed() {
    return seed;
  }

  public void seed(long seed) {
    this.seed = seed;
  }

  public SupplementalLogging supplementalLogging() {
    return supplementalLogging;
  }

  public void supplementalLogging(SupplementalLogging supplementalLogging) {
    this.supplementalLogging = supplementalLogging;
  }

  public boolean lobRowsOnLobSegment() {
    return lobRowsOnLobSegment;
  }

  /** LOB rows show the LOB segment's object id from now on (the build). */
  public void showLobRowsOnLobSegment() {
    this.lobRowsOnLobSegment = true;
  }

  public boolean basicFileWritesWithoutLocator() {
    return basicFileWritesWithoutLocator;
  }

  /** LOB writes after a DML row come with no locator from now on (the build). */
  public void writeLobsWithoutLocator() {
    this.basicFileWritesWithoutLocator = true;
  }

  public boolean basicFileInsertsWithoutOutOfRowLobs() {
    return basicFileInsertsWithoutOutOfRowLobs;
  }

  /** An INSERT's row leaves out the LOB columns its writes carry from now on (the build). */
  public void leaveOutOfRowLobsOutOfInserts() {
    this.basicFileInsertsWithoutOutOfRowLobs = true;
  }

  public boolean basicFileWritesBeforeInsert() {
    return basicFileWritesBeforeInsert;
  }

  /** An INSERT's LOB writes come before its row from now on (the build). */
  public void writeLobsBeforeInsert() {
    this.basicFileWritesBeforeInsert = true;
  }

  public boolean secureFileLobUpdates() {
    return secureFileLobUpdates;
  }

  /** LOB updates come as SecureFile storage writes them from now on (the build). */
  public void writeLobUpdatesAsSecureFile() {
    this.secureFileLobUpdates = true;
  }

  /** The table's own supplemental logging, or the database-wide level when it has none. */
  public SupplementalLogging loggingOf(SimTable t) {
    return t.logging() != null ? t.logging() : supplementalLogging;
  }

  public Oracle23aiForms oracle23aiForms() {
    return oracle23aiForms;
  }

  /** How SQL_REDO writes BOOLEAN and VECTOR values from now on. */
  public void oracle23aiForms(Oracle23aiForms forms) {
    this.oracle23aiForms = Objects.requireNonNull(forms, "forms == null");
  }

  public long pgaLimitBytes() {
    return pgaLimitBytes;
  }

  public void pgaLimitBytes(long pgaLimitBytes) {
    this.pgaLimitBytes = pgaLimitBytes;
  }

  public PgaExhaustion pgaExhaustion() {
    return pgaExhaustion;
  }

  public void pgaExhaustion(PgaExhaustion pgaExhaustion) {
    this.pgaExhaustion = pgaExhaustion;
  }

  public long pgaBaseBytes() {
    return pgaBaseBytes;
  }

  public void pgaBaseBytes(long pgaBaseBytes) {
    this.pgaBaseBytes = pgaBaseBytes;
  }

  public long pgaBytesPerSecond() {
    return pgaBytesPerSecond;
  }

  public void pgaBytesPerSecond(long pgaBytesPerSecond) {
    this.pgaBytesPerSecond = pgaBytesPerSecond;
  }

  public long pgaBytesPerRecordRead() {
    return pgaBytesPerRecordRead;
  }

  public void pgaBytesPerRecordRead(long pgaBytesPerRecordRead) {
    this.pgaBytesPerRecordRead = pgaBytesPerRecordRead;
  }

  public LogMinerPace pace() {
    return pace;
  }

  public void pace(LogMinerPace pace) {
    this.pace = pace;
  }

  public Duration costPerRecord() {
    return costPerRecord;
  }

  public void costPerRecord(Duration costPerRecord) {
    this.costPerRecord = costPerRecord;
  }

  public int costAgePercentPerHour() {
    return costAgePercentPerHour;
  }

  public void costAgePercentPerHour(int costAgePercentPerHour) {
    this.costAgePercentPerHour = costAgePercentPerHour;
  }

  public Duration scnTimeRetention() {
    return scnTimeRetention;
  }

  public void scnTimeRetention(Duration scnTimeRetention) {
    this.scnTimeRetention = scnTimeRetention;
  }

  public Duration undoRetention() {
    return undoRetention;
  }

  public void undoRetention(Duration undoRetention) {
    this.undoRetention = undoRetention;
  }

  /** Undo of changes committed before this instant is gone (UNDO_RETENTION before now). */
  public Instant undoKeptSince(Clock clock) {
    return clock.instant().minus(undoRetention);
  }

  public boolean toleratesLogGaps() {
    return toleratesLogGaps;
  }

  public void toleratesLogGaps(boolean toleratesLogGaps) {
    this.toleratesLogGaps = toleratesLogGaps;
  }

  public boolean shuffleTies() {
    return shuffleTies;
  }

  public void shuffleTies(boolean shuffleTies) {
    this.shuffleTies = shuffleTies;
  }

  public int corruptedBlocksCode() {
    return corruptedBlocksCode;
  }

  public void corruptedBlocksCode(int corruptedBlocksCode) {
    this.corruptedBlocksCode = corruptedBlocksCode;
  }

  public int lobEraseCode() {
    return lobEraseCode;
  }

  public void lobEraseCode(int lobEraseCode) {
    this.lobEraseCode = lobEraseCode;
  }

  public int lobWriteChunk() {
    return lobWriteChunk;
  }

  public void lobWriteChunk(int lobWriteChunk) {
    this.lobWriteChunk = lobWriteChunk;
  }

  public boolean lobTableRowIdsOnInternalRows() {
    return lobTableRowIdsOnInternalRows;
  }

  public void lobTableRowIdsOnInternalRows(boolean lobTableRowIdsOnInternalRows) {
    this.lobTableRowIdsOnInternalRows = lobTableRowIdsOnInternalRows;
  }

  public boolean lobTableInternalRowsWrittenApart() {
    return lobTableInternalRowsWrittenApart;
  }

  public void lobTableInternalRowsWrittenApart(boolean apart) {
    this.lobTableInternalRowsWrittenApart = apart;
  }

  public boolean lobValuesInline() {
    return lobValuesInline;
  }

  public void lobValuesInline(boolean inline) {
    this.lobValuesInline = inline;
  }

  public boolean xmlTextStorage() {
    return xmlTextStorage;
  }

  public void xmlTextStorage(boolean xmlTextStorage) {
    this.xmlTextStorage = xmlTextStorage;
  }

  public boolean xmlUnterminatedHex() {
    return xmlUnterminatedHex;
  }

  public void xmlUnterminatedHex(boolean xmlUnterminatedHex) {
    this.xmlUnterminatedHex = xmlUnterminatedHex;
  }

  public boolean forceLogging() {
    return forceLogging;
  }

  public void forceLogging(boolean forceLogging) {
    this.forceLogging = forceLogging;
  }

  public String sessionContainer() {
    return sessionContainer;
  }

  public void sessionContainer(String sessionContainer) {
    this.sessionContainer = sessionContainer;
  }

  public java.util.Set<String> revoked() {
    return revoked;
  }

  public java.util.Set<dev.redoline.core.TableId> flashbackGrants() {
    return flashbackGrants;
  }

  public ContainerDataGrants containerData() {
    return containerData;
  }

  public String dbTimeZone() {
    return dbTimeZone;
  }

  public void dbTimeZone(String dbTimeZone) {
    this.dbTimeZone = dbTimeZone;
  }

  public String platformName() {
    return platformName;
  }

  public void platformName(String platformName) {
    this.platformName = platformName;
  }

  public java.nio.ByteOrder byteOrder() {
    return byteOrder;
  }

  public void byteOrder(java.nio.ByteOrder byteOrder) {
    this.byteOrder = byteOrder;
  }
}
