package dev.redoline.simulator.internal.sql;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which columns of a view a statement can read: those whose name appears in its text as an
 * identifier (unquoted, in any case, or quoted exactly), or every column when the text has a {@code
 * *} outside its string literals ({@code SELECT *}, {@code V.*}, or a product, to be safe). A
 * column the text never names cannot reach the SQL engine's predicates, select list or ordering, so
 * the view may leave it NULL and skip making it; the engine still evaluates the statement as
 * written. This is what lets V$LOGMNR_CONTENTS skip SQL_UNDO for a client that does not select it,
 * as a real database only computes the columns a query projects.
 */
public final class ReferencedColumns {

  private ReferencedColumns() {}

  /** For each of {@code columns}, whether {@code sql} can read it. */
  public static boolean[] of(String sql, List<ViewColumn> columns) {
    boolean[] wanted = new boolean[columns.size()];
    Set<String> names = identifiers(sql);
    for (int i = 0; i < wanted.length; i++) {
      wanted[i] = names == null || names.contains(columns.get(i).name());
    }
    return wanted;
  }

  /** The identifiers of {@code sql}, unquoted ones in upper case; null when it has a {@code *}. */
  private static Set<String> identifiers(String sql) {
    Set<String> out = new HashSet<>();
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (c == '\'') {
        i = sql.indexOf('\'', i + 1);
        if (i < 0) {
          return null; // unterminated: let the engine say so, with every column there
        }
        i++;
      } else if (c == '"') {
        int end = sql.indexOf('"', i + 1);
        if (end < 0) {
          return null;
        }
        out.add(sql.substring(i + 1, end));
        i = end + 1;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        int end = sql.indexOf('\n', i);
        i = end < 0 ? n : end + 1;
      } else if (c == '*') {
        return null;
      } else if (Character.isLetter(c) || c == '_') {
        int start = i;
        i = identifierEnd(sql, i);
        out.add(sql.substring(start, i).toUpperCase(Locale.ROOT));
      } else {
        i++;
      }
    }
    return out;
  }

  /**
   * Where the unquoted identifier starting at {@code start} ends: letters, digits, {@code _},
   * {@code $} and {@code #}, as Oracle spells {@code V$LOGMNR_CONTENTS} and {@code THREAD#}.
   */
  static int identifierEnd(String sql, int start) {
    int i = start;
    while (i < sql.length()
        && (Character.isLetterOrDigit(sql.charAt(i)) || "_$#".indexOf(sql.charAt(i)) >= 0)) {
      i++;
    }
    return i;
  }
}
