package dev.redoline.decoder.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.TableLayout;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Set;

/**
 * Reads the SQL_REDO of LOB rows into {@link LobPiece}s
 * (docs/logminer.md#lob-xml-and-extended-string-rows). The shapes, blanks between tokens optional
 * where LogMiner prints one:
 *
 * <pre>
 * DECLARE ... BEGIN
 *  select "COL" into loc_c from "S"."T" where "ID" = '2' and "V" IS NULL for update;        (9)
 *  buf_c := 'a''b' || UNISTR('\00E9'); dbms_lob.write(loc_c, 3, 1, buf_c);                     (10)
 *  buf_b := HEXTORAW('0e0f'); dbms_lob.write(loc_b, 2, 4097, buf_b);                            (10)
 *  dbms_lob.trim(loc_c, 12);                                                                   (11)
 *  dbms_lob.erase(loc_c, 3, 2);                                                                (29, 28)
 * XML DOC BEGIN:  select "DOC" from "S"."T" where "ID" = '1'                                    (68, binary XML)
 * update "S"."T" a set a."DOC" = XMLType(:1)  where a."ID" = '1';                               (68, text XML)
 * XML_REDO := HEXTORAW('3c612f3e'):4    XML_REDO := '&lt;a/&gt;':4    XML_REDO := NULL            (70)
 * DECLARE ... BEGIN ... Stmt := 'update "S"."T" a set a."TXT" = :TXT where a."ID" = ''1'';';    (91, 32K begin)
 *   buf_c := 'text'; DBMS_LOB.WRITEAPPEND(TempLob, 4, buf_c);                                    (92, 32K write)
 * </pre>
 *
 * The 32K begin form is Debezium's tests'; the write form is inferred from the begin row's
 * declarations and from how Debezium cuts the data out of the row (after a 12-character prefix,
 * before the quote that precedes the second-last semicolon). The where clause of a locator is
 * decoded by the DML scanner, as the where clause of a DELETE of the same table, so its values are
 * typed, excluded columns are never converted, and its errors have redacted excerpts. A write's
 * data is never shown in an error: its excerpts stop where the data begins. Oracle sometimes leaves
 * the closing quote off the last HEXTORAW chunk of an XML write split over CSF rows (Debezium's
 * XmlWriteParser tests cover it); such a chunk is read to its end.
 *
 * <p>Past 400 lines because every shape shares one cursor, one buffer reader (text, HEXTORAW,
 * UNISTR, NULL, joined by {@code ||}) and one failure rule that keeps data out of excerpts;
 * splitting it would pass that state between classes.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because one hand-written scanner reads every PL/SQL form of the LOB rows (the
 * locator select, {@code dbms_lob.write}/{@code trim}/{@code erase}, the XML DOC and 32K calls)
 * with the shared token helpers at the bottom; splitting by form would copy those helpers, and the
 * excerpt redaction of excluded columns must see every form.
 */
final class LobRowScanner {

  /** OPERATION_CODEs of the rows this scanner reads. */
  static final int LOCATOR = 9;

  static final int WRITE = 10;
  static final int TRIM = 11;
  static final int ERASE_DOCUMENTED = 28;
  static final int ERASE = 29;
  static final int XML_BEGIN = 68;
  static final int XML_WRITE = 70;
  static final int XML_END = 71;
  static final int EXTENDED_BEGIN = 91;
  static final int EXTENDED_WRITE = 92;
  static final int EXTENDED_END = 93;

  private final String text;
  private final DecodePlan plan;
  private int pos;

  /** Where the data of a write begins: excerpts never show text past it. */
  private int dataStart = -1;

  private LobRowScanner(String text, DecodePlan plan) {
    this.text = text;
    this.plan = plan;
  }

  /** The OPERATION_CODEs of every row this scanner reads: those a row calls LOB rows. */
  static final Set<Integer> OPERATION_CODES =
      Set.of(
          LOCATOR,
          WRITE,
          TRIM,
          ERASE_DOCUMENTED,
          ERASE,
          XML_BEGIN,
          XML_WRITE,
          XML_END,
          EXTENDED_BEGIN,
          EXTENDED_WRITE,
          EXTENDED_END);

