package dev.redoline.logminer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.LayoutVersion;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;

/**
 * The captured tables: their object ids per container (the LogMiner query asks for these only) and
 * their current layout versions.
 *
 * <p>Object numbers are per container, so they are keyed by (container id, DATA_OBJ#); a
 * partition's object id maps to its table. A layout's version rises each time a DDL changes the
 * table; since a capture-changing DDL ends its step, every row of a step decodes with the layouts
 * current at the step (docs/architecture.md#positions, rule 3).
 */
final class TableCatalog {

  /** What {@link #resolve} changed, for schema events. */
  record Resolution(List<TableLayout> added, List<TableId> removed) {}

  private final TableFilter filter;
  private final List<String> pdbs;
  private Map<Integer, Map<Integer, TableId>> objects = Map.of();

  /**
   * What every step's mining query asks for, built once per {@link #resolve} and shared, never
   * copied: with tens of thousands of partitions a copy per step would cost per partition at every
   * step.
   */
  private Map<Integer, Set<Integer>> objectIds = Map.of();

  private Set<MiningQuery.CapturedTable> capturedTables = Set.of();
  private final Map<TableId, TableLayout> layouts = new HashMap<>();

  /**
   * Per table, the layouts an ALTER replaced, by the DDL's SCN: each was in force below that SCN.
   * Redo of another thread can reach the log after the step a DDL ended (unflushed when the DDL was
   * mined), and must still be decoded with the layout of its own SCN.
   */
  private final Map<TableId, NavigableMap<Scn, TableLayout>> replaced = new HashMap<>();

  /**
   * Per table, what an earlier run stored, by version: consulted when the table is first resolved,
   * to put back the layouts that its DDLs replaced.
   */
  private final Map<TableId, NavigableMap<Integer, LayoutVersion>> history = new HashMap<>();

  TableCatalog(TableFilter filter, List<String> pdbs, List<LayoutVersion> storedLayouts) {
    this.filter = filter;
    this.pdbs = List.copyOf(pdbs);
    for (LayoutVersion stored : storedLayouts) {
      TableLayout layout = stored.layout();
      history
          .computeIfAbsent(layout.table(), t -> new TreeMap<>())
          .putIfAbsent(layout.version(), stored);
    }
  }

  /**
   * Resolves the captured tables' object ids again, and reads the layout of tables seen for the
   * first time.
   *
   * @throws CdcException CDC-4006 when a configured PDB does not exist
   */
  Resolution resolve(LogMinerGateway db) throws SQLException {
    Map<String, Integer> containers = containers(db);
    Map<Integer, Map<Integer, TableId>> found = new HashMap<>();
    Set<TableId> tables = new HashSet<>();
    for (Map.Entry<String, Integer> container : containers.entrySet()) {
      String name = container.getKey().isEmpty() ? null : container.getKey();
      for (TableFilter.TablePattern pattern : filter.includesFor(name)) {
        for (DictionaryObject object :
            db.objects(name, pattern.ownerRegex(), pattern.tableRegex())) {
          if (filter.matches(object.table())) {
            found
                .computeIfAbsent(object.conId(), k -> new HashMap<>())
                .put(object.objectId(), object.table());
            tables.add(object.table());
          }
        }
      }
    }
    List<TableLayout> added = new ArrayList<>();
    for (TableId table : tables) {
      if (!layouts.containsKey(table)) {
        TableLayout layout = continued(db.tableLayout(table));
        layouts.put(table, layout);
        added.add(layout);
      }
    }
    List<TableId> removed = new ArrayList<>();
    for (TableId table : List.copyOf(layouts.keySet())) {
      if (!tables.contains(table)) {
        layouts.remove(table);
        replaced.remove(table);
        removed.add(table);
      }
    }
    objects = found;
    Map<Integer, Set<Integer>> ids = new HashMap<>();
    Set<MiningQuery.CapturedTable> names = new HashSet<>();
    found.forEach(
        (con, byId) -> {
          ids.put(con, Set.copyOf(byId.keySet()));
          byId.values()
              .forEach(t -> names.add(new MiningQuery.CapturedTable(con, t.owner(), t.table())));
        });
    objectIds = Map.copyOf(ids);
    capturedTables = Set.copyOf(names);
    return new Resolution(added, removed);
  }

