package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.LogMinerPace;
import dev.redoline.simulator.PgaExhaustion;
import dev.redoline.simulator.SupplementalLogging;
import java.time.Duration;

/** Knobs of the database and of LogMiner's cost and memory model. */
public final class Settings {
  /** The simulator's seed: seeded choices that must repeat query after query derive from it. */
  public long seed = 1;

  public SupplementalLogging supplementalLogging = SupplementalLogging.ALL;

  /** Session memory limit in bytes. */
  public long pgaLimitBytes = 2L << 30;

  public PgaExhaustion pgaExhaustion = PgaExhaustion.ORA_04036;

  /** Memory a session holds from its start. */
  long pgaBaseBytes = 8L << 20;

  /** Memory a session gains per second of age (LogMiner's leak with long sessions). */
  long pgaBytesPerSecond = 64L << 10;

  /** Memory gained per redo record read (read buffers, dictionary cache). */
  long pgaBytesPerRecordRead = 16;

  /** LogMiner's own pace, or null: LogMiner takes no simulated time. */
  public LogMinerPace pace;

  /** Simulated time per redo record read. */
  public Duration costPerRecord = Duration.ofNanos(5_000);

  /** Extra cost per record per hour of session age, in percent: older sessions mine slower. */
  int costAgePercentPerHour = 20;

  public Duration scnTimeRetention = Duration.ofDays(5);

  /** UNDO_RETENTION: how long the undo of a committed change is kept for flashback queries. */
  public Duration undoRetention = Duration.ofMinutes(15);

  /**
   * START_LOGMNR tolerates missing logs: MISSING_LOGFILE rows and MISSING_SCN rows, not ORA-01291.
   */
  public boolean toleratesLogGaps;

  /**
   * LOB rows (SEL_LOB_LOCATOR, LOB_WRITE, LOB_TRIM, LOB_ERASE, XML and 32K rows) show the LOB
   * segment's object id in DATA_OBJ#/DATA_OBJD# instead of the table's.
   */
  public boolean lobRowsOnLobSegment;

  /** How far above its table's segment number a LOB segment's number lies. */
  static final int LOB_SEGMENT_OFFSET = 500_000;

  /** Shuffle the order of records of different transactions that share one SCN (seeded). */
  public boolean shuffleTies;

  /** OPERATION_CODE of CORRUPTED_BLOCKS rows; undocumented, so a knob. */
  public int corruptedBlocksCode = 14;

  /**
   * OPERATION_CODE of LOB_ERASE rows: 29, as connectors query it (docs/simulator.md); 28 as
   * documented.
   */
  public int lobEraseCode = 29;

  /** The most characters (CLOB, NCLOB) or bytes (BLOB) one LOB_WRITE record writes. */
  public int lobWriteChunk = 2048;

  /**
   * DML rows of tables with a LOB column show an empty ROW_ID, and an INTERNAL row (code 0) after
   * each carries it (docs/simulator.md, "Real-Oracle behaviours: the second review", b3).
   */
  public boolean lobTableRowIdsOnInternalRows;

  /**
   * XMLTYPE columns stored as text (CLOB): XML DOC BEGIN as an UPDATE, writes as quoted text; else
   * binary XML.
   */
  public boolean xmlTextStorage;

  /**
   * Oracle's bug: a binary XML write split over CSF rows loses the closing {@code ')} of its
   * HEXTORAW.
   */
  public boolean xmlUnterminatedHex;

  /** V$DATABASE.FORCE_LOGGING. */
  public boolean forceLogging;

  /**
   * The PDB sessions open in, as when the JDBC URL names a PDB's service rather than the root's;
   * null for the root.
   */
  public String sessionContainer;

  /** System privileges withheld from the capture user ({@code Builder.revoke}). */
  public final java.util.Set<String> revoked = new java.util.HashSet<>();

  /**
   * Tables the capture user has the FLASHBACK object privilege on ({@code Builder.grantFlashback}).
   */
  public final java.util.Set<dev.redoline.core.TableId> flashbackGrants = new java.util.HashSet<>();

  /** The capture user's CONTAINER_DATA attributes (default: ALL). */
  public final ContainerDataGrants containerData = new ContainerDataGrants();

  /**
   * DBTIMEZONE as the database was created with it (a region or an offset); null answers the server
   * clock's zone ({@code Builder.zone}), as CREATE DATABASE without SET TIME_ZONE does.
   */
  public String dbTimeZone;

  /** V$DATABASE.PLATFORM_NAME. */
  public String platformName = "Linux x86 64-bit";

  /**
   * The platform's byte order, in which the XID RAW(8) columns hold their {ub2 usn, ub2 slot, ub4
   * sqn} struct (V$TRANSPORTABLE_PLATFORM.ENDIAN_FORMAT: Little on x86, Big on AIX, SPARC Solaris,
   * HP-UX and Linux on IBM Z).
   */
  public java.nio.ByteOrder byteOrder = java.nio.ByteOrder.LITTLE_ENDIAN;

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
}
