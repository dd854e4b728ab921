package dev.redoline.simulator.internal.oracle;

import java.time.LocalDateTime;

/**
 * One row of V$DATABASE_INCARNATION: what an OPEN RESETLOGS starts (Reference,
 * "V$DATABASE_INCARNATION": INCARNATION#, RESETLOGS_CHANGE#, RESETLOGS_TIME, PRIOR_RESETLOGS_*,
 * STATUS CURRENT / PARENT / ORPHAN, RESETLOGS_ID, PRIOR_INCARNATION#). Every log belongs to one;
 * V$ARCHIVED_LOG names it by RESETLOGS_CHANGE#, RESETLOGS_TIME and RESETLOGS_ID, and archive names
 * carry its RESETLOGS_ID (the {@code %r} of LOG_ARCHIVE_FORMAT).
 *
 * @param number INCARNATION#
 * @param resetlogsScn RESETLOGS_CHANGE#: the first SCN of the incarnation
 * @param resetlogsTime RESETLOGS_TIME
 * @param resetlogsId RESETLOGS_ID
 * @param prior the incarnation it was opened from, or null for the first
 */
public record DatabaseIncarnation(
    int number,
    long resetlogsScn,
    LocalDateTime resetlogsTime,
    long resetlogsId,
    DatabaseIncarnation prior) {

  /** STATUS as seen from {@code current}: CURRENT, PARENT (an ancestor of it) or ORPHAN. */
  public String status(DatabaseIncarnation current) {
    if (this == current) {
      return "CURRENT";
    }
    for (DatabaseIncarnation i = current.prior; i != null; i = i.prior) {
      if (i == this) {
        return "PARENT";
      }
    }
    return "ORPHAN";
  }
}
