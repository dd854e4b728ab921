package dev.redoline.decoder.internal;

import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * A mined DML row to decode ({@code SQL_REDO} with its CSF pieces already joined), paired with what
 * the row alone does not say: the table layout version it was written under and its TIMESTAMP as an
 * instant (LogMiner gives the database's local time).
 *
 * <pre>{@code
 * DecodeInput input = new DecodeInput(row, catalog.layoutAt(table, row.scn()), row.timestamp().atZone(zone).toInstant());
 * DecodeInput made = DecodeInput.of(Operation.INSERT, sqlRedo, layout, Scn.of(2161573),
 *     RedoAddress.parseRsId(1, " 0x000007.00018a2d.009c "), 0, "AAAR32AAHAAAAFfAAA", timestamp);
 * DecodeInput suspicious = made.withStatus(3, "no supplemental log data found");
 * }</pre>
 *
 * @param row the mined row: an INSERT, UPDATE or DELETE (OPERATION_CODE 1, 3 or 2)
 * @param layout the table layout version of the row's time; the PDB is {@code layout.table().pdb()}
 * @param timestamp the row's TIMESTAMP as an instant
 */
public record DecodeInput(RedoRow row, TableLayout layout, Instant timestamp) {

  private static final Xid NO_XID = new Xid(0, 0, 0);

  public DecodeInput {
    Objects.requireNonNull(row, "row == null");
    Objects.requireNonNull(layout, "layout == null");
    Objects.requireNonNull(timestamp, "timestamp == null");
    row.dmlOperation(); // a DML row, or IllegalArgumentException
  }

  /**
   * A row made for decoding alone (tests, benchmarks, a LOB row's implied DML): STATUS 0, no INFO,
   * no XID, the table named by the layout.
   */
  public static DecodeInput of(
      Operation operation,
      String sqlRedo,
      TableLayout layout,
      Scn scn,
      RedoAddress address,
      int ssn,
      String rowId,
      Instant timestamp) {
    return of(operation, sqlRedo, layout, scn, address, ssn, rowId, timestamp, 0, null);
  }

  /**
   * As {@link #of(Operation, String, TableLayout, Scn, RedoAddress, int, String, Instant)}, with
   * STATUS and INFO.
   */
  public static DecodeInput of(
      Operation operation,
      String sqlRedo,
      TableLayout layout,
      Scn scn,
      RedoAddress address,
      int ssn,
      String rowId,
      Instant timestamp,
      int status,
      String info) {
    Objects.requireNonNull(operation, "operation == null");
    Objects.requireNonNull(layout, "layout == null");
    Objects.requireNonNull(timestamp, "timestamp == null");
    RedoRow row =
        new RedoRow(
            scn,
            null,
            null,
            LocalDateTime.ofInstant(timestamp, ZoneOffset.UTC),
            null,
            null,
            NO_XID,
            operationCode(operation),
            operation.name(),
            false,
            layout.table().owner(),
            layout.table().table(),
            rowId,
            null,
            address,
            ssn,
            false,
            null,
            null,
            null,
            sqlRedo,
            null,
            info,
            status,
            layout.table().pdb(),
            null,
            null);
    return new DecodeInput(row, layout, timestamp);
  }

  /** This input with LogMiner's {@code STATUS} and {@code INFO}. */
  public DecodeInput withStatus(int newStatus, String newInfo) {
    return of(
        operation(),
        row.sqlRedo(),
        layout,
        row.scn(),
        row.address(),
        row.ssn(),
        row.rowId(),
        timestamp,
        newStatus,
        newInfo);
  }

  /** INSERT, UPDATE or DELETE, from the row's OPERATION_CODE. */
  public Operation operation() {
    return row.dmlOperation();
  }

  /** SQL_REDO, whole. */
  public String sqlRedo() {
    return row.sqlRedo();
  }

  public Scn scn() {
    return row.scn();
  }

  public RedoAddress address() {
    return row.address();
  }

  public int ssn() {
    return row.ssn();
  }

  /** ROW_ID, or {@code null}; when null, the text's ROWID clause is used. */
  public String rowId() {
    return row.rowId();
  }

  /** STATUS: 0 valid SQL, 2 invalid, 3 not guaranteed. */
  public int status() {
    return row.status();
  }

  /** INFO, or {@code null}. */
  public String info() {
    return row.info();
  }

  private static int operationCode(Operation operation) {
    return switch (operation) {
      case INSERT -> RedoRow.INSERT;
      case UPDATE -> RedoRow.UPDATE;
      case DELETE -> RedoRow.DELETE;
      default ->
          throw new IllegalArgumentException(
              "operation must be INSERT, UPDATE or DELETE: "
                  + operation
                  + " (a TRUNCATE is a DDL row and has no SQL_REDO to decode)");
    };
  }

  /** Only the size of the text: it holds column values, which may be sensitive or excluded. */
  @Override
  public String toString() {
    return "DecodeInput["
        + operation()
        + " "
        + layout.table()
        + " v"
        + layout.version()
        + " scn="
        + row.scn()
        + " address="
        + row.address()
        + " ssn="
        + row.ssn()
        + " status="
        + row.status()
        + " sqlRedo="
        + row.sqlRedo().length()
        + " chars]";
  }
}
