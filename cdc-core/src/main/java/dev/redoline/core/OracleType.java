package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.util.Locale;

/**
 * A column's Oracle data type as the dictionary declares it.
 *
 * <p>Sizes that a type does not take are {@link #UNSPECIFIED}. For {@code NUMBER}, {@code
 * precision}/{@code scale} are the declared ones ({@code NUMBER} alone has both unspecified; {@code
 * INTEGER} is {@code NUMBER(38,0)}). For {@code FLOAT(b)} precision is in binary digits. {@code
 * TIMESTAMP(n)} variants keep the fractional digits in {@code scale}; {@code INTERVAL DAY(p) TO
 * SECOND(s)} keeps {@code p} and {@code s}; {@code INTERVAL YEAR(p) TO MONTH} keeps {@code p}.
 * Character and raw types keep their declared {@code length}. Oracle 23ai's {@code VECTOR(n,
 * format)} keeps its dimension count in {@code length} and the bits of one dimension in {@code
 * precision} (FLOAT32 32, FLOAT64 64, INT8 8, BINARY 1); {@code *} or an omitted part is {@link
 * #UNSPECIFIED}.
 *
 * <pre>{@code
 * OracleType t = OracleType.parse("TIMESTAMP(6) WITH TIME ZONE");
 * assert t.kind() == OracleType.Kind.TIMESTAMP_TZ && t.scale() == 6;
 * assert OracleType.parse("number(10, 2)").toString().equals("NUMBER(10,2)");
 * }</pre>
 *
 * @param kind the type family
 * @param length declared length of character and raw types
 * @param precision declared precision
 * @param scale declared scale or fractional-second digits
 */
public record OracleType(Kind kind, int length, int precision, int scale) {

  /** Marks a size the declaration does not give. */
  public static final int UNSPECIFIED = -1;

  /** The type families Redoline decodes. */
  public enum Kind {
    NUMBER("NUMBER"),
    FLOAT("FLOAT"),
    BINARY_FLOAT("BINARY_FLOAT"),
    BINARY_DOUBLE("BINARY_DOUBLE"),
    CHAR("CHAR"),
    NCHAR("NCHAR"),
    VARCHAR2("VARCHAR2"),
    NVARCHAR2("NVARCHAR2"),
    DATE("DATE"),
    TIMESTAMP("TIMESTAMP"),
    TIMESTAMP_TZ("TIMESTAMP WITH TIME ZONE"),
    TIMESTAMP_LTZ("TIMESTAMP WITH LOCAL TIME ZONE"),
    INTERVAL_YM("INTERVAL YEAR TO MONTH"),
    INTERVAL_DS("INTERVAL DAY TO SECOND"),
    RAW("RAW"),
    CLOB("CLOB"),
    NCLOB("NCLOB"),
    BLOB("BLOB"),
    LONG("LONG"),
    LONG_RAW("LONG RAW"),
    ROWID("ROWID"),
    XMLTYPE("XMLTYPE"),
    JSON("JSON"),
    /** Oracle 23ai's SQL BOOLEAN. */
    BOOLEAN("BOOLEAN"),
    /**
     * Oracle 23ai's VECTOR: dimensions in {@code length}, bits per dimension in {@code precision}.
     */
    VECTOR("VECTOR"),
    /** Any type LogMiner renders as {@code Unsupported Type}, kept by its dictionary name. */
    UNSUPPORTED("UNSUPPORTED");

    private final String sqlName;

    Kind(String sqlName) {
      this.sqlName = sqlName;
    }

    /** The name as the dictionary spells it, without sizes. */
    public String sqlName() {
      return sqlName;
    }
  }

  public OracleType {
    Checks.notNull(kind, "kind");
    Checks.argument(
        length >= UNSPECIFIED && precision >= UNSPECIFIED,
        "length and precision must be %s or more: %s, %s",
        UNSPECIFIED,
        length,
        precision);
  }

  /** A type without sizes, as {@code DATE} or {@code CLOB}. */
  public static OracleType of(Kind kind) {
    return new OracleType(kind, UNSPECIFIED, UNSPECIFIED, UNSPECIFIED);
  }

  /** {@code NUMBER(precision, scale)}; pass {@link #UNSPECIFIED} for an undeclared part. */
  public static OracleType number(int precision, int scale) {
    return new OracleType(Kind.NUMBER, UNSPECIFIED, precision, scale);
  }

