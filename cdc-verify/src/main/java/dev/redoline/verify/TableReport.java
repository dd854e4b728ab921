package dev.redoline.verify;

import dev.redoline.core.TableId;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a verification found in one table.
 *
 * @param table the table
 * @param compared whether it was compared; when not, {@code reason} says why
 * @param reason why the table was not compared (no key, a key that is not verbatim), else null
 * @param keyColumns the key columns, the order of each {@link RowKey}'s values
 * @param sourceRows rows Oracle holds at the SCN
 * @param targetRows rows the target holds
 * @param chunks key-range chunks compared
 * @param differingChunks chunks whose checksums differed (narrowed to their keys)
 * @param missing keys Oracle holds and the target does not
 * @param extra keys the target holds and Oracle does not
 * @param differing rows both hold with different values, with the columns that differ
 * @param inFlight keys that differed at the SCN as a transaction committed at that SCN and not yet
 *     applied would explain, and agreed when compared again (not differences; docs/verify.md,
 *     "Transactions that commit at one SCN")
 * @param undecided keys that differed so and could not be decided within the verifier's patience:
 *     neither found equal nor confirmed different (not counted as differences, not repaired; verify
 *     again once the copy has applied a later commit)
 * @param skippedColumns columns read by the capture but of a type the comparison does not check
 * @param sourceBytes bytes of the values Oracle returned (their text in UTF-8, RAW as bytes)
 * @param targetBytes bytes of the values the target returned, counted the same way
 * @param elapsed how long the table took
 */
public record TableReport(
    TableId table,
    boolean compared,
    String reason,
    List<String> keyColumns,
    long sourceRows,
    long targetRows,
    int chunks,
    int differingChunks,
    List<RowKey> missing,
    List<RowKey> extra,
    List<DifferingRow> differing,
    int inFlight,
    List<RowKey> undecided,
    List<String> skippedColumns,
    long sourceBytes,
    long targetBytes,
    Duration elapsed) {

  public TableReport {
    Objects.requireNonNull(table, "table == null");
    keyColumns = List.copyOf(keyColumns);
    missing = List.copyOf(missing);
    extra = List.copyOf(extra);
    differing = List.copyOf(differing);
    undecided = List.copyOf(undecided);
    skippedColumns = List.copyOf(skippedColumns);
  }

  /** A table that could not be compared, and why. */
  static TableReport notCompared(TableId table, String reason, Duration elapsed) {
    return new TableReport(
        table, false, reason, List.of(), 0, 0, 0, 0, List.of(), List.of(), List.of(), 0, List.of(),
        List.of(), 0, 0, elapsed);
  }

  /**
   * This report after a confirmation of the keys that differed: {@code missing}, {@code extra} and
   * {@code differing} now hold the confirmed differences only.
   */
  TableReport confirmed(
      List<RowKey> missing,
      List<RowKey> extra,
      List<DifferingRow> differing,
      int inFlight,
      List<RowKey> undecided,
      long sourceBytes,
      long targetBytes,
      Duration elapsed) {
    return new TableReport(
        table,
        compared,
        reason,
        keyColumns,
        sourceRows,
        targetRows,
        chunks,
        differingChunks,
        missing,
        extra,
        differing,
        inFlight,
        undecided,
        skippedColumns,
        sourceBytes,
        targetBytes,
        elapsed);
  }

  /**
   * The number of keys that differ: missing, extra or with other values (confirmed differences;
   * neither the {@link #inFlight} nor the {@link #undecided} keys).
   */
  public int differences() {
    return missing.size() + extra.size() + differing.size();
  }

  /**
   * The differences the copy's records do not account for: all but the differing rows that differ
   * only in columns the key's latest change did not carry ({@link DifferingRow#onlyUnavailable}). A
   * running pipeline that delivers what it captures has none; the others are mended by a repair.
   */
  public int undeclaredDifferences() {
    return missing.size()
        + extra.size()
        + (int) differing.stream().filter(d -> !d.onlyUnavailable()).count();
  }

  /**
   * A row both sides hold whose values differ.
   *
   * @param key its key
   * @param columns the names of the columns that differ (never their values)
   * @param unavailable those of {@code columns} whose value in the target is an earlier change's,
   *     the key's latest change not carrying it (a LOB changed in place by DBMS_LOB: the capture
   *     delivers {@code cdc.lob.unavailable.value}, docs/record-format.md); only targets that know
   *     it ({@link KafkaTarget}) name them
   */
  public record DifferingRow(RowKey key, List<String> columns, List<String> unavailable) {
    public DifferingRow {
      columns = List.copyOf(columns);
      unavailable = List.copyOf(unavailable);
    }

    /** A row that differs in the given columns, none known to be unavailable. */
    public DifferingRow(RowKey key, List<String> columns) {
      this(key, columns, List.of());
    }

    /** Whether every differing column is one the key's latest change did not carry. */
    public boolean onlyUnavailable() {
      return !columns.isEmpty() && unavailable.containsAll(columns);
    }
  }
}
