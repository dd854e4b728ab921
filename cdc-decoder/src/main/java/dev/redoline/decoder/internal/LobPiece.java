package dev.redoline.decoder.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.Row;
import java.util.Objects;

/**
 * What one LogMiner LOB row says, decoded by {@link RedoDecoder#decodeLob}: the rows that carry a
 * LOB's content after the INSERT or UPDATE that shows {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()}
 * (docs/logminer.md#lob-xml-and-extended-string-rows).
 *
 * <pre>
 * SEL_LOB_LOCATOR (9)   DECLARE ... BEGIN select "BODY" into loc_c from "S"."T" where "ID" = '2' for update;  → Locator
 * LOB_WRITE (10)         buf_c := 'text'; dbms_lob.write(loc_c, 4, 1, buf_c);                             → Write
 * LOB_TRIM (11)          dbms_lob.trim(loc_c, 120);                                                      → Trim
 * LOB_ERASE (29 or 28)   dbms_lob.erase(loc_c, 10, 1);                                                   → Erase
 * XML DOC BEGIN (68)    XML DOC BEGIN:  select "DOC" from "S"."T" where "ID" = '1'                       → Locator
 * XML DOC WRITE (70)    XML_REDO := '&lt;a/&gt;':4   or   XML_REDO := HEXTORAW('3c612f3e'):4               → Write
 * XML DOC END (71)                                                                                       → End
 * 32K begin (91)        DECLARE ... Stmt := 'update "S"."T" a set a."TXT" = :TXT where a."ID" = ''1'';';      → Locator
 * 32K write (92)          buf_c := 'text'; DBMS_LOB.WRITEAPPEND(TempLob, 4, buf_c);                        → Write
 * 32K end (93)                                                                                           → End
 * </pre>
 *
 * Offsets are 1-based and, like amounts and lengths, count characters (UTF-16 units) for CLOB,
 * NCLOB and XML, bytes for BLOB.
 */
public sealed interface LobPiece
    permits LobPiece.Locator, LobPiece.Write, LobPiece.Trim, LobPiece.Erase, LobPiece.End {

  /**
   * The locator of the LOB column that the following rows change: the row is named by the values of
   * the where clause, decoded as a DELETE's before image would be (other slots NOT_LOGGED, excluded
   * columns EXCLUDED).
   *
   * @param column the LOB column's index in the layout
   * @param excluded whether {@code cdc.columns.exclude} (or a hash rule on a LOB) excludes it: its
   *     writes must then be skipped without being decoded
   * @param where the where clause's values, in layout order
   * @param whole whether the rows after it write the whole value from its start, appending (XML DOC
   *     BEGIN, an extended string's begin row) rather than changing a LOB in place (a DBMS_LOB
   *     locator)
   */
  record Locator(int column, boolean excluded, Row where, boolean whole) implements LobPiece {
    public Locator {
      Objects.requireNonNull(where, "where == null");
    }
  }

  /**
   * Data written at an offset: a {@link String} for CLOB, NCLOB and XML, {@link Bytes} for BLOB. An
   * XML or extended-string write appends, so its offset is 0.
   */
  record Write(long offset, long amount, Object data) implements LobPiece {
    public Write {
      if (!(data instanceof String) && !(data instanceof Bytes)) {
        throw new IllegalArgumentException("data must be a String or Bytes");
      }
    }

    /** Only sizes: the data may be sensitive. */
    @Override
    public String toString() {
      return "Write[offset=" + offset + ", amount=" + amount + "]";
    }
  }

  /** The LOB cut to {@code length}. */
  record Trim(long length) implements LobPiece {}

  /**
   * {@code amount} units from {@code offset} overwritten with spaces (CLOB) or zero bytes (BLOB).
   */
  record Erase(long offset, long amount) implements LobPiece {}

  /** The end of an XML document (XML DOC END). */
  record End() implements LobPiece {}
}
