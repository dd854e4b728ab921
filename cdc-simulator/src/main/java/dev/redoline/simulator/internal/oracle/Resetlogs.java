package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.internal.jdbc.Session;
import java.sql.SQLException;

/**
 * {@code FLASHBACK DATABASE TO SCN n} (or a point-in-time recovery until {@code n + 1}, or a Data
 * Guard failover whose standby had applied the redo up to {@code n}), then {@code ALTER DATABASE
 * OPEN RESETLOGS} (docs/simulator.md, "Real-Oracle behaviours: the second review", item b4).
 *
 * <p>What Oracle documents and the simulator does (Backup and Recovery User's Guide, "About Opening
 * with the RESETLOGS Option"; Reference, V$DATABASE_INCARNATION):
 *
 * <ul>
 *   <li>the current online logs are archived, then cleared; each thread's log sequence restarts at
 *       1 in a new incarnation whose RESETLOGS_CHANGE# is {@code n + 1} and whose RESETLOGS_TIME is
 *       now, with a new RESETLOGS_ID; the old one becomes its PARENT in V$DATABASE_INCARNATION;
 *   <li>the parent's redo above {@code n}, written and archived, stays where it is (its archives
 *       keep the parent's RESETLOGS_CHANGE#, RESETLOGS_TIME and RESETLOGS_ID in V$ARCHIVED_LOG),
 *       but none of it is in the database any more: the tables hold what was committed at or below
 *       {@code n}, and transactions open at the RESETLOGS are gone, leaving no redo in the new
 *       incarnation;
 *   <li>SCNs start again right above {@code n}: the new incarnation reuses SCN values the parent
 *       used for the redo it discarded;
 *   <li>every connection is lost (the database was restarted).
 * </ul>
 *
 * <p>Not modelled: undoing DDL committed above {@code n}; a transaction open at {@code n} whose
 * rollback writes redo in the new incarnation.
 */
public final class Resetlogs {

  private Resetlogs() {}

  /** See {@code SimulatedOracle.openResetlogs}. */
  public static void open(
      RedoLog redo,
      TransactionTable transactions,
      Catalog catalog,
      SimulatedClock clock,
      Instances instances,
      long keptThrough) {
    if (keptThrough < redo.incarnation().resetlogsScn() || keptThrough > redo.currentScn()) {
      throw new IllegalArgumentException(
          "FLASHBACK DATABASE TO SCN "
              + keptThrough
              + ": the current incarnation holds SCN "
              + redo.incarnation().resetlogsScn()
              + " to "
              + redo.currentScn());
    }
    transactions.loseAll();
    // The parent's current logs are archived as they are, then the groups are cleared.
    long closingScn = redo.nextScn();
    for (RedoThread t : redo.threads()) {
      t.flush(redo.now());
      LogFile current = t.current();
      if (current != null) {
        current.nextScn(closingScn);
        current.nextTime(redo.now());
        if (redo.archiveLogMode()) {
          redo.archiveNow(current);
        }
      }
    }
    redo.archivePendingNow();
    redo.rewindTo(keptThrough);
    long resetlogsScn = redo.nextScn();
    DatabaseIncarnation parent = redo.incarnation();
    DatabaseIncarnation next =
        new DatabaseIncarnation(
            parent.number() + 1,
            resetlogsScn,
            redo.now(),
            parent.resetlogsId() + redo.now().toLocalTime().toSecondOfDay() + 1,
            parent);
    redo.resetlogs(next);
    for (RedoThread t : redo.threads()) {
      t.resetLogs(resetlogsScn, redo.now(), next);
      t.lastWrite(clock.instant());
    }
    for (SimTable table : catalog.tables()) {
      restore(table, keptThrough);
    }
    for (Session s : instances.sessions()) {
      s.lose();
    }
  }

  /** The table's rows as committed at {@code scn}, and nothing of its history above it. */
  private static void restore(SimTable table, long scn) {
    java.util.List<Object[]> rows;
    try {
      rows = table.history().asOf(scn, java.time.Instant.MIN);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "FLASHBACK DATABASE TO SCN " + scn + ": " + table.id() + " has no history that old", e);
    }
    java.util.Map<String, SimTable.StoredRow> before = new java.util.HashMap<>(table.rows());
    table.rows().clear();
    for (Object[] row : rows) {
      String rowId = (String) row[row.length - 1];
      Object[] values = java.util.Arrays.copyOf(row, row.length - 1);
      SimTable.StoredRow was = before.get(rowId);
      table
          .rows()
          .put(
              rowId,
              new SimTable.StoredRow(
                  values, was != null ? was.segment() : segmentOf(table, rowId)));
    }
    table.history().rewindTo(scn);
  }

  /** The segment whose DATA_OBJECT_ID a ROWID names (its first six base-64 digits). */
  private static SimTable.Segment segmentOf(SimTable table, String rowId) {
    for (SimTable.Segment s : table.segments()) {
      if (SimTable.rowId(s.dataObjectId(), 0, 0, 0).regionMatches(0, rowId, 0, 6)) {
        return s;
      }
    }
    return table.segments().get(0);
  }
}
