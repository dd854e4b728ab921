package dev.redoline.decoder.internal;

import dev.redoline.core.ErrorCode;

/**
 * The lexical half of the scanner: whitespace, comments, quoted identifiers and value expressions
 * over one SQL_REDO text. It records positions in a {@link Literal} and copies nothing, except that
 * a {@code ||} chain of a converted column is joined into one string.
 *
 * <p>Value expressions it reads (docs/logminer.md#literals): {@code NULL}; {@code 'text'} with
 * {@code ''} for a quote; {@code TO_DATE('..', '..')}, {@code TO_TIMESTAMP('..')}, {@code
 * TO_TIMESTAMP_TZ('..')}, {@code TO_YMINTERVAL('..')}, {@code TO_DSINTERVAL('..')}, {@code
 * HEXTORAW('..')}, {@code UNISTR('..')} (function names in any case); {@code EMPTY_CLOB()}, {@code
 * EMPTY_BLOB()}; {@code Unsupported Type}; unquoted numbers; the words {@code TRUE} and {@code
 * FALSE}; {@code TO_VECTOR('..'[, ..])}; any of these after a {@code /* .. *}{@code /} comment (as
 * {@code /* JSON *}{@code /}); and terms joined by {@code ||}.
 *
 * <p>A single quote that is not doubled ends a literal only where a literal can end (before {@code
 * ,} {@code )} {@code ;} {@code ||}, {@code and}, {@code where} or the end of the text). Elsewhere
 * it is a quote LogMiner did not escape: CDC-3005, or, with {@link #relaxedQuotes}, part of the
 * value.
 */
class TermScanner {

  /** The text being scanned; replaced by {@link #start} so one scanner serves many rows. */
  String text;

  int length;
  int pos;
  final Literal lit = new Literal();

  /** Start of the value being scanned, or -1 between values: bounds excerpts (see Excerpts). */
  int valueStart = -1;

  /** {@code cdc.decode.relaxed.quotes}: keep an undoubled quote that cannot end a literal. */
  boolean relaxedQuotes;

  /**
   * The last quote taken as closing a literal although blanks follow it, or -1. Strictly, what
   * follows the blanks is checked only if the scan then fails there (see {@link #malformed}), so
   * the usual {@code '..' and} costs one character.
   */
  private int blankAfterQuote = -1;

  /** Points the scanner at the start of {@code text}, forgetting the previous one. */
  final void start(String text) {
    this.text = text;
    this.length = text.length();
    this.pos = 0;
    this.valueStart = -1;
    this.blankAfterQuote = -1;
  }

  final ScanFailure malformed(String problem) {
    if (blankAfterQuote >= 0
        && !LiteralEnds.canFollow(text, blankAfterQuote + 1)
        && pos == afterBlanks(blankAfterQuote + 1)) {
      // the text fails just after a quote that was taken as closing a literal: it was not doubled
      return unescapedQuote(blankAfterQuote);
    }
    return failure(ErrorCode.MALFORMED_REDO_SQL, problem, null, pos);
  }

  private ScanFailure unescapedQuote(int quote) {
    // the offset only: the value is not shown, it may be an excluded column's
    return failure(
        ErrorCode.UNESCAPED_QUOTE_IN_LITERAL,
        "The single quote at offset "
            + quote
            + " is inside a literal but not doubled, and the text cannot end a value there",
        null,
        quote);
  }

  private int afterBlanks(int i) {
    while (i < length
        && (text.charAt(i) == ' '
            || text.charAt(i) == '\n'
            || text.charAt(i) == '\r'
            || text.charAt(i) == '\t')) {
      i++;
    }
    return i;
  }

  /** A failure at {@code offset}; subclasses bound the excerpt. */
  ScanFailure failure(ErrorCode code, String problem, String column, int offset) {
    return new ScanFailure(code, problem, column, offset, length);
  }

