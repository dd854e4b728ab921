package dev.redoline.simulator.internal.oracle;

import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The committed versions of one table's rows, by ROWID, so a flashback query ({@code SELECT ... AS
 * OF SCN n}) sees the table as it was at {@code n} and a plain SELECT sees only committed data, as
 * another session would.
 *
 * <p>Undo is modelled as Oracle keeps it: the before image of a change committed at time {@code t}
 * stays available until {@code t + undo retention}. A read as of {@code n} needs the undo of every
 * change committed after {@code n}; when one of those is older than the retention its undo is gone
 * and the read fails with ORA-01555. Versions nobody can read any more are dropped as new ones
 * come, so history stays bounded by the retention.
 */
public final class TableHistory {

  /** A row as committed at {@code scn} ({@code values == null}: deleted). */
  // Versions are found by SCN, never compared or hashed, so the array's identity equality is moot.
  @SuppressWarnings("ArrayRecordComponent")
  private record Version(long scn, Instant time, Object[] values) {}

  private final Map<String, List<Version>> rows = new LinkedHashMap<>();

  /** Reads below this SCN need undo that was dropped (a row's whole history, deleted long ago). */
  private long prunedThrough;

  /**
   * Notes the committed state of {@code rowId} ({@code null} when deleted) at commit {@code scn}.
   */
  void commit(String rowId, Object[] values, long scn, Instant time, Instant undoKeptSince) {
    List<Version> versions = rows.computeIfAbsent(rowId, k -> new ArrayList<>(2));
    versions.add(new Version(scn, time, values == null ? null : values.clone()));
    // the oldest version is needed only while the undo of its successor is kept
    while (versions.size() > 1 && versions.get(1).time.isBefore(undoKeptSince)) {
      versions.remove(0);
      prunedThrough = Math.max(prunedThrough, versions.get(0).scn);
    }
    if (versions.size() == 1
        && versions.get(0).values == null
        && versions.get(0).time.isBefore(undoKeptSince)) {
      rows.remove(rowId);
      prunedThrough = Math.max(prunedThrough, versions.get(0).scn);
    }
  }

  /**
   * Every committed version's values made current: after a DDL that reshaped the stored rows (a
   * column added), so later reads see the new shape.
   */
  public void reshape(int columns) {
    for (Map.Entry<String, List<Version>> e : rows.entrySet()) {
      List<Version> versions = e.getValue();
      for (int i = 0; i < versions.size(); i++) {
        Version v = versions.get(i);
        if (v.values != null && v.values.length != columns) {
          versions.set(i, new Version(v.scn, v.time, java.util.Arrays.copyOf(v.values, columns)));
        }
      }
    }
  }

  /** A TRUNCATE at {@code scn}: every row deleted, committed at once (DDL commits). */
  public void truncate(long scn, Instant time, Instant undoKeptSince) {
    for (String rowId : new ArrayList<>(rows.keySet())) {
      List<Version> versions = rows.get(rowId);
      if (versions.get(versions.size() - 1).values != null) {
        commit(rowId, null, scn, time, undoKeptSince);
      }
    }
  }

  /**
   * Forgets every version committed above {@code scn}: the database went back to it (FLASHBACK
   * DATABASE, recovery until it), and those commits never happened in its new incarnation.
   */
  void rewindTo(long scn) {
    for (Iterator<List<Version>> it = rows.values().iterator(); it.hasNext(); ) {
      List<Version> versions = it.next();
      versions.removeIf(v -> v.scn > scn);
      if (versions.isEmpty()) {
        it.remove();
      }
    }
  }

  /**
   * The rows committed at or below {@code scn}, in ROWID order of insertion; each array ends with
   * one extra slot, the row's ROWID.
   *
   * @param undoKeptSince undo of changes committed before this instant is gone
   * @throws SQLException ORA-01555 when the read needs undo that is gone
   */
  List<Object[]> asOf(long scn, Instant undoKeptSince) throws SQLException {
    if (scn < prunedThrough) {
      throw tooOld();
    }
    List<Object[]> out = new ArrayList<>();
    for (Iterator<Map.Entry<String, List<Version>>> it = rows.entrySet().iterator();
        it.hasNext(); ) {
      Map.Entry<String, List<Version>> entry = it.next();
      List<Version> versions = entry.getValue();
      Version seen = null;
      for (Version v : versions) {
        if (v.scn > scn) {
          if (v.time.isBefore(undoKeptSince)) {
            throw tooOld();
          }
          break;
        }
        seen = v;
      }
      if (seen != null && seen.values != null) {
        Object[] row = java.util.Arrays.copyOf(seen.values, seen.values.length + 1);
        row[row.length - 1] = entry.getKey();
        out.add(row);
      }
    }
    return out;
  }

  private static SQLException tooOld() {
    return OracleErrors.error(1555, "3", "_SYSSMU3_2996391332$");
  }
}
