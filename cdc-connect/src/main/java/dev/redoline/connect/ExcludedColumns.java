package dev.redoline.connect;

import dev.redoline.core.TableId;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code cdc.columns.exclude} patterns, matched here to leave excluded columns out of record
 * schemas entirely (the decoder has already left their values out of every row). A column named by
 * {@code cdc.columns.mask.hash} that is not a character column is excluded too, as the decoder
 * does, since its value cannot be hashed as text.
 *
 * <pre>{@code
 * ExcludedColumns ex = ExcludedColumns.parse(List.of("SHOP.CUSTOMERS.CARD_NO", "*.*.\"secret\""));
 * assert ex.excludes(TableId.of("SHOP", "CUSTOMERS"), "CARD_NO");
 * }</pre>
 *
 * <p>The rules are the decoder's: {@code [PDB.]SCHEMA.TABLE.COLUMN}, unquoted parts in upper case,
 * {@code *} any run of characters within one part; a three-part pattern matches in every PDB and in
 * a non-container database, a four-part one only in a PDB its first part matches.
 */
final class ExcludedColumns {

  private final List<String[]> patterns;
  private final List<String[]> hashed;

  private ExcludedColumns(List<String[]> patterns, List<String[]> hashed) {
    this.patterns = patterns;
    this.hashed = hashed;
  }

  /**
   * @throws IllegalArgumentException quoting a pattern that has not three or four parts
   */
  static ExcludedColumns parse(List<String> patterns) {
    return parse(patterns, List.of());
  }

  /**
   * @param hashPatterns the {@code cdc.columns.mask.hash} patterns
   * @throws IllegalArgumentException quoting a pattern that has not three or four parts
   */
  static ExcludedColumns parse(List<String> patterns, List<String> hashPatterns) {
    return new ExcludedColumns(compile(patterns), compile(hashPatterns));
  }

  private static List<String[]> compile(List<String> patterns) {
    List<String[]> compiled = new ArrayList<>();
    for (String pattern : patterns) {
      if (pattern.isBlank()) {
        continue;
      }
      List<String> parts = TableId.splitIdentifiers(pattern.trim());
      if (parts.size() != 3 && parts.size() != 4) {
        throw new IllegalArgumentException(
            "Not a column pattern: '" + pattern + "' (expected [PDB.]SCHEMA.TABLE.COLUMN)");
      }
      compiled.add(parts.toArray(new String[0]));
    }
    return List.copyOf(compiled);
  }

  /** Whether no column is excluded or hashed. */
  boolean isEmpty() {
    return patterns.isEmpty() && hashed.isEmpty();
  }

  /** Whether the column is in no schema: excluded, or hashed though it is not text. */
  boolean excludes(TableId table, dev.redoline.core.Column column) {
    return excludes(table, column.name())
        || (!isCharacter(column.type().kind()) && matches(hashed, table, column.name()));
  }

  /** The decoder's rule: hashing and truncation apply to these types. */
  static boolean isCharacter(dev.redoline.core.OracleType.Kind kind) {
    return switch (kind) {
      case CHAR, NCHAR, VARCHAR2, NVARCHAR2, CLOB, NCLOB, LONG -> true;
      default -> false;
    };
  }

  boolean excludes(TableId table, String column) {
    return matches(patterns, table, column);
  }

  private static boolean matches(List<String[]> patterns, TableId table, String column) {
    for (String[] p : patterns) {
      int base = p.length - 3;
      if (base == 1 && (table.pdb() == null || !glob(p[0], table.pdb()))) {
        continue;
      }
      if (glob(p[base], table.owner())
          && glob(p[base + 1], table.table())
          && glob(p[base + 2], column)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code text} matches {@code pattern}, where {@code *} is any run of characters. */
  static boolean glob(String pattern, String text) {
    return glob(pattern, 0, text, 0);
  }

  private static boolean glob(String pattern, int p, String text, int t) {
    while (p < pattern.length()) {
      char c = pattern.charAt(p);
      if (c == '*') {
        for (int from = t; from <= text.length(); from++) {
          if (glob(pattern, p + 1, text, from)) {
            return true;
          }
        }
        return false;
      }
      if (t >= text.length() || text.charAt(t) != c) {
        return false;
      }
      p++;
      t++;
    }
    return t == text.length();
  }
}
