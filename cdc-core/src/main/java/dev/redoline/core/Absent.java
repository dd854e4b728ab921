package dev.redoline.core;

/**
 * Why a {@link Row} has no value for a column. Never confused with SQL NULL, which is a value
 * ({@code null}).
 */
public enum Absent {
  /**
   * The redo does not carry the column: without supplemental logging for it, an UPDATE or DELETE
   * logs only some old values.
   */
  NOT_LOGGED,
  /**
   * The column is excluded by {@code cdc.columns.exclude}: its value was skipped by the parser and
   * never existed in memory.
   */
  EXCLUDED
}
