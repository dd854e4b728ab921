package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.BufferMetrics;
import dev.redoline.buffer.internal.FileTransactionJournal;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.PositionState;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, item 1: LogMiner names the user only in rows mined in the same session as the
 * transaction's START; every step starts a new session, so the later rows of a transaction that
 * spans steps carry USERNAME 'UNKNOWN' and pass {@code USERNAME NOT IN (...)}.
 */
class UnknownUsernameScenarioTest {

  @TempDir Path spill;

  @Test
  void
      usernameUnknownInLaterSessions_excludedUsersTransactionSpanningSteps_isNeverDeliveredNorBuffered()
          throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(16).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] batch = new SimulatedTransaction[1];
    BufferMetrics[] whileOpen = new BufferMetrics[1];
    ScenarioHarness[] harness = new ScenarioHarness[1];
    new ScenarioScript()
        .then(
            o -> {
              batch[0] = o.newTransaction().user("BATCH").begin();
              batch[0].insert(ORDERS, 10L, "BATCH");
            })
        .then(
            o -> {
              o.switchLogfile(1);
              commit(o, 1L, "APP"); // the cursor moves into the new log
            })
        .idle(4)
        .then(
            o -> {
              // Mined by sessions that start in the new log, after the START: USERNAME 'UNKNOWN'.
              String row = batch[0].insert(ORDERS, 11L, "BATCH");
              batch[0].update(ORDERS, row, Map.of("STATUS", "BATCH2"));
            })
        .idle(4)
        .then(
            o -> {
              o.switchLogfile(1);
              commit(o, 2L, "APP");
            })
        .idle(4)
        .then(o -> batch[0].insert(ORDERS, 12L, "BATCH"))
        .idle(4)
        .then(o -> commit(o, 3L, "MID"))
        .idle(4)
        .then(o -> whileOpen[0] = harness[0].stream.metrics().buffer())
        .then(
            o -> {
              batch[0].commit();
              commit(o, 99L, "END");
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      harness[0] = h;
      h.set("cdc.users.exclude", "BATCH").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, APP]",
              "INSERT SHOP.ORDERS [2, APP]",
              "INSERT SHOP.ORDERS [3, MID]",
              "INSERT SHOP.ORDERS [99, END]");
      // While BATCH was open, after its rows mined as UNKNOWN: nothing of it held in the buffer.
      assertThat(whileOpen[0].bufferedChanges()).isZero();
      assertThat(whileOpen[0].spilledTransactions()).isZero();
      assertThat(h.stream.metrics().buffer().openTransactions()).isZero();
    }
  }

  @Test
  void usernameUnknownInLaterSessions_exclusionHoldsAcrossARestartThatPassedTheStart()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(17).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] batch = new SimulatedTransaction[1];
    AtomicBoolean restarted = new AtomicBoolean();
    new ScenarioScript()
        .then(
            o -> {
              batch[0] = o.newTransaction().user("BATCH").begin();
              batch[0].insert(ORDERS, 10L, "BATCH");
            })
        .then(
            o -> {
              o.switchLogfile(1);
              commit(o, 1L, "APP");
            })
        .idle(4)
        .then(o -> batch[0].insert(ORDERS, 11L, "BATCH"))
        .idle(4)
        .then(o -> commit(o, 2L, "APP"))
        .awaitCondition(restarted::get)
        .then(
            o -> {
              batch[0].insert(ORDERS, 12L, "BATCH");
              batch[0].commit();
              commit(o, 99L, "END");
            })
        .attach(oracle);
    Path journal = spill.resolve("journal");
    Position acknowledged;
    try (ScenarioHarness first = new ScenarioHarness(oracle, spill.resolve("first"))) {
      // Journaled at once, so the stored position passes BATCH's START: the restart never reads it.
      first
          .journal(FileTransactionJournal.open(journal))
          .set("cdc.users.exclude", "BATCH")
          .set("cdc.buffer.journal.after.ms", "0")
          .open(Position.start(start));
      first.awaitChange("INSERT SHOP.ORDERS [2, APP]");
      assertThat(first.changes())
          .containsExactly("INSERT SHOP.ORDERS [1, APP]", "INSERT SHOP.ORDERS [2, APP]");
      acknowledged = first.events.get(first.events.size() - 1).position();
    }
    try (ScenarioHarness second = new ScenarioHarness(oracle, spill.resolve("second"))) {
      second
          .journal(FileTransactionJournal.open(journal))
          .set("cdc.users.exclude", "BATCH")
          .set("cdc.buffer.journal.after.ms", "0")
          .open(acknowledged);
      restarted.set(true);
      second.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(PositionState.of(acknowledged).resumeScn().compareTo(Scn.of(batch[0].startScn())))
          .isPositive();
      assertThat(second.changes()).containsExactly("INSERT SHOP.ORDERS [99, END]");
    }
  }

  /** BATCH's open transaction, begun in a log before the one the capture will start in. */
  private static SimulatedTransaction batchBegunBeforeTheCapture(SimulatedOracle oracle)
      throws Exception {
    oracle.createTable(ScenarioHarness.orders());
    SimulatedTransaction batch = oracle.newTransaction().user("BATCH").begin();
    batch.insert(ORDERS, 10L, "BATCH");
    oracle.switchLogfile(1);
    commit(oracle, 5L, "BEFORE"); // the start lies inside the next log, past BATCH's START
    oracle.advance(java.time.Duration.ofSeconds(5));
    return batch;
  }

  private static void commit(SimulatedOracle o, long id, String status) {
    SimulatedTransaction tx = o.newTransaction().user("APP").begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }

  /**
   * A transaction begun before the capture's first mined log: its START is never mined, so every
   * row of it says UNKNOWN; its user comes from V$TRANSACTION joined with V$SESSION.
   */
  @Test
  void
      usernameUnknownInLaterSessions_excludedUsersTransactionBegunBeforeTheCapture_isNeverDelivered()
          throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(18).build();
    SimulatedTransaction batch = batchBegunBeforeTheCapture(oracle);
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> batch.insert(ORDERS, 11L, "BATCH"))
        .then(o -> commit(o, 1L, "APP"))
        .idle(4)
        .then(
            o -> {
              batch.insert(ORDERS, 12L, "BATCH");
              batch.commit();
              commit(o, 99L, "END");
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.users.exclude", "BATCH").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly("INSERT SHOP.ORDERS [1, APP]", "INSERT SHOP.ORDERS [99, END]");
    }
  }

  /**
   * The same transaction, but it ends while the capture is stopped: after the restart no view names
   * its user any more (it left V$TRANSACTION) and its rows still say UNKNOWN. The stored position
   * carries it, so its later rows stay excluded.
   */
  @Test
  void
      usernameUnknownInLaterSessions_excludedUsersTransactionBegunBeforeTheCaptureAndEndedWhileStopped_isNeverDelivered()
          throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(19).build();
    SimulatedTransaction batch = batchBegunBeforeTheCapture(oracle);
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> batch.insert(ORDERS, 11L, "BATCH"))
        .then(o -> commit(o, 1L, "APP"))
        .attach(oracle);
    Position acknowledged;
    try (ScenarioHarness first = new ScenarioHarness(oracle, spill.resolve("first"))) {
      first.set("cdc.users.exclude", "BATCH").open(Position.start(start));
      first.awaitChange("INSERT SHOP.ORDERS [1, APP]");
      acknowledged = first.events.get(first.events.size() - 1).position();
    }
    // While no capture runs: BATCH writes once more and commits, then the application goes on.
    batch.insert(ORDERS, 12L, "BATCH");
    batch.commit();
    commit(oracle, 99L, "END");
    assertThat(PositionState.of(acknowledged).excludedOpen()).containsExactly(batch.xid());
    assertThat(Position.fromMap(acknowledged.toMap())).isEqualTo(acknowledged);
    try (ScenarioHarness second = new ScenarioHarness(oracle, spill.resolve("second"))) {
      second.set("cdc.users.exclude", "BATCH").open(acknowledged);
      second.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(second.changes()).containsExactly("INSERT SHOP.ORDERS [99, END]");
      assertThat(second.stream.metrics().buffer().openTransactions()).isZero();
    }
  }
}
