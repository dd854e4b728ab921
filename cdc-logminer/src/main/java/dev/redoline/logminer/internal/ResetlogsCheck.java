package dev.redoline.logminer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.CommitMark;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Incarnation;
import dev.redoline.core.RedoAddress;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * Whether the capture's cursors are in the database's current incarnation, and what an OPEN
 * RESETLOGS (Data Guard failover, point-in-time recovery, FLASHBACK DATABASE) since then allows
 * (docs/offsets-and-recovery.md#resetlogs).
 *
 * <p>After a RESETLOGS every thread's log sequence restarts at 1 and the new incarnation takes SCNs
 * from its RESETLOGS_CHANGE# again, SCNs the parent may have used for redo the RESETLOGS discarded.
 * A cursor of the parent would find no log at or after its sequence for a long time (a silent
 * stall), then read the new incarnation's logs from the middle (a silent skip). So positions carry
 * their incarnation, and a change of it is handled before any log is planned:
 *
 * <ul>
 *   <li>the position's incarnation must be the current one's parent (PRIOR_RESETLOGS_CHANGE# and
 *       PRIOR_RESETLOGS_TIME of V$DATABASE_INCARNATION's CURRENT row), else CDC-2060: a chain of
 *       RESETLOGS or an orphan branch leaves no way to tell which redo still counts;
 *   <li>the last commit the capture published must be below the RESETLOGS SCN, else CDC-2060: the
 *       consumers hold changes the database no longer has, and every SCN above the RESETLOGS SCN is
 *       now taken again by other changes;
 *   <li>otherwise the parent's archived redo below the RESETLOGS SCN is mined to its end ({@link
 *       ParentTail}), the transactions still open there are dropped (the RESETLOGS rolled them
 *       back), and the capture goes on in the new incarnation from its first log.
 * </ul>
 *
 * <p>A position that does not name its incarnation (a first start, a position written before
 * positions carried it) is taken to be in the current incarnation when its resume SCN is in it and
 * no cursor's sequence is above its thread's current one; else in the current one's parent.
 */
final class ResetlogsCheck {

  /** The incarnation V$DATABASE names. */
  Incarnation current(DatabaseState state) {
    return new Incarnation(state.resetlogsScn(), state.resetlogsTime());
  }

  /**
   * The incarnation the cursors are in; learnt now (and kept in {@code positions}) when it was not
   * known: at a first start, or from a position of an earlier version.
   */
  Incarnation cursorsIn(
      LogMinerGateway db, Positions positions, LogInventory.Snapshot listed, Incarnation current)
      throws SQLException {
    Incarnation known = positions.incarnation();
    if (known != null) {
      return known;
    }
    Incarnation in = current;
    if (!inCurrent(positions, listed, current)) {
      IncarnationRow row = currentRow(db.incarnations(), current);
      if (row != null && row.prior() != null) {
        in = row.prior();
      }
    }
    positions.inIncarnation(in);
    return in;
  }

  private static boolean inCurrent(
      Positions positions, LogInventory.Snapshot listed, Incarnation current) {
    if (positions.floor().compareTo(current.resetlogsScn()) < 0) {
      return false;
    }
    for (Map.Entry<Integer, RedoAddress> cursor : positions.cursors().entrySet()) {
      for (RedoThreadState thread : listed.threads()) {
        if (thread.thread() == cursor.getKey()
            && cursor.getValue().sequence() > thread.lastRedoAddress().sequence()) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Stops with CDC-2060 unless the capture may go on from {@code parent} into {@code current}: the
   * parent is the current incarnation's, and {@code lastPublished} is below the RESETLOGS SCN.
   */
  void requireContinuable(
      LogMinerGateway db, Incarnation parent, Incarnation current, CommitMark lastPublished)
      throws SQLException {
    List<IncarnationRow> rows = db.incarnations();
    IncarnationRow row = currentRow(rows, current);
    if (row == null || !parent.equals(row.prior())) {
      throw new CdcException(
          ErrorCode.INCARNATION_DIVERGED,
          "the capture's position is on incarnation "
              + parent
              + " (RESETLOGS_CHANGE#@RESETLOGS_TIME), which is not the parent of the current "
              + "incarnation "
              + current
              + (row == null || row.prior() == null ? "" : " (its parent is " + row.prior() + ")")
              + "; V$DATABASE_INCARNATION lists "
              + rows.stream()
                  .map(r -> r.number() + ":" + r.incarnation() + " " + r.status())
                  .toList()
              + ". Which of the position's changes the database still has cannot be told");
    }
    if (lastPublished != null && lastPublished.scn().compareTo(current.resetlogsScn()) >= 0) {
      throw new CdcException(
          ErrorCode.INCARNATION_DIVERGED,
          "the capture's position on incarnation "
              + parent
              + " delivered a commit at SCN "
              + lastPublished.scn()
              + ", but the database was opened with RESETLOGS at SCN "
              + current.resetlogsScn()
              + " (incarnation "
              + current
              + "): the changes delivered from SCN "
              + current.resetlogsScn()
              + " to "
              + lastPublished.scn()
              + " of incarnation "
              + parent
              + " no longer exist in the database, and the new incarnation uses those SCNs again");
    }
  }

  /** The ops event's message when the capture moves on into {@code current}. */
  static String entered(Incarnation parent, Incarnation current, int dropped) {
    return "database opened with RESETLOGS at SCN "
        + current.resetlogsScn()
        + ": incarnation "
        + parent
        + " mined up to SCN "
        + current.resetlogsScn().minus(1)
        + ", capture goes on in incarnation "
        + current
        + " from its first log; "
        + dropped
        + " transaction(s) still open at the RESETLOGS dropped (rolled back by it)";
  }

  private static IncarnationRow currentRow(List<IncarnationRow> rows, Incarnation current) {
    for (IncarnationRow row : rows) {
      if (row.current() && row.incarnation().equals(current)) {
        return row;
      }
    }
    return null;
  }
}
