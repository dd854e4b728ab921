package dev.redoline.logminer.internal;

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
 * <p>Only the rows decoded together are seen (a step, or one chunk of a step read back from its
 * step file): a DML row whose INTERNAL row falls into the next step or chunk keeps no ROW_ID, and
 * an undo row for it is counted as unmatched.
 */
final class InternalRowIds {

  /** OPERATION_CODE of an INTERNAL row. */
  static final int INTERNAL = 0;

  /** How Oracle shows a ROWID of all zeros: 18 'A's (base 64 zero digits). */
  private static final String ZERO_ROWID = "AAAAAAAAAAAAAAAAAA";

  private InternalRowIds() {}

  /** {@code rows}, with each DML row that had no ROW_ID given the one of its INTERNAL row. */
  static List<RedoRow> filled(List<RedoRow> rows) {
    List<RedoRow> out = null;
    Map<Xid, Integer> waiting = new HashMap<>();
    for (int i = 0; i < rows.size(); i++) {
      RedoRow row = rows.get(i);
      int code = row.operationCode();
      boolean dml = code == RedoRow.INSERT || code == RedoRow.UPDATE || code == RedoRow.DELETE;
      if (dml && !row.rollback()) {
        if (empty(row.rowId())) {
          waiting.put(row.xid(), i);
        } else {
          waiting.remove(row.xid());
        }
      } else if (code == INTERNAL && !empty(row.rowId())) {
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