  final void skipSpaces() {
    while (pos < length) {
      char c = text.charAt(pos);
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
        return;
      }
      pos++;
    }
  }

  final void skipSpacesAndComments() {
    skipSpaces();
    while (pos + 1 < length && text.charAt(pos) == '/' && text.charAt(pos + 1) == '*') {
      int close = text.indexOf("*/", pos + 2);
      if (close < 0) {
        throw malformed("Unclosed /* comment");
      }
      pos = close + 2;
      skipSpaces();
    }
  }

  final boolean at(char c) {
    return pos < length && text.charAt(pos) == c;
  }

  final void expect(char c) {
    if (!at(c)) {
      throw malformed("Expected '" + c + "' but found " + found());
    }
    pos++;
  }

  final String found() {
    return pos >= length ? "the end of the text" : "'" + text.charAt(pos) + "'";
  }

  /**
   * Whether the text has {@code word} (letters, any case) at pos, not followed by a word character.
   * LogMiner prints each keyword in one fixed case, so an ASCII first letter that differs from the
   * word's in both cases rejects at once and an exact match skips case folding; anything else takes
   * the case-insensitive comparison (which also folds non-ASCII letters such as U+0131).
   */
  final boolean atWord(String word) {
    if (pos >= length) {
      return false;
    }
    char c = text.charAt(pos);
    if (c < 0x80 && (c | 0x20) != (word.charAt(0) | 0x20)) {
      return false;
    }
    int n = word.length();
    return (text.startsWith(word, pos) || text.regionMatches(true, pos, word, 0, n))
        && !isWordChar(pos + n);
  }

  final boolean isWordChar(int i) {
    if (i >= length) {
      return false;
    }
    char c = text.charAt(i);
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '_'
        || c == '$'
        || c == '#';
  }

  final void expectWord(String word) {
    if (!atWord(word)) {
      throw malformed("Expected '" + word + "' but found " + found());
    }
    pos += word.length();
  }

  /**
   * Reads a double-quoted identifier at pos; returns its closing quote's index. A doubled quote
   * inside is taken as an escaped quote (Oracle forbids them, so this only keeps odd text from
   * misaligning the scan).
   */
  final int identifierEnd() {
    if (!at('"')) {
      throw malformed("Expected a double-quoted name but found " + found());
    }
    int i = pos + 1;
    while (true) {
      int close = text.indexOf('"', i);
      if (close < 0) {
        throw malformed("Unclosed double-quoted name");
      }
      if (close + 1 < length && text.charAt(close + 1) == '"') {
        i = close + 2;
        continue;
      }
      return close;
    }
  }

  /** Reads a single-quoted literal at pos into lit.start/end/escaped and moves past it. */
  final void quoted() {
    int open = pos;
    int i = open + 1;
    boolean escaped = false;
    int lastPair = -1;
    while (true) {
      int close = text.indexOf('\'', i);
      if (close < 0 && relaxedQuotes && lastPair >= 0) {
        // a value that ends in an undoubled quote: its quote and the closing one looked like a pair
        close = lastPair + 1;
      } else if (close < 0) {
        pos = open;
        throw malformed("Unterminated quoted literal");
      } else if (close + 1 < length && text.charAt(close + 1) == '\'') {
        escaped = true;
        if (relaxedQuotes && LiteralEnds.canFollow(text, close + 2)) {
          lastPair = close;
        }
        i = close + 2;
        continue;
      }
      int next = LiteralEnds.firstCharacter(text, close + 1);
      if (next == LiteralEnds.BLANKS && relaxedQuotes) {
        next = LiteralEnds.canFollow(text, close + 1) ? LiteralEnds.ENDS : LiteralEnds.DOES_NOT_END;
      }
      if (next == LiteralEnds.DOES_NOT_END) {
        if (!relaxedQuotes) {
          throw unescapedQuote(close);
        }
        escaped = true; // TextValues keeps a lone quote and undoubles a doubled one
        i = close + 1;
        continue;
      }
      if (next == LiteralEnds.BLANKS) {
        blankAfterQuote = close;
      }
      lit.start = open + 1;
      lit.end = close;
      lit.escaped = escaped;
      pos = close + 1;
      return;
    }
  }

  /**
   * Reads one value expression, joining {@code ||} chains unless {@code skip}: a skipped (excluded)
   * value is only walked over.
   */
  final void value(boolean skip) {
    int start = pos;
    term();
    int save = pos;
    skipSpaces();
    if (!(at('|') && pos + 1 < length && text.charAt(pos + 1) == '|')) {
      pos = save;
      return;
    }
    StringBuilder joined = skip ? null : new StringBuilder();
    appendTerm(joined);
    while (at('|') && pos + 1 < length && text.charAt(pos + 1) == '|') {
      pos += 2;
      term();
      appendTerm(joined);
      save = pos;
      skipSpaces();
    }
    pos = save;
    lit.form = Literal.CHAIN;
    lit.chained = skip ? null : joined.toString();
    lit.exprStart = start;
    lit.exprEnd = pos;
  }

  private void appendTerm(StringBuilder joined) {
    if (joined == null) {
      return;
    }
    switch (lit.form) {
      case Literal.NULL:
        return;
      case Literal.QUOTED:
        TextValues.appendUnescaped(joined, text, lit.start, lit.end);
        return;
      case Literal.UNISTR:
        TextValues.appendUnistr(joined, text, lit.start, lit.end);
        return;
      default:
        throw ScanFailure.value(Literal.formName(lit.form) + " cannot be joined with ||");
    }
  }

  /** Reads one term: a literal, a function call, NULL, a marker or a bare number. */
  final void term() {
    skipSpacesAndComments();
    lit.reset(pos);
    if (pos >= length) {
      throw malformed("Expected a value but found the end of the text");
    }
    char c = text.charAt(pos);
    if (c == '\'') {
      quoted();
      lit.form = Literal.QUOTED;
    } else if (c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9')) {
      bareNumber();
    } else if (atWord("NULL")) {
      pos += 4;
    } else if (atWord("Unsupported")) {
      pos += 11;
      skipSpaces();
      expectWord("Type");
      lit.form = Literal.UNSUPPORTED;
    } else {
      function();
    }
    lit.exprEnd = pos;
  }

  private void bareNumber() {
    int start = pos;
    while (pos < length) {
      char c = text.charAt(pos);
      if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) {
        break;
      }
      pos++;
    }
    lit.form = Literal.BARE;
    lit.start = start;
    lit.end = pos;
  }

  private void function() {
    int nameStart = pos;
    while (isWordChar(pos)) {
      pos++;
    }
    int form = FunctionNames.form(text, nameStart, pos - nameStart);
    if (form < 0) {
      if (isBooleanWord(nameStart, pos - nameStart)) {
        lit.form = Literal.BOOLEAN_WORD;
        lit.start = nameStart;
        lit.end = pos;
        return;
      }
      pos = nameStart;
      throw malformed("Expected a value but found " + found());
    }
    lit.form = form;
    skipSpaces();
    expect('(');
    skipSpaces();
    if (form == Literal.EMPTY_CLOB || form == Literal.EMPTY_BLOB) {
      expect(')');
      return;
    }
    if (!at('\'')) {
      throw malformed("Expected a quoted argument but found " + found());
    }
    quoted();
    skipSpaces();
    if (form == Literal.TO_VECTOR) {
      skipVectorArguments();
    } else if (at(',')) {
      int start = lit.start;
      int end = lit.end;
      boolean escaped = lit.escaped;
      pos++;
      skipSpaces();
      if (!at('\'')) {
        throw malformed("Expected a quoted argument but found " + found());
      }
      quoted();
      lit.maskStart = lit.start;
      lit.maskEnd = lit.end;
      lit.start = start;
      lit.end = end;
      lit.escaped = escaped;
      skipSpaces();
    }
    expect(')');
  }

  private boolean isBooleanWord(int at, int n) {
    return (n == 4 && text.regionMatches(true, at, "TRUE", 0, 4))
        || (n == 5 && text.regionMatches(true, at, "FALSE", 0, 5));
  }

  /**
   * TO_VECTOR's optional dimension count and format ({@code , 3, FLOAT32}): checked by the column
   * type.
   */
  private void skipVectorArguments() {
    while (at(',')) {
      pos++;
      skipSpaces();
      int start = pos;
      while (isWordChar(pos) || at('*')) {
        pos++;
      }
      if (pos == start) {
        throw malformed("Expected a TO_VECTOR dimension count or format but found " + found());
      }
      skipSpaces();
    }
  }
}
