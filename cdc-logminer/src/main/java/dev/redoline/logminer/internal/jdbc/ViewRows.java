package dev.redoline.logminer.internal.jdbc;

import static dev.redoline.logminer.internal.jdbc.ResultValues.dateTime;
import static dev.redoline.logminer.internal.jdbc.ResultValues.integer;
import static dev.redoline.logminer.internal.jdbc.ResultValues.nullableScn;
import static dev.redoline.logminer.internal.jdbc.ResultValues.scn;
import static dev.redoline.logminer.internal.jdbc.ResultValues.yes;

import dev.redoline.core.OracleType;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import dev.redoline.logminer.internal.ActiveTransaction;
import dev.redoline.logminer.internal.ArchiveDestination;
import dev.redoline.logminer.internal.ArchivedLog;
import dev.redoline.logminer.internal.DatabaseState;
import dev.redoline.logminer.internal.DictionaryObject;
import dev.redoline.logminer.internal.OnlineLog;
import dev.redoline.logminer.internal.PdbState;
import dev.redoline.logminer.internal.RedoThreadState;
import dev.redoline.logminer.internal.SessionLog;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Maps the current row of each inventory statement of {@link Sql} into the port's value, reading
 * columns by name.
 *
 * <pre>{@code
 * while (rs.next()) {
 *   logs.add(ViewRows.onlineLog(rs));
 * }
 * }</pre>
 *
 * <p>Where a view has more states than the port's enums, the mapping is documented at the method:
 * it always leans to the state in which the engine waits or stops rather than reads.
 */
final class ViewRows {

  private ViewRows() {}

  /**
   * A row of {@link Sql#DATABASE}. LOG_MODE MANUAL (archiving not automatic) counts as
   * NOARCHIVELOG: logs would not be archived by themselves. The zone is {@code zone} when the
   * configuration names one, else {@link #serverZone}.
   */
  static DatabaseState database(ResultSet rs, ZoneId zone) throws SQLException {
    DatabaseState.LogMode mode =
        "ARCHIVELOG".equals(rs.getString("LOG_MODE"))
            ? DatabaseState.LogMode.ARCHIVELOG
            : DatabaseState.LogMode.NOARCHIVELOG;
    ZoneId effective =
        zone != null
            ? zone
            : serverZone(
                rs.getString("DB_TIME_ZONE"),
                rs.getString("SERVER_OFFSET"),
                rs.getString("SERVER_TIME"));
    return new DatabaseState(
        rs.getString("NAME"),
        rs.getLong("DBID"),
        scn(rs, "CURRENT_SCN"),
        mode,
        yes(rs, "SUPPLEMENTAL_LOG_DATA_MIN"),
        yes(rs, "SUPPLEMENTAL_LOG_DATA_ALL"),
        yes(rs, "SUPPLEMENTAL_LOG_DATA_PK"),
        scn(rs, "RESETLOGS_CHANGE#"),
        dateTime(rs, "RESETLOGS_TIME"),
        yes(rs, "CDB"),
        rs.getString("OPEN_MODE"),
        effective);
  }

  private static final DateTimeFormatter SERVER_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  /**
   * The zone of the server's clock: DBTIMEZONE when it names a region whose offset at the server's
   * local time is the clock's offset (then times on either side of a daylight saving change are
   * right), else the clock's offset alone. An offset is right only until the clock's next change,
   * which is why the engine reads it again at every step and why a region should be configured when
   * DBTIMEZONE is an offset or another zone than the server's.
   */
  static ZoneId serverZone(String dbTimeZone, String serverOffset, String serverTime) {
    ZoneOffset offset = ZoneOffset.of(serverOffset.trim());
    if (dbTimeZone == null || serverTime == null) {
      return offset;
    }
    try {
      ZoneId region = ZoneId.of(dbTimeZone.trim());
      if (region instanceof ZoneOffset) {
        return offset;
      }
      Instant now = LocalDateTime.parse(serverTime.trim(), SERVER_TIME).toInstant(offset);
      return region.getRules().getOffset(now).equals(offset) ? region : offset;
    } catch (DateTimeException e) {
      return offset; // a region name Java does not know: only the offset can be trusted
    }
  }

