package dev.redoline.simulator;

/**
 * Supplemental logging levels: which old values UPDATE redo carries beyond the changed columns
 * (docs/logminer.md#what-the-simulator-models, item 11). DELETE redo always carries the whole old
 * row.
 */
public enum SupplementalLogging {
  /** None at all: DML rows get STATUS 3 and INFO 'no supplemental log data found'. */
  NONE,
  /** SUPPLEMENTAL_LOG_DATA_MIN: UPDATE WHERE has the changed columns' old values only. */
  MIN,
  /** Primary key logging: key columns plus changed columns. */
  PRIMARY_KEY,
  /** ALL COLUMN LOGGING: every column's old value. */
  ALL
}
