package dev.redoline.logminer.internal;

import java.util.Locale;

/** What a DDL row's statement does to capture, from its leading keywords. */
enum DdlKind {
  /** {@code CREATE TABLE}: a new table may start to be captured. */
  CREATE_TABLE,
  /** {@code DROP TABLE}. */
  DROP_TABLE,
  /**
   * {@code ALTER TABLE} (columns, partitions) or {@code RENAME}: a new layout or new object ids.
   */
  ALTER_TABLE,
  /** {@code TRUNCATE TABLE}: a data event (op {@code t}); object ids stay. */
  TRUNCATE,
  /** Anything else (indexes, grants, ...): no effect on capture. */
  OTHER;

  static DdlKind of(String sqlRedo) {
    String text = sqlRedo.stripLeading().toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
    if (text.startsWith("CREATE TABLE") || text.startsWith("CREATE GLOBAL TEMPORARY")) {
      return text.startsWith("CREATE TABLE") ? CREATE_TABLE : OTHER;
    }
    if (text.startsWith("DROP TABLE")) {
      return DROP_TABLE;
    }
    if (text.startsWith("ALTER TABLE") || text.startsWith("RENAME ")) {
      return ALTER_TABLE;
    }
    if (text.startsWith("TRUNCATE TABLE") || text.startsWith("TRUNCATE ")) {
      return TRUNCATE;
    }
    return OTHER;
  }

  /** Whether rows after this DDL must be mined with re-resolved object ids or layouts. */
  boolean changesCapture() {
    return this == CREATE_TABLE || this == DROP_TABLE || this == ALTER_TABLE;
  }
}
