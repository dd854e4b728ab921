package dev.redoline.decoder.internal;

import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.TableLayout;
import java.time.Instant;
import java.util.Objects;

/**
 * One LogMiner DML row to decode: its {@code SQL_REDO} (CSF pieces already joined), the table
 * layout version it was written under, and the row metadata the {@link dev.redoline.core.Change}
 * carries.
 *
 * <pre>{@code
 * RedoRow row = RedoRow.of(Operation.INSERT, sqlRedo, layout, Scn.of(2161573),
 *     RedoAddress.parseRsId(1, " 0x000007.00018a2d.009c "), 0, "AAAR32AAHAAAAFfAAA", timestamp);
 * RedoRow suspicious = row.withStatus(3, "no supplemental log data found");
 * }</pre>
 *
 * @param operation INSERT, UPDATE or DELETE (LogMiner {@code OPERATION})
 * @param sqlRedo the full SQL_REDO text
 * @param layout the table layout version of the row's time; the PDB is {@code layout.table().pdb()}
 * @param scn LogMiner {@code SCN}
 * @param address LogMiner {@code RS_ID} plus {@code THREAD#}
 * @param ssn LogMiner {@code SSN}
 * @param rowId LogMiner {@code ROW_ID}, or {@code null}; when null, the text's ROWID clause is used
 * @param timestamp LogMiner {@code TIMESTAMP}
 * @param status LogMiner {@code STATUS}: 0 valid SQL, 2 invalid, 3 not guaranteed
 * @param info LogMiner {@code INFO}, or {@code null}
 */
public record RedoRow(Operation operation, String sqlRedo, TableLayout layout, Scn scn,
    RedoAddress address, int ssn, String rowId, Instant timestamp, int status, String info) {

  public RedoRow {
    Objects.requireNonNull(operation, "operation == null");
    Objects.requireNonNull(sqlRedo, "sqlRedo == null");
    Objects.requireNonNull(layout, "layout == null");
    Objects.requireNonNull(scn, "scn == null");
    Objects.requireNonNull(address, "address == null");
    Objects.requireNonNull(timestamp, "timestamp == null");
    if (operation == Operation.TRUNCATE) {
      throw new IllegalArgumentException("operation must be INSERT, UPDATE or DELETE: " + operation
          + " (a TRUNCATE is a DDL row and has no SQL_REDO to decode)");
    }
  }

  /** A row with STATUS 0 and no INFO: what LogMiner gives for valid SQL. */
  public static RedoRow of(Operation operation, String sqlRedo, TableLayout layout, Scn scn,
      RedoAddress address, int ssn, String rowId, Instant timestamp) {
    return new RedoRow(operation, sqlRedo, layout, scn, address, ssn, rowId, timestamp, 0, null);
  }

  /** This row with LogMiner's {@code STATUS} and {@code INFO}. */
  public RedoRow withStatus(int newStatus, String newInfo) {
    return new RedoRow(operation, sqlRedo, layout, scn, address, ssn, rowId, timestamp, newStatus, newInfo);
  }

  /** Only the size of the text: it holds column values, which may be sensitive or excluded. */
  @Override
  public String toString() {
    return "RedoRow[" + operation + " " + layout.table() + " v" + layout.version() + " scn=" + scn
        + " address=" + address + " ssn=" + ssn + " status=" + status + " sqlRedo=" + sqlRedo.length()
        + " chars]";
  }
}
