package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.TableId;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One {@code cdc.tables.include}/{@code exclude} pattern, {@code [PDB.]SCHEMA.TABLE} where {@code
 * *} matches any run of characters; parts follow Oracle's identifier rules (unquoted parts fold to
 * upper case).
 *
 * <pre>{@code
 * TablePattern p = TablePattern.parse("shop.order*");
 * assert p.ownerRegex().equals("^SHOP$") && p.tableRegex().equals("^ORDER.*$");
 * }</pre>
 *
 * <p>The regular expressions use only {@code ^ $ .*} and backslash escapes, which mean the same in
 * Java and in Oracle's {@code REGEXP_LIKE}, so the simulator and the database match alike.
 *
 * @param pdb the PDB part, or {@code null} when the pattern names none (every captured PDB)
 * @param owner the schema part
 * @param table the table part
 */
record TablePattern(String pdb, String owner, String table) {

  /** Parses a pattern; IllegalArgumentException quoting it when it has not two or three parts. */
  static TablePattern parse(String text) {
    List<String> parts = TableId.splitIdentifiers(text);
    if (parts.size() == 2) {
      return new TablePattern(null, parts.get(0), parts.get(1));
    }
    if (parts.size() == 3) {
      return new TablePattern(parts.get(0), parts.get(1), parts.get(2));
    }
    throw new IllegalArgumentException(
        "Not a table pattern: '" + text + "' (expected [PDB.]SCHEMA.TABLE)");
  }

  String ownerRegex() {
    return regex(owner);
  }

  String tableRegex() {
    return regex(table);
  }

  /**
   * Whether the pattern applies to {@code container} ({@code null} in a non-container database).
   */
  boolean coversContainer(String container) {
    return pdb == null || (container != null && Pattern.matches(regex(pdb), container));
  }

  /** Whether {@code id} matches every part of the pattern. */
  boolean matches(TableId id) {
    return coversContainer(id.pdb())
        && Pattern.matches(ownerRegex(), id.owner())
        && Pattern.matches(tableRegex(), id.table());
  }

  /**
   * An anchored regular expression: {@code *} becomes {@code .*}, other special characters are
   * escaped.
   */
  static String regex(String glob) {
    StringBuilder out = new StringBuilder("^");
    for (int i = 0; i < glob.length(); i++) {
      char c = glob.charAt(i);
      if (c == '*') {
        out.append(".*");
      } else {
        if ("\\.[]{}()+?^$|".indexOf(c) >= 0) {
          out.append('\\');
        }
        out.append(c);
      }
    }
    return out.append('$').toString();
  }
}
