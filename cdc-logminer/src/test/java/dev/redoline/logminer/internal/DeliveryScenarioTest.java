package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What reaches the sink besides changes: heartbeats on a quiet capture, and dead letters. */
class DeliveryScenarioTest {

  static final TableId LEDGER = TableId.of("ACCT", "LEDGER");

  @TempDir Path spill;

  private static void commitOne(SimulatedOracle o, TableId table, long id, String status) {
    SimulatedTransaction tx = o.begin();
    tx.insert(table, id, status);
    tx.commit();
  }

  @Test
  void heartbeats_arriveWhenNothingCapturedChangesAndTheirPositionsMove() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(71).build();
    oracle.createTable(ScenarioHarness.orders());
    oracle.createTable(
        TableLayout.builder(LEDGER, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 10), true)
            .primaryKey("ID")
            .build());
    Scn start = Scn.of(oracle.currentScn());
    ScenarioScript script = new ScenarioScript().then(o -> commitOne(o, ORDERS, 1, "ONLY"));
    for (long id = 1; id <= 30; id++) {
      long row = id;
      script.then(o -> commitOne(o, LEDGER, row, "NOT_CAPTURED")); // the SCN and the redo move on
    }
    script.attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.heartbeat.interval.ms", "1000").open(Position.start(start));
      h.awaitEvents(events -> h.eventsOf(StreamEvent.Heartbeat.class).size() >= 4);

      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [1, ONLY]");
      // The first four heartbeats fall while the uncaptured traffic runs (the capture may be
      // further on by now).
      List<StreamEvent.Heartbeat> beats = h.eventsOf(StreamEvent.Heartbeat.class).subList(0, 4);
      StreamEvent.ChangeEvent only = h.changeEvents().get(0);
      for (int i = 1; i < beats.size(); i++) {
        Position before = beats.get(i - 1).position();
        Position after = beats.get(i).position();
        assertThat(Duration.between(beats.get(i - 1).time(), beats.get(i).time()))
            .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        RedoAddress was = PositionState.of(before).resume().get(1);
        assertThat(PositionState.of(after).resume().get(1))
            .as("resume address of heartbeat %s", i)
            .isGreaterThan(was);
        assertThat(PositionState.of(after).resumeScn())
            .isGreaterThanOrEqualTo(PositionState.of(before).resumeScn());
      }
      assertThat(beats)
          .allSatisfy(
              b ->
                  assertThat(PositionState.of(b.position()).lastCommit())
                      .isEqualTo(only.commit().mark()));
      assertThat(PositionState.of(beats.get(beats.size() - 1).position()).resume().get(1))
          .isGreaterThan(PositionState.of(only.position()).resume().get(1));
    }
  }

  @Test
  void deadLetters_anUnsupportedRowGoesToTheSinkWithAnOpsEventAndTheRestIsDelivered()
      throws Exception {
    SimulatedOracle oracle = unsupportedRowWorkload(72);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.on.decode.error", "dlq").open(Position.start(start(oracle)));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, BEFORE]",
              "INSERT SHOP.ORDERS [2, A]",
              "INSERT SHOP.ORDERS [3, B]",
              "INSERT SHOP.ORDERS [99, END]");
      assertThat(h.changeEvents().get(1).commit().size()).isEqualTo(2);
      assertThat(h.deadLetters)
          .singleElement()
          .satisfies(
              d -> {
                assertThat(d.row().operationCode()).isEqualTo(RedoRow.UNSUPPORTED);
                assertThat(d.row().sqlRedo()).isEqualTo("Unsupported");
                assertThat(d.error().errorCode()).isEqualTo(ErrorCode.REDO_NOT_RELIABLE);
                assertThat(d.error().xid()).isEqualTo(h.changeEvents().get(1).commit().xid());
              });
      RedoRow row = h.deadLetters.get(0).row();
      assertThat(h.ops(OpsEvent.Type.DEAD_LETTER))
          .extracting(OpsEvent::message)
          .containsExactly(
              "CDC-3004 row at "
                  + row.address()
                  + " (scn "
                  + row.scn()
                  + ", xid "
                  + row.xid()
                  + ") sent to the dead letter destination");
    }
  }

  @Test
  void deadLetters_withFailTheUnsupportedRowStopsTheCaptureWithCdc3004() throws Exception {
    SimulatedOracle oracle = unsupportedRowWorkload(73);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.on.decode.error", "fail").open(Position.start(start(oracle)));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.REDO_NOT_RELIABLE);
      assertThat(stop.getMessage()).startsWith("CDC-3004 ").contains("UNSUPPORTED");
      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [1, BEFORE]");
      assertThat(h.deadLetters).isEmpty();
      assertThat(h.ops(OpsEvent.Type.DEAD_LETTER)).isEmpty();
    }
  }

  @Test
  void deadLetters_dictionaryMismatchRowsAreDecodedNotDeadLettered() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(74).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 1L, "OLD");
              tx.insert(ORDERS, 2L, "OLD");
              tx.commit();
              // Altered before the engine mined the rows above: they come back as Dictionary
              // Mismatch.
              o.schema().addColumn(ORDERS, "NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 20));
              SimulatedTransaction after = o.begin();
              after.insert(ORDERS, 99L, "END", "x");
              after.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.on.decode.error", "dlq").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END, x]");

      // The rows written before the ALTER come back as Dictionary Mismatch rows ("UNKNOWN"."OBJ#
      // n",
      // "COL n", HEXTORAW): they decode by position with the layout of their time, so nothing is
      // dead-lettered even under dlq.
      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, OLD]",
              "INSERT SHOP.ORDERS [2, OLD]",
              "INSERT SHOP.ORDERS [99, END, x]");
      assertThat(h.deadLetters).isEmpty();
      assertThat(h.ops(OpsEvent.Type.DEAD_LETTER)).isEmpty();
    }
  }

  /** BEFORE, then a transaction with an UNSUPPORTED row between two inserts, then END. */
  private static SimulatedOracle unsupportedRowWorkload(long seed) {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(seed).build();
    oracle.createTable(ScenarioHarness.orders());
    new ScenarioScript()
        .then(o -> commitOne(o, ORDERS, 1, "BEFORE"))
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 2L, "A");
              tx.unsupported(ORDERS);
              tx.insert(ORDERS, 3L, "B");
              tx.commit();
            })
        .then(o -> commitOne(o, ORDERS, 99, "END"))
        .attach(oracle);
    return oracle;
  }

  private static Scn start(SimulatedOracle oracle) {
    return Scn.of(oracle.currentScn());
  }
}
