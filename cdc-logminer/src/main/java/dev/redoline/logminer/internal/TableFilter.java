package dev.redoline.logminer.internal;

import dev.redoline.core.TableId;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code cdc.tables.include} and {@code cdc.tables.exclude}: patterns over {@code
 * [PDB.]SCHEMA.TABLE}, where {@code *} matches any run of characters. Unquoted parts compare in
 * upper case, quoted parts as written; a pattern of two parts matches the table in any PDB.
 *
 * <pre>{@code
 * TableFilter f = TableFilter.of(List.of("SHOP.*"), List.of("SHOP.AUDIT_*"));
 * assert f.matches(TableId.of("SHOP", "ORDERS")) && !f.matches(TableId.of("SHOP", "AUDIT_LOG"));
 * }</pre>
 */
final class TableFilter {

  /** One parsed pattern; {@code pdb} is {@code null} when the pattern has no PDB part. */
  record TablePattern(
      Pattern pdb, Pattern owner, Pattern table, String ownerRegex, String tableRegex) {
    boolean matches(TableId id) {
      return (pdb == null || (id.pdb() != null && pdb.matcher(id.pdb()).matches()))
          && owner.matcher(id.owner()).matches()
          && table.matcher(id.table()).matches();
    }

    /** Whether the pattern can match tables of {@code container} ({@code null}: non-CDB). */
    boolean appliesTo(String container) {
      return pdb == null || (container != null && pdb.matcher(container).matches());
    }
  }

  private final List<TablePattern> include;
  private final List<TablePattern> exclude;

  private TableFilter(List<TablePattern> include, List<TablePattern> exclude) {
    this.include = include;
    this.exclude = exclude;
  }

  /**
   * Parses the patterns.
   *
   * @throws IllegalArgumentException quoting a pattern that is not [PDB.]SCHEMA.TABLE
   */
  static TableFilter of(List<String> include, List<String> exclude) {
    return new TableFilter(parse(include), parse(exclude));
  }

  private static List<TablePattern> parse(List<String> patterns) {
    List<TablePattern> parsed = new ArrayList<>();
    for (String text : patterns) {
      List<String> parts = TableId.splitIdentifiers(text);
      if (parts.size() < 2 || parts.size() > 3) {
        throw new IllegalArgumentException(
            "Not a table pattern: '"
                + text
                + "' (expected [PDB.]SCHEMA.TABLE, "
                + "* matching any characters)");
      }
      int offset = parts.size() - 2;
      String ownerRegex = regex(parts.get(offset));
      String tableRegex = regex(parts.get(offset + 1));
      parsed.add(
          new TablePattern(
              offset == 1 ? Pattern.compile(regex(parts.get(0))) : null,
              Pattern.compile(ownerRegex),
              Pattern.compile(tableRegex),
              ownerRegex,
              tableRegex));
    }
    return List.copyOf(parsed);
  }

  /**
   * A glob as an anchored regular expression ({@code REGEXP_LIKE} and {@link Pattern} agree on it).
   */
  static String regex(String glob) {
    StringBuilder sb = new StringBuilder("^");
    String[] literals = glob.split("\\*", -1);
    for (int i = 0; i < literals.length; i++) {
      if (i > 0) {
        sb.append(".*");
      }
      for (char c : literals[i].toCharArray()) {
        if ("\\.[]{}()<>+-?^$|".indexOf(c) >= 0) {
          sb.append('\\');
        }
        sb.append(c);
      }
    }
    return sb.append('$').toString();
  }

  /** The include patterns that can match tables of {@code container}. */
  List<TablePattern> includesFor(String container) {
    return include.stream().filter(p -> p.appliesTo(container)).toList();
  }

  /** Whether the table is captured: some include pattern matches and no exclude pattern does. */
  boolean matches(TableId id) {
    return include.stream().anyMatch(p -> p.matches(id))
        && exclude.stream().noneMatch(p -> p.matches(id));
  }
}
