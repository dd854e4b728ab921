package dev.redoline.core.internal;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The little JSON the embedded engine's state files and the command-line tool need: objects,
 * arrays, strings, whole numbers, booleans and null. Whole numbers read back as {@link Long};
 * fractions are not used by any state file and are rejected, so a hand-edited file fails loudly
 * instead of losing precision.
 *
 * <pre>{@code
 * String text = Json.write(Map.of("v", 1, "name", "ORDERS"));
 * Map<String, Object> back = Json.parseObject(text);
 * }</pre>
 */
public final class Json {

  private final String text;
  private int at;

  private Json(String text) {
    this.text = text;
  }

  /** Writes maps, lists, strings, numbers, booleans and null. */
  public static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(out, value);
    return out.toString();
  }

  public static void write(StringBuilder out, Object value) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      quote(out, s);
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator();
      while (it.hasNext()) {
        Map.Entry<?, ?> e = it.next();
        quote(out, e.getKey().toString());
        out.append(':');
        write(out, e.getValue());
        if (it.hasNext()) {
          out.append(',');
        }
      }
      out.append('}');
    } else if (value instanceof Iterable<?> list) {
      out.append('[');
      boolean first = true;
      for (Object item : list) {
        if (!first) {
          out.append(',');
        }
        first = false;
        write(out, item);
      }
      out.append(']');
    } else {
      quote(out, value.toString());
    }
  }

  public static void quote(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /**
   * Parses one JSON object.
   *
   * @throws IllegalArgumentException naming the offset of the first problem
   */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> parseObject(String text) {
    Json json = new Json(text);
    json.space();
    Object value = json.value();
    json.space();
    if (json.at != text.length()) {
      throw json.problem("text after the value");
    }
    if (!(value instanceof Map)) {
      throw json.problem("expected an object");
    }
    return (Map<String, Object>) value;
  }

  private Object value() {
    if (at >= text.length()) {
      throw problem("unexpected end");
    }
    char c = text.charAt(at);
    switch (c) {
      case '{':
        return object();
      case '[':
        return array();
      case '"':
        return string();
      case 't':
        return literal("true", Boolean.TRUE);
      case 'f':
        return literal("false", Boolean.FALSE);
      case 'n':
        return literal("null", null);
      default:
        return number();
    }
  }

  private Map<String, Object> object() {
    Map<String, Object> map = new LinkedHashMap<>();
    at++;
    space();
    if (peek('}')) {
      at++;
      return map;
    }
    while (true) {
      space();
      if (!peek('"')) {
        throw problem("expected a key");
      }
      String key = string();
      space();
      expect(':');
      space();
      map.put(key, value());
      space();
      if (peek(',')) {
        at++;
        continue;
      }
      expect('}');
      return map;
    }
  }

  private List<Object> array() {
    List<Object> list = new ArrayList<>();
    at++;
    space();
    if (peek(']')) {
      at++;
      return list;
    }
    while (true) {
      space();
      list.add(value());
      space();
      if (peek(',')) {
        at++;
        continue;
      }
      expect(']');
      return list;
    }
  }

  private String string() {
    StringBuilder out = new StringBuilder();
    at++;
    while (at < text.length()) {
      char c = text.charAt(at++);
      if (c == '"') {
        return out.toString();
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (at >= text.length()) {
        break;
      }
      char e = text.charAt(at++);
      switch (e) {
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          if (at + 4 > text.length()) {
            throw problem("short \\u escape");
          }
          out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
          at += 4;
        }
        default -> out.append(e);
      }
    }
    throw problem("unterminated string");
  }

  private Object literal(String word, Object value) {
    if (!text.startsWith(word, at)) {
      throw problem("unexpected character '" + text.charAt(at) + "'");
    }
    at += word.length();
    return value;
  }

  private Long number() {
    int start = at;
    if (peek('-')) {
      at++;
    }
    while (at < text.length() && Character.isDigit(text.charAt(at))) {
      at++;
    }
    if (at == start || (at == start + 1 && text.charAt(start) == '-')) {
      throw problem("unexpected character '" + text.charAt(start) + "'");
    }
    if (at < text.length()
        && (text.charAt(at) == '.' || text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
      throw problem("only whole numbers are expected");
    }
    return Long.parseLong(text.substring(start, at));
  }

  private boolean peek(char c) {
    return at < text.length() && text.charAt(at) == c;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw problem("expected '" + c + "'");
    }
    at++;
  }

  private void space() {
    while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
      at++;
    }
  }

  private IllegalArgumentException problem(String what) {
    return new IllegalArgumentException("Not valid JSON at offset " + at + ": " + what);
  }
}
