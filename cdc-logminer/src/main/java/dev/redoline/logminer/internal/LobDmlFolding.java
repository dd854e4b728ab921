package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobPlaceholders.isPlaceholder;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.Row;
import java.util.Objects;

/**
 * Folds the second DML row of a statement into the change of its first, for the forms a real Oracle
 * Database 23 Free writes for tables with LOB columns (docs/record-format.md, "LOB values", "One
 * change per statement"): an INSERT showing {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()} then an
 * UPDATE of the same row setting the values stored in the row (NULLs included), and an UPDATE of a
 * LOB and another column as two UPDATE rows at one SCN, the other columns first. A user expects one
 * change per statement, so the second row only completes the first's LOB columns. Apart from {@link
 * LobAssembler} because which rows fold is a rule of the two changes alone; the assembler keeps the
 * state (the held change, the undo rows a folded change will absorb).
 */
final class LobDmlFolding {

  private LobDmlFolding() {}

  /**
   * {@code held} with the LOB values {@code second} sets, when {@code second} is the second DML row
   * of {@code held}'s statement; otherwise null. It is when it is an UPDATE of the same row that
   * sets LOB columns only, each of them still a marker or not set in {@code held}, and {@code held}
   * is an INSERT, or an UPDATE at the same SCN.
   *
   * @param lobColumns the table's LOB columns ({@link LobPlaceholders#lobColumns})
   */
  static Change fold(Change held, Change second, int[] lobColumns) {
    if (second.operation() != Operation.UPDATE || !foldable(held, second, lobColumns)) {
      return null;
    }
    Row.Builder after = held.after().toBuilder();
    for (int column : lobColumns) {
      if (sets(second, column)) {
        after.set(column, second.after().get(column));
      }
    }
    return new Change(
        held.operation(),
        held.table(),
        held.layoutVersion(),
        held.before(),
        after.build(),
        held.scn(),
        held.address(),
        held.ssn(),
        held.rowId(),
        held.timestamp());
  }

  private static boolean foldable(Change held, Change second, int[] lobColumns) {
    if (!held.table().equals(second.table())
        || held.layoutVersion() != second.layoutVersion()
        || held.operation() == Operation.UPDATE && !held.scn().equals(second.scn())
        || held.operation() != Operation.UPDATE && held.operation() != Operation.INSERT) {
      return false;
    }
    boolean[] lob = new boolean[second.after().size()];
    boolean setsLob = false;
    for (int column : lobColumns) {
      lob[column] = true;
      if (sets(second, column)) {
        setsLob = true;
        if (held.after().isPresent(column) && !isPlaceholder(held.after().get(column))) {
          return false; // the held statement set it already: a statement of its own
        }
      }
    }
    if (!setsLob) {
      return false;
    }
    boolean sameRowId =
        !InternalRowIds.empty(held.rowId()) && !InternalRowIds.empty(second.rowId());
    if (sameRowId && !held.rowId().equals(second.rowId())) {
      return false;
    }
    boolean compared = sameRowId;
    for (int i = 0; i < lob.length; i++) {
      if (lob[i]) {
        continue;
      }
      if (sets(second, i)) {
        return false; // it sets another column
      }
      if (!sameRowId && second.before().isPresent(i) && held.after().isPresent(i)) {
        if (!Objects.deepEquals(second.before().get(i), held.after().get(i))) {
          return false; // another row
        }
        compared = true;
      }
    }
    return compared;
  }

  /** Whether the UPDATE {@code change} sets {@code column}: in its SET clause, not only WHERE. */
  private static boolean sets(Change change, int column) {
    return change.after().isPresent(column)
        && (!change.before().isPresent(column)
            || !Objects.deepEquals(change.before().get(column), change.after().get(column)));
  }
}
