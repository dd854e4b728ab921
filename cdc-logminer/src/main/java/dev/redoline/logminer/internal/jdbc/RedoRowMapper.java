package dev.redoline.logminer.internal.jdbc;

import static dev.redoline.logminer.internal.jdbc.ResultValues.dateTime;
import static dev.redoline.logminer.internal.jdbc.ResultValues.integer;
import static dev.redoline.logminer.internal.jdbc.ResultValues.longValue;
import static dev.redoline.logminer.internal.jdbc.ResultValues.nullableScn;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;

/**
 * Maps the current row of a {@link MiningSql} result into a {@link RedoRow}, reading the columns by
 * position in the order of {@link MiningSql#SELECT}.
 *
 * <pre>{@code
 * while (rs.next()) {
 *   RedoRow row = RedoRowMapper.map(rs);
 * }
 * }</pre>
 *
 * <p>SCN columns are read as decimals (unsigned 64-bit values), DATE columns as {@link
 * LocalDateTime} in the database's local time, the XID from its three numbers, and RS_ID is parsed
 * into an address of the row's THREAD# (0 on the COMMIT of an empty transaction). Columns the port
 * requires but LogMiner may leave NULL get a neutral value: XID all zeros, SQL_REDO and OPERATION
 * empty. SQL_UNDO is not selected, so the row's undo text is always null. A row whose SCN,
 * TIMESTAMP or RS_ID cannot be read stops with CDC-2003 quoting the values, because no later step
 * could place it in the redo.
 */
final class RedoRowMapper {

  private static final Xid NO_XID = new Xid(0, 0, 0);

  private static final int SCN = MiningSql.column("SCN");
  private static final int START_SCN = MiningSql.column("START_SCN");
  private static final int COMMIT_SCN = MiningSql.column("COMMIT_SCN");
  private static final int TIMESTAMP = MiningSql.column("TIMESTAMP");
  private static final int START_TIMESTAMP = MiningSql.column("START_TIMESTAMP");
  private static final int COMMIT_TIMESTAMP = MiningSql.column("COMMIT_TIMESTAMP");
  private static final int XIDUSN = MiningSql.column("XIDUSN");
  private static final int XIDSLT = MiningSql.column("XIDSLT");
  private static final int XIDSQN = MiningSql.column("XIDSQN");
  private static final int OPERATION_CODE = MiningSql.column("OPERATION_CODE");
  private static final int OPERATION = MiningSql.column("OPERATION");
  private static final int ROLLBACK = MiningSql.column("ROLLBACK");
  private static final int SEG_OWNER = MiningSql.column("SEG_OWNER");
  private static final int TABLE_NAME = MiningSql.column("TABLE_NAME");
  private static final int ROW_ID = MiningSql.column("ROW_ID");
  private static final int USERNAME = MiningSql.column("USERNAME");
  private static final int THREAD = MiningSql.column("THREAD#");
  private static final int RS_ID = MiningSql.column("RS_ID");
  private static final int SSN = MiningSql.column("SSN");
  private static final int CSF = MiningSql.column("CSF");
  private static final int DATA_OBJ = MiningSql.column("DATA_OBJ#");
  private static final int DATA_OBJV = MiningSql.column("DATA_OBJV#");
  private static final int DATA_OBJD = MiningSql.column("DATA_OBJD#");
  private static final int SQL_REDO = MiningSql.column("SQL_REDO");
  private static final int INFO = MiningSql.column("INFO");
  private static final int STATUS = MiningSql.column("STATUS");
  private static final int SRC_CON_NAME = MiningSql.column("SRC_CON_NAME");
  private static final int SRC_CON_ID = MiningSql.column("SRC_CON_ID");
  private static final int SRC_CON_UID = MiningSql.column("SRC_CON_UID");

  private RedoRowMapper() {}

  /** The current row of {@code rs}. */
  static RedoRow map(ResultSet rs) throws SQLException {
    Scn scn = nullableScn(rs, SCN);
    LocalDateTime timestamp = dateTime(rs, TIMESTAMP);
    int thread = rs.getInt(THREAD);
    String rsId = rs.getString(RS_ID);
    RedoAddress address = address(scn, timestamp, thread, rsId);
    return new RedoRow(
        scn,
        nullableScn(rs, START_SCN),
        nullableScn(rs, COMMIT_SCN),
        timestamp,
        dateTime(rs, START_TIMESTAMP),
        dateTime(rs, COMMIT_TIMESTAMP),
        xid(rs),
        rs.getInt(OPERATION_CODE),
        orEmpty(rs.getString(OPERATION)),
        rs.getInt(ROLLBACK) == 1,
        rs.getString(SEG_OWNER),
        rs.getString(TABLE_NAME),
        rs.getString(ROW_ID),
        rs.getString(USERNAME),
        address,
        rs.getInt(SSN),
        rs.getInt(CSF) == 1,
        integer(rs, DATA_OBJ),
        integer(rs, DATA_OBJV),
        integer(rs, DATA_OBJD),
        orEmpty(rs.getString(SQL_REDO)),
        null,
        rs.getString(INFO),
        rs.getInt(STATUS),
        rs.getString(SRC_CON_NAME),
        integer(rs, SRC_CON_ID),
        longValue(rs, SRC_CON_UID));
  }

  /**
   * XIDUSN, XIDSLT and XIDSQN, the same numbers on every platform; all zeros when LogMiner gives
   * none.
   */
  private static Xid xid(ResultSet rs) throws SQLException {
    Integer usn = integer(rs, XIDUSN);
    Integer slot = integer(rs, XIDSLT);
    Long sequence = longValue(rs, XIDSQN);
    return usn == null || slot == null || sequence == null ? NO_XID : new Xid(usn, slot, sequence);
  }

  private static RedoAddress address(Scn scn, LocalDateTime timestamp, int thread, String rsId) {
    if (scn == null || timestamp == null || rsId == null) {
      throw malformed(scn, thread, rsId, "SCN, TIMESTAMP and RS_ID must not be NULL", null);
    }
    try {
      return RedoAddress.parseRsId(thread, rsId);
    } catch (IllegalArgumentException e) {
      throw malformed(scn, thread, rsId, e.getMessage(), e);
    }
  }

  private static CdcException malformed(
      Scn scn, int thread, String rsId, String problem, Exception cause) {
    return new CdcException(
        ErrorCode.CORRUPT_REDO,
        "V$LOGMNR_CONTENTS row with SCN "
            + scn
            + ", THREAD# "
            + thread
            + ", RS_ID '"
            + rsId
            + "' cannot be placed in the redo: "
            + problem,
        cause);
  }

  private static String orEmpty(String value) {
    return value == null ? "" : value;
  }
}
