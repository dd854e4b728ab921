package dev.redoline.simulator;

import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import dev.redoline.simulator.internal.oracle.Transaction;
import java.util.List;
import java.util.Map;

/**
 * A transaction of the simulated workload. Each change produces redo as Oracle would: a START
 * record with the first change, the change itself, ROLLBACK=1 compensation records for every undo,
 * and a COMMIT or ROLLBACK record at the end.
 *
 * <pre>{@code
 * SimulatedTransaction tx = oracle.begin();
 * String rowId = tx.insert(customers, 1L, "Ada", "ada@example.com");
 * tx.savepoint("a");
 * tx.update(customers, rowId, Map.of("NAME", "Ada L."));
 * tx.rollbackToSavepoint("a");        // a ROLLBACK=1 update row, the transaction goes on
 * tx.commit();
 * }</pre>
 *
 * <p>Values are given in layout order with the Java types of {@link Row}. Not thread-safe: the
 * whole simulator is driven from one thread.
 *
 * <p>The redo itself is written by the simulator's transaction model; this class is its API.
 */
public final class SimulatedTransaction {

  private final Transaction tx;

  SimulatedTransaction(Transaction tx) {
    this.tx = tx;
  }

  /** The API object of a transaction of the model, the same one every time. */
  static SimulatedTransaction of(Transaction tx) {
    if (tx.api() == null) {
      tx.api(new SimulatedTransaction(tx));
    }
    return tx.api();
  }

  /** The transaction of the model this API object drives. */
  Transaction transaction() {
    return tx;
  }

  /** The transaction id (XIDUSN, XIDSLT, XIDSQN). */
  public Xid xid() {
    return tx.xid();
  }

  /** The redo thread (instance) the transaction runs on. */
  public int thread() {
    return tx.thread();
  }

  /** Whether the transaction has ended (committed or rolled back). */
  public boolean ended() {
    return tx.ended();
  }

  /**
   * The SCN of the transaction's first change (its START_SCN), or -1 before it changed anything.
   */
  public long startScn() {
    return tx.startScn();
  }

  /** The SCN of its COMMIT or ROLLBACK, or -1 while it is open. */
  public long endScn() {
    return tx.endScn();
  }

  /**
   * INSERT of one row, values in layout order; returns the new row's ROWID. A BLOB value may be a
   * {@link GeneratedLob}: the row then shows {@code EMPTY_BLOB()} and its content follows as
   * LOB_WRITE rows rendered from the descriptor, never held.
   */
  public String insert(TableId table, Object... values) {
    return tx.insert(table, values);
  }

  /** INSERT of one row; returns the new row's ROWID. */
  public String insert(TableId table, Row after) {
    return tx.insert(table, after);
  }

  /**
   * INSERT of a row whose key no partition of an interval (or automatic list) partitioned table
   * holds: the database first creates the partition by recursive DDL (its own transaction, INFO
   * 'INTERNAL DDL', a new DATA_OBJ#), then the row goes into it. Returns the new row's ROWID.
   *
   * @throws IllegalArgumentException if the table was not made by {@link
   *     SchemaChanges#createIntervalPartitioned}
   */
  public String insertIntoNewPartition(TableId table, Object... values) {
    return tx.insertIntoNewPartition(table, values);
  }

  /**
   * UPDATE of one row: {@code changes} maps column names to new values (null for NULL); a BLOB
   * value may be a {@link GeneratedLob}, as for {@link #insert(TableId, Object...)}.
   */
  public void update(TableId table, String rowId, Map<String, ?> changes) {
    tx.update(table, rowId, changes);
  }

  /** DELETE of one row; the redo carries the whole old row. */
  public void delete(TableId table, String rowId) {
    tx.delete(table, rowId);
  }

  /**
   * An array DELETE (one statement, many rows): the rows share one redo record, so they share one
   * RS_ID, all with SSN 0 (requirement 23).
   */
  public void deleteArray(TableId table, List<String> rowIds) {
    tx.deleteArray(table, rowIds);
  }

