package dev.redoline.logminer.internal;

import dev.redoline.core.Scn;
import dev.redoline.core.TableLayout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One snapshot chunk to read: up to {@code limit} rows of a table as of {@code scn}, in key order,
 * after {@code after}; or, {@code backward}, in descending key order from {@code after} down, that
 * row included ({@link #lastAtOrBefore}). What is selected, the key and the filter are decided by
 * the engine; the gateway only writes them as SQL ({@code SELECT ... FROM t AS OF SCN ? WHERE ...
 * ORDER BY ... FETCH FIRST n ROWS ONLY}).
 *
 * @param layout the table's layout; its columns in order
 * @param selected per column, whether it is in the SELECT list (excluded columns are not)
 * @param keyColumns the key columns in order, or empty to read in ROWID order
 * @param after the key of the last row already read, or empty to start at the beginning
 * @param scn the SCN to read as of
 * @param limit the most rows to read
 * @param filter an SQL condition rows must meet (an ad-hoc snapshot's), or {@code null}
 * @param backward whether the rows at or before {@code after} are read, highest key first
 */
@SuppressWarnings("ArrayRecordComponent") // a request passed on, never compared or hashed
public record ChunkRead(
    TableLayout layout,
    boolean[] selected,
    List<String> keyColumns,
    List<Object> after,
    Scn scn,
    int limit,
    String filter,
    boolean backward) {

  /** The rows after {@code after}, in key order. */
  public ChunkRead(
      TableLayout layout,
      boolean[] selected,
      List<String> keyColumns,
      List<Object> after,
      Scn scn,
      int limit,
      String filter) {
    this(layout, selected, keyColumns, after, scn, limit, filter, false);
  }

  /**
   * The one row with the highest key at or below {@code key} that meets {@code filter}: the last
   * row a snapshot that already delivered up to {@code key} still finds.
   */
  public static ChunkRead lastAtOrBefore(
      TableLayout layout,
      boolean[] selected,
      List<String> keyColumns,
      List<Object> key,
      Scn scn,
      String filter) {
    require(!key.isEmpty(), "a backward read needs the key to start at");
    return new ChunkRead(layout, selected, keyColumns, key, scn, 1, filter, true);
  }

  public ChunkRead {
    java.util.Objects.requireNonNull(layout, "layout == null");
    java.util.Objects.requireNonNull(scn, "scn == null");
    require(
        selected.length == layout.columns().size(),
        "selected has " + selected.length + " slots for " + layout.columns().size() + " columns");
    selected = selected.clone();
    keyColumns = List.copyOf(keyColumns);
    after = Collections.unmodifiableList(new ArrayList<>(after));
    require(
        after.isEmpty() || after.size() == Math.max(1, keyColumns.size()),
        "after " + after + " does not match the key " + keyColumns);
    require(limit >= 1, "limit must be 1 or more: " + limit);
  }

  private static void require(boolean ok, String problem) {
    if (!ok) {
      throw new IllegalArgumentException(problem);
    }
  }

  /** Whether the chunk is read in ROWID order (the table has no usable key). */
  public boolean byRowId() {
    return keyColumns.isEmpty();
  }

  /**
   * A row read: the values in layout order ({@code null} in unselected slots, which the decoder
   * marks excluded) and its key.
   */
  @SuppressWarnings("ArrayRecordComponent") // rows are read once, never compared or hashed
  public record Row(Object[] values, List<Object> key) {}
}
