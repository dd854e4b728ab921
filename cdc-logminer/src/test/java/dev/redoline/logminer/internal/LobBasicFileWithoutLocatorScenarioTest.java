package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobCaptureScenarioTest.DOCS;
import static dev.redoline.logminer.internal.LobCaptureScenarioTest.bytes;
import static dev.redoline.logminer.internal.LobCaptureScenarioTest.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Review 2, b7: BasicFile LOBs stored out of row ({@code DISABLE STORAGE IN ROW}) write their
 * values with LOB_WRITE rows that no SEL_LOB_LOCATOR precedes (redpanda-data/connect PRs 4430 and
 * 4574), so no row names the column. In a table with one CLOB, NCLOB or BLOB column the writes
 * belong to it; where several columns of the change before them could take them, the capture stops
 * with CDC-3050 naming the table, the columns and the SCN rather than guess.
 */
class LobBasicFileWithoutLocatorScenarioTest {

  static final TableId NOTES = TableId.of("SHOP", "NOTES");

  /** The last row each test inserts: once it is delivered, everything before it is. */
  private static final long LAST = 99L;

  @TempDir Path spill;

  private static TableLayout notes() {
    return TableLayout.builder(NOTES, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 40), true)
        .column("BODY", OracleType.of(OracleType.Kind.CLOB), true)
        .primaryKey("ID")
        .build();
  }

  @ParameterizedTest(name = "earlier LOB DML forms: {0}")
  @ValueSource(booleans = {false, true})
  void b7_writesWithoutALocatorInATableWithOneLob_areAssembledIntoIt(boolean earlierForms)
      throws Exception {
    SimulatedOracle.Builder builder =
        SimulatedOracle.builder().seed(271).lobWriteChunk(1500).basicFileWritesWithoutLocator();
    SimulatedOracle oracle = (earlierForms ? builder.lobValuesInline() : builder).build();
    oracle.createTable(notes());
    Scn from = Scn.of(oracle.currentScn());
    String first = text(9000, 1); // out of line: writes only
    String second = text(6000, 2);
    SimulatedTransaction tx = oracle.begin();
    String one = tx.insert(NOTES, 1L, "one", first);
    tx.insert(NOTES, 2L, "two", "short"); // in the row
    tx.update(NOTES, one, Map.of("BODY", second));
    tx.insert(NOTES, LAST, "last", null);
    tx.commit();

    List<Change> changes;
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(from));
      h.awaitEvents(ScenarioHarness.changeWhere(c -> isLast(c.after())));
      changes = h.changeEvents().stream().map(StreamEvent.ChangeEvent::change).toList();
    }

    assertThat(changes)
        .extracting(Change::operation)
        .containsExactly(Operation.INSERT, Operation.INSERT, Operation.UPDATE, Operation.INSERT);
    assertThat(changes.get(0).after()).isEqualTo(Row.of(1L, "one", first));
    assertThat(changes.get(1).after()).isEqualTo(Row.of(2L, "two", "short"));
    assertThat(changes.get(2).after().get(2)).isEqualTo(second);
  }

  @Test
  void b7_writesWithoutALocatorThatSeveralLobColumnsCouldTake_stopWithCdc3050NamingThem()
      throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(272)
            .lobWriteChunk(1500)
            .lobValuesInline()
            .basicFileWritesWithoutLocator()
            .build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn from = Scn.of(oracle.currentScn());
    SimulatedTransaction tx = oracle.begin();
    tx.insert(DOCS, 1L, "two", text(5000, 3), bytes(9000, 4), null, null);
    tx.commit();

    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(from));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.LOB_WRITE_COLUMN_AMBIGUOUS);
      assertThat(stop.getMessage())
          .contains("SHOP.DOCS")
          .contains("BODY, SCAN of SHOP.DOCS")
          .contains("SCN");
      assertThat(h.changes()).isEmpty();
    }
  }

  private static boolean isLast(Row row) {
    return row != null && Long.valueOf(LAST).equals(row.get(0));
  }
}
