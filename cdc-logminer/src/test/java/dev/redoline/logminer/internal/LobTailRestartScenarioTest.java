package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restart position can fall inside a LOB statement of a transaction delivered before it: a log
 * switch during the statement's LOB_WRITE rows flushes an open private-strand transaction's first
 * row between them, and that open transaction holds the resume address there. The restart reads the
 * delivered transaction's last LOB_WRITE rows again without their SEL_LOB_LOCATOR; they are left
 * out with the transaction, not an error (CDC-3006).
 */
class LobTailRestartScenarioTest {

  static final TableId DOCS = LobCaptureScenarioTest.DOCS;
  static final TableId ORDERS = TableId.of("SHOP", "ORDERS");

  @TempDir Path spill;

  @Test
  void restartInsideDeliveredLobStatement_readsItsTailAgainWithoutError() throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(3).logBytes(64 * 1024).lobWriteChunk(1000).build();
    oracle.createTable(ScenarioHarness.orders());
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] open = new SimulatedTransaction[1];
    AtomicBoolean restarted = new AtomicBoolean();
    String body = LobCaptureScenarioTest.text(150_000, 5);
    new ScenarioScript()
        .then(
            o -> {
              open[0] = o.newTransaction().privateStrand().begin();
              open[0].insert(ORDERS, 10L, "OPEN"); // in its strand until a log switch flushes it
            })
        .then(
            o -> {
              SimulatedTransaction doc = o.begin();
              doc.insert(
                  DOCS, 1L, "d", body, null, null, null); // its LOB_WRITEs fill logs: switches
              doc.commit();
              SimulatedTransaction after = o.begin();
              after.insert(ORDERS, 1L, "A");
              after.commit();
            })
        .awaitCondition(restarted::get)
        .then(
            o -> {
              open[0].commit();
              SimulatedTransaction end = o.begin();
              end.insert(ORDERS, 99L, "END");
              end.commit();
            })
        .attach(oracle);
    Position acknowledged;
    try (ScenarioHarness first = new ScenarioHarness(oracle, spill.resolve("first"))) {
      first.open(Position.start(start));
      first.awaitChange("INSERT SHOP.ORDERS [1, A]");
      acknowledged = first.events.get(first.events.size() - 1).position();
      assertThat(first.changes()).anyMatch(c -> c.startsWith("INSERT SHOP.DOCS [1, d"));
    }
    try (ScenarioHarness second = new ScenarioHarness(oracle, spill.resolve("second"))) {
      second.open(acknowledged);
      restarted.set(true);
      second.awaitChange("INSERT SHOP.ORDERS [99, END]");
      assertThat(second.changes())
          .noneMatch(c -> c.startsWith("INSERT SHOP.DOCS"))
          .anyMatch(c -> c.equals("INSERT SHOP.ORDERS [10, OPEN]"));
      assertThat(second.deadLetters).isEmpty();
    }
  }
}
