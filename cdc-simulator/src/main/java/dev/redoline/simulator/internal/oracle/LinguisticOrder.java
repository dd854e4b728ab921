package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.Column;
import dev.redoline.core.OracleType;
import dev.redoline.simulator.internal.sql.NlsSort;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code ORDER BY} of a SELECT of user tables under a linguistic {@code NLS_SORT}: each item
 * naming a character column is sorted by its collation key ({@code SIM_NLSSORT(col, 'GERMAN')}, as
 * Oracle sorts by {@code NLSSORT}), while the WHERE clause's comparisons stay binary as under
 * Oracle's default {@code NLS_COMP = BINARY}. So {@code ORDER BY k} and {@code k > ?} disagree as
 * they do on a real database: keys {@code 'B'} and {@code 'a'} sort {@code 'a', 'B'}, and {@code k
 * > 'a'} leaves {@code 'B'} out. Items that are expressions, or name other columns, are unchanged.
 */
final class LinguisticOrder {

  private static final Pattern ORDER_BY =
      Pattern.compile("\\bORDER\\s+BY\\s+", Pattern.CASE_INSENSITIVE);
  private static final Pattern CLAUSE_END =
      Pattern.compile("\\s+(FETCH|OFFSET|FOR\\s+UPDATE)\\b|\\)", Pattern.CASE_INSENSITIVE);
  private static final Pattern ITEM =
      Pattern.compile(
          "(\\s*)(\"[^\"]+\"|[A-Za-z][A-Za-z0-9_$#]*)((?:\\s+(?:ASC|DESC))?(?:\\s+NULLS\\s+(?:FIRST|LAST))?\\s*)",
          Pattern.CASE_INSENSITIVE);

  private LinguisticOrder() {}

  /** {@code sql} with its last ORDER BY sorting the character columns of {@code tables} by sort. */
  static String apply(String sql, NlsSort sort, List<SimTable> tables) {
    if (!sort.linguistic() || tables.isEmpty()) {
      return sql;
    }
    Matcher order = ORDER_BY.matcher(sql);
    int start = -1;
    while (order.find()) {
      start = order.end();
    }
    if (start < 0) {
      return sql;
    }
    Matcher end = CLAUSE_END.matcher(sql);
    int stop = end.find(start) ? end.start() : sql.length();
    List<String> items = new ArrayList<>();
    for (String item : sql.substring(start, stop).split(",", -1)) {
      Matcher m = ITEM.matcher(item);
      items.add(
          m.matches() && character(m.group(2), tables)
              ? m.group(1) + "SIM_NLSSORT(" + m.group(2) + ", '" + sort.name() + "')" + m.group(3)
              : item);
    }
    return sql.substring(0, start) + String.join(",", items) + sql.substring(stop);
  }

  private static boolean character(String name, List<SimTable> tables) {
    String column =
        name.startsWith("\"")
            ? name.substring(1, name.length() - 1)
            : name.toUpperCase(Locale.ROOT);
    for (SimTable t : tables) {
      for (Column c : t.layout().columns()) {
        if (c.name().equals(column)) {
          OracleType.Kind kind = c.type().kind();
          return kind == OracleType.Kind.CHAR
              || kind == OracleType.Kind.NCHAR
              || kind == OracleType.Kind.VARCHAR2
              || kind == OracleType.Kind.NVARCHAR2;
        }
      }
    }
    return false;
  }
}
