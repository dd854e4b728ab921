package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.util.ArrayList;
import java.util.List;

/**
 * A table: its pluggable database (or none in a non-container database), owner and name.
 *
 * <p>Names are kept exactly as Oracle stores them. Text follows Oracle's identifier rules: an
 * unquoted part is folded to upper case, a double-quoted part is kept as written (spaces, lower
 * case and dots allowed). {@link #toString()} quotes only the parts that need it, so it reads back
 * to an equal id.
 *
 * <pre>{@code
 * TableId t = TableId.parse("pdb1.inventory.\"Order Lines\"");
 * assert t.pdb().equals("PDB1") && t.owner().equals("INVENTORY") && t.table().equals("Order Lines");
 * assert t.toString().equals("PDB1.INVENTORY.\"Order Lines\"");
 * assert t.quoted().equals("\"INVENTORY\".\"Order Lines\"");   // as in SQL_REDO
 * }</pre>
 *
 * @param pdb the pluggable database, or {@code null} in a non-container database
 * @param owner the schema owning the table
 * @param table the table name
 */
public record TableId(String pdb, String owner, String table) implements Comparable<TableId> {

  public TableId {
    Checks.notNull(owner, "owner");
    Checks.notNull(table, "table");
    Checks.argument(!owner.isEmpty(), "owner must not be empty");
    Checks.argument(!table.isEmpty(), "table must not be empty");
    Checks.argument(pdb == null || !pdb.isEmpty(), "pdb must be null or not empty");
  }

  /** A table in a non-container database. */
  public static TableId of(String owner, String table) {
    return new TableId(null, owner, table);
  }

  /**
   * Parses {@code [PDB.]OWNER.TABLE} with Oracle's quoting rules.
   *
   * @throws IllegalArgumentException quoting the text when it has not two or three parts, or a
   *     quote is not closed
   */
  public static TableId parse(String text) {
    Checks.notNull(text, "text");
    List<String> parts = splitIdentifiers(text);
    if (parts.size() == 2) {
      return new TableId(null, parts.get(0), parts.get(1));
    }
    if (parts.size() == 3) {
      return new TableId(parts.get(0), parts.get(1), parts.get(2));
    }
    throw new IllegalArgumentException(
        "Not a table name: '"
            + text
            + "' (expected [PDB.]OWNER.TABLE; quote parts that contain dots or lower case, e.g. \"My Table\")");
  }

  /**
   * Splits dotted identifier text into its parts: unquoted parts are trimmed and folded to upper
   * case, quoted parts are kept as written.
   *
   * @throws IllegalArgumentException quoting the text on an empty part or an unclosed quote
   */
  public static List<String> splitIdentifiers(String text) {
    List<String> parts = new ArrayList<>(3);
    int i = 0;
    int n = text.length();
    while (true) {
      while (i < n && text.charAt(i) == ' ') {
        i++;
      }
      String part;
      if (i < n && text.charAt(i) == '"') {
        int close = text.indexOf('"', i + 1);
        if (close < 0) {
          throw new IllegalArgumentException("Unclosed quote in identifier: '" + text + "'");
        }
        part = text.substring(i + 1, close);
        i = close + 1;
        while (i < n && text.charAt(i) == ' ') {
          i++;
        }
      } else {
        int end = text.indexOf('.', i);
        end = end < 0 ? n : end;
        part = text.substring(i, end).trim().toUpperCase(java.util.Locale.ROOT);
        if (part.indexOf('"') >= 0) {
          throw new IllegalArgumentException("Misplaced quote in identifier: '" + text + "'");
        }
        i = end;
      }
      if (part.isEmpty()) {
        throw new IllegalArgumentException("Empty identifier part in '" + text + "'");
      }
      parts.add(part);
      if (i >= n) {
        return parts;
      }
      if (text.charAt(i) != '.') {
        throw new IllegalArgumentException("Expected '.' at position " + i + " of '" + text + "'");
      }
      i++;
    }
  }

  /** {@code "OWNER"."TABLE"}: the form SQL_REDO names the table in (no PDB). */
  public String quoted() {
    return '"' + owner + "\".\"" + table + '"';
  }

  @Override
  public int compareTo(TableId other) {
    int c = compareNullable(pdb, other.pdb);
    if (c == 0) {
      c = owner.compareTo(other.owner);
    }
    return c != 0 ? c : table.compareTo(other.table);
  }

  private static int compareNullable(String a, String b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    return a.compareTo(b);
  }

  /** {@code [PDB.]OWNER.TABLE}, each part quoted only when an unquoted form would not read back. */
  @Override
  public String toString() {
    String ownerTable = identifier(owner) + '.' + identifier(table);
    return pdb == null ? ownerTable : identifier(pdb) + '.' + ownerTable;
  }

  /** An identifier as text: bare when Oracle would read it back unchanged, else double-quoted. */
  public static String identifier(String name) {
    boolean plain = !name.isEmpty() && Character.isLetter(name.charAt(0));
    for (int i = 0; plain && i < name.length(); i++) {
      char c = name.charAt(i);
      plain = (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '#';
    }
    return plain ? name : '"' + name + '"';
  }
}
