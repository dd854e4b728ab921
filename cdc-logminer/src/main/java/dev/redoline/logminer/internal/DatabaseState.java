package dev.redoline.logminer.internal;

import dev.redoline.core.Scn;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Objects;

/**
 * The {@code V$DATABASE} fields the engine reads.
 *
 * @param name the database name
 * @param dbid the database id
 * @param currentScn CURRENT_SCN, shared by every redo thread
 * @param logMode LOG_MODE
 * @param supplementalLogDataMin SUPPLEMENTAL_LOG_DATA_MIN is YES (or IMPLICIT)
 * @param supplementalLogDataAll SUPPLEMENTAL_LOG_DATA_ALL is YES
 * @param supplementalLogDataPk SUPPLEMENTAL_LOG_DATA_PK is YES
 * @param resetlogsScn RESETLOGS_CHANGE# of the current incarnation
 * @param resetlogsTime RESETLOGS_TIME
 * @param cdb whether this is a container database
 * @param openMode OPEN_MODE, e.g. {@code READ WRITE}
 * @param zone the database server's time zone: TIMESTAMP columns of LogMiner are local to it. The
 *     configured one, else DBTIMEZONE when it is a region agreeing with the server clock's offset,
 *     else that offset at the moment of reading
 */
public record DatabaseState(
    String name,
    long dbid,
    Scn currentScn,
    LogMode logMode,
    boolean supplementalLogDataMin,
    boolean supplementalLogDataAll,
    boolean supplementalLogDataPk,
    Scn resetlogsScn,
    LocalDateTime resetlogsTime,
    boolean cdb,
    String openMode,
    ZoneId zone) {

  /** LOG_MODE values. */
  public enum LogMode {
    ARCHIVELOG,
    NOARCHIVELOG
  }

  public DatabaseState {
    Objects.requireNonNull(name, "name == null");
    Objects.requireNonNull(currentScn, "currentScn == null");
    Objects.requireNonNull(logMode, "logMode == null");
    Objects.requireNonNull(resetlogsScn, "resetlogsScn == null");
    Objects.requireNonNull(resetlogsTime, "resetlogsTime == null");
    Objects.requireNonNull(openMode, "openMode == null");
    Objects.requireNonNull(zone, "zone == null");
  }
}
