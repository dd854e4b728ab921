package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.ActiveTransactions;
import dev.redoline.buffer.internal.OrphanEvent;
import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.OpsListener;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Orphans, transactions the database no longer knows although no COMMIT or ROLLBACK of them was
 * mined: every {@code cdc.orphan.check.interval.ms} the buffer is told which transactions are
 * active ({@link #checkIfDue}); the buffer drops those it then finds orphaned while a step is
 * applied and reports each here, as its orphan listener ({@link #accept}), and the step hands them
 * on ({@link #forgetDropped}) to whatever still remembers them.
 *
 * <p>Why a listener that only collects: the buffer is built before the parts that apply rows to it,
 * so its listener cannot be one of them; collecting the dropped transactions and handing them on
 * after the step's {@code stepApplied} keeps every dependency pointing one way.
 */
final class Orphans implements Consumer<OrphanEvent> {

  private static final Logger LOG = LoggerFactory.getLogger(Orphans.class);

  private final Duration interval;
  private final List<String> pdbs;
  private final Clock clock;
  private final OpsListener ops;
  private final List<Xid> dropped = new ArrayList<>();
  private Instant lastCheck;

  Orphans(Duration interval, List<String> pdbs, Clock clock, OpsListener ops) {
    this.interval = interval;
    this.pdbs = List.copyOf(pdbs);
    this.clock = clock;
    this.ops = ops;
    this.lastCheck = clock.instant();
  }

  /**
   * Once the interval has passed: reads the active transactions of every instance into the buffer,
   * unless GV$TRANSACTION hides a captured PDB's (then no transaction is declared an orphan).
   */
  void checkIfDue(LogMinerGateway db, TransactionBuffer buffer) throws SQLException {
    Instant now = clock.instant();
    if (Duration.between(lastCheck, now).compareTo(interval) < 0) {
      return;
    }
    List<String> hidden = TransactionVisibility.hiddenPdbs(db, pdbs);
    if (!hidden.isEmpty()) {
      LOG.warn(
          "Orphan check skipped: GV$TRANSACTION hides the transactions of {} from the capture user (no "
              + "CONTAINER_DATA for them), so none is dropped as an orphan; grant CONTAINER_DATA=ALL "
              + "(docs/oracle-setup.md)",
          hidden);
      lastCheck = now;
      return;
    }
    Scn scn = db.database().currentScn();
    Set<Xid> active = new HashSet<>();
    for (ActiveTransaction tx : db.activeTransactions(true)) {
      active.add(tx.xid());
    }
    buffer.checkOrphans(new ActiveTransactions(scn, active));
    lastCheck = now;
  }

  /**
   * The buffer's orphan listener: an ops event now (the buffer has logged it), the transaction
   * kept.
   */
  @Override
  public void accept(OrphanEvent orphan) {
    dropped.add(orphan.xid());
    ops.onEvent(
        new OpsEvent(
            OpsEvent.Type.ORPHAN,
            clock.instant(),
            "transaction "
                + orphan.xid()
                + " dropped as an orphan: "
                + orphan.changeCount()
                + " changes from "
                + orphan.firstAddress()
                + " to "
                + orphan.lastAddress()
                + ", not active at SCN "
                + orphan.snapshotScn()));
  }

  /** Hands each transaction dropped since the last call to {@code forget}, once. */
  void forgetDropped(Consumer<Xid> forget) {
    dropped.forEach(forget);
    dropped.clear();
  }
}
