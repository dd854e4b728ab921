package dev.redoline.core;

import java.util.ArrayList;
import java.util.HashMap;
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
   * @throws ConfigException CDC-4001 naming the entry at fault
   */
  public static KeyColumns parse(String text) {
    Map<TableId, List<String>> overrides = new HashMap<>();
    for (String entry : text.split(";")) {
      if (entry.isBlank()) {
        continue;
      }
      int colon = entry.indexOf(':');
      try {
        if (colon < 0) {
          throw new IllegalArgumentException("no ':' between the table and its columns");
        }
        TableId table = TableId.parse(entry.substring(0, colon));
        List<String> columns = new ArrayList<>();
        for (String column : entry.substring(colon + 1).split(",")) {
          columns.addAll(TableId.splitIdentifiers(column));
        }
        overrides.put(table, List.copyOf(columns));
      } catch (IllegalArgumentException e) {
        throw new ConfigException(ErrorCode.INVALID_CONFIGURATION, "cdc.message.key.columns", entry.trim(),
            "expected [PDB.]SCHEMA.TABLE:COL1,COL2 (" + e.getMessage() + ")");
      }
    }
    return new KeyColumns(Map.copyOf(overrides));
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
