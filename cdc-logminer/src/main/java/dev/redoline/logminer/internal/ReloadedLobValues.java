package dev.redoline.logminer.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.OracleType;
import dev.redoline.core.TableLayout;
import java.util.HashMap;
import java.util.Map;

/**
 * What the changes of a transaction reloaded from the journal tell of its rows' LOB values: the
 * capture that journaled them knew, when a later DBMS_LOB call came, which whole values the
 * transaction had set; after a restart the changes themselves still carry those values.
 *
 * <pre>{@code
 * Map<String, Object> values = ReloadedLobValues.read(buffer.reloadedChanges(xid), layout, lobColumns);
 * Object body = values.get(LobTransaction.key(rowId, 2));   // a String, Bytes, UNKNOWN or null
 * }</pre>
 *
 * <p>The changes are read in order, as the capture applied them: a change that carries a column's
 * whole value (a {@link String}, or {@link Bytes}) sets it, one that shows the column otherwise
 * (NULL, a marker, {@code Absent.EXCLUDED}, an over-limit marker) or deletes the row makes it
 * {@link LobTransaction#UNKNOWN}, and a column a change does not show keeps what it had. JSON text
 * is not the bytes a DBMS_LOB call writes into, so it is unknown too. Only changes of {@code
 * layout}'s table count; one of another layout version makes its row unknown, since its positions
 * may differ.
 */
final class ReloadedLobValues {

  private ReloadedLobValues() {}

  /**
   * Per {@link LobTransaction#key}, the value the changes leave a LOB column of {@code layout}'s
   * table with.
   */
  static Map<String, Object> read(Iterable<Change> changes, TableLayout layout, int[] lobColumns) {
    Map<String, Object> values = new HashMap<>();
    for (Change c : changes) {
      if (!c.table().equals(layout.table()) || c.rowId() == null) {
        continue;
      }
      boolean sameVersion = c.layoutVersion() == layout.version();
      for (int column : lobColumns) {
        Object v = c.after() == null || !sameVersion ? null : c.after().get(column);
        boolean json = layout.column(column).type().kind() == OracleType.Kind.JSON;
        String key = LobTransaction.key(c.rowId(), column);
        if (v instanceof Bytes || v instanceof String && !json) {
          values.put(key, v);
        } else if (c.after() == null || !sameVersion || c.after().isPresent(column)) {
          values.put(key, LobTransaction.UNKNOWN);
        }
      }
    }
    return values;
  }
}