  /** A row of {@link Sql#THREADS}; instance 0 when no instance has the thread open. */
  static RedoThreadState thread(ResultSet rs) throws SQLException {
    Integer instance = integer(rs, "INSTANCE_NUMBER");
    return new RedoThreadState(
        rs.getInt("THREAD#"),
        RedoThreadState.Status.valueOf(rs.getString("STATUS")),
        RedoThreadState.Enabled.valueOf(rs.getString("ENABLED")),
        instance == null ? 0 : instance,
        rs.getLong("SEQUENCE#"),
        scn(rs, "CHECKPOINT_CHANGE#"),
        scn(rs, "ENABLE_CHANGE#"),
        orZero(nullableScn(rs, "DISABLE_CHANGE#")),
        rs.getLong("LAST_REDO_SEQUENCE#"),
        rs.getLong("LAST_REDO_BLOCK"),
        scn(rs, "LAST_REDO_CHANGE#"),
        dateTime(rs, "LAST_REDO_TIME"));
  }

  /**
   * A row of {@link Sql#ONLINE_LOGS}. CLEARING_CURRENT counts as CURRENT; CLEARING and INVALIDATED
   * as INACTIVE (not being written, not needed for recovery).
   */
  static OnlineLog onlineLog(ResultSet rs) throws SQLException {
    String status = rs.getString("STATUS");
    OnlineLog.Status mapped =
        switch (status) {
          case "CURRENT", "CLEARING_CURRENT" -> OnlineLog.Status.CURRENT;
          case "ACTIVE" -> OnlineLog.Status.ACTIVE;
          case "UNUSED" -> OnlineLog.Status.UNUSED;
          default -> OnlineLog.Status.INACTIVE;
        };
    return new OnlineLog(
        rs.getInt("GROUP#"),
        rs.getInt("THREAD#"),
        rs.getLong("SEQUENCE#"),
        rs.getLong("BYTES"),
        rs.getInt("BLOCKSIZE"),
        rs.getString("MEMBER"),
        yes(rs, "ARCHIVED"),
        mapped,
        orZero(nullableScn(rs, "FIRST_CHANGE#")),
        dateTime(rs, "FIRST_TIME"),
        orZero(nullableScn(rs, "NEXT_CHANGE#")));
  }

  /** A row of {@link Sql#ARCHIVED_LOGS}. */
  static ArchivedLog archivedLog(ResultSet rs) throws SQLException {
    return new ArchivedLog(
        rs.getString("NAME"),
        rs.getInt("DEST_ID"),
        rs.getInt("THREAD#"),
        rs.getLong("SEQUENCE#"),
        scn(rs, "FIRST_CHANGE#"),
        scn(rs, "NEXT_CHANGE#"),
        dateTime(rs, "FIRST_TIME"),
        rs.getLong("BLOCKS"),
        rs.getInt("BLOCK_SIZE"),
        ArchivedLog.Status.valueOf(rs.getString("STATUS")),
        yes(rs, "STANDBY_DEST"),
        yes(rs, "DICTIONARY_BEGIN"),
        yes(rs, "DICTIONARY_END"),
        scn(rs, "RESETLOGS_CHANGE#"));
  }

  /** A row of {@link Sql#INCARNATIONS}. */
  static dev.redoline.logminer.internal.IncarnationRow incarnation(ResultSet rs)
      throws SQLException {
    LocalDateTime priorTime = dateTime(rs, "PRIOR_RESETLOGS_TIME");
    return new dev.redoline.logminer.internal.IncarnationRow(
        rs.getInt("INCARNATION#"),
        new dev.redoline.core.Incarnation(
            scn(rs, "RESETLOGS_CHANGE#"), dateTime(rs, "RESETLOGS_TIME")),
        priorTime == null
            ? null
            : new dev.redoline.core.Incarnation(scn(rs, "PRIOR_RESETLOGS_CHANGE#"), priorTime),
        rs.getString("STATUS"));
  }

