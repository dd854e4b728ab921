package dev.redoline.core.internal;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The line format of a capture recording, shared by the writer (the capture engine's JDBC gateway)
 * and the reader (the Oracle simulator's replay). A recording is a sequence of gzip parts, each a
 * sequence of lines; a line is fields separated by a tab, its first field the entry kind:
 *
 * <pre>
 * S id kind sql bind...      a statement ran: kind Q (query), C (PL/SQL call) or X (other)
 * R id value...              one row the gateway read, one field per column (1-based, in order)
 * E id                       the statement's rows ended
 * F id code state message    the statement (or its fetch) failed with this SQLException
 * </pre>
 *
 * <p>Statement ids are unique within a recording; entries of statements on several connections may
 * interleave. A value is one field: {@code \N} for SQL NULL or a column the gateway did not read,
 * else a type letter followed by the text: {@code s} string, {@code n} decimal, {@code i} int,
 * {@code l} long, {@code f} float, {@code d} double, {@code z} boolean (1 or 0), {@code t} local
 * date-time, {@code o} offset date-time (ISO-8601), {@code b} bytes (hex). Tabs, line breaks and
 * backslashes inside a field are escaped as {@code \t}, {@code \n}, {@code \r} and {@code \\}.
 */
public final class RecordingFormat {

  /** The name every part of a recording starts with; parts sort in the order they were written. */
  public static final String PART_PREFIX = "recording-";

  /** The extension of a part: gzip text. */
  public static final String PART_SUFFIX = ".rec.gz";

  /** The field of a SQL NULL. */
  public static final String NULL = "\\N";

  private RecordingFormat() {}

  /** The file name of part {@code number}. */
  public static String partName(long number) {
    return PART_PREFIX + String.format("%09d", number) + PART_SUFFIX;
  }

  /** Whether {@code fileName} is a part of a recording. */
  public static boolean isPart(String fileName) {
    return fileName.startsWith(PART_PREFIX) && fileName.endsWith(PART_SUFFIX);
  }

  /** One line of fields, escaped and tab-joined, without the line break. */
  public static String line(List<String> fields) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        out.append('\t');
      }
      String f = fields.get(i);
      if (NULL.equals(f)) {
        out.append(f); // the NULL marker is written as it is
        continue;
      }
      for (int c = 0; c < f.length(); c++) {
        char ch = f.charAt(c);
        switch (ch) {
          case '\\' -> out.append("\\\\");
          case '\t' -> out.append("\\t");
          case '\n' -> out.append("\\n");
          case '\r' -> out.append("\\r");
          default -> out.append(ch);
        }
      }
    }
    return out.toString();
  }

  /** The fields of a line, unescaped; {@link #NULL} stays the marker. */
  public static List<String> fields(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean isNull = false;
    for (int i = 0; i < line.length(); i++) {
      char ch = line.charAt(i);
      if (ch == '\t') {
        out.add(isNull ? NULL : field.toString());
        field.setLength(0);
        isNull = false;
      } else if (ch == '\\' && i + 1 < line.length()) {
        char next = line.charAt(++i);
        switch (next) {
          case 't' -> field.append('\t');
          case 'n' -> field.append('\n');
          case 'r' -> field.append('\r');
          case 'N' -> isNull = true;
          default -> field.append(next);
        }
      } else {
        field.append(ch);
      }
    }
    out.add(isNull ? NULL : field.toString());
    return out;
  }

  /**
   * The field of a value the gateway bound or read.
   *
   * @throws IllegalArgumentException for a type the format has no letter for
   */
  public static String value(Object v) {
    if (v == null) {
      return NULL;
    }
    if (v instanceof String s) {
      return "s" + s;
    }
    if (v instanceof BigDecimal d) {
      return "n" + d.toPlainString();
    }
    if (v instanceof Integer n) {
      return "i" + n;
    }
    if (v instanceof Long n) {
      return "l" + n;
    }
    if (v instanceof Float n) {
      return "f" + n;
    }
    if (v instanceof Double n) {
      return "d" + n;
    }
    if (v instanceof Boolean b) {
      return b ? "z1" : "z0";
    }
    if (v instanceof LocalDateTime t) {
      return "t" + t;
    }
    if (v instanceof OffsetDateTime t) {
      return "o" + t;
    }
    if (v instanceof byte[] b) {
      return "b" + HexFormat.of().formatHex(b);
    }
    throw new IllegalArgumentException("A recording has no form for a " + v.getClass().getName());
  }

  /** The value of a field written by {@link #value(Object)}. */
  public static Object parse(String field) {
    if (NULL.equals(field)) {
      return null;
    }
    if (field.isEmpty()) {
      throw new IllegalArgumentException("An empty value field has no type letter");
    }
    String text = field.substring(1);
    return switch (field.charAt(0)) {
      case 's' -> text;
      case 'n' -> new BigDecimal(text);
      case 'i' -> Integer.valueOf(text);
      case 'l' -> Long.valueOf(text);
      case 'f' -> Float.valueOf(text);
      case 'd' -> Double.valueOf(text);
      case 'z' -> "1".equals(text);
      case 't' -> LocalDateTime.parse(text);
      case 'o' -> OffsetDateTime.parse(text);
      case 'b' -> HexFormat.of().parseHex(text);
      default ->
          throw new IllegalArgumentException(
              "Unknown value type '" + field.charAt(0) + "' in a recording");
    };
  }
}
