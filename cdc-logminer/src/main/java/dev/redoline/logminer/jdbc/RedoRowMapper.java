package dev.redoline.logminer.jdbc;

import static dev.redoline.logminer.jdbc.ResultValues.dateTime;
import static dev.redoline.logminer.jdbc.ResultValues.integer;
import static dev.redoline.logminer.jdbc.ResultValues.longValue;
import static dev.redoline.logminer.jdbc.ResultValues.nullableScn;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.logminer.RedoRow;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;

/**
 * Maps the current row of a {@link MiningSql} result into a {@link RedoRow}, reading the columns
 * by position in the order of {@link MiningSql#SELECT}.
 *
 * <pre>{@code
 * while (rs.next()) {
 *   RedoRow row = RedoRowMapper.map(rs);
 * }
 * }</pre>
 *
 * <p>SCN columns are read as decimals (unsigned 64-bit values), DATE columns as
 * {@link LocalDateTime} in the database's local time, XID from its RAW(8) bytes, and RS_ID is
 * parsed into an address of the row's THREAD# (0 on the COMMIT of an empty transaction). Columns
 * the port requires but LogMiner may leave NULL get a neutral value: XID all zeros, SQL_REDO and
 * OPERATION empty. A row whose SCN, TIMESTAMP or RS_ID cannot be read stops with CDC-2003 quoting
 * the values, because no later step could place it in the redo.
 */
final class RedoRowMapper {

  private static final Xid NO_XID = new Xid(0, 0, 0);

  private RedoRowMapper() {}

  /** The current row of {@code rs}. */
  static RedoRow map(ResultSet rs) throws SQLException {
    Scn scn = nullableScn(rs, 1);
    LocalDateTime timestamp = dateTime(rs, 4);
    int thread = rs.getInt(15);
    String rsId = rs.getString(16);
    RedoAddress address = address(scn, timestamp, thread, rsId);
    byte[] xidRaw = rs.getBytes(7);
    Xid xid = xidRaw == null ? NO_XID : Xid.fromRaw(xidRaw);
    return new RedoRow(scn, nullableScn(rs, 2), nullableScn(rs, 3), timestamp, dateTime(rs, 5), dateTime(rs, 6),
        xid, rs.getInt(8), orEmpty(rs.getString(9)), rs.getInt(10) == 1, rs.getString(11), rs.getString(12),
        rs.getString(13), rs.getString(14), address, rs.getInt(17), rs.getInt(18) == 1, integer(rs, 19),
        integer(rs, 20), integer(rs, 21), orEmpty(rs.getString(22)), rs.getString(23), rs.getString(24),
        rs.getInt(25), rs.getString(26), integer(rs, 27), longValue(rs, 28));
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

  private static CdcException malformed(Scn scn, int thread, String rsId, String problem, Exception cause) {
    return new CdcException(ErrorCode.CORRUPT_REDO, "V$LOGMNR_CONTENTS row with SCN " + scn + ", THREAD# "
        + thread + ", RS_ID '" + rsId + "' cannot be placed in the redo: " + problem, cause);
  }

  private static String orEmpty(String value) {
    return value == null ? "" : value;
  }
}
