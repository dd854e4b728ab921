package dev.redoline.simulator.internal.sql;

import dev.redoline.core.Bytes;
import dev.redoline.core.Marker;
import dev.redoline.core.OracleType;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A strict test-only reader of SQL_REDO literals and statements, written from the format rules of
 * docs/logminer.md#statement-text (not from the renderer's code). It reads at a cursor, so it can
 * read a literal inside a statement; every form is self-delimiting, which is what makes SQL_REDO
 * unambiguous. It throws {@link IllegalArgumentException} on anything unexpected.
 */
final class LiteralParser {

  private static final DateTimeFormatter DATE_TIME =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");

  private final String text;
  private final String nan;
  private final String infinity;
  private int at;

  LiteralParser(String text, SqlRedoRenderer.RenderOptions options) {
    this.text = text;
    this.nan = options.binaryNanText();
    this.infinity = options.binaryInfinityText();
  }

  /** Parses one whole literal of a column of {@code type} into its Row value. */
  static Object parse(OracleType type, String literal, SqlRedoRenderer.RenderOptions options) {
    LiteralParser p = new LiteralParser(literal, options);
    Object value = p.value(type);
    p.end();
    return value;
  }

  boolean atEnd() {
    return at == text.length();
  }

  void end() {
    if (!atEnd()) {
      throw fail("end of text");
    }
  }

  boolean tryExpect(String token) {
    if (text.startsWith(token, at)) {
      at += token.length();
      return true;
    }
    return false;
  }

  void expect(String token) {
    if (!tryExpect(token)) {
      throw fail("'" + token + "'");
    }
  }

  /** A double-quoted identifier's name. */
  String identifier() {
    expect("\"");
    int close = text.indexOf('"', at);
    if (close < 0) {
      throw fail("closing \"");
    }
    String name = text.substring(at, close);
    at = close + 1;
    return name;
  }

  /** A single-quoted string with doubled quotes. */
  String quoted() {
    expect("'");
    StringBuilder sb = new StringBuilder();
    while (true) {
      if (at >= text.length()) {
        throw fail("closing '");
      }
      char c = text.charAt(at++);
      if (c == '\'') {
        if (at < text.length() && text.charAt(at) == '\'') {
          sb.append('\'');
          at++;
        } else {
          return sb.toString();
        }
      } else {
        sb.append(c);
      }
    }
  }

  /** One literal of a column of {@code type}, as the Row value it stands for. */
  Object value(OracleType type) {
    if (tryExpect("NULL")) {
      return null;
    }
    if (tryExpect("Unsupported Type")) {
      return Marker.UNSUPPORTED_TYPE;
    }
    if (tryExpect("EMPTY_CLOB()")) {
      return Marker.EMPTY_CLOB;
    }
    if (type.kind() == OracleType.Kind.JSON) {
      expect("/* JSON */ ");
      return tryExpect("EMPTY_BLOB()") ? Marker.EMPTY_BLOB : hexToRaw();
    }
    if (tryExpect("EMPTY_BLOB()")) {
      return Marker.EMPTY_BLOB;
    }
    switch (type.kind()) {
      case NUMBER:
      case FLOAT:
        return number(quoted());
      case BINARY_FLOAT:
      case BINARY_DOUBLE:
        return binary(type, quoted());
      case NCHAR:
      case NVARCHAR2:
      case NCLOB:
        return text.startsWith("UNISTR(", at) ? unistrChain() : quoted();
      case DATE:
        return date();
      case TIMESTAMP:
        return timestamp("TO_TIMESTAMP('");
      case TIMESTAMP_TZ:
        return timestampTz();
      case TIMESTAMP_LTZ:
        return text.startsWith("TO_TIMESTAMP_TZ(", at)
            ? timestampTz().toInstant()
            : timestamp("TO_TIMESTAMP('").toInstant(ZoneOffset.UTC);
      case INTERVAL_YM:
        return yearToMonth();
      case INTERVAL_DS:
        return dayToSecond();
      case RAW:
      case BLOB:
      case LONG_RAW:
        return hexToRaw();
      default:
        return quoted();
    }
  }

  private Object number(String t) {
    if (!t.matches("-?(\\d+|\\d*\\.\\d+)(E[+-]\\d{2,})?") || t.matches("-?0\\d.*|-?0\\..*")) {
      throw fail("NUMBER text, not '" + t + "'");
    }
    BigDecimal d = new BigDecimal(t);
    try {
      return d.longValueExact();
    } catch (ArithmeticException notLong) {
      return d;
    }
  }