  /**
   * The dictionary's layout numbered after the stored one: same version if unchanged, else the
   * next.
   */
  private TableLayout continued(TableLayout fresh) {
    NavigableMap<Integer, LayoutVersion> versions = history.remove(fresh.table());
    if (versions == null) {
      return fresh;
    }
    restoreReplaced(fresh.table(), versions);
    TableLayout before = versions.lastEntry().getValue().layout();
    boolean same =
        before.columns().equals(fresh.columns()) && before.primaryKey().equals(fresh.primaryKey());
    return same
        ? before
        : fresh.withColumns(before.version() + 1, fresh.columns(), fresh.primaryKey());
  }

  /**
   * Puts back the layouts the table's stored versions replaced: version n was in force below the
   * SCN version n + 1 took effect at. A restart whose resume point lies below a DDL an earlier run
   * saw mines rows of both sides again, and each must keep the layout of its own SCN.
   */
  private void restoreReplaced(TableId table, NavigableMap<Integer, LayoutVersion> versions) {
    LayoutVersion previous = null;
    for (LayoutVersion next : versions.values()) {
      if (previous != null) {
        replaced.computeIfAbsent(table, t -> new TreeMap<>()).put(next.from(), previous.layout());
      }
      previous = next;
    }
  }

  private Map<String, Integer> containers(LogMinerGateway db) throws SQLException {
    Map<String, Integer> containers = new HashMap<>();
    if (pdbs.isEmpty()) {
      containers.put("", 0);
      return containers;
    }
    Map<String, PdbState> known = new HashMap<>();
    for (PdbState pdb : db.pdbs()) {
      known.put(pdb.name(), pdb);
    }
    for (String name : pdbs) {
      PdbState pdb = known.get(name);
      if (pdb == null) {
        throw new CdcException(
            ErrorCode.UNKNOWN_PDB,
            "cdc.database.pdbs names '" + name + "'; V$PDBS has " + known.keySet());
      }
      containers.put(name, pdb.conId());
    }
    return containers;
  }

  /**
   * Reads a table's layout again after a DDL at {@code ddlScn}; a changed layout becomes the next
   * version, and the one it replaces stays in force for rows below that SCN ({@link #layoutAt}).
   *
   * @return the new version, or {@code null} when the columns and key did not change (the DDL
   *     changed something else, or the layout already reflects it, as after a restart)
   */
  TableLayout reload(LogMinerGateway db, TableId table, Scn ddlScn) throws SQLException {
    TableLayout current = layouts.get(table);
    TableLayout fresh = db.tableLayout(table);
    if (current != null
        && current.columns().equals(fresh.columns())
        && current.primaryKey().equals(fresh.primaryKey())) {
      return null;
    }
    int version = current == null ? fresh.version() : current.version() + 1;
    TableLayout next = fresh.withColumns(version, fresh.columns(), fresh.primaryKey());
    layouts.put(table, next);
    if (current != null) {
      replaced.computeIfAbsent(table, t -> new TreeMap<>()).put(ddlScn, current);
    }
    return next;
  }

  /**
   * The layout of a captured table in force at {@code scn}: the one an ALTER at a higher SCN
   * replaced, else the current one; {@code null} when the table is not captured.
   */
  TableLayout layoutAt(TableId table, Scn scn) {
    NavigableMap<Scn, TableLayout> before = replaced.get(table);
    if (before != null) {
      Map.Entry<Scn, TableLayout> until = before.higherEntry(scn);
      if (until != null) {
        return until.getValue();
      }
    }
    return layouts.get(table);
  }

  /**
   * Captured object ids per container id: what the mining query asks for. The same unmodifiable map
   * until the next resolution.
   */
  Map<Integer, Set<Integer>> objectIds() {
    return objectIds;
  }

  /**
   * The captured tables by container id and name: the mining query asks for their rows whatever
   * their object id. The same unmodifiable set until the next resolution.
   */
  Set<MiningQuery.CapturedTable> capturedTables() {
    return capturedTables;
  }

  /** The captured table of an object, or {@code null} when it is not captured. */
  TableId table(int conId, int objectId) {
    Map<Integer, TableId> byId = objects.get(conId);
    return byId == null ? null : byId.get(objectId);
  }

  /** The current layout of a captured table, or {@code null}. */
  TableLayout layout(TableId table) {
    return layouts.get(table);
  }

  /** Every captured table's current layout. */
  List<TableLayout> layouts() {
    return List.copyOf(layouts.values());
  }

  /** Whether a table of this name would be captured, whether or not it exists yet. */
  boolean wouldCapture(TableId table) {
    return filter.matches(table);
  }
}
