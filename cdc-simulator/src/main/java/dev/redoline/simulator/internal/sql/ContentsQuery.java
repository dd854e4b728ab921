package dev.redoline.simulator.internal.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * A SELECT on {@code V$LOGMNR_CONTENTS} that the simulator evaluates itself instead of handing it
 * to the SQL engine: the mining query is a plain column list over the view and a WHERE clause of
 * comparisons, IN lists (row values too), NVL, LIKE and IS NULL joined by AND, OR and NOT, and it
 * runs once per engine step over every row of the session's range, where the SQL engine's
 * conversion of each row into its own values was most of the simulator's cost.
 *
 * <p>The statement is still evaluated as written, with SQL's three-valued logic (a comparison with
 * NULL is unknown, so neither it nor its negation keeps a row), Oracle's empty string as NULL, and
 * the values the SQL engine hands out. Anything outside that subset (another shape, a function, a
 * type mix, a wrong number of binds) makes {@link #compile} return null, and the statement goes to
 * the SQL engine as before, which also raises its errors. {@code ContentsQueryTest} compares the
 * rows of both for the same statements.
 *
 * <p>The grammar, as the parser below reads it:
 *
 * <pre>
 * query     := SELECT column {, column} FROM V$LOGMNR_CONTENTS [WHERE or]
 * or        := and {OR and}
 * and       := not {AND not}
 * not       := NOT not | predicate
 * predicate := ( or ) | row [NOT] IN ( row {, row} )
 *            | operand (= | &lt;&gt; | != | &lt; | &lt;= | &gt; | &gt;=) operand
 *            | operand [NOT] IN ( operand {, operand} ) | operand IS [NOT] NULL
 *            | operand [NOT] LIKE operand
 * row       := ( operand , operand {, operand} )
 * operand   := column | ? | number | 'text' | NVL ( operand , operand )
 * </pre>
 *
 * <p>Implementation notes: the class is long because it holds a whole small evaluator, in three
 * parts read top to bottom: the compiled conditions and operands (each a small class whose {@code
 * test} returns TRUE, FALSE or UNKNOWN), the recursive-descent parser that builds them and types
 * every comparison (NUMBER or text, decided once, not per row), and the tokenizer. An IN list of
 * constants, such as the engine's object and table lists, is a hash set of normalised keys, so a
 * row costs one lookup however long the list.
 */
public final class ContentsQuery {

  private static final int FALSE = 0;
  private static final int TRUE = 1;
  private static final int UNKNOWN = 2;

  /** The view's columns the statement selects, by index in {@link ContentsView#COLUMNS}. */
  private final int[] selected;

  private final List<String> labels;
  private final List<Integer> types;

  /** The WHERE clause; null: every row. */
  private final Condition where;

  /** Whether the WHERE clause reads SQL_REDO, SQL_UNDO or CSF, which differ between CSF pieces. */
  private final boolean readsPieces;

  private ContentsQuery(int[] selected, Condition where, boolean readsPieces) {
    this.selected = selected;
    this.where = where;
    this.readsPieces = readsPieces;
    List<String> l = new ArrayList<>();
    List<Integer> t = new ArrayList<>();
    for (int i : selected) {
      l.add(ContentsView.COLUMNS.get(i).name());
      t.add(ContentsView.COLUMNS.get(i).sqlType());
    }
    this.labels = List.copyOf(l);
    this.types = List.copyOf(t);
  }

  /**
   * {@code sql} with {@code binds}, compiled; null when it is not a statement of the subset this
   * class evaluates.
   */
  public static ContentsQuery compile(String sql, List<Object> binds) {
    try {
      Parser p = new Parser(Tokens.of(sql), binds);
      ContentsQuery q = p.query();
      return p.binds == binds.size() ? q : null;
    } catch (Unsupported | NumberFormatException e) {
      return null;
    }
  }

  /** The result's column labels, as the SQL engine names them. */
  public List<String> labels() {
    return labels;
  }

  /** The result's column types ({@link Types}), as the SQL engine types them. */
  public List<Integer> types() {
    return types;
  }

  /**
   * Whether the WHERE clause reads only columns that are the same on every CSF piece of a record
   * (all but SQL_REDO, SQL_UNDO and CSF), so that {@link #keeps} gives one answer for all of them
   * and can be asked on the columns they share, before the record's SQL is rendered.
   */
  boolean decidesPerRecord() {
    return !readsPieces;
  }

  /** Whether the WHERE clause is true for {@code row}, a row of the view. */
  public boolean keeps(Object[] row) {
    return where == null || where.test(row) == TRUE;
  }

  /** The selected columns of {@code row}, each value as the SQL engine would hand it out. */
  public Object[] project(Object[] row) {
    Object[] out = new Object[selected.length];
    for (int i = 0; i < selected.length; i++) {
      Object v = row[selected[i]];
      // The SQL engine hands a number out in the Java type the view gave it.
      out[i] = types.get(i) == Types.VARCHAR ? text(v) : v;
    }
    return out;
  }

  /** A statement outside the subset. */
  private static final class Unsupported extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unsupported() {
      super(null, null, false, false);
    }
  }

  // Values.

  private static BigDecimal decimal(Object v) {
    if (v instanceof BigDecimal d) {
      return d;
    }
    if (v instanceof BigInteger b) {
      return new BigDecimal(b);
    }
    return BigDecimal.valueOf(((Number) v).longValue());
  }

  /** Oracle's empty string is NULL. */
  private static Object text(Object v) {
    return v instanceof String s && s.isEmpty() ? null : v;
  }

  private static boolean integral(Object v) {
    return v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte;
  }

  private static int compare(Object a, Object b, boolean numeric) {
    if (!numeric) {
      return ((String) a).compareTo((String) b);
    }
    if (integral(a) && integral(b)) {
      return Long.compare(((Number) a).longValue(), ((Number) b).longValue());
    }
    return decimal(a).compareTo(decimal(b));
  }

  /** A value by which equal numbers of any Java type are equal keys. */
  private static Object key(Object v, boolean numeric) {
    if (!numeric) {
      return v;
    }
    if (integral(v)) {
      return ((Number) v).longValue();
    }
    BigDecimal d = decimal(v);
    try {
      return d.longValueExact();
    } catch (ArithmeticException e) {
      return d.stripTrailingZeros();
    }
  }

  // The compiled WHERE clause.

  private interface Operand {
    Object value(Object[] row);

    /** A value that is the same for every row (a bind or a literal), else null. */
    default Object constant() {
      return null;
    }
  }

  private record Constant(Object v) implements Operand {
    @Override
    public Object value(Object[] row) {
      return v;
    }

    @Override
    public Object constant() {
      return v;
    }
  }

  private interface Condition {
    int test(Object[] row);
  }

  private record Or(Condition[] terms) implements Condition {
    @Override
    public int test(Object[] row) {
      int out = FALSE;
      for (Condition c : terms) {
        int t = c.test(row);
        if (t == TRUE) {
          return TRUE;
        }
        if (t == UNKNOWN) {
          out = UNKNOWN;
        }
      }
      return out;
    }
  }

  private record And(Condition[] terms) implements Condition {
    @Override
    public int test(Object[] row) {
      int out = TRUE;
      for (Condition c : terms) {
        int t = c.test(row);
        if (t == FALSE) {
          return FALSE;
        }
        if (t == UNKNOWN) {
          out = UNKNOWN;
        }
      }
      return out;
    }
  }

  private static int not(int t) {
    return t == UNKNOWN ? UNKNOWN : t == TRUE ? FALSE : TRUE;
  }

  private record Comparison(Operand left, String op, Operand right, boolean numeric)
      implements Condition {
    @Override
    public int test(Object[] row) {
      Object a = left.value(row);
      Object b = right.value(row);
      if (a == null || b == null) {
        return UNKNOWN;
      }
      int c = compare(a, b, numeric);
      boolean r =
          switch (op) {
            case "=" -> c == 0;
            case "<>", "!=" -> c != 0;
            case "<" -> c < 0;
            case "<=" -> c <= 0;
            case ">" -> c > 0;
            default -> c >= 0;
          };
      return r ? TRUE : FALSE;
    }
  }

  private record IsNull(Operand operand, boolean negated) implements Condition {
    @Override
    public int test(Object[] row) {
      return (operand.value(row) == null) != negated ? TRUE : FALSE;
    }
  }

  private record Like(Operand operand, Operand pattern, boolean negated) implements Condition {
    @Override
    public int test(Object[] row) {
      Object v = operand.value(row);
      Object p = pattern.value(row);
      if (v == null || p == null) {
        return UNKNOWN;
      }
      return matches((String) v, 0, (String) p, 0) != negated ? TRUE : FALSE;
    }

    /** SQL LIKE without ESCAPE: {@code %} any run of characters, {@code _} any one. */
    private static boolean matches(String s, int i, String p, int j) {
      while (j < p.length()) {
        char c = p.charAt(j);
        if (c == '%') {
          for (int k = i; k <= s.length(); k++) {
            if (matches(s, k, p, j + 1)) {
              return true;
            }
          }
          return false;
        }
        if (i >= s.length() || (c != '_' && c != s.charAt(i))) {
          return false;
        }
        i++;
        j++;
      }
      return i == s.length();
    }
  }

  /**
   * {@code (a, b, ...) [NOT] IN ((x, y, ...), ...)}, a single value being a row of one. A list of
   * non-null constants is a hash set of keys; otherwise, and for a row with a NULL, each entry is
   * compared as SQL does: equal when every part is equal, unequal when one part is, else unknown.
   */
  private static final class In implements Condition {
    private final Operand[] left;
    private final Operand[][] list;
    private final boolean[] numeric;
    private final boolean negated;
    private final java.util.Set<Object> keys;

    In(Operand[] left, Operand[][] list, boolean[] numeric, boolean negated) {
      this.left = left;
      this.list = list;
      this.numeric = numeric;
      this.negated = negated;
      java.util.Set<Object> k = new java.util.HashSet<>();
      for (Operand[] entry : list) {
        Object[] values = new Object[entry.length];
        for (int i = 0; i < entry.length; i++) {
          values[i] = entry[i].constant();
          if (values[i] == null) {
            k = null;
            break;
          }
        }
        if (k == null) {
          break;
        }
        k.add(rowKey(values));
      }
      this.keys = k;
    }

    private Object rowKey(Object[] values) {
      if (values.length == 1) {
        return key(values[0], numeric[0]);
      }
      List<Object> out = new ArrayList<>(values.length);
      for (int i = 0; i < values.length; i++) {
        out.add(key(values[i], numeric[i]));
      }
      return out;
    }

    @Override
    public int test(Object[] row) {
      Object[] values = new Object[left.length];
      boolean anyNull = false;
      for (int i = 0; i < left.length; i++) {
        values[i] = left[i].value(row);
        anyNull |= values[i] == null;
      }
      int found;
      if (keys != null && !anyNull) {
        found = keys.contains(rowKey(values)) ? TRUE : FALSE;
      } else {
        found = FALSE;
        for (Operand[] entry : list) {
          int t = equal(values, entry, row);
          if (t == TRUE) {
            found = TRUE;
            break;
          }
          if (t == UNKNOWN) {
            found = UNKNOWN;
          }
        }
      }
      return negated ? not(found) : found;
    }

    private int equal(Object[] values, Operand[] entry, Object[] row) {
      int out = TRUE;
      for (int i = 0; i < values.length; i++) {
        Object b = entry[i].value(row);
        if (values[i] == null || b == null) {
          out = UNKNOWN;
        } else if (compare(values[i], b, numeric[i]) != 0) {
          return FALSE;
        }
      }
      return out;
    }
  }

  // Parsing.

  /** What an operand holds: a NUMBER, a text, or a NULL that takes the other side's type. */
  private enum Kind {
    NUMBER,
    TEXT,
    NULL
  }

  private record Typed(Operand operand, Kind kind) {}

  private static final class Parser {
    private final List<String> tokens;
    private final List<Object> bindValues;
    private int at;
    private int binds;

    /** Whether a column the WHERE clause reads differs between a record's CSF pieces. */
    private boolean readsPieces;

    Parser(List<String> tokens, List<Object> bindValues) {
      this.tokens = tokens;
      this.bindValues = bindValues;
    }

    ContentsQuery query() {
      expect("SELECT");
      List<Integer> columns = new ArrayList<>();
      do {
        columns.add(column(next()));
      } while (accept(","));
      expect("FROM");
      expect("V$LOGMNR_CONTENTS");
      Condition where = accept("WHERE") ? or() : null;
      if (at != tokens.size()) {
        throw new Unsupported();
      }
      return new ContentsQuery(
          columns.stream().mapToInt(Integer::intValue).toArray(), where, readsPieces);
    }

    private Condition or() {
      List<Condition> terms = new ArrayList<>(List.of(and()));
      while (accept("OR")) {
        terms.add(and());
      }
      return terms.size() == 1 ? terms.get(0) : new Or(terms.toArray(new Condition[0]));
    }

    private Condition and() {
      List<Condition> terms = new ArrayList<>(List.of(not()));
      while (accept("AND")) {
        terms.add(not());
      }
      return terms.size() == 1 ? terms.get(0) : new And(terms.toArray(new Condition[0]));
    }

    private Condition not() {
      if (accept("NOT")) {
        Condition c = not();
        return row -> ContentsQuery.not(c.test(row));
      }
      return predicate();
    }

    private Condition predicate() {
      if (peek("(")) {
        int start = at;
        int startBinds = binds;
        List<Typed> row = rowValue();
        if (row != null && (peek("IN") || peek("NOT"))) {
          return in(row);
        }
        at = start;
        binds = startBinds;
        if (!startsRowValue()) {
          expect("(");
          Condition c = or();
          expect(")");
          return c;
        }
      }
      Typed left = operand();
      if (accept("IS")) {
        boolean negated = accept("NOT");
        expect("NULL");
        return new IsNull(left.operand(), negated);
      }
      if (peek("IN") || peek("NOT") && peekAt(1, "IN")) {
        return in(List.of(left));
      }
      if (peek("LIKE") || peek("NOT") && peekAt(1, "LIKE")) {
        boolean negated = accept("NOT");
        expect("LIKE");
        Typed pattern = operand();
        if (kind(left, pattern) != Kind.TEXT || pattern.operand().constant() == null) {
          throw new Unsupported();
        }
        return new Like(left.operand(), pattern.operand(), negated);
      }
      String op = next();
      if (!List.of("=", "<>", "!=", "<", "<=", ">", ">=").contains(op)) {
        throw new Unsupported();
      }
      Typed right = operand();
      return new Comparison(left.operand(), op, right.operand(), kind(left, right) == Kind.NUMBER);
    }

    /** Whether the parenthesis at the cursor opens a row value (a comma at its own depth). */
    private boolean startsRowValue() {
      int depth = 0;
      for (int i = at; i < tokens.size(); i++) {
        String t = tokens.get(i);
        if (t.equals("(")) {
          depth++;
        } else if (t.equals(")")) {
          if (--depth == 0) {
            return false;
          }
        } else if (t.equals(",") && depth == 1) {
          return true;
        }
      }
      return false;
    }

    /** {@code (operand, operand, ...)} with at least two parts, or null (the cursor moved). */
    private List<Typed> rowValue() {
      if (!startsRowValue()) {
        return null;
      }
      expect("(");
      List<Typed> parts = new ArrayList<>();
      do {
        parts.add(operand());
      } while (accept(","));
      expect(")");
      return parts;
    }

    private Condition in(List<Typed> left) {
      boolean negated = accept("NOT");
      expect("IN");
      expect("(");
      List<Operand[]> list = new ArrayList<>();
      Kind[] kinds = new Kind[left.size()];
      for (int i = 0; i < kinds.length; i++) {
        kinds[i] = left.get(i).kind();
      }
      do {
        List<Typed> entry;
        if (left.size() == 1) {
          entry = List.of(operand());
        } else {
          entry = rowValue();
          if (entry == null || entry.size() != left.size()) {
            throw new Unsupported();
          }
        }
        Operand[] operands = new Operand[entry.size()];
        for (int i = 0; i < operands.length; i++) {
          kinds[i] = kind(new Typed(null, kinds[i]), entry.get(i));
          operands[i] = entry.get(i).operand();
        }
        list.add(operands);
      } while (accept(","));
      expect(")");
      boolean[] numeric = new boolean[kinds.length];
      Operand[] l = new Operand[kinds.length];
      for (int i = 0; i < kinds.length; i++) {
        numeric[i] = kinds[i] == Kind.NUMBER;
        l[i] = left.get(i).operand();
      }
      return new In(l, list.toArray(new Operand[0][]), numeric, negated);
    }

    /** The type both sides are compared in; a NUMBER against a text is left to the SQL engine. */
    private static Kind kind(Typed a, Typed b) {
      if (a.kind() == Kind.NULL) {
        return b.kind();
      }
      if (b.kind() != Kind.NULL && b.kind() != a.kind()) {
        throw new Unsupported();
      }
      return a.kind();
    }

    private Typed operand() {
      String t = next();
      if (t.equals("?")) {
        if (binds >= bindValues.size()) {
          throw new Unsupported();
        }
        return constant(bindValues.get(binds++));
      }
      if (t.equals("NULL")) {
        return constant(null);
      }
      if (t.startsWith("'")) {
        return constant(t.substring(1, t.length() - 1).replace("''", "'"));
      }
      if (Character.isDigit(t.charAt(0))) {
        return constant(new BigDecimal(t));
      }
      if (t.equals("NVL") && accept("(")) {
        Typed a = operand();
        expect(",");
        Typed b = operand();
        expect(")");
        Kind k = kind(a, b);
        Operand x = a.operand();
        Operand y = b.operand();
        return new Typed(
            row -> {
              Object v = x.value(row);
              return v != null ? v : y.value(row);
            },
            k);
      }
      int i = column(t);
      readsPieces |= ContentsView.PER_PIECE.contains(t);
      Kind k =
          switch (ContentsView.COLUMNS.get(i).sqlType()) {
            case Types.NUMERIC -> Kind.NUMBER;
            case Types.VARCHAR -> Kind.TEXT;
            default -> throw new Unsupported();
          };
      return new Typed(k == Kind.TEXT ? row -> text(row[i]) : row -> row[i], k);
    }

    private static Typed constant(Object v) {
      if (v == null) {
        return new Typed(new Constant(null), Kind.NULL);
      }
      if (v instanceof String s) {
        return s.isEmpty()
            ? new Typed(new Constant(null), Kind.NULL)
            : new Typed(new Constant(s), Kind.TEXT);
      }
      if (integral(v) || v instanceof BigDecimal || v instanceof BigInteger) {
        return new Typed(new Constant(v), Kind.NUMBER);
      }
      throw new Unsupported();
    }

    private static int column(String name) {
      for (int i = 0; i < ContentsView.COLUMNS.size(); i++) {
        if (ContentsView.COLUMNS.get(i).name().equals(name)) {
          return i;
        }
      }
      throw new Unsupported();
    }

    private String next() {
      if (at >= tokens.size()) {
        throw new Unsupported();
      }
      return tokens.get(at++);
    }

    private boolean peek(String t) {
      return peekAt(0, t);
    }

    private boolean peekAt(int ahead, String t) {
      return at + ahead < tokens.size() && tokens.get(at + ahead).equals(t);
    }

    private boolean accept(String t) {
      if (peek(t)) {
        at++;
        return true;
      }
      return false;
    }

    private void expect(String t) {
      if (!accept(t)) {
        throw new Unsupported();
      }
    }
  }

  /**
   * The statement's tokens: identifiers in upper case, numbers, string literals with their quotes,
   * {@code ?} and operators. A quoted identifier, a comment or any other character is outside the
   * subset.
   */
  private static final class Tokens {
    private Tokens() {}

    static List<String> of(String sql) {
      List<String> out = new ArrayList<>();
      int i = 0;
      int n = sql.length();
      while (i < n) {
        char c = sql.charAt(i);
        if (Character.isWhitespace(c)) {
          i++;
        } else if (Character.isLetter(c) || c == '_') {
          int start = i;
          i = ReferencedColumns.identifierEnd(sql, i);
          out.add(sql.substring(start, i).toUpperCase(Locale.ROOT));
        } else if (Character.isDigit(c)) {
          int start = i;
          while (i < n && (Character.isDigit(sql.charAt(i)) || sql.charAt(i) == '.')) {
            i++;
          }
          out.add(sql.substring(start, i));
        } else if (c == '\'') {
          int end = i + 1;
          while (true) {
            end = sql.indexOf('\'', end);
            if (end < 0) {
              throw new Unsupported();
            }
            if (end + 1 < n && sql.charAt(end + 1) == '\'') {
              end += 2;
            } else {
              break;
            }
          }
          out.add(sql.substring(i, end + 1));
          i = end + 1;
        } else if (i + 1 < n && List.of("<>", "!=", "<=", ">=").contains(sql.substring(i, i + 2))) {
          out.add(sql.substring(i, i + 2));
          i += 2;
        } else if ("(),=<>?".indexOf(c) >= 0) {
          out.add(String.valueOf(c));
          i++;
        } else {
          throw new Unsupported();
        }
      }
      return Collections.unmodifiableList(out);
    }
  }
}
