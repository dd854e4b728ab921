package dev.redoline.core;

/**
 * Values LogMiner writes in place of a literal, and the one the capture puts in place of a LOB too
 * large to carry. They are values of the column, unlike {@link Absent}, which says there is no
 * value.
 */
public enum Marker {
  /** {@code EMPTY_CLOB()}: an out-of-line CLOB/NCLOB whose content arrives in LOB rows, or none. */
  EMPTY_CLOB,
  /** {@code EMPTY_BLOB()}: the binary counterpart of {@link #EMPTY_CLOB}. */
  EMPTY_BLOB,
  /** {@code Unsupported Type}: LogMiner cannot render this column's value. */
  UNSUPPORTED_TYPE,
  /**
   * A LOB value longer than {@code cdc.lob.max.bytes}: the change carries this instead of a value
   * cut short, and the rest of its content was never read.
   */
  LOB_OVER_LIMIT
}
