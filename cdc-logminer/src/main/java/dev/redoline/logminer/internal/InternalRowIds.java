package dev.redoline.logminer.internal;

import dev.redoline.core.Change;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Xid;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives a DML row that LogMiner left without a ROW_ID the ROW_ID of the INTERNAL row (code 0) of
 * its transaction that follows it. Real LogMiner does this on tables with LOB columns: the INSERT,
 * UPDATE or DELETE has an empty ROW_ID and an INTERNAL row carries it, while the undo rows of a
 * savepoint or statement rollback name the ROW_ID they reverse (Debezium caches INTERNAL rows for
 * the same reason: its PRs 7425, 7427, 7472). Without it, an undo row matches no buffered change
 * and the rolled-back change is delivered at the COMMIT.
 *
 * <pre>
 * UPDATE   ROW_ID=(empty)   update "S"."DOCS" set "NAME" = 'x' where ...
 * INTERNAL ROW_ID=AAAS5cAAEAAAAF0AAA
 * </pre>
 *
 * <p>{@link #filled} sees the rows decoded together (a step, or one chunk of a step read back from
 * its step file). A DML row whose INTERNAL row falls into the next chunk or step is kept back
 * instead ({@link #await}): its change waits, held in the buffer so it counts for the restart
 * position, until the next row of its transaction is applied, and takes the ROW_ID when that row is
 * its INTERNAL row ({@link #take}). An undo row that still finds no change is counted as unmatched,
 * never a stop.
 */
final class InternalRowIds {

  /** A change kept back until the row after its DML row: its ROW_ID may come there. */
  record Awaiting(RedoRow row, Change change) {

    /** This change with the ROW_ID an INTERNAL row gave it. */
    Awaiting withRowId(String rowId) {
      Change c = change;
      return new Awaiting(
          row.withRowId(rowId),
          new Change(
              c.operation(),
              c.table(),
              c.layoutVersion(),
              c.before(),
              c.after(),
              c.scn(),
              c.address(),
              c.ssn(),
              rowId,
              c.timestamp()));
    }
  }

  /** Per transaction, the change whose ROW_ID may still come. */
  private final Map<Xid, Awaiting> awaiting = new HashMap<>();

  /** Keeps {@code change} of {@code row}, a DML row without a ROW_ID, until its next row. */
  void await(RedoRow row, Change change) {
    awaiting.put(row.xid(), new Awaiting(row, change));
  }

  /**
   * The change of {@code next}'s transaction kept back, if any, with the ROW_ID of {@code next}
   * when that is its INTERNAL row; it is no longer kept.
   */
  Awaiting take(RedoRow next) {
    Awaiting kept = awaiting.remove(next.xid());
    if (kept == null || !isRowIdCarrier(next)) {
      return kept;
    }
    return kept.withRowId(next.rowId());
  }

  /** Whether {@code row} is an INTERNAL row that carries a ROW_ID. */
  static boolean isRowIdCarrier(RedoRow row) {
    return row.operationCode() == INTERNAL && !empty(row.rowId());
  }

  /** Forgets what is kept of {@code xid}: the transaction was dropped. */
  void forget(Xid xid) {
    awaiting.remove(xid);
  }

  /** OPERATION_CODE of an INTERNAL row. */
  static final int INTERNAL = 0;

  /** How Oracle shows a ROWID of all zeros: 18 'A's (base 64 zero digits). */
  private static final String ZERO_ROWID = "AAAAAAAAAAAAAAAAAA";

  /** {@code rows}, with each DML row that had no ROW_ID given the one of its INTERNAL row. */
  static List<RedoRow> filled(List<RedoRow> rows) {
    List<RedoRow> out = null;
    Map<Xid, Integer> waiting = new HashMap<>();
    for (int i = 0; i < rows.size(); i++) {
      RedoRow row = rows.get(i);
      if (row.isDml() && !row.rollback()) {
        if (empty(row.rowId())) {
          waiting.put(row.xid(), i);
        } else {
          waiting.remove(row.xid());
        }
      } else if (isRowIdCarrier(row)) {
        Integer at = waiting.remove(row.xid());
        if (at != null) {
          out = out == null ? new ArrayList<>(rows) : out;
          out.set(at, out.get(at).withRowId(row.rowId()));
        }
      }
    }
    return out == null ? rows : out;
  }

  /** Whether a ROW_ID names no row. */
  static boolean empty(String rowId) {
    return rowId == null || rowId.isBlank() || rowId.equals(ZERO_ROWID);
  }
}
