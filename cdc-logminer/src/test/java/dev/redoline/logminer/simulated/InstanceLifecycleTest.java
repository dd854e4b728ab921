package dev.redoline.logminer.simulated;

import static dev.redoline.logminer.simulated.Mining.catchSql;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.RedoRow;
import dev.redoline.core.TableId;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.RedoThreadState;
import dev.redoline.logminer.internal.SimulatorGateways;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Instance shutdown, crash and recovery on RAC (docs/logminer.md#redo-threads and
 * #open-transactions-and-orphans): requirement 32.
 */
class InstanceLifecycleTest {

  // Every record its own SCN: the cases mine from SCNs taken between records; shutdown and
  // recovery, not SCN ties, are what this tests.
  private final SimulatedOracle rac =
      SimulatedOracle.builder()
          .threads(2)
          .lgwrInterval(java.time.Duration.ZERO)
          .scnTiePercent(0)
          .build();
  private final TableId t = Mining.createT(rac);

  @Test
  void shutdownImmediateFailsActiveCallsThenConnectsAndRollsBackOpenWork() throws Exception {
    long low = rac.currentScn() + 1;
    SimulatedTransaction open = rac.newTransaction().thread(2).begin();
    open.insert(t, 1L, "open at shutdown");
    try (LogMinerGateway onTwo = SimulatorGateways.connect(rac, 2);
        LogMinerGateway onOne = SimulatorGateways.connect(rac, 1)) {
      rac.shutdownInstance(2, false);
      SQLException active = catchSql(onTwo::database);
      assertThat((Throwable) active).isInstanceOf(SQLRecoverableException.class);
      assertThat(active.getErrorCode()).isEqualTo(1089);
      assertThat(active.getMessage())
          .isEqualTo(
              "ORA-01089: immediate shutdown or close in progress - no operations are permitted");
      assertThat(catchSql(onTwo::database).getErrorCode()).isEqualTo(17008);
      SQLException connect = catchSql(() -> SimulatorGateways.connect(rac, 2));
      assertThat((Throwable) connect).isInstanceOf(SQLRecoverableException.class);
      assertThat(connect.getMessage()).isEqualTo("ORA-01034: ORACLE not available");

      RedoThreadState two = onOne.threads().get(1);
      assertThat(two.status()).isEqualTo(RedoThreadState.Status.CLOSED);
      assertThat(two.checkpointScn()).isEqualTo(two.lastRedoScn());
      Mining.start(onOne, low, null);
      List<RedoRow> rows = Mining.all(onOne);
      assertThat(rows).extracting(RedoRow::operationCode).containsExactly(6, 1, 2, 36);
      assertThat(rows).extracting(RedoRow::thread).containsOnly(2);
      assertThat(rows.get(2).rollback()).isTrue();
    }
    assertThat(open.ended()).isTrue();
  }

  @Test
  void crashRecoveryEndsDeadTransactionsOnAnotherThreadUndoingOnlyDurableChanges()
      throws Exception {
    long low = rac.currentScn() + 1;
    SimulatedTransaction dead = rac.newTransaction().thread(2).begin();
    String durable = dead.insert(t, 1L, "flushed");
    rac.flush(2);
    dead.insert(t, 2L, "lost in the log buffer");
    SimulatedTransaction vanished = rac.newTransaction().thread(2).begin();
    vanished.insert(t, 3L, "never written");
    rac.shutdownInstance(2, true);
    try (LogMinerGateway db = SimulatorGateways.connect(rac, 1)) {
      assertThat(db.threads().get(1).status()).isEqualTo(RedoThreadState.Status.CLOSED);
      assertThat(catchSql(() -> SimulatorGateways.connect(rac, 2)).getErrorCode()).isEqualTo(1034);
      rac.startupInstance(2, 1); // thread 1 recovers thread 2's dead transactions
      assertThat(db.threads().get(1).status()).isEqualTo(RedoThreadState.Status.OPEN);
      Mining.start(db, low, null);
      List<RedoRow> rows = Mining.all(db);
      assertThat(rows).extracting(RedoRow::xid).containsOnly(dead.xid());
      assertThat(rows).extracting(RedoRow::operationCode).containsExactly(6, 1, 2, 36);
      assertThat(rows).extracting(RedoRow::thread).containsExactly(2, 2, 1, 1);
      assertThat(rows.get(2).rowId()).isEqualTo(durable);
      assertThat(rows.get(2).rollback()).isTrue();
    }
    assertThat(dead.ended()).isTrue();
    assertThat(vanished.ended()).isTrue();
    assertThat(rac.rows(t)).isEmpty();
  }

  @Test
  void restartedThreadOpensANewSequenceAndTakesWorkAgain() throws Exception {
    rac.shutdownInstance(2, false);
    long closedSequence;
    try (LogMinerGateway db = SimulatorGateways.connect(rac, 1)) {
      closedSequence = db.threads().get(1).sequence();
      rac.startupInstance(2, 2);
      RedoThreadState two = db.threads().get(1);
      assertThat(two.status()).isEqualTo(RedoThreadState.Status.OPEN);
      assertThat(two.sequence()).isEqualTo(closedSequence + 1);
    }
    SimulatedTransaction tx = rac.newTransaction().thread(2).begin();
    tx.insert(t, 1L, "back");
    tx.commit();
    try (LogMinerGateway db = SimulatorGateways.connect(rac, 2)) {
      assertThat(db.database().currentScn().bits()).isEqualTo(rac.currentScn());
    }
  }
}
