package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.commitOn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Incarnation;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Review 2, item b4: an OPEN RESETLOGS (Data Guard failover, point-in-time recovery, FLASHBACK
 * DATABASE) restarts every thread's log sequence at 1 in a new incarnation that takes SCNs again
 * from its RESETLOGS SCN. The engine's cursors named no incarnation: a cursor of the parent found
 * no log at its sequence, so the capture reported itself caught up and delivered nothing (a silent
 * stall, then a skip once the new sequences passed the old cursor).
 */
class ResetlogsScenarioTest {

  @TempDir Path spill;

  /** A position stored before the RESETLOGS, at or below its SCN: the capture goes on. */
  @ParameterizedTest(name = "position names its incarnation: {0}")
  @ValueSource(booleans = {true, false})
  void b4_resetlogsAboveTheStoredPosition_parentTailThenNewIncarnationAreDelivered(boolean named)
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(4).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    Position stored;
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      commitOn(oracle, 1, 1, "DELIVERED");
      List<StreamEvent> events = h.awaitChange("INSERT SHOP.ORDERS [1, DELIVERED]");
      stored = events.get(events.size() - 1).position();
    }
    assertThat(PositionState.of(stored).incarnation()).isNotNull();
    commitOn(oracle, 1, 2, "KEPT");
    long kept = oracle.currentScn();
    commitOn(oracle, 1, 3, "DISCARDED");
    oracle.switchLogfile(1);
    oracle.openResetlogs(kept);
    commitOn(oracle, 1, 4, "NEW");

    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(named ? stored : PositionState.of(stored).withIncarnation(null).toPosition());
      List<StreamEvent> events = h.awaitChange("INSERT SHOP.ORDERS [4, NEW]");

      assertThat(h.changes())
          .containsExactly("INSERT SHOP.ORDERS [2, KEPT]", "INSERT SHOP.ORDERS [4, NEW]");
      assertThat(h.ops(OpsEvent.Type.RESETLOGS)).hasSize(1);
      Incarnation now = PositionState.of(events.get(events.size() - 1).position()).incarnation();
      assertThat(now).isNotEqualTo(PositionState.of(stored).incarnation());
      assertThat(now.resetlogsScn()).isEqualTo(Scn.of(kept + 1));
    }
  }

  /**
   * The capture runs through the RESETLOGS: what it had not mined yet below the SCN still comes.
   */
  @Test
  void b4_resetlogsWhileCapturing_unminedParentRedoBelowItIsDeliveredThenTheNewIncarnation()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(5).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      new ScenarioScript()
          .then(o -> commitOn(o, 1, 1, "FIRST"))
          .awaitCondition(() -> h.changes().contains("INSERT SHOP.ORDERS [1, FIRST]"))
          .then(
              o -> {
                // one action: the engine mines nothing between these
                commitOn(o, 1, 2, "KEPT");
                long kept = o.currentScn();
                commitOn(o, 1, 3, "DISCARDED");
                var open = o.begin();
                open.insert(ScenarioHarness.ORDERS, 5L, "OPEN");
                o.openResetlogs(kept);
              })
          .then(o -> commitOn(o, 1, 4, "NEW"))
          .attach(oracle);
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [4, NEW]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, FIRST]",
              "INSERT SHOP.ORDERS [2, KEPT]",
              "INSERT SHOP.ORDERS [4, NEW]");
      assertThat(h.ops(OpsEvent.Type.RESETLOGS)).hasSize(1);
    }
  }

  /**
   * A RESETLOGS below what the capture delivered: the consumers hold changes the database no longer
   * has, and the new incarnation reuses their SCNs. A typed stop, never a silent stall.
   */
  @Test
  void b4_resetlogsBelowWhatWasDelivered_stopsNamingBothIncarnationsAndScns() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(6).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    Position stored;
    long kept;
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      commitOn(oracle, 1, 1, "KEPT");
      kept = oracle.currentScn();
      commitOn(oracle, 1, 2, "DELIVERED");
      List<StreamEvent> events = h.awaitChange("INSERT SHOP.ORDERS [2, DELIVERED]");
      stored = events.get(events.size() - 1).position();
    }
    oracle.openResetlogs(kept);
    commitOn(oracle, 1, 3, "NEW");

    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(stored);
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.INCARNATION_DIVERGED);
      assertThat(stop.getMessage())
          .contains(PositionState.of(stored).incarnation().toString())
          .contains("RESETLOGS at SCN " + (kept + 1))
          .contains("commit at SCN " + PositionState.of(stored).lastCommit().scn());
      assertThat(h.changes()).isEmpty();
    }
  }
}
