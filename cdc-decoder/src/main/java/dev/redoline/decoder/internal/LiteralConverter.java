package dev.redoline.decoder.internal;

import dev.redoline.core.Marker;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;

/**
 * Turns one scanned {@link Literal} into the Java value of its column's declared type, as fixed by
 * the {@link dev.redoline.core.Row} contract and {@code docs/record-format.md}. Stateless.
 */
final class LiteralConverter {

  private LiteralConverter() {}

  /**
   * The value of {@code lit} for a column of {@code type}.
   *
   * @throws ScanFailure (CDC-3002) when the literal's form or text does not fit the type
   */
  static Object convert(String text, Literal lit, OracleType type) {
    Kind kind = type.kind();
    switch (lit.form) {
      case Literal.NULL:
        return null;
      case Literal.UNSUPPORTED:
        return Marker.UNSUPPORTED_TYPE;
      case Literal.EMPTY_CLOB:
        return require(isCharacterLob(kind), lit, type, Marker.EMPTY_CLOB);
      case Literal.EMPTY_BLOB:
        return require(isBinaryLob(kind), lit, type, Marker.EMPTY_BLOB);
      default:
        break;
    }
    switch (kind) {
      case NUMBER:
      case FLOAT:
        return number(text, lit, type);
      case BINARY_FLOAT:
      case BINARY_DOUBLE:
        return binary(text, lit, type, kind == Kind.BINARY_FLOAT);
      case CHAR:
      case NCHAR:
      case VARCHAR2:
      case NVARCHAR2:
      case CLOB:
      case NCLOB:
      case LONG:
      case ROWID:
      case XMLTYPE:
        return string(text, lit, type);
      case DATE:
      case TIMESTAMP:
        return localDateTime(text, lit, type);
      case TIMESTAMP_TZ:
        requireForm(lit, type, Literal.TO_TIMESTAMP_TZ, Literal.QUOTED);
        return TemporalValues.zoned(text, lit.start, lit.end);
      case TIMESTAMP_LTZ:
        requireForm(lit, type, Literal.TO_TIMESTAMP_TZ, Literal.TO_TIMESTAMP);
        return TemporalValues.instant(text, lit.start, lit.end);
      case INTERVAL_YM:
        requireForm(lit, type, Literal.TO_YMINTERVAL, Literal.QUOTED);
        return TemporalValues.yearMonth(text, lit.start, lit.end);
      case INTERVAL_DS:
        requireForm(lit, type, Literal.TO_DSINTERVAL, Literal.QUOTED);
        return TemporalValues.daySecond(text, lit.start, lit.end);
      case RAW:
      case BLOB:
      case LONG_RAW:
        requireForm(lit, type, Literal.HEXTORAW, Literal.QUOTED);
        return TextValues.hexBytes(text, lit.start, lit.end);
      case BOOLEAN:
        return Oracle23aiValues.bool(text, lit, type);
      case VECTOR:
        return Oracle23aiValues.vector(text, lit, type);
      case JSON:
        return lit.form == Literal.HEXTORAW
            ? Oracle23aiValues.oson(TextValues.hexBytes(text, lit.start, lit.end))
            : string(text, lit, type);
      default:
        // types Redoline does not decode: bytes when binary, text otherwise
        return lit.form == Literal.HEXTORAW
            ? TextValues.hexBytes(text, lit.start, lit.end)
            : string(text, lit, type);
    }
  }

  /**
   * A NUMBER(1) value as {@code cdc.number.one.as.boolean} maps it, as Debezium's
   * NumberOneToBooleanConverter does: true above 0, false at 0 or below; NULL and markers
   * unchanged.
   */
  static Object numberOneAsBoolean(Object value) {
    if (value instanceof Long l) {
      return l > 0;
    }
    if (value instanceof java.math.BigDecimal d) {
      return d.signum() > 0;
    }
    return value;
  }

  private static Object number(String text, Literal lit, OracleType type) {
    requireForm(lit, type, Literal.QUOTED, Literal.BARE);
    return NumberValues.number(text, lit.start, lit.end, type);
  }

  private static Object binary(String text, Literal lit, OracleType type, boolean asFloat) {
    if (lit.form == Literal.HEXTORAW) {
      return NumberValues.binaryFromBytes(TextValues.hexBytes(text, lit.start, lit.end), asFloat);
    }
    requireForm(lit, type, Literal.QUOTED, Literal.BARE);
    return NumberValues.binary(text, lit.start, lit.end, asFloat);
  }

  static Object string(String text, Literal lit, OracleType type) {
    switch (lit.form) {
      case Literal.QUOTED:
        return TextValues.unquote(text, lit.start, lit.end, lit.escaped);
      case Literal.UNISTR:
        return TextValues.unistr(text, lit.start, lit.end);
      case Literal.CHAIN:
        return lit.chained;
      default:
        throw mismatch(lit, type);
    }
  }

  private static Object localDateTime(String text, Literal lit, OracleType type) {
    requireForm(lit, type, Literal.TO_DATE, Literal.TO_TIMESTAMP);
    if (lit.form == Literal.TO_DATE) {
      TemporalValues.requireDateMask(text, lit.maskStart, lit.maskEnd);
    }
    return TemporalValues.localDateTime(text, lit.start, lit.end, type.kind().sqlName());
  }

  private static boolean isCharacterLob(Kind kind) {
    return kind == Kind.CLOB
        || kind == Kind.NCLOB
        || kind == Kind.XMLTYPE
        || kind == Kind.JSON
        || kind == Kind.UNSUPPORTED;
  }

  /**
   * BLOB-like: JSON and, possibly, VECTOR are stored as LOBs, so LogMiner may write their values
   * out of line.
   */
  private static boolean isBinaryLob(Kind kind) {
    return kind == Kind.BLOB
        || kind == Kind.JSON
        || kind == Kind.VECTOR
        || kind == Kind.UNSUPPORTED;
  }

  private static Object require(boolean fits, Literal lit, OracleType type, Object value) {
    if (!fits) {
      throw mismatch(lit, type);
    }
    return value;
  }

  private static void requireForm(Literal lit, OracleType type, int form, int alternative) {
    if (lit.form != form && lit.form != alternative) {
      throw mismatch(lit, type);
    }
  }

  static ScanFailure mismatch(Literal lit, OracleType type) {
    return ScanFailure.value(Literal.formName(lit.form) + " is not a " + type + " value");
  }
}
