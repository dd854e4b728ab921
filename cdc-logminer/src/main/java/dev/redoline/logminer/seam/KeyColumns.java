package dev.redoline.logminer.seam;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.util.List;
import java.util.Map;

/**
 * Which columns make a record key: the primary key, unless {@code cdc.message.key.columns} names
 * others for the table.
 *
 * <pre>{@code
 * KeyColumns keys = KeyColumns.parse("SHOP.AUDIT:AT,WHO;PDB1.SHOP.LOG:ID");
 * keys.of(auditLayout);     // [AT, WHO]
 * }</pre>
 *
 * <p>An entry without a PDB part applies to the table in every PDB; one with a PDB part only there.
 * The Connect sink keys its records by these columns; snapshots read a table in their order.
 */
public final class KeyColumns {

  private final Map<TableId, List<String>> overrides;

  private KeyColumns(Map<TableId, List<String>> overrides) {
    this.overrides = overrides;
  }

  /**
   * @throws dev.redoline.core.ConfigException CDC-4001 naming the entry at fault
   */
  public static KeyColumns parse(String text) {
    return new KeyColumns(Map.copyOf(CdcConfig.keyColumns(text)));
  }

  /** The key column names of a layout, in key order; empty when the table has no key. */
  public List<String> of(TableLayout layout) {
    TableId table = layout.table();
    List<String> columns = overrides.get(table);
    if (columns == null && table.pdb() != null) {
      columns = overrides.get(TableId.of(table.owner(), table.table()));
    }
    return columns != null ? columns : layout.primaryKey();
  }
}
