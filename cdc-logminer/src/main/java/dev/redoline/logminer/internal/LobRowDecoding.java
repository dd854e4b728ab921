package dev.redoline.logminer.internal;

import dev.redoline.core.DecodeException;
import dev.redoline.core.RedoRow;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.decoder.internal.LobPiece;
import dev.redoline.decoder.internal.RedoDecoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Decodes a step's LOB rows before any of it is applied ({@link LobAssembler#decode}), so the
 * decoding can run apart from the rows' order of application. A write is left undecoded when
 * nothing would use it: its transaction's last locator named an excluded column, or the LOB it
 * writes, named by a locator, is past {@code cdc.lob.max.bytes}; a DML row ends that, since writes
 * without a locator after it belong to its own change ({@link LobWriteWithoutLocator}). Writes
 * without a locator are always decoded: a write from offset 1 among them starts the next column's
 * value, which no row announces.
 */
final class LobRowDecoding {

  private LobRowDecoding() {}

  /**
   * One result per row: {@link DecodedRow.Lob} or {@link DecodedRow.Failed} for a LOB row decoded,
   * {@link DecodedRow.Undecoded} for any other row (not a LOB row, not captured, or a write nothing
   * would use).
   *
   * @param skipWrites per transaction, whether its writes are skipped, carried across a step's
   *     chunks
   * @param skipsWrites whether a transaction's writes are skipped as the assembler stands, for one
   *     not in {@code skipWrites} yet
   */
  static List<DecodedRow> decode(
      List<RedoRow> rows,
      Function<RedoRow, TableLayout> layouts,
      RedoDecoder decoder,
      Predicate<RedoRow> skipped,
      Map<Xid, Boolean> skipWrites,
      Predicate<Xid> skipsWrites) {
    List<DecodedRow> out = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      RedoRow row = rows.get(i);
      out.add(new DecodedRow.Undecoded(row)); // unless decoded below
      if (!row.isLobRow()) {
        if (row.operationCode() >= INSERT && row.operationCode() <= UPDATE) {
          // a DML row ends the LOB statement: writes with no locator after it are its own
          skipWrites.put(row.xid(), false);
        }
        continue;
      }
      if (row.rollback() || skipped.test(row)) {
        continue; // a LOB row with ROLLBACK=1 undoes nothing the buffer holds: its DML undo row
        // does
      }
      TableLayout layout = layouts.apply(row);
      if (layout == null) {
        continue;
      }
      boolean write =
          row.operationCode() == LOB_WRITE
              || row.operationCode() == XML_WRITE
              || row.operationCode() == EXTENDED_WRITE;
      if (write && skipWrites.computeIfAbsent(row.xid(), skipsWrites::test)) {
        continue;
      }
      try {
        LobPiece piece = decoder.decodeLob(row.operationCode(), row.sqlRedo(), layout);
        if (piece instanceof LobPiece.Locator l) {
          skipWrites.put(row.xid(), l.excluded());
        }
        out.set(i, new DecodedRow.Lob(row, piece));
      } catch (DecodeException e) {
        out.set(i, new DecodedRow.Failed(row, e));
      }
    }
    return out;
  }

  /** OPERATION_CODEs of INSERT and UPDATE; DELETE (2) lies between them. */
  private static final int INSERT = 1;

  private static final int UPDATE = 3;

  /** OPERATION_CODEs of the writes, the only LOB rows that carry data. */
  private static final int LOB_WRITE = 10;

  private static final int XML_WRITE = 70;
  private static final int EXTENDED_WRITE = 92;
}
