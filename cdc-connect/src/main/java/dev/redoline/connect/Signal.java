package dev.redoline.connect;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One message of {@code cdc.signal.topic}: {@code {"type":"snapshot","tables":["SHOP.ORDERS"],
 * "filter":"STATUS = 'NEW'"}}, {@code {"type":"pause"}}, {@code {"type":"resume"}}, {@code
 * {"type":"drop-transaction","xid":"0a000b0057030000"}} or {@code
 * {"type":"verify","tables":["SHOP.ORDERS"],"repair":true}}. The reader knows only this shape (a
 * flat object of strings, one array of strings and a boolean), so the connector needs no JSON
 * library.
 *
 * @param type {@code snapshot}, {@code pause}, {@code resume}, {@code drop-transaction} or {@code
 *     verify}
 * @param tables the tables of a snapshot or verify signal, as {@code [PDB.]OWNER.TABLE}
 * @param filter the snapshot's SQL condition, or {@code null}
 * @param xid the open transaction a drop-transaction signal drops (16 hex digits), or {@code null}
 * @param repair whether a verify signal also repairs what differs
 */
record Signal(String type, List<String> tables, String filter, String xid, boolean repair) {

  private static final List<String> TYPES =
      List.of("snapshot", "pause", "resume", "drop-transaction", "verify");

  /**
   * Reads a signal.
   *
   * @throws IllegalArgumentException saying what is wrong, for the ops event of a skipped signal
   */
  static Signal parse(String json) {
    if (json == null) {
      throw new IllegalArgumentException("a signal without a value");
    }
    Parser p = new Parser(json);
    String type = null;
    List<String> tables = List.of();
    String filter = null;
    String xid = null;
    boolean repair = false;
    p.expect('{');
    if (!p.peek('}')) {
      do {
        String name = p.string();
        p.expect(':');
        switch (name) {
          case "type" -> type = p.string().toLowerCase(Locale.ROOT);
          case "tables" -> tables = p.strings();
          case "filter" -> filter = p.string();
          case "xid" -> xid = p.string();
          case "repair" -> repair = p.bool();
          default -> throw new IllegalArgumentException("unknown field '" + name + "'");
        }
      } while (p.next(','));
    }
    p.expect('}');
    p.end();
    if (type == null || !TYPES.contains(type)) {
      throw new IllegalArgumentException(
          "type must be snapshot, pause, resume, drop-transaction or verify, not " + type);
    }
    if (type.equals("drop-transaction")) {
      if (xid == null) {
        throw new IllegalArgumentException("a drop-transaction signal needs \"xid\"");
      }
      dev.redoline.core.Xid.parseHex(xid); // names what is wrong with it
    }
    if ((type.equals("snapshot") || type.equals("verify")) && tables.isEmpty()) {
      throw new IllegalArgumentException("a " + type + " signal needs \"tables\"");
    }
    return new Signal(
        type, List.copyOf(tables), filter == null || filter.isBlank() ? null : filter, xid, repair);
  }

  /** A cursor over the text. */
  private static final class Parser {
    private final String text;
    private int pos;

    Parser(String text) {
      this.text = text;
    }

    private void blanks() {
      while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
        pos++;
      }
    }

    boolean peek(char c) {
      blanks();
      return pos < text.length() && text.charAt(pos) == c;
    }

    boolean next(char c) {
      if (peek(c)) {
        pos++;
        return true;
      }
      return false;
    }

    void expect(char c) {
      if (!next(c)) {
        throw new IllegalArgumentException("expected '" + c + "' at " + pos);
      }
    }

    void end() {
      blanks();
      if (pos != text.length()) {
        throw new IllegalArgumentException("text after the object at " + pos);
      }
    }

    /** {@code true} or {@code false}, bare or quoted. */
    boolean bool() {
      String word;
      if (peek('"')) {
        word = string();
      } else {
        int start = pos;
        while (pos < text.length() && Character.isLetter(text.charAt(pos))) {
          pos++;
        }
        word = text.substring(start, pos);
      }
      return switch (word) {
        case "true" -> true;
        case "false" -> false;
        default -> throw new IllegalArgumentException("expected true or false, not '" + word + "'");
      };
    }

    List<String> strings() {
      List<String> out = new ArrayList<>();
      expect('[');
      if (!peek(']')) {
        do {
          out.add(string());
        } while (next(','));
      }
      expect(']');
      return out;
    }

    String string() {
      expect('"');
      StringBuilder sb = new StringBuilder();
      while (pos < text.length()) {
        char c = text.charAt(pos++);
        if (c == '"') {
          return sb.toString();
        }
        if (c == '\\') {
          if (pos >= text.length()) {
            break;
          }
          char e = text.charAt(pos++);
          switch (e) {
            case '"', '\\', '/' -> sb.append(e);
            case 'n' -> sb.append('\n');
            case 't' -> sb.append('\t');
            case 'r' -> sb.append('\r');
            case 'b' -> sb.append('\b');
            case 'f' -> sb.append('\f');
            case 'u' -> {
              if (pos + 4 > text.length()) {
                throw new IllegalArgumentException("a short \\u escape at " + pos);
              }
              sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
              pos += 4;
            }
            default ->
                throw new IllegalArgumentException("unknown escape \\" + e + " at " + (pos - 1));
          }
        } else {
          sb.append(c);
        }
      }
      throw new IllegalArgumentException("a string that does not end");
    }
  }
}
