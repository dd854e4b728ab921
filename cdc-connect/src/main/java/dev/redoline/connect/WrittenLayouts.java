package dev.redoline.connect;

import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.util.HashMap;
import java.util.Map;

/**
 * The table layout versions the schema topic already holds, so the task writes each version once:
 * the engine announces every captured table's layout when it starts, and without this a restart
 * would write them all again.
 *
 * <pre>{@code
 * WrittenLayouts written = new WrittenLayouts();
 * LayoutHistory.readAll(clients, topic, converters).forEach(v -> written.written(v.layout()));
 * if (!written.isWritten(layout)) { ...write...; written.written(layout); }
 * }</pre>
 *
 * <p>A version is "written" only with the same columns: a layout that differs from the stored one
 * under the same version (which the engine never makes) is written rather than hidden. Task thread
 * only.
 */
final class WrittenLayouts {

  private record Version(TableId table, int version) {}

  private final Map<Version, TableLayout> written = new HashMap<>();

  /** Notes that the schema topic holds {@code layout}. */
  void written(TableLayout layout) {
    written.put(new Version(layout.table(), layout.version()), layout);
  }

  /** Whether the schema topic holds exactly this layout under its version. */
  boolean isWritten(TableLayout layout) {
    return layout.equals(written.get(new Version(layout.table(), layout.version())));
  }
}