  static LobPiece decode(int operationCode, String sqlRedo, DecodePlan plan, SqlRedoScanner dml) {
    LobRowScanner s = new LobRowScanner(sqlRedo, plan);
    try {
      return switch (operationCode) {
        case LOCATOR -> s.locator(dml);
        case WRITE -> s.write();
        case TRIM -> s.trim();
        case ERASE, ERASE_DOCUMENTED -> s.erase();
        case XML_BEGIN -> s.xmlBegin(dml);
        case XML_WRITE -> s.xmlWrite();
        case XML_END, EXTENDED_END -> new LobPiece.End();
        case EXTENDED_BEGIN -> s.extendedBegin(dml);
        case EXTENDED_WRITE -> s.write();
        default ->
            throw new IllegalArgumentException("not a LOB row: OPERATION_CODE " + operationCode);
      };
    } catch (ScanFailure f) {
      // never past the failure, nor into a write's data: what follows may be a value
      int limit =
          Math.min(sqlRedo.length(), s.dataStart >= 0 ? Math.min(s.dataStart, f.offset) : f.offset);
      String excerpt = sqlRedo.substring(Math.max(0, limit - Excerpts.BEFORE), Math.max(0, limit));
      throw new DecodeException(
          f.code, f.problem, plan.layout.table(), f.column, f.offset, excerpt, null);
    }
  }

  private LobPiece locator(SqlRedoScanner dml) {
    int select = indexOfWord("select");
    pos = select + "select".length();
    int column = column(identifier());
    expect("into");
    skipSpaces();
    if (!text.startsWith("loc_", pos)) {
      throw malformed("Expected a locator variable (loc_c, loc_b, loc_nc)");
    }
    while (pos < text.length() && text.charAt(pos) != ' ') {
      pos++;
    }
    expect("from");
    return new LobPiece.Locator(column, redacted(column), where(dml, "for update"), false);
  }

  private LobPiece xmlBegin(SqlRedoScanner dml) {
    skipSpaces();
    if (text.startsWith("XML DOC BEGIN:", pos)) {
      pos += "XML DOC BEGIN:".length();
      expect("select");
      int column = column(identifier());
      expect("from");
      return new LobPiece.Locator(column, redacted(column), where(dml, null), true);
    }
    // text storage: update "S"."T" a set a."DOC" = XMLType(:1)  where a."ID" = '1';
    int set = indexOfWord("set");
    pos = set + 3;
    skipSpaces();
    if (text.startsWith("a.", pos)) {
      pos += 2;
    }
    int column = column(identifier());
    skipSpaces();
    if (!text.startsWith("= XMLType(:1)", pos) && !text.startsWith("=XMLType(:1)", pos)) {
      throw malformed("Expected = XMLType(:1) after the XML column");
    }
    int call = text.indexOf("XMLType(:1)", pos);
    String statement =
        text.substring(0, call) + "NULL" + text.substring(call + "XMLType(:1)".length());
    Change c = decodeAs(dml, Operation.UPDATE, statement);
    return new LobPiece.Locator(column, redacted(column), c.before(), true);
  }

  /**
   * A 32K begin row: the statement in {@code Stmt := '...';} (quotes doubled), whose SET assigns
   * the column from the bind {@code :COL}, decoded as an UPDATE with NULL in its place.
   */
  private LobPiece extendedBegin(SqlRedoScanner dml) {
    int assign = text.indexOf("Stmt := '");
    if (assign < 0) {
      throw malformed("Expected Stmt := '...' in an extended-string begin row");
    }
    pos = assign + "Stmt := '".length();
    int end = closingQuote(pos);
    StringBuilder sb = new StringBuilder(end - pos);
    TextValues.appendUnescaped(sb, text, pos, end);
    String statement = sb.toString();
    int set = statement.indexOf(" set ");
    int equals = set < 0 ? -1 : statement.indexOf(" = :", set);
    if (equals < 0) {
      throw malformed("Expected set <column> = :<bind> in the extended-string statement");
    }
    int nameEnd = statement.lastIndexOf('"', equals);
    int nameStart = statement.lastIndexOf('"', nameEnd - 1);
    int column = column(statement.substring(nameStart + 1, nameEnd));
    int bindEnd = equals + 4;
    while (bindEnd < statement.length()
        && statement.charAt(bindEnd) != ' '
        && statement.charAt(bindEnd) != ';') {
      bindEnd++;
    }
    Change c =
        decodeAs(
            dml,
            Operation.UPDATE,
            statement.substring(0, equals + 3) + "NULL" + statement.substring(bindEnd));
    return new LobPiece.Locator(column, redacted(column), c.before(), true);
  }

