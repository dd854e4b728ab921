package dev.redoline.logminer.internal;

import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rule that no streamed change of a table comes before the first chunk of its first snapshot
 * (at a first start, a table created or newly included later, or one whose snapshot a restart
 * begins again; not an ad-hoc snapshot, whose consumer already holds the table and would miss a
 * delete). Until that chunk is delivered, every streamed change of the table committed at or below
 * the chunk's SCN is left out, and before the chunk is even read every one is. That loses nothing:
 * the chunk, and every later chunk of the table, is read as of the database's current SCN at its
 * read, above every commit mined before it, so it holds their effect. Changes above the chunk's SCN
 * come after it, as always.
 *
 * <p>Capture thread only.
 */
final class FirstChunks {

  /** Per table under the rule: its first chunk's SCN once read, {@code null} before. */
  private final Map<TableId, Scn> tables = new HashMap<>();
  /**
   * Tables whose first chunk the last release gave out: they stay under the rule for that
   * publication (the commits published before the chunk are left out by it), and leave at the next.
   */
  private final List<TableId> delivered = new ArrayList<>();

  void clear() {
    tables.clear();
    delivered.clear();
  }

  /** {@code table}'s first snapshot is queued: its changes are left out until its first chunk. */
  void queued(TableId table) {
    tables.put(table, null);
  }

  /** {@code table}'s snapshot will not be read (the table is no longer captured). */
  void dropped(TableId table) {
    tables.remove(table);
  }

  /** The first chunk of {@code table} was read as of {@code scn} (again, after a rewind). */
  void read(TableId table, Scn scn) {
    if (tables.containsKey(table)) {   // not computeIfPresent: that skips the null of a table not read yet
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

  /** Whether a streamed change of {@code table} committed at {@code commitScn} is left out. */
  boolean reflected(TableId table, Scn commitScn) {
    return reflected(tables, table, commitScn);
  }

  private static boolean reflected(Map<TableId, Scn> tables, TableId table, Scn commitScn) {
    if (!tables.containsKey(table)) {
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
    return (table, commitScn) -> reflected(now, table, commitScn);
  }
}
