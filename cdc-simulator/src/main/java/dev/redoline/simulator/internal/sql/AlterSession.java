package dev.redoline.simulator.internal.sql;

import dev.redoline.simulator.internal.jdbc.Session;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ALTER SESSION SET name = 'value' [name = 'value' ...]}: the NLS parameters and TIME_ZONE
 * that shape SQL_REDO literals change the session's {@link SessionNls}; NLS_SORT and NLS_LANGUAGE
 * change the order of a user table's {@code ORDER BY} ({@link NlsSort}); other parameters Oracle
 * accepts (NLS_TERRITORY, NLS_COMP, ...) are taken and change nothing the simulator shows. {@code
 * ALTER SESSION SET CONTAINER = name}, which Oracle accepts only on its own, moves the session into
 * another container ({@link Session#switchContainer}).
 */
public final class AlterSession {

  private static final Pattern HEAD =
      Pattern.compile("(?is)\\s*ALTER\\s+SESSION\\s+SET\\s+(.*?)\\s*;?\\s*");
  private static final Pattern SETTING =
      Pattern.compile("(?s)\\s*(\\w+)\\s*=\\s*('(?:[^']|'')*'|[^\\s']+)");

  private static final Pattern CONTAINER =
      Pattern.compile(
          "(?is)\\s*ALTER\\s+SESSION\\s+SET\\s+CONTAINER\\s*=\\s*(\"[^\"]+\"|[A-Za-z][A-Za-z0-9_$#]*)\\s*;?\\s*");

  private AlterSession() {}

  /**
   * The container {@code ALTER SESSION SET CONTAINER = name} names (unquoted names in upper case),
   * or {@code null} when {@code text} sets something else.
   */
  public static String container(String text) {
    Matcher m = CONTAINER.matcher(text);
    if (!m.matches()) {
      return null;
    }
    String name = m.group(1);
    return name.startsWith("\"")
        ? name.substring(1, name.length() - 1)
        : name.toUpperCase(Locale.ROOT);
  }

  public static SessionNls apply(SessionNls nls, String text) throws SQLException {
    SessionNls out = nls;
    for (String[] setting : settings(text)) {
      out = set(out, setting[0], setting[1]);
    }
    return out;
  }

  /**
   * The session's {@code NLS_SORT} after {@code text}: {@code NLS_LANGUAGE} sets the sort that
   * derives from the language, {@code NLS_SORT} (later in the statement, or alone) names one;
   * ORA-12705 for a sort or language the simulator has no data for.
   */
  public static NlsSort sort(NlsSort sort, String text) throws SQLException {
    NlsSort out = sort;
    for (String[] setting : settings(text)) {
      try {
        if (setting[0].equals("NLS_LANGUAGE")) {
          out = NlsSort.forLanguage(setting[1]);
        } else if (setting[0].equals("NLS_SORT")) {
          out = NlsSort.named(setting[1]);
        }
      } catch (IllegalArgumentException e) {
        throw OracleErrors.error(12705);
      }
    }
    return out;
  }

  /** The {@code name = value} pairs of the statement, names upper case, quotes removed. */
  private static java.util.List<String[]> settings(String text) throws SQLException {
    Matcher head = HEAD.matcher(text);
    if (!head.matches()) {
      throw OracleErrors.error(2248);
    }
    String rest = head.group(1);
    Matcher m = SETTING.matcher(rest);
    int end = 0;
    java.util.List<String[]> out = new java.util.ArrayList<>();
    while (m.find() && m.start() == end) {
      end = m.end();
      String value = m.group(2);
      if (value.startsWith("'")) {
        value = value.substring(1, value.length() - 1).replace("''", "'");
      }
      out.add(new String[] {m.group(1).toUpperCase(Locale.ROOT), value});
    }
    if (end != rest.length() || end == 0) {
      throw OracleErrors.error(922);
    }
    return out;
  }

  private static SessionNls set(SessionNls nls, String name, String value) throws SQLException {
    try {
      return switch (name) {
        case "NLS_DATE_FORMAT" -> nls.withDateFormat(value);
        case "NLS_TIMESTAMP_FORMAT" -> nls.withTimestampFormat(value);
        case "NLS_TIMESTAMP_TZ_FORMAT" -> nls.withTimestampTzFormat(value);
        case "NLS_NUMERIC_CHARACTERS" -> nls.withNumericCharacters(value);
        case "TIME_ZONE" -> nls.withTimeZone(value);
        case "NLS_LANGUAGE",
            "NLS_TERRITORY",
            "NLS_SORT",
            "NLS_COMP",
            "NLS_LENGTH_SEMANTICS",
            "CURRENT_SCHEMA",
            "OPTIMIZER_MODE" ->
            nls;
        default -> throw OracleErrors.error(2248);
      };
    } catch (IllegalArgumentException e) {
      throw name.equals("TIME_ZONE") ? OracleErrors.error(1882) : OracleErrors.error(1821);
    }
  }
}
