package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.Column;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;

/**
 * Where the ROW_ID of a LOB table's DML shows, with {@link
 * SimulatedOracle.Builder#lobTableRowIdsOnInternalRows()}: real LogMiner output on tables with LOB
 * columns has DML rows with an empty ROW_ID and INTERNAL (code 0) rows carrying it, which is why
 * Debezium caches INTERNAL rows to undo savepoint rollbacks on such tables (its PRs 7425, 7427 and
 * 7472). Undo rows keep their ROW_ID (Debezium matches them by it). Which statements give the
 * INTERNAL row, and whether it always follows its DML row at once, is not confirmed.
 */
public final class LobTableRowIds {

  private LobTableRowIds() {}

  /**
   * Whether a record of {@code kind} on a table of {@code layout} shows an empty ROW_ID and an
   * INTERNAL row after it.
   */
  static boolean onInternalRow(Settings settings, RecordKind kind, TableLayout layout) {
    if (!settings.lobTableRowIdsOnInternalRows() || kind.isUndo() || !kind.isDml()) {
      return false;
    }
    for (Column c : layout.columns()) {
      if (SimLob.isLob(c.type())) {
        return true;
      }
    }
    return false;
  }

  /** The ROW_ID a record's view row shows. */
  static String shown(Settings settings, RedoRecord r) {
    return r.table() != null && onInternalRow(settings, r.kind(), r.table().layout())
        ? null
        : r.rowId();
  }
}