  /**
   * The row named by what follows {@code from}: {@code "S"."T" [where ...] [end]}, as a DELETE's
   * before image.
   */
  private dev.redoline.core.Row where(SqlRedoScanner dml, String end) {
    skipSpaces();
    String rest = text.substring(pos).strip();
    if (rest.endsWith(";")) {
      rest = rest.substring(0, rest.length() - 1).stripTrailing();
    }
    if (end != null) {
      if (!rest.regionMatches(true, rest.length() - end.length(), end, 0, end.length())) {
        throw malformed("Expected the locator select to end with '" + end + "'");
      }
      rest = rest.substring(0, rest.length() - end.length()).stripTrailing();
    }
    return decodeAs(dml, Operation.DELETE, "delete from " + rest + ";").before();
  }

  private Change decodeAs(SqlRedoScanner dml, Operation op, String statement) {
    DecodeInput row =
        DecodeInput.of(
            op,
            statement,
            plan.layout,
            Scn.of(0),
            new RedoAddress(1, 0, 0, 0),
            0,
            "",
            Instant.EPOCH);
    return dml.decode(row, plan);
  }

  private LobPiece write() {
    skipSpaces();
    if (!text.startsWith("buf_", pos)) {
      throw malformed("Expected a buffer assignment (buf_c, buf_b, buf_nc)");
    }
    int assign = text.indexOf(":=", pos);
    if (assign < 0) {
      throw malformed("Expected := after the buffer variable");
    }
    pos = assign + 2;
    skipSpaces();
    dataStart = pos;
    Object data = data(false);
    skipSpaces();
    expectChar(';');
    skipSpaces();
    if (text.regionMatches(true, pos, "DBMS_LOB.WRITEAPPEND(", 0, 21)) {
      pos += 21;
      long[] args = arguments(2, "TempLob");
      return new LobPiece.Write(0, args[0], data); // an extended string's write appends
    }
    if (!text.regionMatches(true, pos, "dbms_lob.write(", 0, 15)) {
      throw malformed("Expected dbms_lob.write( after the buffer");
    }
    pos += 15;
    long[] args = arguments(3, "loc_");
    return new LobPiece.Write(args[1], args[0], data);
  }

  private LobPiece trim() {
    long[] args = call("dbms_lob.trim(", 1);
    return new LobPiece.Trim(args[0]);
  }

  private LobPiece erase() {
    long[] args = call("dbms_lob.erase(", 2);
    return new LobPiece.Erase(args[1], args[0]);
  }

  private LobPiece xmlWrite() {
    skipSpaces();
    if (!text.startsWith("XML_REDO", pos)) {
      throw malformed("Expected XML_REDO :=");
    }
    pos += "XML_REDO".length();
    skipSpaces();
    expectChar(':');
    expectChar('=');
    skipSpaces();
    dataStart = pos;
    if (text.regionMatches(true, pos, "NULL", 0, 4)) {
      return new LobPiece.Write(0, 0, "");
    }
    Object data = data(true);
    String xml =
        data instanceof Bytes b
            ? new String(b.toByteArray(), StandardCharsets.UTF_8)
            : (String) data;
    return new LobPiece.Write(0, xml.length(), xml);
  }

