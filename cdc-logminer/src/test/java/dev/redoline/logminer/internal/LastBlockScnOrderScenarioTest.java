package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static dev.redoline.logminer.internal.ScenarioHarness.commitOn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review 2, item b5: the records of one LGWR write are not in SCN order (a private strand copied at
 * its commit lands after records with higher SCNs; several public strands are written one after the
 * other). When such a write lands in a thread's last written block after the step read V$THREAD,
 * LogMiner's end SCN leaves out the records above it while returning a later one below it; a cursor
 * moved to the highest address returned then passed over the records left out, for ever.
 */
class LastBlockScnOrderScenarioTest {

  @TempDir Path spill;

  @Test
  void b5_aRecordAboveTheEndScnWrittenBeforeOneBelowItInTheLastBlock_isNotPassedOver()
      throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(52).rewritesPartialBlocks().blockSize(4096).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] strand = new SimulatedTransaction[1];
    new ScenarioScript()
        .then(o -> commitOn(o, 1, 1, "FIRST")) // leaves the thread's last block partly filled
        .then(
            o -> {
              // a change below the next step's end SCN, held in a private strand until its commit
              strand[0] = o.newTransaction().privateStrand().begin();
              strand[0].insert(ORDERS, 2L, "STRAND");
            })
        .idle(4)
        .then(
            o ->
                o.faults()
                    .atCall(
                        GatewayCall.QUERY,
                        1,
                        Fault.action(
                            "one LGWR write after the step read V$THREAD",
                            x -> {
                              // above the session's end SCN, but first in the write
                              commitOn(x, 1, 3, "LATER");
                              // below the end SCN, copied from its strand after it
                              strand[0].commit();
                            })))
        .idle(6)
        .then(o -> commitOn(o, 1, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, FIRST]",
              "INSERT SHOP.ORDERS [3, LATER]",
              "INSERT SHOP.ORDERS [2, STRAND]",
              "INSERT SHOP.ORDERS [99, END]");
      List<StreamEvent.ChangeEvent> changes = h.changeEvents();
      RedoAddress first = changes.get(0).commit().address();
      RedoAddress later = changes.get(1).change().address();
      RedoAddress strandChange = changes.get(2).change().address();
      // The scenario really wrote both into the block of the first commit, out of SCN order.
      assertThat(later.sequence()).isEqualTo(first.sequence());
      assertThat(later.block()).isEqualTo(first.block());
      assertThat(strandChange.block()).isEqualTo(first.block());
      assertThat(strandChange).isGreaterThan(later);
      assertThat(changes.get(2).change().scn()).isLessThan(changes.get(1).change().scn());
    }
  }
}