  /** A character or raw type of the declared {@code length}, as {@code VARCHAR2(100)}. */
  public static OracleType sized(Kind kind, int length) {
    return new OracleType(kind, length, UNSPECIFIED, UNSPECIFIED);
  }

  /** A timestamp type with {@code fractionalDigits} (0 to 9) of seconds. */
  public static OracleType timestamp(Kind kind, int fractionalDigits) {
    return new OracleType(kind, UNSPECIFIED, UNSPECIFIED, fractionalDigits);
  }

  /**
   * {@code VECTOR(dimensions, format)}: pass {@link #UNSPECIFIED} for {@code *}; {@code bits} is 32
   * (FLOAT32), 64 (FLOAT64), 8 (INT8), 1 (BINARY) or {@link #UNSPECIFIED}.
   */
  public static OracleType vector(int dimensions, int bits) {
    Checks.argument(
        bits == UNSPECIFIED || bits == 1 || bits == 8 || bits == 32 || bits == 64,
        "a VECTOR dimension has 1, 8, 32 or 64 bits, not %s",
        bits);
    return new OracleType(Kind.VECTOR, dimensions, bits, UNSPECIFIED);
  }

  /**
   * Whether this is {@code NUMBER(1)}: one digit, scale 0, the column Debezium can map to boolean.
   */
  public boolean isNumberOne() {
    return kind == Kind.NUMBER && precision == 1 && scale == 0;
  }

  /** Whether a {@code NUMBER}'s values are whole numbers (declared scale 0). */
  public boolean isWholeNumber() {
    return kind == Kind.NUMBER && scale == 0 && precision != UNSPECIFIED;
  }