  /** {@code dbms_lob.x(loc_?, n, ...);}: the numbers after the locator. */
  private long[] call(String name, int count) {
    skipSpaces();
    if (!text.regionMatches(true, pos, name, 0, name.length())) {
      throw malformed("Expected " + name);
    }
    pos += name.length();
    long[] args = arguments(count, "loc_");
    return java.util.Arrays.copyOf(args, count);
  }

  /**
   * After {@code (}: the locator, the numbers, and for a write ({@code count} 3: two numbers; 2 for
   * WRITEAPPEND: one) the buffer, then {@code );}.
   */
  private long[] arguments(int count, String locator) {
    skipSpaces();
    if (!text.startsWith(locator, pos)) {
      throw malformed("Expected the locator variable " + locator + "... as the first argument");
    }
    while (pos < text.length() && text.charAt(pos) != ',' && text.charAt(pos) != ')') {
      pos++;
    }
    boolean write = locator.equals("TempLob") || count == 3;
    int numbers = locator.equals("TempLob") ? 1 : count == 3 ? 2 : count;
    long[] out = new long[3];
    for (int i = 0; i < numbers; i++) {
      expectChar(',');
      skipSpaces();
      out[i] = number();
    }
    if (write) {
      expectChar(',');
      skipSpaces();
      if (!text.startsWith("buf_", pos)) {
        throw malformed("Expected the buffer variable as the last argument of dbms_lob.write");
      }
      while (pos < text.length() && text.charAt(pos) != ')') {
        pos++;
      }
    }
    skipSpaces();
    expectChar(')');
    return out;
  }

