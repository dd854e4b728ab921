package dev.redoline.logminer.internal;

import dev.redoline.core.Incarnation;
import java.util.Objects;

/**
 * One row of {@code V$DATABASE_INCARNATION} (Reference, "V$DATABASE_INCARNATION").
 *
 * @param number INCARNATION#
 * @param incarnation RESETLOGS_CHANGE# and RESETLOGS_TIME of this incarnation
 * @param prior PRIOR_RESETLOGS_CHANGE# and PRIOR_RESETLOGS_TIME: the incarnation it was opened
 *     from, or {@code null} for the first one (PRIOR_RESETLOGS_TIME NULL)
 * @param status STATUS: CURRENT, PARENT (an ancestor of the current one) or ORPHAN
 */
public record IncarnationRow(
    int number, Incarnation incarnation, Incarnation prior, String status) {

  public IncarnationRow {
    Objects.requireNonNull(incarnation, "incarnation == null");
    Objects.requireNonNull(status, "status == null");
  }

  /** STATUS = 'CURRENT'. */
  public boolean current() {
    return status.equals("CURRENT");
  }
}
