package dev.redoline.logminer.internal;

import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the {@link TableCatalog} true to the dictionary as DDL is mined: which DDL rows change what
 * is captured (so that {@link StepReader} cuts the step there), and, at the start of the step after
 * one or after a new connection, the captured tables resolved again, the new ones announced with
 * their layouts and queued for a snapshot, an altered table's next layout version announced.
 *
 * <p>Resolving runs at the start of a step, not after the DDL's step: a connection lost while doing
 * it only repeats it. Capture thread only.
 */
final class CatalogTracker {

  private static final Logger LOG = LoggerFactory.getLogger(CatalogTracker.class);

  /**
   * Receives a captured table's layout, new or changed, with the SCN and DDL text it took effect
   * with.
   */
  @FunctionalInterface
  interface Layouts {
    void changed(TableLayout layout, Scn at, String ddl) throws InterruptedException;
  }

  private final TableCatalog catalog;
  private final Snapshots snapshots;
  private boolean stale = true;

  /** The DDL row the last step was cut at, until the catalog is resolved again. */
  private RedoRow pendingDdl;

  /**
   * Objects a step was cut before because their id was unknown, as "container:DATA_OBJ#": each
   * makes one cut only, so an id the dictionary still does not give to a captured table after
   * resolving again is decoded (and reported) instead of cutting every step.
   */
  private final Set<String> cutFor = new HashSet<>();

  /**
   * CURRENT_SCN read just before the catalog's first resolution ({@link Scn#ZERO} until then): the
   * dictionary queries of that resolution, which read every captured table's layout, saw every
   * transaction committed at or below it, so a DDL committed there is already in the catalog
   * ({@link StepReader}). Later resolutions read only new tables' layouts, so they do not raise it.
   */
  private Scn resolvedAt = Scn.ZERO;

  private boolean resolvedOnce;

  CatalogTracker(TableCatalog catalog, Snapshots snapshots) {
    this.catalog = catalog;
    this.snapshots = snapshots;
  }

  /** The captured tables must be resolved again before the next step (a new connection). */
  void stale() {
    stale = true;
  }

  /** The step was cut at {@code ddl}: resolved again before the next step. */
  void ddlApplied(RedoRow ddl) {
    pendingDdl = ddl;
    stale = true;
  }

  /**
   * Resolves the captured tables again when stale. Layouts of the DDL's own SCN (else {@code
   * floor}, the session start of the last step) go to {@code layouts}: every added table, with the
   * DDL's text unless this is the first resolution, and a captured table the DDL altered.
   */
  void refreshIfStale(LogMinerGateway db, Scn floor, Layouts layouts)
      throws SQLException, InterruptedException {
    if (!stale) {
      return;
    }
    Set<TableId> known = new HashSet<>();
    for (TableLayout layout : catalog.layouts()) {
      known.add(layout.table());
    }
    Scn before = resolvedOnce ? null : db.database().currentScn();
    TableCatalog.Resolution resolution = catalog.resolve(db);
    if (!resolvedOnce) {
      resolvedAt = before;
      resolvedOnce = true;
    }
    LOG.debug(
        "Captured tables resolved: {} added, {} removed",
        resolution.added().size(),
        resolution.removed().size());
    Scn at = pendingDdl == null ? floor : pendingDdl.scn();
    String ddl = pendingDdl == null ? null : pendingDdl.sqlRedo();
    for (TableLayout layout : resolution.added()) {
      layouts.changed(layout, at, known.isEmpty() ? null : ddl);
    }
    snapshots.captured(resolution.added());
    if (pendingDdl != null && DdlKind.of(pendingDdl.sqlRedo()) == DdlKind.ALTER_TABLE) {
      TableId altered = pendingDdl.table();
      TableLayout next =
          catalog.layout(altered) != null && known.contains(altered)
              ? catalog.reload(db, altered, at)
              : null;
      if (next != null) {
        layouts.changed(next, at, ddl);
      }
    }
    pendingDdl = null;
    stale = false;
  }

  /**
   * The CURRENT_SCN read just before the catalog's first resolution: a DDL whose transaction
   * committed at or below it is already in the catalog, object ids and layouts.
   */
  Scn resolvedAt() {
    return resolvedAt;
  }

  /**
   * The step was cut before {@code row}, whose object id was unknown: resolved again before the
   * next step.
   */
  void unresolvedCut(RedoRow row) {
    cutFor.add(key(row));
    stale = true;
  }

  /**
   * Whether a row names a captured table but carries an object id the catalog does not know (and
   * has not cut a step for yet): the rows of a partition created since the last resolution.
   */
  boolean unresolved(RedoRow row) {
    int code = row.operationCode();
    if (row.dataObj() == null
        || row.dataObj() == 0
        || code == RedoRow.START
        || code == RedoRow.COMMIT
        || code == RedoRow.ROLLBACK
        || code == RedoRow.MISSING_SCN
        || row.isLobRow() // may carry its LOB segment's object id: found by its table's name
        || row.segOwner() == null
        || row.tableName() == null) {
      return false;
    }
    int conId = row.srcConId() == null ? 0 : row.srcConId();
    return catalog.table(conId, row.dataObj()) == null
        && catalog.layout(row.table()) != null
        && !cutFor.contains(key(row));
  }

  private static String key(RedoRow row) {
    return (row.srcConId() == null ? 0 : row.srcConId()) + ":" + row.dataObj();
  }

  /**
   * Whether a DDL row changes what is captured: the step is cut at it and the catalog resolved
   * again.
   */
  boolean changesCapture(RedoRow ddl) {
    TableId table = ddl.table();
    if (ddl.info() != null && ddl.info().startsWith("INTERNAL DDL")) {
      // Recursive DDL on a captured table: interval and automatic list partitioning create
      // partitions this way, with new object ids, in a text no source shows.
      // Only the recycle-bin rename is known harmless: the user's DROP follows it.
      return catalog.layout(table) != null && !ddl.sqlRedo().contains("RENAME TO \"BIN$");
    }
    if (!DdlKind.of(ddl.sqlRedo()).changesCapture()) {
      return false;
    }
    return catalog.layout(table) != null || catalog.wouldCapture(table);
  }
}
