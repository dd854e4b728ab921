package dev.redoline.core;

/**
 * Values LogMiner writes in place of a literal. They are values of the column, unlike
 * {@link Absent}, which says there is no value.
 */
public enum Marker {
  /** {@code EMPTY_CLOB()}: an out-of-line CLOB/NCLOB whose content arrives in LOB rows, or none. */
  EMPTY_CLOB,
  /** {@code EMPTY_BLOB()}: the binary counterpart of {@link #EMPTY_CLOB}. */
  EMPTY_BLOB,
  /** {@code Unsupported Type}: LogMiner cannot render this column's value. */
  UNSUPPORTED_TYPE
}