  private Object binary(OracleType type, String t) {
    boolean isFloat = type.kind() == OracleType.Kind.BINARY_FLOAT;
    double d;
    if (t.equals(nan)) {
      d = Double.NaN;
    } else if (t.equals(infinity) || t.equals("-" + infinity)) {
      d = t.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    } else if (t.matches("-?\\d\\.\\d+E[+-]\\d{3}")) {
      return isFloat ? (Object) Float.parseFloat(t) : (Object) Double.parseDouble(t);
    } else {
      throw fail("BINARY text, not '" + t + "'");
    }
    return isFloat ? (Object) (float) d : (Object) d;
  }

  private String unistrChain() {
    StringBuilder sb = new StringBuilder();
    do {
      expect("UNISTR(");
      String escaped = quoted();
      expect(")");
      for (int i = 0; i < escaped.length(); i++) {
        char c = escaped.charAt(i);
        if (c == '\\') {
          sb.append((char) Integer.parseInt(escaped.substring(i + 1, i + 5), 16));
          i += 4;
        } else {
          sb.append(c);
        }
      }
    } while (tryExpect(" || "));
    return sb.toString();
  }

  private LocalDateTime date() {
    expect("TO_DATE(");
    String t = quoted();
    expect(", 'SYYYY-MM-DD HH24:MI:SS')");
    if (!t.matches("[ -]\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d")) {
      throw fail("SYYYY-MM-DD HH24:MI:SS, not '" + t + "'");
    }
    return signedYear(t);
  }

  /**
   * {@code SYYYY-MM-DD HH24:MI:SS} text: a minus marks a BC year (44 BC is ISO year -43), a blank
   * AD.
   */
  private static LocalDateTime signedYear(String t) {
    LocalDateTime unsigned = LocalDateTime.parse(t.substring(1, 20), DATE_TIME);
    return t.charAt(0) == '-' ? unsigned.withYear(1 - unsigned.getYear()) : unsigned;
  }

  private LocalDateTime timestamp(String open) {
    expect(open);
    at--; // back onto the quote
    String t = quoted();
    expect(")");
    return timestampText(t);
  }

  private LocalDateTime timestampText(String t) {
    if (!t.matches("[ -]\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{9}")) {
      throw fail("SYYYY-MM-DD HH24:MI:SS.FF9, not '" + t + "'");
    }
    return signedYear(t).withNano(Integer.parseInt(t.substring(21)));
  }

  private OffsetDateTime timestampTz() {
    expect("TO_TIMESTAMP_TZ(");
    String t = quoted();
    expect(")");
    if (!t.matches(".* [+-]\\d\\d:\\d\\d")) {
      throw fail("a TZH:TZM offset in '" + t + "'");
    }
    return OffsetDateTime.of(
        timestampText(t.substring(0, t.length() - 7)), ZoneOffset.of(t.substring(t.length() - 6)));
  }

  private Period yearToMonth() {
    expect("TO_YMINTERVAL(");
    String t = quoted();
    expect(")");
    if (!t.matches("[+-]\\d+-\\d\\d")) {
      throw fail("[+-]YY-MM, not '" + t + "'");
    }
    int dash = t.indexOf('-', 1);
    long months =
        Long.parseLong(t.substring(1, dash)) * 12 + Integer.parseInt(t.substring(dash + 1));
    return Period.ofMonths(Math.toIntExact(t.charAt(0) == '-' ? -months : months)).normalized();
  }

  private Duration dayToSecond() {
    expect("TO_DSINTERVAL(");
    String t = quoted();
    expect(")");
    if (!t.matches("[+-]\\d+ \\d\\d:\\d\\d:\\d\\d\\.\\d{9}")) {
      throw fail("[+-]DD HH:MI:SS.FF9, not '" + t + "'");
    }
    int space = t.indexOf(' ');
    Duration d =
        Duration.ofDays(Long.parseLong(t.substring(1, space)))
            .plusHours(Integer.parseInt(t.substring(space + 1, space + 3)))
            .plusMinutes(Integer.parseInt(t.substring(space + 4, space + 6)))
            .plusSeconds(Integer.parseInt(t.substring(space + 7, space + 9)))
            .plusNanos(Integer.parseInt(t.substring(space + 10)));
    return t.charAt(0) == '-' ? d.negated() : d;
  }

  private Bytes hexToRaw() {
    expect("HEXTORAW(");
    String hex = quoted();
    expect(")");
    if (!hex.matches("([0-9a-f]{2})+")) {
      throw fail("lower-case hex, not '" + hex + "'");
    }
    return Bytes.fromHex(hex);
  }

  IllegalArgumentException fail(String expected) {
    String rest = text.substring(at, Math.min(text.length(), at + 40));
    return new IllegalArgumentException("Expected " + expected + " at " + at + ": '" + rest + "'");
  }
}
