package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.time.Instant;

/**
 * One decoded row change of a committed (or, inside the buffer, still open) transaction.
 *
 * <p>INSERT and READ (a snapshot row) have only {@code after}; DELETE has only {@code before} (its
 * WHERE clause); UPDATE has both, {@code after} being {@code before} overlaid with the SET clause;
 * TRUNCATE has neither. Slots the redo does not carry are {@link Absent}, never NULL.
 *
 * @param operation what the change did
 * @param table the changed table
 * @param layoutVersion the {@link TableLayout#version()} the rows were decoded with
 * @param before the row before the change, or {@code null} for INSERT and TRUNCATE
 * @param after the row after the change, or {@code null} for DELETE and TRUNCATE
 * @param scn the SCN of the change's redo record
 * @param address where the redo record is ({@code RS_ID} plus thread)
 * @param ssn LogMiner's SQL sequence number inside the redo record
 * @param rowId the changed row's ROWID, or {@code null} when LogMiner gives none
 * @param timestamp when the change was made (LogMiner {@code TIMESTAMP}, second precision)
 */
public record Change(
    Operation operation,
    TableId table,
    int layoutVersion,
    Row before,
    Row after,
    Scn scn,
    RedoAddress address,
    int ssn,
    String rowId,
    Instant timestamp) {

  public Change {
    Checks.notNull(operation, "operation");
    Checks.notNull(table, "table");
    Checks.notNull(scn, "scn");
    Checks.notNull(address, "address");
    Checks.notNull(timestamp, "timestamp");
    boolean wantsBefore = operation == Operation.UPDATE || operation == Operation.DELETE;
    boolean wantsAfter =
        operation == Operation.UPDATE
            || operation == Operation.INSERT
            || operation == Operation.READ;
    Checks.argument(
        (before != null) == wantsBefore,
        "%s %s: before image must be %s",
        operation,
        table,
        wantsBefore ? "set" : "null");
    Checks.argument(
        (after != null) == wantsAfter,
        "%s %s: after image must be %s",
        operation,
        table,
        wantsAfter ? "set" : "null");
  }
}
