package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine on the {@code stress} workload: two RAC threads, frequent log switches, private
 * strands, long and huge transactions, and seeded faults (connection resets and online logs reused
 * while read during fetches, PGA exhaustion at START_LOGMNR). It must keep going: every fault
 * recovered, transactions in commit order, each delivered once.
 */
class StressWorkloadEngineTest {

  @TempDir Path spill;

  @Test
  void stress_runsThroughFaultsDeliveringEachTransactionOnceInCommitOrder() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=5");
    oracle
        .faults()
        .withProbability(GatewayCall.NEXT, 0.0003, Fault.connectionReset())
        .withProbability(GatewayCall.NEXT, 0.0003, Fault.onlineLogReused())
        .withProbability(GatewayCall.START_LOGMNR, 0.01, Fault.error(4036));
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.tables.include", "SHOP.*").set("cdc.retry.backoff.initial.ms", "100");
      h.open(null);
      h.awaitEvents(
          events ->
              events.stream().filter(e -> e instanceof StreamEvent.ChangeEvent).count() >= 15000);
      List<StreamEvent.ChangeEvent> changes = h.changeEvents();
      Set<Object> commits = new HashSet<>();
      StreamEvent.ChangeEvent previous = null;
      for (StreamEvent.ChangeEvent c : changes) {
        if (c.snapshot() != null) {
          continue; // the initial snapshot's chunks: read, not committed transactions
        }
        if (previous != null && !previous.commit().equals(c.commit())) {
          assertThat(previous.last())
              .as("transaction %s ends before the next", previous.commit().xid())
              .isTrue();
          assertThat(c.commit().mark()).isGreaterThan(previous.commit().mark());
          assertThat(commits.add(c.commit().mark())).as("delivered once: %s", c.commit()).isTrue();
        }
        if (previous == null) {
          commits.add(c.commit().mark());
        }
        previous = c;
      }
      assertThat(h.stream.running()).isTrue();
      assertThat(h.ops).as("reconnected").anyMatch(o -> o.type() == OpsEvent.Type.RECONNECT);
      assertThat(h.ops).as("mined a step again").anyMatch(o -> o.type() == OpsEvent.Type.REMINE);
    }
  }
}
