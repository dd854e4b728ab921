package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static dev.redoline.logminer.internal.ScenarioHarness.commitOn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.internal.FileTransactionJournal;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long transaction journaled before a restart, whose only row the restarted capture reads is its
 * COMMIT: it waits in the commit sequencer (RAC: the other thread's redo is not yet complete up to
 * its commit) while an earlier commit of the other thread is delivered. The position of that
 * delivery must still lead a second restart back to the waiting transaction's COMMIT, or the
 * transaction, reloaded from the journal again, never commits.
 */
class JournaledCommitRestartScenarioTest {

  private static final String END = "INSERT SHOP.ORDERS [99, END]";
  private static final String OTHER_THREAD = "INSERT SHOP.ORDERS [20, THREAD2]";

  @TempDir Path spill;

  /**
   * The long transaction's rows fill a log of thread 1 of their own, then a commit of thread 1 lets
   * the first capture's position pass them (journaled: {@code cdc.buffer.journal.after.ms=0}); once
   * {@code restarted} holds, thread 2 commits, the long transaction commits after it, and thread 1
   * moves on to a new log, in one step.
   */
  private static SimulatedOracle scenario(BooleanSupplier restarted) throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(23).threads(2).build();
    oracle.createTable(ScenarioHarness.orders());
    SimulatedTransaction[] longTx = new SimulatedTransaction[1];
    new ScenarioScript()
        .then(
            o -> {
              longTx[0] = o.newTransaction().thread(1).begin();
              longTx[0].insert(ORDERS, 1L, "LONG");
              longTx[0].insert(ORDERS, 2L, "LONG");
              o.switchLogfile(1);
            })
        .idle(4)
        .then(o -> commitOn(o, 1, 10L, "BEFORE"))
        .awaitCondition(restarted)
        .then(
            o -> {
              commitOn(o, 2, 20L, "THREAD2");
              longTx[0].commit();
              o.switchLogfile(1);
              commitOn(o, 1, 30L, "AFTER");
            })
        .idle(10)
        .then(o -> commitOn(o, 2, 99L, "END"))
        .attach(oracle);
    return oracle;
  }

  private ScenarioHarness harness(SimulatedOracle oracle, String run, Path journal) {
    return new ScenarioHarness(oracle, spill.resolve(run))
        .journal(FileTransactionJournal.open(journal))
        .set("cdc.buffer.journal.after.ms", "0");
  }

  @Test
  void journaledTransactionWhoseCommitAloneWasReadAgain_survivesAKillWhileItsCommitWaits()
      throws Exception {
    List<String> unbroken;
    SimulatedOracle once = scenario(() -> true);
    try (ScenarioHarness h = harness(once, "unbroken", spill.resolve("unbroken-journal"))) {
      h.open(Position.start(Scn.of(once.currentScn())));
      h.awaitChange(END);
      unbroken = h.changes();
    }
    assertThat(unbroken)
        .containsExactly(
            "INSERT SHOP.ORDERS [10, BEFORE]",
            OTHER_THREAD,
            "INSERT SHOP.ORDERS [1, LONG]",
            "INSERT SHOP.ORDERS [2, LONG]",
            "INSERT SHOP.ORDERS [30, AFTER]",
            END);

    AtomicBoolean restarted = new AtomicBoolean();
    SimulatedOracle oracle = scenario(restarted::get);
    Scn start = Scn.of(oracle.currentScn());
    Path journal = spill.resolve("journal");
    List<String> delivered = new ArrayList<>();
    Position beforeCommit;
    try (ScenarioHarness first = harness(oracle, "first", journal)) {
      first.open(Position.start(start));
      first.awaitChange("INSERT SHOP.ORDERS [10, BEFORE]");
      delivered.addAll(first.changes());
      beforeCommit = first.events.get(first.events.size() - 1).position();
    }
    Position whileCommitWaits;
    try (ScenarioHarness second = harness(oracle, "second", journal)) {
      second.open(beforeCommit);
      restarted.set(true);
      second.awaitUnacknowledged(events -> second.changes().contains(OTHER_THREAD));
      StreamEvent.ChangeEvent other =
          second.changeEvents().stream()
              .filter(c -> ScenarioHarness.describe(c.change()).equals(OTHER_THREAD))
              .findFirst()
              .orElseThrow();
      // The sink acknowledges thread 2's transaction, then the process is killed.
      whileCommitWaits = other.position();
      second.stream.acknowledge(whileCommitWaits);
      delivered.add(OTHER_THREAD);
      // The premise: thread 2's commit came first, and the first position passed the long
      // transaction's rows, so the second capture read only its COMMIT.
      assertThat(second.changes().get(0)).isEqualTo(OTHER_THREAD);
      assertThat(PositionState.of(beforeCommit).resume().get(1).sequence())
          .isGreaterThan(first(second, "INSERT SHOP.ORDERS [1, LONG]").sequence());
    }
    try (ScenarioHarness third = harness(oracle, "third", journal)) {
      third.open(whileCommitWaits);
      third.awaitChange(END);
      delivered.addAll(third.changes());
    }
    assertThat(delivered).as("what the broken run delivered").isEqualTo(unbroken);
  }

  /** Where the change {@code description} was read, from what {@code h} received. */
  private static dev.redoline.core.RedoAddress first(ScenarioHarness h, String description)
      throws InterruptedException {
    h.awaitUnacknowledged(events -> h.changes().contains(description));
    return h.changeEvents().stream()
        .filter(c -> ScenarioHarness.describe(c.change()).equals(description))
        .findFirst()
        .orElseThrow()
        .change()
        .address();
  }
}
