package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobPlaceholders.isPlaceholder;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Row;
import dev.redoline.core.TableLayout;
import dev.redoline.decoder.internal.LobPiece;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The LOB a LOB_WRITE row with no locator before it writes (docs/simulator.md, b7). BasicFile LOBs
 * stored out of row ({@code DISABLE STORAGE IN ROW}) write their values with no SEL_LOB_LOCATOR,
 * after (or, as reported, before) the DML row, which shows {@code EMPTY_CLOB()}/{@code
 * EMPTY_BLOB()} for them, or leaves them out of an INSERT: the row's ROW_ID ties the write to the
 * held change. A write names only {@code loc_c} (text) or {@code loc_b} (bytes), so it belongs to a
 * CLOB or NCLOB, or to a BLOB, column of that change still showing the marker (or absent from its
 * INSERT). With one such column of its kind, it is that one. With several, the statement's writes
 * are kept as values of their own, in order, until the statement ends ({@link #resolve}): the
 * database writes an INSERT's or UPDATE's LOB values in column order, so when there are as many
 * values of a kind as columns that could take them, the n-th value is the n-th column's. Fewer
 * values than columns (an empty LOB shows the same marker as one written out of row) cannot be told
 * apart, and a guess could deliver one column's content in another: CDC-3050, naming them. So does
 * a choice among columns one of which is excluded by configuration (its content is never kept).
 */
final class LobWriteWithoutLocator {

  private LobWriteWithoutLocator() {}

  /**
   * The target of {@code piece}, completing {@code tx}'s held change, or null when nothing ties it
   * to one (the caller's CDC-3006). A target of several possible columns is {@link
   * LobTarget#unresolved}: its column is chosen by {@link #resolve}.
   *
   * @throws DecodeException CDC-3050 when one of several columns that could take the write is
   *     excluded
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
    boolean binary = w.data() instanceof Bytes;
    List<Integer> candidates = candidates(held, layout, binary);
    if (candidates.isEmpty()) {
      return null;
    }
    int column = candidates.get(0);
    boolean excluded = held.after().get(column) == Absent.EXCLUDED;
    if (candidates.size() > 1) {
      for (int c : candidates) {
        if (held.after().get(c) == Absent.EXCLUDED) {
          throw ambiguous(row, layout, candidates, "one of them excluded");
        }
      }
    }
    LobTarget t = new LobTarget(column, held.after(), layout, row, time, excluded);
    t.completes = true;
    t.inferred = true;
    t.unresolved = candidates.size() > 1;
    t.content = LobPlaceholders.emptyContent(layout.column(column).type());
    return t;
  }

  /**
   * The columns of {@code held} that a write of text ({@code binary} false) or bytes could fill:
   * CLOB and NCLOB, or BLOB, columns showing the marker, excluded (its marker is not shown) or, for
   * an INSERT, absent from the row, in column order.
   */
  static List<Integer> candidates(Change held, TableLayout layout, boolean binary) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < held.after().size(); i++) {
      OracleType.Kind kind = layout.column(i).type().kind();
      if (!LobTarget.streams(kind) || (kind == OracleType.Kind.BLOB) != binary) {
        continue;
      }
      boolean absent = held.operation() == Operation.INSERT && !held.after().isPresent(i);
      Object shown = absent ? null : held.after().get(i);
      if (absent || isPlaceholder(shown) || shown == Absent.EXCLUDED) {
        out.add(i);
      }
    }
    return out;
  }

  /**
   * A value written without a locator before any change of its row (BasicFile writes out of row
   * arrive so now and then, redpanda-data/connect PRs 4458 and 4574): kept until an INSERT of its
   * row adopts it ({@link LobAssembler#holds}); null when {@code piece} cannot start one.
   */
  static LobTarget early(RedoRow row, LobPiece piece, TableLayout layout, Instant time) {
    if (!(piece instanceof LobPiece.Write w)
        || w.offset() != 1
        || InternalRowIds.empty(row.rowId())) {
      return null;
    }
    boolean binary = w.data() instanceof Bytes;
    for (int i = 0; i < layout.columns().size(); i++) {
      OracleType.Kind kind = layout.column(i).type().kind();
      if (LobTarget.streams(kind) && (kind == OracleType.Kind.BLOB) == binary) {
        LobTarget t =
            new LobTarget(
                i, Row.builder(layout.columns().size()).build(), layout, row, time, false);
        t.completes = true;
        t.inferred = true;
        t.unresolved = true;
        t.early = true;
        t.content = LobPlaceholders.emptyContent(layout.column(i).type());
        return t;
      }
    }
    return null;
  }

  /**
   * The column of each of {@code values} (the unresolved values a statement wrote, in order) in
   * {@code held}, the change they complete: per kind, the n-th value is the n-th column that could
   * take it, when there are as many of each; or, when an INSERT leaves columns out and there are as
   * many values as those, the n-th of them (the others show a marker: empty LOBs).
   *
   * @throws DecodeException CDC-3050 when the numbers do not tell, or when one of several columns
   *     that could take a value is excluded
   */
  static int[] resolve(Change held, TableLayout layout, List<LobTarget> values) {
    int[] columns = new int[values.size()];
    for (boolean binary : new boolean[] {false, true}) {
      int n = 0;
      for (LobTarget v : values) {
        n += isBinary(layout, v) == binary ? 1 : 0; // the kind it was written as
      }
      if (n == 0) {
        continue;
      }
      List<Integer> candidates = candidates(held, layout, binary);
      if (n != candidates.size()) {
        List<Integer> leftOut = new ArrayList<>();
        for (int c : candidates) {
          if (held.after().get(c) == Absent.NOT_LOGGED) {
            leftOut.add(c);
          }
        }
        if (n != leftOut.size()) {
          throw ambiguous(
              values.get(0).locator,
              layout,
              candidates,
              n + " values written for " + candidates.size() + " columns");
        }
        candidates = leftOut;
      }
      for (int c : candidates) {
        if (candidates.size() > 1 && held.after().get(c) == Absent.EXCLUDED) {
          throw ambiguous(values.get(0).locator, layout, candidates, "one of them excluded");
        }
      }
      int next = 0;
      for (int i = 0; i < values.size(); i++) {
        if (isBinary(layout, values.get(i)) == binary) {
          columns[i] = candidates.get(next++);
        }
      }
    }
    return columns;
  }

  /** Whether {@code held}, an INSERT, leaves a CLOB, NCLOB or BLOB column out of its row. */
  static boolean leavesLobOut(Change held, TableLayout layout) {
    if (held.operation() != Operation.INSERT || held.after() == null) {
      return false;
    }
    for (int i = 0; i < held.after().size(); i++) {
      if (LobTarget.streams(layout.column(i).type().kind())
          && held.after().get(i) == Absent.NOT_LOGGED) {
        return true;
      }
    }
    return false;
  }

  private static boolean isBinary(TableLayout layout, LobTarget t) {
    return layout.column(t.column).type().kind() == OracleType.Kind.BLOB;
  }

  private static DecodeException ambiguous(
      RedoRow row, TableLayout layout, List<Integer> candidates, String why) {
    List<String> names = new ArrayList<>();
    for (int c : candidates) {
      names.add(layout.column(c).name());
    }
    return new DecodeException(
        ErrorCode.LOB_WRITE_COLUMN_AMBIGUOUS,
        "LOB_WRITE row with no SEL_LOB_LOCATOR before it at SCN "
            + row.scn()
            + " in transaction "
            + row.xid()
            + " may write any of the LOB columns "
            + String.join(", ", names)
            + " of "
            + layout.table()
            + " ("
            + why
            + ")",
        layout.table(),
        null,
        -1,
        null,
        null);
  }
}
