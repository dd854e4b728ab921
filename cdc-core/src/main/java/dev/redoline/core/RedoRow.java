package dev.redoline.core;

import java.time.LocalDateTime;
import java.util.Objects;
import java.util.Set;

/**
 * One row of {@code V$LOGMNR_CONTENTS}: the columns the engine reads, as the JDBC gateway maps
 * them. The one type of a mined row, from the gateway's cursor through the capture's step to the
 * decoder (which is given a DML row with its table layout and time) and to a dead letter.
 *
 * <p>{@link #address()} is the row's RS_ID with its THREAD#; {@code address().rsId()} gives the
 * column's text back (with its leading and trailing space). A statement longer than 4,000 bytes
 * arrives as several consecutive rows with {@link #csf()} set on all but the last, sharing SCN, XID
 * and RS_ID. Timestamps are DATEs (second precision) in the database's local time.
 *
 * @param scn SCN; the commit SCN on a COMMIT row
 * @param startScn START_SCN, only under COMMITTED_DATA_ONLY, else {@code null}
 * @param commitScn COMMIT_SCN, only under COMMITTED_DATA_ONLY, else {@code null}
 * @param timestamp TIMESTAMP
 * @param startTimestamp START_TIMESTAMP (COMMITTED_DATA_ONLY only) or {@code null}
 * @param commitTimestamp COMMIT_TIMESTAMP (COMMITTED_DATA_ONLY only) or {@code null}
 * @param xid XID, little-endian RAW(8); the sequence is {@code ffffffff} when LogMiner does not
 *     know it
 * @param operationCode OPERATION_CODE
 * @param operation OPERATION
 * @param rollback ROLLBACK = 1: the record undoes an earlier change of its transaction
 * @param segOwner SEG_OWNER ({@code UNKNOWN} without a dictionary)
 * @param tableName TABLE_NAME ({@code OBJ# n}, or {@code BIN$...} for a dropped table)
 * @param rowId ROW_ID, or {@code null} for non-DML rows
 * @param username USERNAME
 * @param address RS_ID, with THREAD# as the address's thread
 * @param ssn SSN
 * @param csf CSF = 1: SQL_REDO continues in the next row
 * @param dataObj DATA_OBJ#, or {@code null} for control rows
 * @param dataObjv DATA_OBJV#, or {@code null}
 * @param dataObjd DATA_OBJD#, or {@code null}
 * @param sqlRedo SQL_REDO
 * @param sqlUndo SQL_UNDO, or {@code null}
 * @param info INFO, or {@code null}
 * @param status STATUS: 0 valid, 2 invalid SQL (dictionary mismatch), 3 unguaranteed, 1291 missing
 *     SCN
 * @param srcConName SRC_CON_NAME, {@code null} in a non-container database
 * @param srcConId SRC_CON_ID, {@code null} in a non-container database
 * @param srcConUid SRC_CON_UID, {@code null} in a non-container database
 */
