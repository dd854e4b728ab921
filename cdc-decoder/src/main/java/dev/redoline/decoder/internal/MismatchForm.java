package dev.redoline.decoder.internal;

import dev.redoline.core.Marker;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;

/**
 * The text of LogMiner's Dictionary Mismatch rows (docs/logminer.md#rows-without-a-dictionary and
 * #ddl): rows whose dictionary at mining time does not match the redo, written by object number,
 * column position and raw bytes. Stateless.
 *
 * <pre>
 * insert into "UNKNOWN"."OBJ# 73200"("COL 1","COL 2") values (HEXTORAW('c102'),NULL);
 * update "UNKNOWN"."OBJ# 73200" set "COL 2" = HEXTORAW('4e4557') where "COL 1" = HEXTORAW('c102') and "COL 2" IS NULL and ROWID = 'AAA..';
 * delete from "UNKNOWN"."OBJ# 73200" where "COL 1" = HEXTORAW('c102') and ROWID = 'AAA..';
 * </pre>
 *
 * LogMiner flags them STATUS 2 with INFO {@code Dictionary Mismatch}; the same text with STATUS 0
 * (no dictionary at all) is decoded the same way. {@code "COL n"} is the 1-based {@link
 * dev.redoline.core.Column#position()} in the layout version of the row's time, which the caller
 * supplies; the object number cannot be checked here, as layouts do not carry it.
 */
final class MismatchForm {

  private static final String UNKNOWN_OWNER = "UNKNOWN";
  private static final String OBJECT_PREFIX = "OBJ# ";
  private static final String COLUMN_PREFIX = "COL ";

  private MismatchForm() {}

  /** Whether a row's STATUS/INFO say LogMiner's dictionary does not match the redo. */
  static boolean isFlagged(DecodeInput row) {
    return row.status() == 2 && row.info() != null && row.info().contains("Dictionary Mismatch");
  }

  /** Whether {@code "owner"."table"} (contents given by bounds) is {@code "UNKNOWN"."OBJ# n"}. */
  static boolean isUnknownObject(
      String text, int ownerStart, int ownerEnd, int tableStart, int tableEnd) {
    return ownerEnd - ownerStart == UNKNOWN_OWNER.length()
        && text.startsWith(UNKNOWN_OWNER, ownerStart)
        && text.startsWith(OBJECT_PREFIX, tableStart)
        && digitsValue(text, tableStart + OBJECT_PREFIX.length(), tableEnd) > 0;
  }

  /** The n of a {@code COL n} column name in {@code text[start, end)}, or -1. */
  static long position(String text, int start, int end) {
    return text.startsWith(COLUMN_PREFIX, start) && start + COLUMN_PREFIX.length() <= end
        ? digitsValue(text, start + COLUMN_PREFIX.length(), end)
        : -1;
  }

  /**
   * The value of a mismatch-row literal for a column of {@code type}: {@code HEXTORAW} bytes
   * converted by {@link RawValues}, {@code NULL}, {@code ''} for an empty LOB, or {@code
   * Unsupported Type}.
   *
   * @throws ScanFailure (CDC-3002) for any other form, or bytes that are not a value of the type
   */
  static Object convert(String text, Literal lit, OracleType type) {
    switch (lit.form) {
      case Literal.NULL:
        return null;
      case Literal.UNSUPPORTED:
        return Marker.UNSUPPORTED_TYPE;
      case Literal.HEXTORAW:
        return RawValues.convert(TextValues.hexBytes(text, lit.start, lit.end), type);
      case Literal.QUOTED:
        if (lit.start == lit.end) {
          return emptyLob(type);
        }
        break;
      default:
        break;
    }
    throw ScanFailure.value(
        Literal.formName(lit.form)
            + " is not a raw "
            + type
            + " value: Dictionary Mismatch rows carry HEXTORAW bytes or NULL");
  }

  private static Marker emptyLob(OracleType type) {
    Kind kind = type.kind();
    if (kind == Kind.CLOB || kind == Kind.NCLOB || kind == Kind.XMLTYPE) {
      return Marker.EMPTY_CLOB;
    }
    if (kind == Kind.BLOB || kind == Kind.JSON) {
      return Marker.EMPTY_BLOB;
    }
    throw ScanFailure.value(
        "'' is an empty LOB in a Dictionary Mismatch row, but the column is " + type);
  }

  /**
   * The decimal number in {@code text[start, end)}, or -1 when it is not only digits or too big.
   */
  private static long digitsValue(String text, int start, int end) {
    if (start >= end || end - start > 9) {
      return -1;
    }
    long v = 0;
    for (int i = start; i < end; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      v = v * 10 + (c - '0');
    }
    return v;
  }
}