  /**
   * An array DELETE during which the thread's log switches, after its first {@code switchAfter}
   * rows, as when they fill the log: its later rows are written to the next log. With SCN ties on
   * ({@link SimulatedOracle.Builder#scnTiePercent}) they keep the statement's SCN, so that log
   * holds rows with an SCN below its FIRST_CHANGE#.
   */
  public void deleteArray(TableId table, List<String> rowIds, int switchAfter) {
    tx.deleteArray(table, rowIds, switchAfter);
  }

  /**
   * An operation LogMiner cannot show (for example on an object type it does not support): one
   * UNSUPPORTED row (OPERATION_CODE 255) naming the table, SQL_REDO {@code Unsupported}.
   */
  public void unsupported(TableId table) {
    tx.unsupported(table);
  }

  /**
   * An INSERT that fails (for example ORA-00001): the row is written, then undone by a
   * statement-level rollback (a ROLLBACK=1 DELETE by ROWID), and the transaction goes on.
   */
  public void insertFailing(TableId table, Object... values) {
    tx.insertFailing(table, values);
  }

  /**
   * {@code DBMS_LOB.WRITE} into the LOB of one row: {@code data} (a String for CLOB and NCLOB,
   * Bytes for BLOB) at the 1-based {@code offset}, in characters or bytes. A hole before the offset
   * is filled with spaces or zero bytes. LogMiner shows a SEL_LOB_LOCATOR row naming the row by its
   * column values, then one LOB_WRITE row per chunk of {@code lobWriteChunk}.
   *
   * @throws IllegalStateException if the column is NULL (Oracle raises ORA-22275: no LOB locator)
   */
  public void lobWrite(TableId table, String rowId, String column, long offset, Object data) {
    tx.lobWrite(table, rowId, column, offset, data);
  }

  /**
   * {@code DBMS_LOB.TRIM} of one row's LOB to {@code length} characters or bytes: a LOB_TRIM row.
   */
  public void lobTrim(TableId table, String rowId, String column, long length) {
    tx.lobTrim(table, rowId, column, length);
  }

  /**
   * {@code DBMS_LOB.ERASE} of {@code amount} characters or bytes from {@code offset}: spaces or
   * zero bytes over the range, the length unchanged; a LOB_ERASE row (OPERATION_CODE per {@link
   * SimulatedOracle.Builder#lobEraseCode}).
   */
  public void lobErase(TableId table, String rowId, String column, long offset, long amount) {
    tx.lobErase(table, rowId, column, offset, amount);
  }

  /** SAVEPOINT {@code name}. */
  public void savepoint(String name) {
    tx.savepoint(name);
  }

  /** ROLLBACK TO SAVEPOINT: ROLLBACK=1 rows for every change since, newest first. */
  public void rollbackToSavepoint(String name) {
    tx.rollbackToSavepoint(name);
  }

  /** COMMIT: the private strand (if any) reaches the log, then the COMMIT record; LGWR flushes. */
  public void commit() {
    tx.commit();
  }

  /**
   * COMMIT whose row LogMiner shows with THREAD# 0, as it does when it "fails to reconcile the
   * thread id for the commit" (Debezium's LogMiner adapter, which therefore skips such a COMMIT
   * only when its transaction has no changes). Whether Oracle does so for transactions with changes
   * is not confirmed; this is how a test asks for it.
   */
  public void commitShownOnThreadZero() {
    tx.commitShownOnThreadZero();
  }

  /** ROLLBACK: ROLLBACK=1 rows for every change, newest first, then a ROLLBACK (36) record. */
  public void rollback() {
    tx.rollback();
  }

  @Override
  public String toString() {
    return "SimulatedTransaction[" + xid().toHex() + " thread " + thread() + "]";
  }
}
