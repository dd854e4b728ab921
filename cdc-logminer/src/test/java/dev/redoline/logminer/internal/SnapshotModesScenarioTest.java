package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cdc.snapshot.mode=when_needed}: a stored position whose redo is gone starts over with a
 * snapshot, and so does a running capture whose next log is deleted before it mined it.
 */
class SnapshotModesScenarioTest {

  @TempDir Path spill;

  /**
   * A database whose first archived log (holding the commit of row 2) is deleted; the SCN before
   * it.
   */
  private static Scn purgedAfter(SimulatedOracle oracle) throws SQLException {
    oracle.createTable(CaptureEngineTest.orders());
    commit(oracle, 1, "OLD");
    Scn start = Scn.of(oracle.currentScn());
    long sequence;
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      sequence = db.threads().get(0).sequence();
    }
    commit(oracle, 2, "GONE");
    for (int i = 0; i < 3; i++) {
      oracle.switchLogfile(1);
    }
    oracle.advance(Duration.ofSeconds(30)); // archived
    oracle.deleteArchive(1, sequence);
    commit(oracle, 3, "AFTER");
    return start;
  }

  private static void commit(SimulatedOracle oracle, long id, String status) {
    SimulatedTransaction tx = oracle.begin();
    tx.insert(CaptureEngineTest.ORDERS, id, status);
    tx.commit();
  }

  @Test
  void aTableWithoutKey_isReadInRowIdOrder_andAConfiguredKeyOrdersItInstead() throws Exception {
    for (String keys : new String[] {"", "SHOP.LOG:TXT"}) {
      SimulatedOracle oracle = SimulatedOracle.builder().seed(32).build();
      dev.redoline.core.TableId log =
          oracle.createTable(
              dev.redoline.core.TableLayout.builder(dev.redoline.core.TableId.of("SHOP", "LOG"), 1)
                  .column("ID", dev.redoline.core.OracleType.number(10, 0), true)
                  .column(
                      "TXT",
                      dev.redoline.core.OracleType.sized(
                          dev.redoline.core.OracleType.Kind.VARCHAR2, 10),
                      true)
                  .build());
      SimulatedTransaction tx = oracle.begin();
      String[] texts = {"e", "d", "c", "b", "a"};
      for (int i = 0; i < texts.length; i++) {
        tx.insert(log, (long) i + 1, texts[i]);
      }
      tx.commit();
      try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("k" + keys.length()))) {
        h.set("cdc.snapshot.chunk.rows", "2").set("cdc.message.key.columns", keys);
        h.open(null);
        h.awaitEvents(ScenarioHarness.changeCount(5));
        if (keys.isEmpty()) {
          assertThat(h.changeEvents())
              .extracting(c -> c.change().after().get(0))
              .containsExactly(1L, 2L, 3L, 4L, 5L);
          assertThat(h.changeEvents()).allSatisfy(c -> assertThat(c.change().rowId()).isNotNull());
          // ROWIDs are kept in the position as the key of the last row read
          assertThat(
                  PositionState.of(h.changeEvents().get(1).position())
                      .snapshot()
                      .tables()
                      .get(log)
                      .lastKey())
              .containsExactly(h.changeEvents().get(1).change().rowId());
        } else {
          assertThat(h.changeEvents())
              .extracting(c -> c.change().after().get(1))
              .containsExactly("a", "b", "c", "d", "e");
        }
      }
    }
  }

  @Test
  void whenNeeded_startsOverWithASnapshotOfEveryTable_whereInitialStopsWithCdc2002()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(31).build();
    Position stored = Position.start(purgedAfter(oracle));
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("a"))) {
      CaptureStream stream = h.open(stored);
      assertThatThrownBy(() -> h.awaitEvents(ScenarioHarness.changeCount(1)))
          .isInstanceOfSatisfying(
              CdcException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOG_PURGED));
      assertThat(stream).isNotNull();
    }
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("b"))) {
      h.set("cdc.snapshot.mode", "when_needed");
      h.open(stored);
      h.awaitEvents(ScenarioHarness.changeCount(3));
      assertThat(h.changeEvents())
          .extracting(c -> c.change().operation() + " " + c.change().after().get(0))
          .containsExactly("READ 1", "READ 2", "READ 3");
      assertThat(h.ops).anyMatch(e -> e.message().contains("when_needed starts over"));
      StreamEvent.ChangeEvent last = h.changeEvents().get(2);
      assertThat(PositionState.of(last.position()).snapshot().done(CaptureEngineTest.ORDERS))
          .isTrue();
      assertThat(last.change().operation()).isEqualTo(Operation.READ);
    }
  }

  /**
   * While the capture streams, row 2 is committed into a log that is switched out, archived and
   * deleted before the capture mines it: when_needed starts over at the current SCN (a new snapshot
   * holding rows 1 to 3), where initial stops with CDC-2002.
   */
  @Test
  void whenNeeded_aLogDeletedWhileRunning_startsOverWithASnapshot_whereInitialStopsWithCdc2002()
      throws Exception {
    for (String mode : new String[] {"initial", "when_needed"}) {
      SimulatedOracle oracle = SimulatedOracle.builder().seed(33).build();
      oracle.createTable(CaptureEngineTest.orders());
      commit(oracle, 1, "OLD");
      try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve(mode))) {
        h.set("cdc.snapshot.mode", mode);
        java.util.concurrent.atomic.AtomicBoolean purged =
            new java.util.concurrent.atomic.AtomicBoolean();
        new ScenarioScript()
            .awaitCondition(
                () -> h.events.stream().anyMatch(e -> e instanceof StreamEvent.ChangeEvent))
            .then(
                o -> {
                  try (LogMinerGateway db = SimulatorGateways.connect(o)) {
                    long sequence = db.threads().get(0).sequence();
                    commit(o, 2, "GONE");
                    for (int i = 0; i < 3; i++) {
                      o.switchLogfile(1);
                    }
                    o.deleteArchive(1, sequence);
                  } catch (SQLException e) {
                    throw new IllegalStateException(e);
                  }
                  commit(o, 3, "AFTER");
                  purged.set(true);
                })
            .attach(oracle);
        h.open(null);
        if (mode.equals("initial")) {
          assertThatThrownBy(() -> h.awaitEvents(ScenarioHarness.changeCount(4)))
              .isInstanceOfSatisfying(
                  CdcException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOG_PURGED));
          assertThat(purged).isTrue();
          continue;
        }
        h.awaitEvents(
            events ->
                h.changeEvents().stream()
                        .filter(c -> c.change().operation() == Operation.READ)
                        .count()
                    >= 4);
        // the first snapshot (row 1), then the new one: rows 1 to 3, row 2's INSERT never streamed
        assertThat(h.changeEvents())
            .extracting(c -> c.change().operation() + " " + c.change().after().get(0))
            .containsExactly("READ 1", "READ 1", "READ 2", "READ 3");
        assertThat(h.ops)
            .anyMatch(e -> e.message().contains("the redo of the capture's position is gone"));
      }
    }
  }
}