  private long number() {
    int start = pos;
    while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
      pos++;
    }
    if (start == pos || pos - start > 18) {
      throw malformed("Expected a whole number");
    }
    return Long.parseLong(text, start, pos, 10);
  }

  /**
   * A buffer: {@code 'text'}, {@code HEXTORAW('hex')}, {@code UNISTR('..')} or {@code NULL}, joined
   * by {@code ||}. With {@code xml}, the length suffix {@code :n} ends it and a last HEXTORAW may
   * lack its closing quote and parenthesis.
   */
  private Object data(boolean xml) {
    StringBuilder chars = null;
    java.io.ByteArrayOutputStream bytes = null;
    while (true) {
      skipSpaces();
      if (text.regionMatches(true, pos, "HEXTORAW('", 0, 10)) {
        pos += 10;
        int end = text.indexOf('\'', pos);
        boolean unterminated = end < 0 && xml;
        if (end < 0 && !xml) {
          throw failure(ErrorCode.MALFORMED_REDO_SQL, "HEXTORAW has no closing quote");
        }
        int stop = unterminated ? hexEnd(pos) : end;
        Bytes b;
        try {
          b = TextValues.hexBytes(text, pos, stop);
        } catch (ScanFailure f) {
          throw failure(ErrorCode.VALUE_NOT_CONVERTIBLE, f.problem);
        }
        bytes = bytes == null ? new java.io.ByteArrayOutputStream(b.size()) : bytes;
        bytes.writeBytes(b.toByteArray());
        pos = stop;
        if (!unterminated) {
          pos++;
          expectChar(')');
        }
      } else if (text.regionMatches(true, pos, "UNISTR('", 0, 8)) {
        pos += 8;
        int end = closingQuote(pos);
        chars = chars == null ? new StringBuilder(end - pos) : chars;
        try {
          TextValues.appendUnistr(chars, text, pos, end);
        } catch (ScanFailure f) {
          throw failure(ErrorCode.VALUE_NOT_CONVERTIBLE, f.problem);
        }
        pos = end + 1;
        expectChar(')');
      } else if (pos < text.length() && text.charAt(pos) == '\'') {
        int end = closingQuote(pos + 1);
        chars = chars == null ? new StringBuilder(end - pos) : chars;
        TextValues.appendUnescaped(chars, text, pos + 1, end);
        pos = end + 1;
      } else if (text.regionMatches(true, pos, "NULL", 0, 4)) {
        pos += 4;
        chars = chars == null ? new StringBuilder() : chars;
      } else {
        throw malformed("Expected a quoted text, HEXTORAW, UNISTR or NULL as the buffer");
      }
      skipSpaces();
      if (!text.startsWith("||", pos)) {
        break;
      }
      pos += 2;
    }
    if (xml && pos < text.length() && text.charAt(pos) == ':') {
      pos++;
      number();
    }
    if (bytes != null && chars != null) {
      throw failure(ErrorCode.VALUE_NOT_CONVERTIBLE, "The buffer mixes text and HEXTORAW pieces");
    }
    return bytes != null ? Bytes.of(bytes.toByteArray()) : chars.toString();
  }

  /**
   * The end of the hex digits of an unterminated HEXTORAW: before its {@code :length} suffix, if
   * any.
   */
  private int hexEnd(int from) {
    int end = text.length();
    int colon = text.lastIndexOf(':');
    if (colon >= from) {
      boolean digits = colon + 1 < end;
      for (int i = colon + 1; i < end; i++) {
        digits &= Character.isDigit(text.charAt(i));
      }
      if (digits) {
        end = colon;
      }
    }
    while (end > from && !Character.isLetterOrDigit(text.charAt(end - 1))) {
      end--;
    }
    return end;
  }

  /**
   * The quote that closes a literal whose content starts at {@code from} ({@code ''} is a quote).
   */
  private int closingQuote(int from) {
    int i = from;
    while (true) {
      int q = text.indexOf('\'', i);
      if (q < 0) {
        throw failure(ErrorCode.MALFORMED_REDO_SQL, "A quoted buffer has no closing quote");
      }
      if (q + 1 < text.length() && text.charAt(q + 1) == '\'') {
        i = q + 2;
        continue;
      }
      return q;
    }
  }

  private String identifier() {
    skipSpaces();
    if (pos >= text.length() || text.charAt(pos) != '"') {
      throw malformed("Expected a quoted column name");
    }
    int end = text.indexOf('"', pos + 1);
    if (end < 0) {
      throw malformed("A quoted name has no closing quote");
    }
    String name = text.substring(pos + 1, end);
    pos = end + 1;
    return name;
  }

  private int column(String name) {
    TableLayout layout = plan.layout;
    int i = layout.indexOf(name);
    if (i < 0) {
      throw new ScanFailure(
          ErrorCode.UNKNOWN_TABLE_OR_COLUMN,
          "The LOB row names column "
              + name
              + ", which "
              + layout.table()
              + " (layout version "
              + layout.version()
              + ") does not have",
          name,
          pos,
          pos);
    }
    return i;
  }

  /** Excluded, hashed or truncated: a LOB's content is then never assembled, so never exposed. */
  private boolean redacted(int column) {
    return plan.excluded[column] || plan.shaped[column];
  }

  private int indexOfWord(String word) {
    int at = 0;
    while (true) {
      int i = indexOfIgnoreCase(word, at);
      if (i < 0) {
        throw malformed("Expected '" + word + "'");
      }
      boolean before = i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1));
      int after = i + word.length();
      if (before && after < text.length() && text.charAt(after) == ' ') {
        return i;
      }
      at = i + 1;
    }
  }

  private int indexOfIgnoreCase(String word, int from) {
    for (int i = from; i + word.length() <= text.length(); i++) {
      if (text.regionMatches(true, i, word, 0, word.length())) {
        return i;
      }
    }
    return -1;
  }

  private void expect(String word) {
    skipSpaces();
    if (!text.regionMatches(true, pos, word, 0, word.length())) {
      throw malformed("Expected '" + word + "'");
    }
    pos += word.length();
  }

  private void expectChar(char c) {
    skipSpaces();
    if (pos >= text.length() || text.charAt(pos) != c) {
      throw malformed("Expected '" + c + "'");
    }
    pos++;
  }

  private void skipSpaces() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private ScanFailure malformed(String problem) {
    return failure(ErrorCode.MALFORMED_REDO_SQL, problem + " at offset " + pos);
  }

  private ScanFailure failure(ErrorCode code, String problem) {
    return new ScanFailure(code, problem, null, pos, pos);
  }
}
