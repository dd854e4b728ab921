package dev.redoline.simulator.internal.sql;

import dev.redoline.simulator.internal.oracle.LogFileOption;
import dev.redoline.simulator.internal.oracle.LogMinerOption;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An anonymous PL/SQL block that calls one DBMS_LOGMNR procedure, read mechanically: {@code BEGIN
 * SYS.DBMS_LOGMNR.START_LOGMNR(STARTSCN => ?, OPTIONS => SYS.DBMS_LOGMNR.A + SYS.DBMS_LOGMNR.B);
 * END;}. Arguments are named or positional; each is a bind ({@code ?}), a number, a quoted string,
 * a package constant, or a sum of those. Nothing else of PL/SQL is understood; anything else fails
 * as Oracle's compiler would (ORA-06550 with a PLS- line).
 *
 * @param procedure the procedure's name, upper case ({@code START_LOGMNR})
 * @param arguments the argument values by parameter name, in the order given
 */
public record PlsqlCall(String procedure, Map<String, Object> arguments) {

  private static final Pattern BLOCK =
      Pattern.compile(
          "\\s*BEGIN\\s+(?:SYS\\s*\\.\\s*)?DBMS_LOGMNR\\s*\\.\\s*(\\w+)\\s*(?:\\((.*)\\))?\\s*;\\s*END\\s*;?\\s*",
          Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
  private static final Pattern NAMED = Pattern.compile("(?s)\\s*(\\w+)\\s*=>\\s*(.*)");
  private static final Pattern CONSTANT =
      Pattern.compile("(?i)(?:SYS\\s*\\.\\s*)?DBMS_LOGMNR\\s*\\.\\s*(\\w+)");

  /** The parameters of each procedure, in declaration order (for positional arguments). */
  private static final Map<String, List<String>> PARAMETERS =
      Map.of(
          "ADD_LOGFILE", List.of("LOGFILENAME", "OPTIONS"),
          "REMOVE_LOGFILE", List.of("LOGFILENAME"),
          "START_LOGMNR",
              List.of("STARTSCN", "ENDSCN", "STARTTIME", "ENDTIME", "DICTFILENAME", "OPTIONS"),
          "END_LOGMNR", List.of());

  /** Whether {@code text} is a PL/SQL block rather than SQL. */
  public static boolean isBlock(String upperText) {
    return upperText.startsWith("BEGIN") || upperText.startsWith("DECLARE");
  }

  /** Parses {@code text}, taking bind values from {@code binds} in the order of their markers. */
  public static PlsqlCall parse(String text, List<Object> binds) throws SQLException {
    Matcher m = BLOCK.matcher(text);
    if (!m.matches()) {
      throw compileError(
          "PLS-00103: Encountered a statement the simulator's PL/SQL does not run: "
              + text.strip());
    }
    String procedure = m.group(1).toUpperCase(Locale.ROOT);
    List<String> parameters = PARAMETERS.get(procedure);
    if (parameters == null) {
      throw compileError("PLS-00302: component '" + procedure + "' must be declared");
    }
    Map<String, Object> arguments = new LinkedHashMap<>();
    int[] nextBind = {0};
    List<String> parts = m.group(2) == null ? List.of() : split(m.group(2));
    for (int i = 0; i < parts.size(); i++) {
      Matcher named = NAMED.matcher(parts.get(i));
      String name;
      String expression;
      if (named.matches() && !named.group(1).equalsIgnoreCase("SYS")) {
        name = named.group(1).toUpperCase(Locale.ROOT);
        expression = named.group(2);
      } else {
        if (i >= parameters.size()) {
          throw compileError(
              "PLS-00306: wrong number or types of arguments in call to '" + procedure + "'");
        }
        name = parameters.get(i);
        expression = parts.get(i);
      }
      if (!parameters.contains(name)) {
        throw compileError(
            "PLS-00306: wrong number or types of arguments in call to '" + procedure + "'");
      }
      arguments.put(name, value(expression, binds, nextBind));
    }
    return new PlsqlCall(procedure, arguments);
  }

  /** Splits an argument list at top-level commas (commas inside quotes belong to a string). */
  private static List<String> split(String list) {
    List<String> out = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < list.length(); i++) {
      char c = list.charAt(i);
      if (c == '\'') {
        quoted = !quoted;
      }
      if (c == ',' && !quoted) {
        out.add(part.toString());
        part.setLength(0);
      } else {
        part.append(c);
      }
    }
    if (!part.toString().isBlank()) {
      out.add(part.toString());
    }
    return out;
  }

  /** A bind, a literal, a constant or a sum of numbers and constants. */
  private static Object value(String expression, List<Object> binds, int[] nextBind)
      throws SQLException {
    String e = expression.strip();
    if (e.equals("?")) {
      if (nextBind[0] >= binds.size()) {
        throw OracleErrors.error(1008);
      }
      return binds.get(nextBind[0]++);
    }
    if (e.startsWith("'") && e.endsWith("'") && e.length() >= 2) {
      return e.substring(1, e.length() - 1).replace("''", "'");
    }
    if (e.equalsIgnoreCase("NULL")) {
      return null;
    }
    long sum = 0;
    for (String term : e.split("\\+")) {
      sum += term(term.strip(), binds, nextBind);
    }
    return sum;
  }

  private static long term(String term, List<Object> binds, int[] nextBind) throws SQLException {
    if (term.equals("?")) {
      Object bound = value(term, binds, nextBind);
      return bound instanceof Number n ? n.longValue() : Long.parseLong(String.valueOf(bound));
    }
    Matcher constant = CONSTANT.matcher(term);
    if (constant.matches()) {
      return constant(constant.group(1).toUpperCase(Locale.ROOT));
    }
    try {
      return Long.parseLong(term);
    } catch (NumberFormatException ex) {
      throw compileError(
          "PLS-00201: identifier '" + term.toUpperCase(Locale.ROOT) + "' must be declared");
    }
  }

  /** A DBMS_LOGMNR constant's value: a START_LOGMNR option or an ADD_LOGFILE option. */
  private static long constant(String name) throws SQLException {
    for (LogMinerOption o : LogMinerOption.values()) {
      if (o.name().equals(name)) {
        return o.value();
      }
    }
    for (LogFileOption o : LogFileOption.values()) {
      if (o.name().equals(name)) {
        return o.value();
      }
    }
    throw compileError("PLS-00302: component '" + name + "' must be declared");
  }

  private static SQLException compileError(String pls) {
    return OracleErrors.stack(6550, "ORA-06550: line 1, column 7:\n" + pls);
  }

  /** The argument as text (a file name), or {@code null} when not given. */
  public String text(String parameter) {
    Object v = arguments.get(parameter);
    return v == null ? null : v.toString();
  }

  /** The argument as a number (an SCN, an options sum), or {@code null} when not given. */
  public Long number(String parameter) throws SQLException {
    Object v = arguments.get(parameter);
    if (v == null) {
      return null;
    }
    if (v instanceof Number n) {
      if (n instanceof java.math.BigDecimal d) { // SCNs are unsigned: beyond a long is "no bound"
        return d.compareTo(java.math.BigDecimal.valueOf(Long.MAX_VALUE)) > 0
            ? Long.MAX_VALUE
            : d.longValueExact();
      }
      return n.longValue();
    }
    try {
      return Long.parseLong(v.toString().trim());
    } catch (NumberFormatException e) {
      throw OracleErrors.error(
          6502, "PL/SQL: numeric or value error: character to number conversion error");
    }
  }
}
