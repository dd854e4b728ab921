package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.internal.FileTransactionJournal;
import dev.redoline.buffer.internal.JournaledTransaction;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An acknowledgement takes effect when it arrives: the journal entry of a delivered transaction
 * goes while the capture thread is still inside a long mining query, not when its next step begins.
 */
class AcknowledgementScenarioTest {

  /** A bound on how long the held query waits for the test thread: a hang guard, not a timing. */
  private static final long HOLD_BOUND_SECONDS = 60;

  private static final int MAX_EMPTY_POLLS = 400;

  @TempDir Path spill;

  @Test
  void acknowledgementDuringABlockedQuery_dropsTheJournalEntryBeforeTheStepEnds() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(14).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] longOne = new SimulatedTransaction[1];
    AtomicBoolean delivered = new AtomicBoolean();
    CountDownLatch queryHeld = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    new ScenarioScript()
        .then(
            o -> {
              longOne[0] = o.newTransaction().begin();
              longOne[0].insert(ORDERS, 1L, "LONG");
            })
        .then(
            o -> { // a commit: the long one's row reaches the log with it
              SimulatedTransaction other = o.newTransaction().begin();
              other.insert(ORDERS, 2L, "OTHER");
              other.commit();
            })
        .idle(4) // steps pass: journaled (cdc.buffer.journal.after.ms=0)
        .then(o -> longOne[0].commit())
        .awaitCondition(delivered::get)
        .then(
            o ->
                o.faults()
                    .atCall(
                        GatewayCall.QUERY,
                        1,
                        Fault.action(
                            "a mining query that takes long",
                            x -> {
                              queryHeld.countDown();
                              try {
                                release.await(HOLD_BOUND_SECONDS, TimeUnit.SECONDS);
                              } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                              }
                            })))
        .attach(oracle);
    Path journalDir = spill.resolve("journal");
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("spill"))) {
      h.journal(FileTransactionJournal.open(journalDir))
          .set("cdc.buffer.journal.after.ms", "0")
          .open(Position.start(start));
      StreamEvent.ChangeEvent change = awaitChange(h, "LONG");
      Xid xid = change.commit().xid();
      delivered.set(true);
      try {
        assertThat(queryHeld.await(HOLD_BOUND_SECONDS, TimeUnit.SECONDS))
            .as("the next query was held")
            .isTrue();
        assertThat(journaled(journalDir)).as("journaled before the acknowledgement").contains(xid);

        h.stream.acknowledge(change.position());

        assertThat(queryHeld.getCount()).isZero();
        assertThat(release.getCount()).as("the step is still held").isOne();
        assertThat(journaled(journalDir))
            .as("journaled after the acknowledgement")
            .doesNotContain(xid);
      } finally {
        release.countDown();
      }
    }
  }

  /**
   * Polls, acknowledging nothing, until a change whose after image holds {@code status} arrives.
   */
  private static StreamEvent.ChangeEvent awaitChange(ScenarioHarness h, String status)
      throws InterruptedException {
    int empty = 0;
    while (true) {
      List<StreamEvent> batch = StreamEvents.flatten(h.stream.poll(Duration.ofMillis(50)));
      for (StreamEvent e : batch) {
        if (e instanceof StreamEvent.ChangeEvent c && status.equals(c.change().after().get(1))) {
          return c;
        }
      }
      if (batch.isEmpty() && (!h.stream.running() || ++empty > MAX_EMPTY_POLLS)) {
        throw new AssertionError(
            "no change arrived; ops: " + h.ops + "; faults: " + h.oracle.faults().fired());
      }
    }
  }

  /** The transactions the journal directory holds now, as a restart would load them. */
  private static List<Xid> journaled(Path directory) {
    List<Xid> out = new ArrayList<>();
    for (JournaledTransaction t : FileTransactionJournal.open(directory).load()) {
      out.add(t.transaction().xid());
    }
    return out;
  }
}