public record RedoRow(
    Scn scn,
    Scn startScn,
    Scn commitScn,
    LocalDateTime timestamp,
    LocalDateTime startTimestamp,
    LocalDateTime commitTimestamp,
    Xid xid,
    int operationCode,
    String operation,
    boolean rollback,
    String segOwner,
    String tableName,
    String rowId,
    String username,
    RedoAddress address,
    int ssn,
    boolean csf,
    Integer dataObj,
    Integer dataObjv,
    Integer dataObjd,
    String sqlRedo,
    String sqlUndo,
    String info,
    int status,
    String srcConName,
    Integer srcConId,
    Long srcConUid) {

  /** OPERATION_CODE of an INSERT. */
  public static final int INSERT = 1;

  /** OPERATION_CODE of a DELETE. */
  public static final int DELETE = 2;

  /** OPERATION_CODE of an UPDATE. */
  public static final int UPDATE = 3;

  /** OPERATION_CODE of a DDL. */
  public static final int DDL = 5;

  /** OPERATION_CODE of a transaction START. */
  public static final int START = 6;

  /** OPERATION_CODE of a COMMIT. */
  public static final int COMMIT = 7;

  /** OPERATION_CODE of a GoldenGate replication marker. */
  public static final int REPLICATION_MARKER = 27;

  /** OPERATION_CODE of a MISSING_SCN row (gap in the redo). */
  public static final int MISSING_SCN = 34;

  /** OPERATION_CODE of a ROLLBACK (end of a rolled-back transaction). */
  public static final int ROLLBACK = 36;

  /** OPERATION_CODE of an UNSUPPORTED operation. */
  public static final int UNSUPPORTED = 255;

  /**
   * The OPERATION_CODEs of LOB rows, whose SQL_REDO carries a piece of a LOB, XMLTYPE or extended
   * string value of a change before them: SEL_LOB_LOCATOR (9), LOB_WRITE (10), LOB_TRIM (11),
   * LOB_ERASE (29, and 28 as Oracle documents it), XML DOC BEGIN, WRITE and END (68, 70, 71), and
   * the extended string's begin, write and end (91, 92, 93) (docs/logminer.md#operation-codes).
   */
  public static final Set<Integer> LOB_OPERATION_CODES =
      Set.of(9, 10, 11, 28, 29, 68, 70, 71, 91, 92, 93);

  public RedoRow {
    Objects.requireNonNull(scn, "scn == null");
    Objects.requireNonNull(timestamp, "timestamp == null");
    Objects.requireNonNull(xid, "xid == null");
    Objects.requireNonNull(operation, "operation == null");
    Objects.requireNonNull(address, "address == null");
    Objects.requireNonNull(sqlRedo, "sqlRedo == null");
  }

  /**
   * The last row of a statement continued over CSF rows, with the statement's whole SQL_REDO: CSF
   * is then 0 and SQL_UNDO, never selected, {@code null}.
   */
  public RedoRow withSqlRedo(String joinedSqlRedo) {
    return copy(rowId, address, false, joinedSqlRedo, null);
  }

  /**
   * The same row at {@code at}: a COMMIT LogMiner shows with THREAD# 0, which names no thread, is
   * placed at a row of the step that holds it.
   */
  public RedoRow withAddress(RedoAddress at) {
    return copy(rowId, at, csf, sqlRedo, sqlUndo);
  }

  /** The same row with ROW_ID {@code rowId}: one LogMiner gave on another row of the statement. */
  public RedoRow withRowId(String rowId) {
    return copy(rowId, address, csf, sqlRedo, sqlUndo);
  }

  /** This row with the columns the withers above change. */
  private RedoRow copy(
      String rowId, RedoAddress address, boolean csf, String sqlRedo, String sqlUndo) {
    return new RedoRow(
        scn,
        startScn,
        commitScn,
        timestamp,
        startTimestamp,
        commitTimestamp,
        xid,
        operationCode,
        operation,
        rollback,
        segOwner,
        tableName,
        rowId,
        username,
        address,
        ssn,
        csf,
        dataObj,
        dataObjv,
        dataObjd,
        sqlRedo,
        sqlUndo,
        info,
        status,
        srcConName,
        srcConId,
        srcConUid);
  }

  /**
   * Whether this is a DML row: an INSERT, UPDATE or DELETE, or with {@link #rollback()} the undo of
   * one. A TRUNCATE is a DDL row.
   */
  public boolean isDml() {
    return operationCode == INSERT || operationCode == UPDATE || operationCode == DELETE;
  }

  /**
   * The operation of a DML row ({@link #isDml()}).
   *
   * @throws IllegalArgumentException for any other row
   */
  public Operation dmlOperation() {
    return switch (operationCode) {
      case INSERT -> Operation.INSERT;
      case UPDATE -> Operation.UPDATE;
      case DELETE -> Operation.DELETE;
      default ->
          throw new IllegalArgumentException(
              "operation must be INSERT, UPDATE or DELETE: OPERATION_CODE "
                  + operationCode
                  + " (a TRUNCATE is a DDL row and has no SQL_REDO to decode)");
    };
  }

  /** Whether this is a LOB row ({@link #LOB_OPERATION_CODES}). */
  public boolean isLobRow() {
    return LOB_OPERATION_CODES.contains(operationCode);
  }

  /**
   * The table the row names, in its container: SEG_OWNER and TABLE_NAME, with SRC_CON_NAME as the
   * container ({@code null} in a non-container database and for the root).
   */
  public TableId table() {
    return new TableId(
        srcConName == null || srcConName.equals("CDB$ROOT") ? null : srcConName,
        segOwner,
        tableName);
  }

  /** THREAD#. */
  public int thread() {
    return address.thread();
  }

  /** RS_ID as LogMiner prints it, with one leading and one trailing space. */
  public String rsId() {
    return address.rsId();
  }

  /** The XID as LogMiner's RAW(8) bytes (little-endian). */
  public byte[] xidRaw() {
    return xid.toRaw();
  }

  /**
   * Without SQL_REDO and SQL_UNDO, only their sizes: they hold column values, which may be
   * sensitive or excluded.
   */
  @Override
  public String toString() {
    return "RedoRow["
        + operation
        + " "
        + segOwner
        + "."
        + tableName
        + " scn="
        + scn
        + " xid="
        + xid
        + " address="
        + address
        + " ssn="
        + ssn
        + " status="
        + status
        + " sqlRedo="
        + sqlRedo.length()
        + " chars]";
  }
}
