package dev.redoline.simulator;

import dev.redoline.core.Xid;
import dev.redoline.simulator.internal.oracle.Catalog;
import dev.redoline.simulator.internal.oracle.Instances;
import dev.redoline.simulator.internal.oracle.RecordKind;
import dev.redoline.simulator.internal.oracle.RedoLog;
import dev.redoline.simulator.internal.oracle.RedoRecord;
import dev.redoline.simulator.internal.oracle.TransactionTable;
import dev.redoline.simulator.internal.oracle.TxState;
import java.util.List;

/**
 * The unusual rows of docs/logminer.md#what-the-simulator-models, item 27 that a workload can make
 * happen on purpose: GoldenGate replication markers, COMMITs of empty transactions, and corrupt
 * redo blocks.
 *
 * <pre>{@code
 * oracle.special().replicationMarker(1);      // START + code 27, never ends
 * oracle.special().emptyTransactionCommit(1); // a COMMIT row with THREAD# 0
 * oracle.special().corruptLastRecords(1, 3);  // ORA-01343, or a CORRUPTED_BLOCKS row with SKIP_CORRUPTION
 * }</pre>
 *
 * <p>The others come from the ordinary API: {@link SimulatedTransaction#unsupported} (code 255),
 * {@link SchemaChanges#createTemporaryTable} (placeholder SQL), a table with a LONG column (its
 * UPDATEs get STATUS 2), and {@link SimulatedOracle.Builder#toleratesLogGaps()} (MISSING_SCN rows).
 */
public final class SpecialRedo {

  private final RedoLog redo;
  private final Catalog catalog;
  private final Instances instances;
  private final TransactionTable transactions;

  SpecialRedo(RedoLog redo, Catalog catalog, Instances instances, TransactionTable transactions) {
    this.redo = redo;
    this.catalog = catalog;
    this.instances = instances;
    this.transactions = transactions;
  }

  /**
   * A GoldenGate replication marker on {@code thread}: a START and an OPERATION_CODE 27 row of a
   * transaction that never commits nor rolls back, and that V$TRANSACTION never lists. LGWR writes
   * it at once.
   *
   * @return the marker transaction's XID
   */
  public Xid replicationMarker(int thread) {
    TxState tx = detached(thread, "GGADMIN");
    long scn = redo.nextScn();
    tx.start(scn, redo.now());
    redo.write(control(RecordKind.START, scn, tx), tx);
    redo.write(control(RecordKind.REPLICATION_MARKER, scn, tx), tx);
    redo.flush(redo.thread(thread));
    return tx.xid();
  }

  /**
   * The COMMIT of a transaction that changed nothing, as LogMiner shows some: no START, and THREAD#
   * 0 on the COMMIT row (its RS_ID still points into {@code thread}'s log). LGWR writes it at once.
   *
   * @return the empty transaction's XID
   */
  public Xid emptyTransactionCommit(int thread) {
    TxState tx = detached(thread, "APP");
    long scn = redo.nextScn();
    tx.start(scn, redo.now());
    tx.end(true, scn, tx.startTime());
    RedoRecord commit = control(RecordKind.COMMIT, scn, tx);
    commit.showOnThreadZero(true);
    redo.write(commit, tx);
    redo.flush(redo.thread(thread));
    return tx.xid();
  }

  /**
   * Corrupts the blocks of the last {@code records} records LGWR wrote to {@code thread}'s current
   * log. Mining them raises ORA-01343 from {@code next()}; with SKIP_CORRUPTION they are replaced
   * by one CORRUPTED_BLOCKS row (STATUS 1343) and their changes are lost.
   *
   * @throws IllegalArgumentException when the log holds fewer written records
   */
  public void corruptLastRecords(int thread, int records) {
    List<RedoRecord> written = redo.thread(thread).current().records();
    if (records < 1 || records > written.size()) {
      throw new IllegalArgumentException(
          "records must be in [1, "
              + written.size()
              + "] for the current log of"
              + " thread "
              + thread
              + ": "
              + records);
    }
    for (RedoRecord r : written.subList(written.size() - records, written.size())) {
      r.markCorrupt();
    }
  }

  private TxState detached(int thread, String user) {
    redo.thread(thread);
    instances.requireUp(thread);
    return new TxState(transactions.newXid(), thread, thread, user, catalog.cdb() ? 1 : 0, false);
  }

  private RedoRecord control(RecordKind kind, long scn, TxState tx) {
    return RedoRecord.control(kind, scn, redo.now(), tx, tx.writeThread(), null, 0);
  }
}
