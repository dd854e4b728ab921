package dev.redoline.verify.internal;

import dev.redoline.core.OracleType;

/**
 * How one column takes part in a comparison.
 *
 * @param name the column's name
 * @param index its index in the table's layout
 * @param kind its Oracle type
 * @param shape how the sink's values were shaped from Oracle's: as read, hashed or truncated
 * @param truncateTo the code points kept when {@code shape} is {@link Shape#TRUNCATED}, else 0
 * @param fraction the fractional digits of seconds a TIMESTAMP is compared with: its declared ones
 *     (all a value of the column holds, and all a sink carries), 9 when undeclared; else 0
 */
public record ColumnCheck(
    String name, int index, OracleType.Kind kind, Shape shape, int truncateTo, int fraction) {

  /** The fractional digits a column of {@code type} is compared with (see {@link #fraction}). */
  static int fraction(OracleType type) {
    if (type.kind() != OracleType.Kind.TIMESTAMP) {
      return 0;
    }
    return type.scale() < 0 ? 9 : Math.min(type.scale(), 9);
  }

  /** What a sink received for a column: the value, its salted hash, or its first code points. */
  public enum Shape {
    AS_READ,
    HASHED,
    TRUNCATED
  }

  /**
   * Whether the column's value is a LOB, digested by {@code DBMS_CRYPTO.HASH} rather than
   * STANDARD_HASH.
   */
  boolean lob() {
    return kind == OracleType.Kind.CLOB
        || kind == OracleType.Kind.NCLOB
        || kind == OracleType.Kind.BLOB;
  }

  /** The types a comparison reads: their text (or bytes) is the same in SQL and in Java. */
  static boolean comparable(OracleType.Kind kind) {
    return switch (kind) {
      case NUMBER,
          FLOAT,
          CHAR,
          NCHAR,
          VARCHAR2,
          NVARCHAR2,
          CLOB,
          NCLOB,
          DATE,
          TIMESTAMP,
          RAW,
          BLOB ->
          true;
      default -> false;
    };
  }

  /** The types a key may have: ordered the same way in Oracle and here ({@link KeyOrder}). */
  public static boolean orderable(OracleType.Kind kind) {
    return switch (kind) {
      case NUMBER, FLOAT, CHAR, VARCHAR2, NCHAR, NVARCHAR2, DATE, TIMESTAMP -> true;
      default -> false;
    };
  }
}
