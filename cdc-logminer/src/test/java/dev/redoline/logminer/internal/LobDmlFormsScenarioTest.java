package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobCaptureScenarioTest.DOCS;
import static dev.redoline.logminer.internal.LobCaptureScenarioTest.bytes;
import static dev.redoline.logminer.internal.LobCaptureScenarioTest.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review 2, part e: on a real Oracle Database 23 Free an INSERT into a table with LOB columns comes
 * as an INSERT showing {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()} and an UPDATE setting the values
 * (NULLs included), and an UPDATE of a LOB and another column as two UPDATE rows at one SCN (the
 * simulator's default forms). A user expects one change per statement: the INSERT carrying its LOB
 * values, one UPDATE.
 */
class LobDmlFormsScenarioTest {

  /** The last row each test inserts: once it is delivered, everything before it is. */
  private static final long LAST = 99L;

  @TempDir Path spill;

  private List<Change> capture(SimulatedOracle oracle, Scn from) throws Exception {
    SimulatedTransaction last = oracle.begin();
    last.insert(DOCS, LAST, "last", null, null, null, null);
    last.commit();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(from));
      h.awaitEvents(ScenarioHarness.changeWhere(c -> isLast(c.after())));
      return h.changeEvents().stream()
          .map(StreamEvent.ChangeEvent::change)
          .filter(c -> !isLast(c.after()) && !isLast(c.before()))
          .toList();
    }
  }

  private static boolean isLast(Row row) {
    return row != null && Long.valueOf(LAST).equals(row.get(0));
  }

  @Test
  void e_lobInsertAsEmptyLobsThenUpdate_isOneInsertCarryingItsValues() throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(261).lobWriteChunk(1500).lobDmlFormsOf23Free().build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    String body = text(5000, 1); // out of line: locator and writes
    Bytes scan = Bytes.fromHex("aabbccdd"); // in the row: set by the UPDATE
    SimulatedTransaction tx = oracle.begin();
    tx.insert(DOCS, 1L, "small", "Short CLOB text", scan, "\u00e9t\u00e9", null);
    tx.insert(DOCS, 2L, "nulls", null, null, null, null);
    tx.insert(DOCS, 3L, "medium", body, scan, null, "s");
    tx.commit();

    List<Change> changes = capture(oracle, Scn.of(1));

    assertThat(changes)
        .extracting(Change::operation)
        .containsExactly(Operation.INSERT, Operation.INSERT, Operation.INSERT);
    assertThat(changes.get(0).after())
        .isEqualTo(Row.of(1L, "small", "Short CLOB text", scan, "\u00e9t\u00e9", null));
    assertThat(changes.get(1).after()).isEqualTo(Row.of(2L, "nulls", null, null, null, null));
    assertThat(changes.get(2).after()).isEqualTo(Row.of(3L, "medium", body, scan, null, "s"));
  }

  @Test
  void e_updateOfALobAndAnotherColumnAsTwoUpdatesAtOneScn_isOneUpdate() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(262).lobDmlFormsOf23Free().build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    SimulatedTransaction setup = oracle.begin();
    String one = setup.insert(DOCS, 1L, "small", "Short CLOB text", null, null, null);
    String three = setup.insert(DOCS, 3L, "nulls", null, null, null, null);
    setup.commit();
    Scn from = Scn.of(oracle.currentScn());
    Bytes big = bytes(9000, 4);
    SimulatedTransaction tx = oracle.begin();
    tx.update(DOCS, one, ordered("BODY", "Updated CLOB text", "NAME", "updated"));
    tx.update(DOCS, three, ordered("BODY", "Was null, now has value", "SCAN", big));
    tx.commit();

    List<Change> changes = capture(oracle, from);

    assertThat(changes)
        .extracting(Change::operation)
        .containsExactly(Operation.UPDATE, Operation.UPDATE);
    Change first = changes.get(0);
    assertThat(first.before().get(1)).isEqualTo("small");
    assertThat(first.after().get(1)).isEqualTo("updated");
    assertThat(first.after().get(2)).isEqualTo("Updated CLOB text");
    assertThat(first.after().get(3)).isEqualTo(Absent.NOT_LOGGED); // not set: not logged
    Change second = changes.get(1);
    assertThat(second.after().get(2)).isEqualTo("Was null, now has value");
    assertThat(second.after().get(3)).isEqualTo(big);
  }

  /**
   * A savepoint rollback of a statement that came as two rows (and so has two undo rows) removes
   * that statement's one change, and nothing the transaction changed before it.
   */
  @Test
  void e_rollbackToSavepointOfATwoRowStatement_removesExactlyThatStatement() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(263).lobDmlFormsOf23Free().build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    SimulatedTransaction setup = oracle.begin();
    String one = setup.insert(DOCS, 1L, "small", "Short CLOB text", null, null, null);
    setup.commit();
    Scn from = Scn.of(oracle.currentScn());
    SimulatedTransaction tx = oracle.begin();
    tx.update(DOCS, one, Map.of("NAME", "kept"));
    String two = tx.insert(DOCS, 2L, "kept too", "x", null, null, null);
    tx.savepoint("S");
    tx.update(DOCS, one, ordered("BODY", "undone", "NAME", "undone"));
    tx.insert(DOCS, 4L, "undone", "y", null, null, null);
    tx.update(DOCS, two, ordered("BODY", "undone", "NAME", "undone"));
    tx.rollbackToSavepoint("S");
    tx.commit();

    List<Change> changes = capture(oracle, from);

    assertThat(changes)
        .extracting(Change::operation)
        .containsExactly(Operation.UPDATE, Operation.INSERT);
    assertThat(changes.get(0).after().get(1)).isEqualTo("kept");
    assertThat(changes.get(1).after()).isEqualTo(Row.of(2L, "kept too", "x", null, null, null));
  }

  /** The simulator's earlier forms (a knob) still give the same changes. */
  @Test
  void e_inlineForms_giveTheSameChanges() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(264).lobValuesInline().build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    SimulatedTransaction tx = oracle.begin();
    String one = tx.insert(DOCS, 1L, "small", "Short CLOB text", null, null, null);
    tx.update(DOCS, one, ordered("BODY", "Updated CLOB text", "NAME", "updated"));
    tx.commit();

    List<Change> changes = capture(oracle, Scn.of(1));

    assertThat(changes)
        .extracting(Change::operation)
        .containsExactly(Operation.INSERT, Operation.UPDATE);
    assertThat(changes.get(0).after())
        .isEqualTo(Row.of(1L, "small", "Short CLOB text", null, null, null));
    assertThat(changes.get(1).after().get(2)).isEqualTo("Updated CLOB text");
    assertThat(changes.get(1).after().get(1)).isEqualTo("updated");
  }

  private static Map<String, Object> ordered(String k1, Object v1, String k2, Object v2) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(k1, v1);
    m.put(k2, v2);
    return m;
  }
}
