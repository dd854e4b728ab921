package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Commit;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scenarios where the order redo reaches the log differs from SCN order or commit order: private
 * strands, RAC threads flushing independently, commits sharing an SCN, and undo rows.
 */
class RedoOrderScenarioTest {

  @TempDir Path spill;

  private static SimulatedTransaction commitOne(SimulatedOracle o, long id, String status) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
    return tx;
  }

  @Test
  void privateStrand_lateRecordsOfALongTransactionAreNotMissed() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(11).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] longTx = new SimulatedTransaction[1];
    new ScenarioScript()
        .then(
            o -> {
              longTx[0] = o.newTransaction().privateStrand().begin();
              longTx[0].insert(ORDERS, 1L, "LONG");
              longTx[0].insert(ORDERS, 2L, "LONG");
            })
        .then(o -> commitOne(o, 3, "SHORT"))
        .idle(10)
        .then(o -> longTx[0].commit())
        .then(o -> commitOne(o, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [3, SHORT]",
              "INSERT SHOP.ORDERS [1, LONG]",
              "INSERT SHOP.ORDERS [2, LONG]",
              "INSERT SHOP.ORDERS [99, END]");
      List<StreamEvent.ChangeEvent> changes = h.changeEvents();
      Commit shortCommit = changes.get(0).commit();
      RedoAddress cursorAfterShort = PositionState.of(changes.get(0).position()).resume().get(1);
      for (StreamEvent.ChangeEvent late : changes.subList(1, 3)) {
        // The strand records carry SCNs older than the short commit, which an earlier step
        // passed...
        assertThat(late.change().scn()).isLessThan(shortCommit.scn());
        // ...but reached the log after the address that step ended at.
        assertThat(late.change().address()).isGreaterThan(cursorAfterShort);
      }
      // The cursor stays before the last written block the short commit was read in, which the
      // next step reads again (HeldBlocks), never below it.
      RedoAddress commitAt = shortCommit.address();
      assertThat(cursorAfterShort)
          .isGreaterThanOrEqualTo(
              StepReader.predecessor(
                  new RedoAddress(commitAt.thread(), commitAt.sequence(), commitAt.block(), 0)));
    }
  }

  @Test
  void privateStrand_recordsBoundByAFullStrandOrALogSwitchAreNotMissed() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(16).strandCapacity(2).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] longTx = new SimulatedTransaction[1];
    new ScenarioScript()
        .then(
            o -> {
              longTx[0] = o.newTransaction().privateStrand().begin();
              longTx[0].insert(ORDERS, 1L, "LONG");
            })
        .then(o -> commitOne(o, 10, "SHORT"))
        .then(o -> longTx[0].insert(ORDERS, 2L, "LONG")) // the strand is full: it reaches the log
        .then(
            o -> {
              longTx[0].insert(ORDERS, 3L, "LONG");
              commitOne(o, 11, "SHORT");
              o.switchLogfile(1); // the switch binds the strand
            })
        .then(o -> longTx[0].insert(ORDERS, 4L, "LONG"))
        .then(o -> commitOne(o, 12, "SHORT"))
        .idle(6)
        .then(o -> longTx[0].commit())
        .then(o -> commitOne(o, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [10, SHORT]",
              "INSERT SHOP.ORDERS [11, SHORT]",
              "INSERT SHOP.ORDERS [12, SHORT]",
              "INSERT SHOP.ORDERS [1, LONG]",
              "INSERT SHOP.ORDERS [2, LONG]",
              "INSERT SHOP.ORDERS [3, LONG]",
              "INSERT SHOP.ORDERS [4, LONG]",
              "INSERT SHOP.ORDERS [99, END]");
      List<StreamEvent.ChangeEvent> changes = h.changeEvents();
      // Records 1 to 3 of the long transaction reached the first log, record 4 the second.
      assertThat(changes.subList(3, 7))
          .extracting(c -> c.change().address().sequence())
          .containsExactly(1L, 1L, 1L, 2L);
      assertThat(changes.get(3).change().scn()).isLessThan(changes.get(0).commit().scn());
    }
  }

  @Test
  void privateStrand_anScnBoundedStepWouldHaveMissedTheLateRecords() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(12).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn low = Scn.of(oracle.currentScn());
    SimulatedTransaction longTx = oracle.newTransaction().privateStrand().begin();
    longTx.insert(ORDERS, 1L, "LONG");
    SimulatedTransaction shortTx = commitOne(oracle, 2, "SHORT");
    longTx.commit();

    RedoRow shortCommit =
        mine(oracle, low, null).stream()
            .filter(r -> r.operationCode() == RedoRow.COMMIT && r.xid().equals(shortTx.xid()))
            .findFirst()
            .orElseThrow();
    List<String> bySnc = dmlOf(mine(oracle, shortCommit.scn().plus(1), null), longTx);
    List<String> byAddress = dmlOf(mine(oracle, low, shortCommit.address()), longTx);

    assertThat(bySnc).as("a step bounded by SCN after the short commit").isEmpty();
    assertThat(byAddress)
        .as("a step after the short commit's address")
        .containsExactly("insert into \"SHOP\".\"ORDERS\"(\"ID\",\"STATUS\") values ('1','LONG');");
  }

  @Test
  void rac_commitsOfTwoThreadsWithUnequalFlushPointsArriveInCommitScnOrder() throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(13).threads(2).commitFlushes(false).build();
    oracle.createTable(ScenarioHarness.orders());
    long[] thread2Commit = new long[1];
    List<RedoThreadState> afterThread1Flush = new ArrayList<>();
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction t2 = o.newTransaction().thread(2).begin();
              t2.insert(ORDERS, 1L, "T2");
              t2.commit(); // COMMIT NOWAIT: still in thread 2's log buffer
              thread2Commit[0] = o.currentScn();
            })
        .then(
            o -> {
              SimulatedTransaction t1 = o.newTransaction().thread(1).begin();
              t1.insert(ORDERS, 2L, "T1");
              t1.commit();
              o.flush(1); // thread 1 reaches its log first
              afterThread1Flush.addAll(threads(o));
            })
        .idle(40) // LGWR's timer writes thread 2 too
        .then(
            o -> {
              commitOne(o, 99, "END");
              o.flushAll();
            })
        .attach(oracle);
    List<StreamEvent.ChangeEvent> changes = threadTwoFirst(oracle, Map.of()).changeEvents();
    assertThat(changes).extracting(c -> c.commit().address().thread()).containsExactly(2, 1, 1);
    assertThat(changes.get(0).commit().scn()).isLessThan(changes.get(1).commit().scn());
    // The scenario really had thread 1's later commit written while thread 2's earlier one was not.
    assertThat(afterThread1Flush.get(1).lastRedoScn()).isLessThan(Scn.of(thread2Commit[0]));
    assertThat(afterThread1Flush.get(0).lastRedoScn()).isGreaterThan(Scn.of(thread2Commit[0]));
  }

  /**
   * Thread 2's LGWR is stuck in a write for six seconds (a stalled log device: it waits on 'log
   * file parallel write'), well past Oracle's three-second rule. The engine sees the write in
   * progress, so thread 2 does not count as idle and thread 1's later commit waits for it.
   */
  @Test
  void rac_aThreadWhoseLogWriterIsStalledInAWriteHoldsBackLaterCommits() throws Exception {
    ScenarioHarness h = threadTwoFirst(threadTwoWrittenLate(18, java.time.Duration.ZERO), Map.of());
    assertThat(h.calls).anyMatch(c -> c.startsWith("instancesWritingRedo"));
  }

  /**
   * Thread 2's LGWR writes only every eight seconds without ever being seen in a write: no view
   * shows that its buffer still holds a commit. Only the configured delay can cover it.
   */
  @Test
  void rac_aLogWriterSlowerThanLgwrsRuleIsCoveredByTheConfiguredDelay() throws Exception {
    threadTwoFirst(
        threadTwoWrittenLate(19, java.time.Duration.ofSeconds(8)),
        Map.of("cdc.mining.lgwr.max.delay.ms", "10000"));
  }

  /**
   * Captures the late-thread scenario and checks thread 2's earlier commit came first, in order.
   */
  private ScenarioHarness threadTwoFirst(SimulatedOracle oracle, Map<String, String> settings)
      throws Exception {
    Scn start = Scn.of(oracle.currentScn());
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      settings.forEach(h::set);
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, T2]",
              "INSERT SHOP.ORDERS [2, T1]",
              "INSERT SHOP.ORDERS [99, END]");
      assertThat(h.ops(OpsEvent.Type.COMMIT_OUT_OF_ORDER)).isEmpty();
      return h;
    }
  }

  /**
   * Thread 2 commits first, thread 1 second; thread 2's redo reaches its log six seconds later at
   * least.
   */
  private static SimulatedOracle threadTwoWrittenLate(long seed, java.time.Duration lgwrInterval)
      throws SQLException {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(seed)
            .threads(2)
            .commitFlushes(false)
            .lgwrInterval(lgwrInterval)
            .build();
    oracle.createTable(ScenarioHarness.orders());
    new ScenarioScript()
        .then(
            o -> {
              o.flushAll(); // both timers start now
              SimulatedTransaction t2 = o.newTransaction().thread(2).begin();
              t2.insert(ORDERS, 1L, "T2");
              t2.commit();
              SimulatedTransaction t1 = o.newTransaction().thread(1).begin();
              t1.insert(ORDERS, 2L, "T1");
              t1.commit();
              o.flush(1);
            })
        .idle(60) // six seconds
        .then(o -> o.flush(2))
        .idle(120)
        .then(
            o -> {
              commitOne(o, 99, "END");
              o.flushAll();
            })
        .attach(oracle);
    return oracle;
  }

  @Test
  void rac_aCrashedInstanceDoesNotHoldBackTheOtherAndItsDeadTransactionIsNeverDelivered()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(17).threads(2).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    AtomicBoolean meanwhileDelivered = new AtomicBoolean();
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction dead = o.newTransaction().thread(2).begin();
              dead.insert(ORDERS, 1L, "DEAD");
              o.flush(2); // its change reached the log
              SimulatedTransaction alive = o.newTransaction().thread(1).begin();
              alive.insert(ORDERS, 2L, "ALIVE");
              o.shutdownInstance(2, true); // instance 2 crashes
              alive.commit();
            })
        .then(
            o -> {
              SimulatedTransaction meanwhile = o.newTransaction().thread(1).begin();
              meanwhile.insert(ORDERS, 3L, "MEANWHILE");
              meanwhile.commit();
            })
        .awaitCondition(meanwhileDelivered::get)
        .then(o -> o.startupInstance(2, 1)) // thread 1 rolls the dead transaction back
        .then(
            o -> {
              SimulatedTransaction end = o.newTransaction().thread(2).begin();
              end.insert(ORDERS, 99L, "END");
              end.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      // Thread 1's commits are delivered while instance 2 is still down: it restarts only then.
      h.awaitChange("INSERT SHOP.ORDERS [3, MEANWHILE]");
      meanwhileDelivered.set(true);
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [2, ALIVE]",
              "INSERT SHOP.ORDERS [3, MEANWHILE]",
              "INSERT SHOP.ORDERS [99, END]");
      assertThat(h.stream.metrics().buffer().openTransactions()).isZero();
    }
  }

  @Test
  void sameScnCommits_acrossThreadsAreEachDeliveredOnceAndSurviveARestartBetweenThem()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(14).threads(2).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction onTwo = o.newTransaction().thread(2).begin();
              onTwo.insert(ORDERS, 1L, "ON2");
              onTwo.insert(ORDERS, 2L, "ON2");
              SimulatedTransaction onOne = o.newTransaction().thread(1).begin();
              onOne.insert(ORDERS, 3L, "ON1");
              o.commitTogether(onTwo, onOne);
            })
        .idle(40)
        .then(o -> commitOne(o, 99, "END"))
        .attach(oracle);
    Position afterFirst;
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("first"))) {
      h.open(Position.start(start));
      h.awaitEvents(events -> h.changes().size() >= 3);

      // Commits at one SCN are ordered by (thread, address): thread 1's first.
      assertThat(h.changes().subList(0, 3))
          .containsExactly(
              "INSERT SHOP.ORDERS [3, ON1]",
              "INSERT SHOP.ORDERS [1, ON2]",
              "INSERT SHOP.ORDERS [2, ON2]");
      List<StreamEvent.ChangeEvent> changes = h.changeEvents();
      assertThat(changes.get(0).commit().scn()).isEqualTo(changes.get(1).commit().scn());
      assertThat(changes.get(0).commit().xid()).isNotEqualTo(changes.get(1).commit().xid());
      afterFirst = changes.get(0).position();
    }
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("second"))) {
      h.open(afterFirst);
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, ON2]",
              "INSERT SHOP.ORDERS [2, ON2]",
              "INSERT SHOP.ORDERS [99, END]");
    }
  }

  @Test
  void rollbacks_savepointAndStatementRollbacksRemoveExactlyTheUndoneChanges() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(15).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              String first = tx.insert(ORDERS, 1L, "A");
              tx.savepoint("s1");
              tx.insert(ORDERS, 2L, "B");
              tx.update(ORDERS, first, Map.of("STATUS", "C"));
              tx.rollbackToSavepoint("s1");
              tx.insertFailing(ORDERS, 3L, "DUP");
              tx.update(ORDERS, first, Map.of("STATUS", "E"));
              tx.savepoint("s2");
              tx.insert(ORDERS, 5L, "F");
              tx.rollbackToSavepoint("s2");
              tx.insert(ORDERS, 4L, "D");
              tx.commit();
            })
        .then(
            o -> {
              SimulatedTransaction gone = o.begin();
              gone.insert(ORDERS, 6L, "GONE");
              gone.rollback();
            })
        .then(o -> commitOne(o, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, A]",
              "UPDATE SHOP.ORDERS [1, A] -> [1, E]",
              "INSERT SHOP.ORDERS [4, D]",
              "INSERT SHOP.ORDERS [99, END]");
      assertThat(h.changeEvents().get(0).commit().size()).isEqualTo(3);
    }
  }

  private static List<RedoThreadState> threads(SimulatedOracle o) {
    try (LogMinerGateway db = SimulatorGateways.connect(o)) {
      return db.threads();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Mines every log from {@code low} directly, with rows after {@code cursor} when one is given.
   */
  private static List<RedoRow> mine(SimulatedOracle oracle, Scn low, RedoAddress cursor)
      throws SQLException {
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      boolean first = true;
      for (OnlineLog log : db.onlineLogs()) {
        if (log.status() != OnlineLog.Status.UNUSED) {
          db.addLogFile(log.fileName(), first ? AddLogOption.NEW : AddLogOption.ADDFILE);
          first = false;
        }
      }
      db.startSession(new SessionStart(low, null, MiningSession.OPTIONS));
      MiningQuery.Builder query = MiningQuery.builder().captureAllObjects();
      if (cursor != null) {
        query.cursor(cursor);
      }
      List<RedoRow> rows = new ArrayList<>();
      try (RowCursor c = db.query(query.build())) {
        for (RedoRow r = c.next(); r != null; r = c.next()) {
          rows.add(r);
        }
      }
      return rows;
    }
  }

  private static List<String> dmlOf(List<RedoRow> rows, SimulatedTransaction tx) {
    List<String> out = new ArrayList<>();
    for (RedoRow r : rows) {
      if (r.operationCode() == RedoRow.INSERT && r.xid().equals(tx.xid())) {
        out.add(r.sqlRedo());
      }
    }
    return out;
  }
}
