package dev.redoline.logminer.internal;

import dev.redoline.core.TableId;
import java.util.Objects;

/**
 * A table or partition whose LOGGING attribute is NO (ALL_/CDB_TABLES, ALL_/CDB_TAB_PARTITIONS):
 * unless the database is in FORCE LOGGING mode, direct-path loads into it write no change redo, so
 * LogMiner never shows their rows.
 *
 * @param table the table
 * @param partition the partition's name, or {@code null} for the table itself
 */
public record NoLoggingSegment(TableId table, String partition) {

  public NoLoggingSegment {
    Objects.requireNonNull(table, "table == null");
  }

  @Override
  public String toString() {
    return partition == null ? table.toString() : table + " partition " + partition;
  }
}
