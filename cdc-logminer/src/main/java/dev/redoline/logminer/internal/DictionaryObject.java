package dev.redoline.logminer.internal;

import dev.redoline.core.TableId;
import java.util.Objects;

/**
 * A table or table partition in the dictionary ({@code DBA_OBJECTS}/{@code CDB_OBJECTS}): what
 * LogMiner reports as DATA_OBJ# for DML on it.
 *
 * @param table the table (for a partition: its parent table)
 * @param conId the container id (0 in a non-container database); object numbers are per container
 * @param objectId OBJECT_ID: LogMiner's DATA_OBJ#
 * @param dataObjectId DATA_OBJECT_ID (segment id), or 0 for a partitioned table, which has no
 *     segment
 * @param partition the partition name, or {@code null} for the table object itself
 */
public record DictionaryObject(
    TableId table, int conId, int objectId, int dataObjectId, String partition) {

  public DictionaryObject {
    Objects.requireNonNull(table, "table == null");
  }
}
