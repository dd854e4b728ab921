package dev.redoline.logminer.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.OracleType;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.TableLayout;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What {@link LobAssembler} keeps per transaction with LOB rows: the change held back, the LOB
 * being written, and what the transaction's changes tell of its rows' LOB values (a DBMS_LOB call
 * later in the transaction builds on them, an undo row takes them back). Its own class because
 * every LOB and DML row of the transaction reads and changes it.
 */
final class LobTransaction {

  /** In {@link #known}: the value became unknown (a change that does not carry it, a delete). */
  static final Object UNKNOWN = new Object();

  Change pending;
  LobTarget target;

  /**
   * The values written without a locator since the held change that several of its columns could
   * take, in order: placed when the statement ends ({@link LobWriteWithoutLocator#resolve}).
   */
  final java.util.List<LobTarget> unresolved = new java.util.ArrayList<>();

  /**
   * Values written without a locator before any change of their row ({@link LobTarget#early}), in
   * order, until an INSERT of that row adopts them.
   */
  final java.util.List<LobTarget> early = new java.util.ArrayList<>();

  /** Whether {@link #early} already waited through one statement's end. */
  boolean earlyWaited;

  /** Early values no INSERT adopted: judged at the commit like {@link #tail}. */
  LobAssembler.OutOfPlace earlyLost;

  /** The LOB rows until the transaction's next DML row belong to a skipped change: ignored. */
  boolean skipping;

  /**
   * The first LOB row of a statement whose locator this run did not read, when it was the first row
   * of the transaction this run read: the tail of a transaction begun before the start position
   * ({@link LobAssembler#tail}). The statement's later LOB rows are ignored with it.
   */
  LobAssembler.OutOfPlace tail;

  /** Whether the LOB rows being read belong to {@link #tail}'s statement. */
  boolean inTail;

  /**
   * Per {@link #key}, the value this run last saw set, or {@link #UNKNOWN} when it saw it become
   * unknown.
   */
  final Map<String, Object> known = new HashMap<>();

  /**
   * Per row (ROW_ID), what {@link #known} held of its LOBs before each of its changes this run put
   * into the buffer, newest last: an undo row removes the row's newest change from the buffer, and
   * restores with it what was known before that change ({@link LobAssembler#undone}).
   */
  final Map<String, java.util.ArrayDeque<Noted>> beforeChanges = new HashMap<>();

  /**
   * Per row (ROW_ID), how many more undo rows belong to the statement whose change an undo row just
   * removed: the statement came as several DML rows folded into one change ({@link
   * LobAssembler#folds}), and each row has its undo row. Cleared at the transaction's next other
   * row ({@link LobAssembler#end}).
   */
  final Map<String, Integer> absorbing = new HashMap<>();

  /**
   * Rows (ROW_IDs) an undo row of this run touched: what the journal's changes tell of them may be
   * undone.
   */
  final Set<String> undoneRows = new HashSet<>();

  /** An undo row without a ROW_ID: nothing from the journal's changes holds. */
  boolean allUndone;

  /**
   * Per table, what the changes reloaded from the journal tell ({@link ReloadedLobValues}), read
   * once.
   */
  final Map<dev.redoline.core.TableId, Map<String, Object>> reloaded = new HashMap<>();

  /**
   * What {@link #known} held of a row's LOBs before one of its changes went into the buffer, and
   * how many DML rows besides its own that change folded in ({@link LobDmlFolding}).
   */
  static final class Noted {
    final Map<String, Object> known;
    int foldedRows;

    Noted(Map<String, Object> known) {
      this.known = known;
    }
  }

  /** The key of a row's LOB column in {@link #known}. */
  static String key(String rowId, int column) {
    return rowId + "#" + column;
  }

  /**
   * A change of row {@code rowId} goes into the buffer: what was known of its LOBs before it is
   * kept.
   */
  void noteChange(String rowId) {
    if (rowId == null) {
      return;
    }
    String prefix = rowId + "#";
    Map<String, Object> before = new HashMap<>();
    known.forEach(
        (k, v) -> {
          if (k.startsWith(prefix)) {
            before.put(k, v);
          }
        });
    beforeChanges
        .computeIfAbsent(rowId, r -> new java.util.ArrayDeque<>())
        .addLast(new Noted(before));
  }

  /**
   * What the change tells of its row's LOB values, for DBMS_LOB calls on it later in the
   * transaction.
   */
  void remember(Change change, int[] lobs, TableLayout layout) {
    for (int column : lobs) {
      String key = key(change.rowId(), column);
      Object v = change.after() == null ? null : change.after().get(column);
      boolean json = layout.column(column).type().kind() == OracleType.Kind.JSON;
      if (v instanceof Bytes
          || v instanceof StreamedLob
          || v instanceof String && !json) { // a JSON column's text is not its stored bytes
        known.put(key, v);
      } else if (change.after() == null || change.after().isPresent(column)) {
        known.put(key, UNKNOWN);
      }
    }
  }

  /**
   * Whether an undo row of {@code rowId} undoes a DML row folded into a change that an undo row
   * just removed: it removes nothing more, and one fewer is expected.
   */
  boolean absorbUndo(String rowId) {
    Integer left = absorbing.get(rowId);
    if (left == null) {
      return false;
    }
    if (left > 1) {
      absorbing.put(rowId, left - 1);
    } else {
      absorbing.remove(rowId);
    }
    return true;
  }
}