  /**
   * Parses a dictionary type such as {@code NUMBER(10,2)}, {@code VARCHAR2(100 CHAR)}, {@code
   * TIMESTAMP(6) WITH LOCAL TIME ZONE} or {@code INTERVAL DAY(2) TO SECOND(6)}. Names Redoline does
   * not decode become {@link Kind#UNSUPPORTED}.
   */
  public static OracleType parse(String text) {
    Checks.notNull(text, "text");
    String t = text.trim().toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
    try {
      return parseNormalized(t);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "Not an Oracle type: '" + text + "' (" + e.getMessage() + ")", e);
    }
  }

  private static OracleType parseNormalized(String t) {
    if (t.equals("INTEGER") || t.equals("INT") || t.equals("SMALLINT")) {
      return number(38, 0);
    }
    if (t.startsWith("INTERVAL YEAR")) {
      return new OracleType(Kind.INTERVAL_YM, UNSPECIFIED, sizeAfter(t, "YEAR", 0, 2), UNSPECIFIED);
    }
    if (t.startsWith("INTERVAL DAY")) {
      return new OracleType(
          Kind.INTERVAL_DS, UNSPECIFIED, sizeAfter(t, "DAY", 0, 2), sizeAfter(t, "SECOND", 0, 6));
    }
    if (t.startsWith("TIMESTAMP")) {
      int digits = sizeAfter(t, "TIMESTAMP", 0, 6);
      Kind kind =
          t.endsWith("WITH LOCAL TIME ZONE")
              ? Kind.TIMESTAMP_LTZ
              : t.endsWith("WITH TIME ZONE") ? Kind.TIMESTAMP_TZ : Kind.TIMESTAMP;
      return timestamp(kind, digits);
    }
    int paren = t.indexOf('(');
    String name = (paren < 0 ? t : t.substring(0, paren)).trim();
    if (name.equals("LONG RAW")) {
      return of(Kind.LONG_RAW);
    }
    if (name.equals("SYS.XMLTYPE") || name.equals("XMLTYPE")) {
      return of(Kind.XMLTYPE);
    }
    if (name.equals("VECTOR")) {
      return parseVector(t, paren);
    }
    Kind kind;
    try {
      kind = Kind.valueOf(name);
    } catch (IllegalArgumentException e) {
      return of(Kind.UNSUPPORTED);
    }
    int[] sizes = sizes(t, paren);
    switch (kind) {
      case NUMBER:
        return number(
            sizes[0], sizes.length > 1 ? sizes[1] : (sizes[0] == UNSPECIFIED ? UNSPECIFIED : 0));
      case FLOAT:
        return new OracleType(
            Kind.FLOAT, UNSPECIFIED, sizes[0] == UNSPECIFIED ? 126 : sizes[0], UNSPECIFIED);
      case CHAR:
      case NCHAR:
      case RAW:
        return sized(kind, sizes[0] == UNSPECIFIED ? 1 : sizes[0]);
      case VARCHAR2:
      case NVARCHAR2:
        return sized(kind, sizes[0]);
      default:
        return of(kind);
    }
  }

  /**
   * {@code VECTOR}, {@code VECTOR(768)}, {@code VECTOR(*, FLOAT32)}, {@code VECTOR(3, INT8,
   * DENSE)}.
   */
  private static OracleType parseVector(String t, int paren) {
    if (paren < 0) {
      return vector(UNSPECIFIED, UNSPECIFIED);
    }
    int close = t.indexOf(')', paren);
    if (close < 0) {
      throw new IllegalArgumentException("unclosed parenthesis");
    }
    String[] parts = t.substring(paren + 1, close).split(",");
    String count = parts[0].trim();
    int dimensions = count.equals("*") ? UNSPECIFIED : Integer.parseInt(count);
    Checks.argument(
        dimensions == UNSPECIFIED || dimensions > 0,
        "a VECTOR has 1 or more dimensions: %s",
        dimensions);
    int bits = UNSPECIFIED;
    if (parts.length > 1) {
      String format = parts[1].trim();
      bits =
          switch (format) {
            case "*" -> UNSPECIFIED;
            case "FLOAT32" -> 32;
            case "FLOAT64" -> 64;
            case "INT8" -> 8;
            case "BINARY" -> 1;
            default -> throw new IllegalArgumentException("unknown VECTOR format " + format);
          };
    }
    if (parts.length > 2 && !parts[2].trim().equals("DENSE")) {
      // SPARSE vectors have another storage image, which Redoline does not decode
      return of(Kind.UNSUPPORTED);
    }
    return vector(dimensions, bits);
  }

  private static int[] sizes(String t, int paren) {
    if (paren < 0) {
      return new int[] {UNSPECIFIED};
    }
    int close = t.indexOf(')', paren);
    if (close < 0) {
      throw new IllegalArgumentException("unclosed parenthesis");
    }
    String[] parts = t.substring(paren + 1, close).split(",");
    int[] sizes = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      String p = parts[i].trim();
      int space = p.indexOf(' '); // "100 CHAR" or "100 BYTE"
      sizes[i] =
          p.equals("*") ? UNSPECIFIED : Integer.parseInt(space < 0 ? p : p.substring(0, space));
    }
    return sizes;
  }

  private static int sizeAfter(String t, String word, int min, int dflt) {
    int at = t.indexOf(word) + word.length();
    if (at < t.length() && t.charAt(at) == '(') {
      int close = t.indexOf(')', at);
      int value = Integer.parseInt(t.substring(at + 1, close).trim());
      Checks.argument(
          value >= min && value <= 9, "%s size must be in [%s, 9]: %s", word, min, value);
      return value;
    }
    return dflt;
  }

  /** The declaration as the dictionary would print it, read back by {@link #parse}. */
  @Override
  public String toString() {
    switch (kind) {
      case NUMBER:
        if (precision == UNSPECIFIED) {
          return "NUMBER";
        }
        return scale == UNSPECIFIED || scale == 0
            ? "NUMBER(" + precision + (scale == 0 ? ",0)" : ")")
            : "NUMBER(" + precision + "," + scale + ")";
      case FLOAT:
        return "FLOAT(" + precision + ")";
      case CHAR:
      case NCHAR:
      case RAW:
      case VARCHAR2:
      case NVARCHAR2:
        return length == UNSPECIFIED ? kind.sqlName() : kind.sqlName() + "(" + length + ")";
      case TIMESTAMP:
        return "TIMESTAMP(" + scale + ")";
      case TIMESTAMP_TZ:
        return "TIMESTAMP(" + scale + ") WITH TIME ZONE";
      case TIMESTAMP_LTZ:
        return "TIMESTAMP(" + scale + ") WITH LOCAL TIME ZONE";
      case INTERVAL_YM:
        return "INTERVAL YEAR(" + precision + ") TO MONTH";
      case INTERVAL_DS:
        return "INTERVAL DAY(" + precision + ") TO SECOND(" + scale + ")";
      case VECTOR:
        return "VECTOR("
            + (length == UNSPECIFIED ? "*" : length)
            + ","
            + vectorFormatName(precision)
            + ")";
      default:
        return kind.sqlName();
    }
  }

  private static String vectorFormatName(int bits) {
    return switch (bits) {
      case 1 -> "BINARY";
      case 8 -> "INT8";
      case 32 -> "FLOAT32";
      case 64 -> "FLOAT64";
      default -> "*";
    };
  }
}
