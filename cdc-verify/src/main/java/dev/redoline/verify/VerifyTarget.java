package dev.redoline.verify;

import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a consumer holds: the target side of a verification. Adapters: {@link JdbcTarget} (a table
 * per captured table, written like the examples' JDBC sink) and {@link KafkaTarget} (a topic per
 * table, latest record per key); an embedded user implements it over their own store.
 *
 * <pre>{@code
 * VerifyTarget mine = new VerifyTarget() {
 *   public Optional<Scn> appliedScn() { return Optional.of(store.lastCommitScn()); }
 *   public void rows(TableLayout table, List<String> columns, RowReceiver out) {
 *     for (MyRow r : store.all(table.table())) {
 *       out.row(new Object[] {r.id(), r.name()});   // in the order of columns
 *     }
 *   }
 * };
 * }</pre>
 *
 * <p>A verification calls {@link #begin(List)} once, then {@link #appliedScn()}, then {@link #rows}
 * once or twice per table (a second time only when some chunk differs), then {@link #close()}.
 * Everything between {@code begin} and {@code close} should see one state of the store (one
 * transaction, one read of the topics), so that it matches the SCN it reports. When keys differ at
 * an SCN the store does not know whole ({@link #appliedWhole()}), each round of their confirmation
 * is one more such read: {@code begin}, {@code appliedScn}, the rows of those keys, {@code close}.
 */
public interface VerifyTarget extends AutoCloseable {

  /** Starts one consistent read of the store (opens a transaction, reads the topics). */
  default void begin() throws Exception {}

  /**
   * Starts one consistent read of the store for a verification of {@code tables}; the default calls
   * {@link #begin()}. A target that reads everything up front ({@link KafkaTarget}) reads these
   * tables.
   */
  default void begin(List<TableId> tables) throws Exception {
    begin();
  }

  /**
   * The SCN up to which the store holds every committed change (the commit SCN of the last
   * transaction it applied), so a running pipeline can be verified without stopping it; empty when
   * the store does not know, and the verification is then given an SCN or uses Oracle's current one
   * (right only for a pipeline that has caught up and stopped).
   */
  Optional<Scn> appliedScn() throws Exception;

  /**
   * Whether the store is known to hold every transaction committed at {@link #appliedScn()}, not
   * only the last it applied. Oracle gives several commits one SCN now and then, and a store that
   * records the commit SCN of the last transaction it applied may have applied only some of them: a
   * key that differs at that SCN then needs a confirmation, which the verifier makes ({@link
   * Verifier.Builder#patience}, docs/verify.md "Transactions that commit at one SCN"). The default:
   * not known. True for {@link KafkaTarget}, whose SCN is one the topics are known whole at, and
   * for a store that reports an SCN below its last commit.
   */
  default boolean appliedWhole() throws Exception {
    return false;
  }

  /**
   * Hands every row the store holds of {@code table} to {@code receiver}, in any order: one array
   * per row with the values of {@code columns} in that order (the key columns come first), as the
   * sink wrote them ({@code BigDecimal} or text for a NUMBER, ISO text or {@code LocalDateTime} for
   * a DATE, hex text or bytes for a RAW, ...). A table the store does not hold has no rows.
   * Excluded columns are never asked for.
   */
  void rows(TableLayout table, List<String> columns, RowReceiver receiver) throws Exception;

  /**
   * Hands the rows of {@code table} with the given keys to {@code receiver}, as {@link
   * #rows(TableLayout, List, RowReceiver)} does; each key is the values of the table's key columns
   * in key order ({@code BigDecimal} for a number, {@code LocalDateTime} for a DATE or TIMESTAMP,
   * {@code String} for text), and a key the store does not hold has no row. A confirmation of keys
   * that differed reads them so, once per round. The default reads every row (the verifier keeps
   * those asked for); a store that can look keys up should.
   */
  default void rows(
      TableLayout table, List<String> columns, List<List<Object>> keys, RowReceiver receiver)
      throws Exception {
    rows(table, columns, receiver);
  }

  /**
   * Whether the capture's initial snapshot of {@code table} had not begun to reach the store at the
   * SCN it reports: until a table's first snapshot chunk is delivered, the capture leaves out its
   * streamed inserts (the chunk holds their effect), so the store rightly holds none of its rows. A
   * table the store holds no row of while Oracle holds some is then reported as not compared yet,
   * rather than with every row missing. Answer true only when the store knows it, from the capture
   * position it holds with its data ({@link #initialSnapshotPending}): a table whose snapshot did
   * reach the store, rows or none (a table empty when it was snapshotted), must be compared, or a
   * store that lost every row of it would look fine. The default: never.
   */
  default boolean awaitingSnapshot(TableId table) throws Exception {
    return false;
  }

  /**
   * Whether the capture position {@code position} (its map form, {@code Position.toMap()}, as a
   * store keeps it beside its data) says that {@code table}'s initial snapshot has not begun to be
   * delivered: the position tracks snapshots ({@code snapshot=tracked}) and has no {@code
   * snapshot.<table>} entry (which a table gets with its first snapshot row, or, when it was empty,
   * with the snapshot's end, and keeps). False for a {@code null} position, which tells nothing.
   * For {@link #awaitingSnapshot}: {@code return VerifyTarget.initialSnapshotPending(
   * store.position().toMap(), table);}
   */
  static boolean initialSnapshotPending(Map<String, ?> position, TableId table) {
    return position != null
        && "tracked".equals(String.valueOf(position.get("snapshot")))
        && !position.containsKey("snapshot." + table);
  }

  /**
   * Removes the rows of {@code table} with the given keys (values of {@code keyColumns}, in order),
   * which the source does not hold: a repair cannot re-deliver a row that does not exist. The
   * default refuses, and the report keeps such keys.
   *
   * @return whether the store removed them
   */
  default boolean remove(TableLayout table, List<String> keyColumns, List<List<Object>> keys)
      throws Exception {
    return false;
  }

  /** Ends the read begun by {@link #begin()}. */
  @Override
  default void close() throws Exception {}

  /** Receives a target's rows. */
  @FunctionalInterface
  interface RowReceiver {
    void row(Object[] values);

    /**
     * A row some of whose values are not the latest change's: {@code unavailable} names the columns
     * (among those asked) that the key's latest change did not carry, so the store kept an earlier
     * value, as a sink merges a record whose {@code redoline.unavailable} header lists a column (a
     * LOB changed in place by DBMS_LOB, whose content the capture cannot read). A difference in
     * such a column is reported as such ({@link TableReport.DifferingRow#unavailable}).
     */
    default void row(Object[] values, List<String> unavailable) {
      row(values);
    }
  }
}