  /** A row of {@link Sql#ARCHIVE_DESTINATIONS}; a NULL name, status or type reads as empty. */
  static ArchiveDestination destination(ResultSet rs) throws SQLException {
    return new ArchiveDestination(
        rs.getInt("DEST_ID"),
        orEmpty(rs.getString("DEST_NAME")),
        orEmpty(rs.getString("STATUS")),
        orEmpty(rs.getString("TYPE")));
  }

  /** A row of {@link Sql#PDBS}. */
  static PdbState pdb(ResultSet rs) throws SQLException {
    return new PdbState(
        rs.getInt("CON_ID"),
        rs.getString("NAME"),
        rs.getLong("CON_UID"),
        rs.getString("OPEN_MODE"));
  }

  /** A row of {@link Sql#TRANSACTIONS} or {@link Sql#TRANSACTIONS_ALL_INSTANCES}. */
  static ActiveTransaction transaction(ResultSet rs) throws SQLException {
    Xid xid = new Xid(rs.getInt("XIDUSN"), rs.getInt("XIDSLOT"), rs.getLong("XIDSQN"));
    return new ActiveTransaction(
        xid,
        scn(rs, "START_SCN"),
        rs.getString("STATUS"),
        rs.getInt("INST_ID"),
        rs.getString("USERNAME"));
  }

  /**
   * A row of {@link Sql#OBJECTS} or {@link Sql#CDB_OBJECTS}: a partition's OBJECT_NAME is its
   * table's name and SUBOBJECT_NAME the partition's, so it maps to its table directly.
   */
  static DictionaryObject object(ResultSet rs, String container, int conId) throws SQLException {
    TableId table = new TableId(container, rs.getString("OWNER"), rs.getString("OBJECT_NAME"));
    Integer dataObjectId = integer(rs, "DATA_OBJECT_ID");
    return new DictionaryObject(
        table,
        conId,
        rs.getInt("OBJECT_ID"),
        dataObjectId == null ? 0 : dataObjectId,
        rs.getString("SUBOBJECT_NAME"));
  }

  /** The declared type of a row of {@link Sql#COLUMNS}, parsed by {@link OracleType#parse}. */
  static OracleType columnType(ResultSet rs) throws SQLException {
    return OracleType.parse(
        declaration(
            rs.getString("DATA_TYPE"),
            rs.getInt("DATA_LENGTH"),
            integer(rs, "DATA_PRECISION"),
            integer(rs, "DATA_SCALE"),
            rs.getInt("CHAR_LENGTH")));
  }

  /**
   * The declaration text of a dictionary column. DATA_TYPE already spells the sizes of TIMESTAMP
   * and INTERVAL types; NUMBER without precision but with a scale is INTEGER-like, {@code
   * NUMBER(38,s)}; character types take CHAR_LENGTH, the declared length in their own semantics;
   * RAW takes DATA_LENGTH.
   */
  static String declaration(
      String dataType, int dataLength, Integer precision, Integer scale, int charLength) {
    return switch (dataType) {
      case "NUMBER" ->
          precision == null
              ? (scale == null ? "NUMBER" : "NUMBER(38," + scale + ")")
              : "NUMBER(" + precision + "," + (scale == null ? 0 : scale) + ")";
      case "FLOAT" -> precision == null ? "FLOAT" : "FLOAT(" + precision + ")";
      case "CHAR", "NCHAR", "VARCHAR2", "NVARCHAR2" -> dataType + "(" + charLength + ")";
      case "RAW" -> "RAW(" + dataLength + ")";
      default -> dataType;
    };
  }

  /** A row of {@link Sql#SESSION_LOGS}. */
  static SessionLog sessionLog(ResultSet rs) throws SQLException {
    return new SessionLog(
        rs.getLong("LOG_ID"),
        rs.getString("FILENAME"),
        rs.getInt("THREAD_ID"),
        rs.getLong("THREAD_SQN"),
        orZero(nullableScn(rs, "LOW_SCN")),
        orZero(nullableScn(rs, "NEXT_SCN")),
        rs.getInt("STATUS"),
        rs.getString("INFO"));
  }

  private static Scn orZero(Scn scn) {
    return scn == null ? Scn.ZERO : scn;
  }

  private static String orEmpty(String value) {
    return value == null ? "" : value;
  }
}
