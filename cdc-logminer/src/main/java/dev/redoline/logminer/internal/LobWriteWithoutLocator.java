package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobPlaceholders.isPlaceholder;

import dev.redoline.core.Absent;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoRow;
import dev.redoline.core.TableLayout;
import dev.redoline.decoder.internal.LobPiece;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The LOB a LOB_WRITE row with no locator before it writes (docs/simulator.md, b7). BasicFile LOBs
 * stored out of row ({@code DISABLE STORAGE IN ROW}) write their values with no SEL_LOB_LOCATOR,
 * after (or, as reported, before) the DML row, which shows {@code EMPTY_CLOB()}/{@code
 * EMPTY_BLOB()} for them: the row's ROW_ID ties the write to the held change, and the column must
 * be the one CLOB, NCLOB or BLOB of it still showing that marker. Several such columns cannot be
 * told apart (the write names only {@code loc_c} or {@code loc_b}), and a guess could deliver one
 * column's content in another, or an excluded column's at all: CDC-3050, naming them.
 */
final class LobWriteWithoutLocator {

  private LobWriteWithoutLocator() {}

  /**
   * The target of {@code piece}, completing {@code tx}'s held change, or null when nothing ties it
   * to one (the caller's CDC-3006).
   *
   * @throws DecodeException CDC-3050 when several columns could take the write
   */
  static LobTarget find(
      LobTransaction tx, RedoRow row, LobPiece piece, TableLayout layout, Instant time) {
    Change held = tx.pending;
    if (!(piece instanceof LobPiece.Write w)
        || w.offset() != 1
        || held == null
        || !held.table().equals(layout.table())
        || InternalRowIds.empty(row.rowId())
        || !row.rowId().equals(held.rowId())) {
      return null;
    }
    List<String> candidates = new ArrayList<>();
    int column = -1;
    for (int i = 0; i < held.after().size(); i++) {
      Object shown = held.after().get(i);
      // an excluded column's marker is not shown: it may be the one written
      if (LobTarget.streams(layout.column(i).type().kind())
          && (isPlaceholder(shown) || shown == Absent.EXCLUDED)) {
        candidates.add(layout.column(i).name());
        column = i;
      }
    }
    if (candidates.size() > 1) {
      throw new DecodeException(
          ErrorCode.LOB_WRITE_COLUMN_AMBIGUOUS,
          "LOB_WRITE row with no SEL_LOB_LOCATOR before it at SCN "
              + row.scn()
              + " in transaction "
              + row.xid()
              + " may write any of the LOB columns "
              + String.join(", ", candidates)
              + " of "
              + layout.table(),
          layout.table(),
          null,
          -1,
          null,
          null);
    }
    if (column < 0) {
      return null;
    }
    LobTarget t =
        new LobTarget(
            column, held.after(), layout, row, time, held.after().get(column) == Absent.EXCLUDED);
    t.completes = true;
    t.inferred = true;
    t.content = LobPlaceholders.emptyContent(layout.column(column).type());
    return t;
  }
}
