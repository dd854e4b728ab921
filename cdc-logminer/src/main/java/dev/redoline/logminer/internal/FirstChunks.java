package dev.redoline.logminer.internal;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The rule that no streamed insert or update of a table comes before the first chunk of its first
 * snapshot (at a first start, a table created or newly included later, or one whose snapshot a
 * restart begins again; not an ad-hoc snapshot, whose consumer already holds the table and would
 * miss a delete). Until that chunk is delivered, every streamed insert, and every update that keeps
 * the row's key, of the table committed at or below the chunk's SCN is left out, and before the
 * chunk is even read every one is. That loses nothing: the chunk, and every later chunk of the
 * table, is read as of the database's current SCN at its read, above every commit mined before it,
 * so it holds their effect. Changes above the chunk's SCN come after it, as always.
 *
 * <h2>What always passes</h2>
 *
 * Deletes, truncates and updates that move a row to another key are never left out. The chunk
 * cannot undo a row the consumer already holds, and a consumer may hold rows of this table although
 * the position the capture started from says its snapshot had not begun: an earlier run handed out
 * a first chunk after the last position that was stored (offset writes are grouped), and this run's
 * first chunk is read at a later SCN. A delete committed between the two first chunks reaches that
 * consumer only through the stream. To a consumer that holds nothing of the table yet, such a
 * change removes a row it does not have.
 *
 * <p>Capture thread only.
 */
final class FirstChunks {

  /** Per table under the rule: its first chunk's SCN once read, {@code null} before. */
  private final Map<TableId, Scn> tables = new HashMap<>();

  /**
   * Per table under the rule: the layout it was queued with, whose key an update must keep to be
   * left out.
   */
  private final Map<TableId, KeyedLayout> layouts = new HashMap<>();

  /** A layout version and the positions of its key columns (none: every update passes). */
  @SuppressWarnings("ArrayRecordComponent") // a map value, never compared or hashed
  private record KeyedLayout(int version, int[] key) {

    /**
     * Whether {@code change} is an update that keeps its row's key, as far as this layout tells.
     */
    boolean keeps(Change change) {
      if (change.layoutVersion() != version
          || key.length == 0
          || change.before() == null
          || change.after() == null) {
        return false;
      }
      for (int i : key) {
        if (i >= change.before().size()
            || i >= change.after().size()
            || !change.before().isPresent(i)
            || !change.after().isPresent(i)
            || !Objects.equals(change.before().get(i), change.after().get(i))) {
          return false;
        }
      }
      return true;
    }
  }

  /**
   * Tables whose first chunk the last release gave out: they stay under the rule for that
   * publication (the commits published before the chunk are left out by it), and leave at the next.
   */
  private final List<TableId> delivered = new ArrayList<>();

  void clear() {
    tables.clear();
    layouts.clear();
    delivered.clear();
  }

  /**
   * {@code table}'s first snapshot is queued: its inserts and updates are left out until its first
   * chunk.
   *
   * @param key the table's key columns, in whose order it is read (none: read in ROWID order)
   */
  void queued(TableLayout layout, List<String> key) {
    tables.put(layout.table(), null);
    int[] at = new int[key.size()];
    for (int i = 0; i < at.length; i++) {
      at[i] = layout.indexOf(key.get(i));
      if (at[i] < 0) {
        at = new int[0];
        break;
      }
    }
    layouts.put(layout.table(), new KeyedLayout(layout.version(), at));
  }

  /** {@code table}'s snapshot will not be read (the table is no longer captured). */
  void dropped(TableId table) {
    tables.remove(table);
    layouts.remove(table);
  }

  /** The first chunk of {@code table} was read as of {@code scn} (again, after a rewind). */
  void read(TableId table, Scn scn) {
    if (tables.containsKey(
        table)) { // not computeIfPresent: that skips the null of a table not read yet
      tables.put(table, scn);
    }
  }

  /** The first chunk of {@code table} was dropped to be read again. */
  void rewound(TableId table) {
    if (tables.containsKey(table)) {
      tables.put(table, null);
    }
  }

  /** Called as a release begins: the tables whose first chunk the previous one gave out leave. */
  void releasing() {
    delivered.forEach(tables::remove);
    delivered.forEach(layouts::remove);
    delivered.clear();
  }

  /** The first chunk of {@code table} is given out now; whether the rule applied to it. */
  boolean released(TableId table) {
    if (!tables.containsKey(table)) {
      return false;
    }
    delivered.add(table);
    return true;
  }

  /** Whether {@code change}, streamed and committed at {@code commitScn}, is left out. */
  boolean reflected(Change change, Scn commitScn) {
    return reflected(tables, layouts, change, commitScn);
  }

  private static boolean reflected(
      Map<TableId, Scn> tables, Map<TableId, KeyedLayout> layouts, Change change, Scn commitScn) {
    TableId table = change.table();
    if (!tables.containsKey(table)) {
      return false;
    }
    boolean leftOutKind =
        change.operation() == Operation.INSERT
            || change.operation() == Operation.UPDATE
                && layouts.containsKey(table)
                && layouts.get(table).keeps(change);
    if (!leftOutKind) {
      return false;
    }
    Scn first = tables.get(table);
    return first == null || commitScn.compareTo(first) <= 0;
  }

  /**
   * What the next publication leaves out: nothing when no table is under the rule. A copy of the
   * rule as it is now, because the sink's thread applies it while the changes stream out.
   */
  Reflected predicate() {
    if (tables.isEmpty()) {
      return Reflected.NOTHING;
    }
    Map<TableId, Scn> now = new HashMap<>(tables);
    Map<TableId, KeyedLayout> nowLayouts = new HashMap<>(layouts);
    return (change, commitScn) -> reflected(now, nowLayouts, change, commitScn);
  }
}
