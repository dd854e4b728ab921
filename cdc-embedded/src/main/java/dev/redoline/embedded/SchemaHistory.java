package dev.redoline.embedded;

import dev.redoline.core.Scn;
import dev.redoline.core.TableLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The table layout versions a capture has seen: names and types, never values. On start the
 * engine reads them back and hands the newest version of each table to the capture engine, so a
 * table whose layout did not change keeps its version number and a changed one gets the next.
 *
 * <pre>{@code
 * SchemaHistory history = FileSchemaHistory.open(Path.of("redoline-state/schema-history.jsonl"));
 * for (TableLayout layout : history.load()) {
 *   System.out.println(layout.table() + " v" + layout.version());
 * }
 * }</pre>
 *
 * <h2>Contract</h2>
 * <ul>
 *   <li>{@link #record} is durable when it returns; {@link #load} returns every recorded layout
 *       in the order recorded.
 *   <li>A layout equal to one already recorded may be recorded again; {@code load} then returns it
 *       once.
 * </ul>
 * Called from the engine's delivery thread only.
 */
public interface SchemaHistory {

  /** Every recorded layout version, oldest first, without repeats. */
  List<TableLayout> load();

  /** Adds a layout version that takes effect at {@code scn}, durably. */
  void record(TableLayout layout, Scn scn);

  /** A history in memory: for tests. */
  static SchemaHistory inMemory() {
    return new SchemaHistory() {
      private final List<TableLayout> layouts = new ArrayList<>();

      @Override
      public synchronized List<TableLayout> load() {
        return List.copyOf(layouts);
      }

      @Override
      public synchronized void record(TableLayout layout, Scn scn) {
        Objects.requireNonNull(layout, "layout == null");
        Objects.requireNonNull(scn, "scn == null");
        if (!layouts.contains(layout)) {
          layouts.add(layout);
        }
      }
    };
  }
}
