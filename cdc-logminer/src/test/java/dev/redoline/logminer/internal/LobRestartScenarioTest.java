package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.internal.FileTransactionJournal;
import dev.redoline.buffer.internal.JournaledTransaction;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transaction reloaded from the journal after a restart: a DBMS_LOB call in it on a row whose
 * whole value it set before the journal point still knows that value.
 */
class LobRestartScenarioTest {

  static final TableId DOCS = LobCaptureScenarioTest.DOCS;
  static final TableId ORDERS = TableId.of("SHOP", "ORDERS");

  @TempDir Path spill;

  private static void commit(SimulatedOracle o, long id, String status) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }

  @Test
  void dbmsLobCall_afterTheJournalReloadedItsTransaction_knowsTheWholeValueSetBefore()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(21).lobWriteChunk(1500).build();
    oracle.createTable(ScenarioHarness.orders());
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] doc = new SimulatedTransaction[1];
    String[] rowId = new String[1];
    AtomicBoolean restarted = new AtomicBoolean();
    new ScenarioScript()
        .then(
            o -> {
              doc[0] = o.begin();
              rowId[0] =
                  doc[0].insert(
                      DOCS,
                      1L,
                      "d",
                      LobCaptureScenarioTest.text(5000, 3),
                      LobCaptureScenarioTest.bytes(4500, 4),
                      null,
                      null);
              doc[0].insert(
                  DOCS, 2L, "e", null, null, null, null); // ends the first statement's LOB rows
              // ends the second's: an INSERT into a LOB table is held until the transaction's
              // next row, since its LOB values come by an UPDATE row after it
              doc[0].insert(ORDERS, 3L, "x");
            })
        .then(o -> commit(o, 1L, "A"))
        .idle(4)
        .then(o -> commit(o, 2L, "B"))
        .awaitCondition(restarted::get)
        .then(
            o -> {
              doc[0].lobWrite(DOCS, rowId[0], "BODY", 4990, "tail that grows it");
              doc[0].lobErase(DOCS, rowId[0], "SCAN", 10, 20);
              doc[0].commit();
              commit(o, 99L, "END");
            })
        .attach(oracle);
    Path journal = spill.resolve("journal");
    Position acknowledged;
    try (ScenarioHarness first = new ScenarioHarness(oracle, spill.resolve("first"))) {
      first
          .journal(FileTransactionJournal.open(journal))
          .set("cdc.buffer.journal.after.ms", "0")
          .open(Position.start(start));
      first.awaitChange("INSERT SHOP.ORDERS [2, B]");
      acknowledged = first.events.get(first.events.size() - 1).position();
    }
    // the restart starts past the document transaction's first rows: it is reloaded, not re-read
    JournaledTransaction reloaded =
        FileTransactionJournal.open(journal).load().stream()
            .filter(t -> t.transaction().startScn().equals(Scn.of(doc[0].startScn())))
            .findFirst()
            .orElseThrow();
    assertThat(PositionState.of(acknowledged).resume().get(1)).isGreaterThan(reloaded.upTo());
    try (ScenarioHarness second = new ScenarioHarness(oracle, spill.resolve("second"))) {
      second
          .journal(FileTransactionJournal.open(journal))
          .set("cdc.buffer.journal.after.ms", "0")
          .open(acknowledged);
      restarted.set(true);
      second.awaitChange("INSERT SHOP.ORDERS [99, END]");

      List<Change> docs =
          second.changeEvents().stream()
              .map(StreamEvent.ChangeEvent::change)
              .filter(c -> c.table().equals(DOCS))
              .toList();
      assertThat(docs)
          .extracting(Change::operation)
          .containsExactly(Operation.INSERT, Operation.INSERT, Operation.UPDATE, Operation.UPDATE);
      Object body = oracle.row(DOCS, rowId[0]).get(2);
      Object scan = oracle.row(DOCS, rowId[0]).get(3);
      assertThat(docs.get(2).after().get(2)).isEqualTo(body);
      assertThat(docs.get(3).after().get(3)).isEqualTo(scan);
      assertThat((String) body).endsWith("tail that grows it").hasSize(4989 + 18);
    }
  }
}
