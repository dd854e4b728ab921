package dev.redoline.embedded;

import dev.redoline.core.LayoutVersion;
import dev.redoline.core.Scn;
import dev.redoline.core.TableLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The table layout versions a capture has seen, each with the SCN it took effect at: names and
 * types, never values. On start the engine reads them back and hands them to the capture engine, so
 * a table whose layout did not change keeps its version number, a changed one gets the next, and
 * rows mined again from below a DDL keep the layout they were written under.
 *
 * <pre>{@code
 * SchemaHistory history = FileSchemaHistory.open(Path.of("redoline-state/schema-history.jsonl"));
 * for (LayoutVersion v : history.load()) {
 *   System.out.println(v.layout().table() + " v" + v.layout().version() + " from SCN " + v.from());
 * }
 * }</pre>
 *
 * <h2>Contract</h2>
 *
 * <ul>
 *   <li>{@link #record} is durable when it returns; {@link #load} returns every recorded layout
 *       with its SCN, in the order recorded.
 *   <li>A layout equal to one already recorded may be recorded again; {@code load} then returns it
 *       once, with the SCN it was first recorded with.
 * </ul>
 *
 * Called from the engine's delivery thread only.
 */
public interface SchemaHistory {

  /**
   * Every recorded layout version with the SCN it takes effect at, oldest first, without repeats.
   */
  List<LayoutVersion> load();

  /** Adds a layout version that takes effect at {@code scn}, durably. */
  void record(TableLayout layout, Scn scn);

  /** A history in memory: for tests. */
  static SchemaHistory inMemory() {
    return new SchemaHistory() {
      private final List<LayoutVersion> versions = new ArrayList<>();

      @Override
      public synchronized List<LayoutVersion> load() {
        return List.copyOf(versions);
      }

      @Override
      public synchronized void record(TableLayout layout, Scn scn) {
        Objects.requireNonNull(layout, "layout == null");
        Objects.requireNonNull(scn, "scn == null");
        if (versions.stream().noneMatch(v -> v.layout().equals(layout))) {
          versions.add(new LayoutVersion(layout, scn));
        }
      }
    };
  }
}
