package dev.redoline.decoder.internal;

import dev.redoline.core.TableId;
import java.util.ArrayList;
import java.util.List;

/**
 * The compiled {@code cdc.columns.exclude} patterns.
 *
 * <pre>{@code
 * ColumnExclusions ex = ColumnExclusions.parse(List.of("HR.EMPLOYEES.SSN", "*.*.\"card no\""));
 * assert ex.excludes(TableId.of("HR", "EMPLOYEES"), "SSN");
 * }</pre>
 *
 * <p>A pattern is {@code [PDB.]SCHEMA.TABLE.COLUMN}. Unquoted parts are compared in upper case,
 * double-quoted parts exactly as written ({@link TableId#splitIdentifiers}). In every part, {@code
 * *} matches any run of characters, including none, within that part only (it never spans a dot). A
 * three-part pattern has no PDB part and matches the table in any PDB and in a non-container
 * database; a four-part pattern matches only tables of a PDB its first part matches (so {@code *}
 * as first part also matches every PDB, but not a non-container database).
 */
final class ColumnExclusions {

  private static final ColumnExclusions NONE = new ColumnExclusions(List.of());

  private final List<String[]> patterns;

  private ColumnExclusions(List<String[]> patterns) {
    this.patterns = patterns;
  }

  /** No column excluded. */
  static ColumnExclusions none() {
    return NONE;
  }

  /**
   * Compiles patterns.
   *
   * @throws IllegalArgumentException quoting the pattern when it does not have three or four parts
   */
  static ColumnExclusions parse(List<String> patterns) {
    List<String[]> compiled = new ArrayList<>(patterns.size());
    for (String pattern : patterns) {
      if (pattern == null) {
        throw new NullPointerException("pattern == null");
      }
      if (pattern.isBlank()) {
        continue;
      }
      List<String> parts;
      try {
        parts = TableId.splitIdentifiers(pattern.trim());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "Not a column pattern: '" + pattern + "' (" + e.getMessage() + ")", e);
      }
      if (parts.size() != 3 && parts.size() != 4) {
        throw new IllegalArgumentException(
            "Not a column pattern: '"
                + pattern
                + "' (expected [PDB.]SCHEMA.TABLE.COLUMN, for example HR.EMPLOYEES.SSN or *.*.\"card no\")");
      }
      compiled.add(parts.toArray(new String[0]));
    }
    return compiled.isEmpty() ? NONE : new ColumnExclusions(List.copyOf(compiled));
  }

  boolean isEmpty() {
    return patterns.isEmpty();
  }

  /** Whether any pattern names {@code column} of {@code table}. */
  boolean excludes(TableId table, String column) {
    for (String[] p : patterns) {
      int base = p.length - 3;
      if (base == 1 && (table.pdb() == null || !matches(p[0], table.pdb()))) {
        continue;
      }
      if (matches(p[base], table.owner())
          && matches(p[base + 1], table.table())
          && matches(p[base + 2], column)) {
        return true;
      }
    }
    return false;
  }

  /** Whether some pattern could name a column of {@code table}, whatever the column is called. */
  boolean mayName(TableId table) {
    for (String[] p : patterns) {
      int base = p.length - 3;
      if (base == 1 && (table.pdb() == null || !matches(p[0], table.pdb()))) {
        continue;
      }
      if (matches(p[base], table.owner()) && matches(p[base + 1], table.table())) {
        return true;
      }
    }
    return false;
  }

  /** Glob match where {@code *} is any run of characters; greedy with one backtrack point. */
  static boolean matches(String pattern, String text) {
    int p = 0;
    int t = 0;
    int star = -1;
    int resume = 0;
    while (t < text.length()) {
      if (p < pattern.length() && pattern.charAt(p) == '*') {
        star = p++;
        resume = t;
      } else if (p < pattern.length() && pattern.charAt(p) == text.charAt(t)) {
        p++;
        t++;
      } else if (star >= 0) {
        p = star + 1;
        t = ++resume;
      } else {
        return false;
      }
    }
    while (p < pattern.length() && pattern.charAt(p) == '*') {
      p++;
    }
    return p == pattern.length();
  }
}
