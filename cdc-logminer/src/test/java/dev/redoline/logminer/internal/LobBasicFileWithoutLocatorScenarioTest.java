package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobCaptureScenarioTest.DOCS;
import static dev.redoline.logminer.internal.LobCaptureScenarioTest.bytes;
import static dev.redoline.logminer.internal.LobCaptureScenarioTest.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Marker;
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
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Review 2, b7: BasicFile LOBs stored out of row ({@code DISABLE STORAGE IN ROW}) write their
 * values with LOB_WRITE rows that no SEL_LOB_LOCATOR precedes (redpanda-data/connect PRs 4430 and
 * 4574), so no row names the column; they may also come before their INSERT, or with their columns
 * left out of it. Text goes to a CLOB or NCLOB column, bytes to a BLOB column, and a statement's
 * values of one kind to its columns in order when their numbers match; where they do not (an empty
 * LOB beside a written one), the capture stops with CDC-3050 naming the table, the columns and the
 * SCN rather than guess.
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
  void b7_aClobAndABlobWrittenWithoutLocators_areToldApartByWhatTheyWrite() throws Exception {
    // Failed on the engine before the writes' kind was read: CDC-3050 naming BODY and SCAN.
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(272)
            .lobWriteChunk(1500)
            .lobValuesInline()
            .basicFileWritesWithoutLocator()
            .build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn from = Scn.of(oracle.currentScn());
    String body = text(5000, 3);
    SimulatedTransaction tx = oracle.begin();
    tx.insert(DOCS, 1L, "two", body, bytes(9000, 4), null, null);
    tx.insert(DOCS, LAST, "last", null, null, null, null);
    tx.commit();

    List<Change> changes = captureUntilLast(oracle, from);

    assertThat(changes).hasSize(2);
    assertThat(changes.get(0).after())
        .isEqualTo(Row.of(1L, "two", body, bytes(9000, 4), null, null));
  }

  static final TableId LETTERS = TableId.of("SHOP", "LETTERS");

  /** Two CLOB columns and a BLOB: which CLOB a text value is written to only the order tells. */
  private static TableLayout letters() {
    return TableLayout.builder(LETTERS, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 40), true)
        .column("TITLE", OracleType.of(OracleType.Kind.CLOB), true)
        .column("BODY", OracleType.of(OracleType.Kind.CLOB), true)
        .column("SCAN", OracleType.of(OracleType.Kind.BLOB), true)
        .primaryKey("ID")
        .build();
  }

  /** Where an INSERT's BasicFile writes come and what its row shows for their columns. */
  enum Form {
    /** After the INSERT, which shows {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()}. */
    AFTER_MARKERS,
    /** After the INSERT, which leaves their columns out. */
    AFTER_INSERT_WITHOUT_THEM,
    /** Before the INSERT. */
    BEFORE_INSERT
  }

  @ParameterizedTest(name = "{0}, earlier LOB DML forms: {1}")
  @CsvSource({
    "AFTER_MARKERS, false",
    "AFTER_MARKERS, true",
    "AFTER_INSERT_WITHOUT_THEM, false",
    "AFTER_INSERT_WITHOUT_THEM, true",
    "BEFORE_INSERT, false",
    "BEFORE_INSERT, true"
  })
  void b7_severalLobColumnsWrittenWithoutLocators_takeTheirValuesInColumnOrder(
      Form form, boolean earlierForms) throws Exception {
    // Failed on the engine before values were placed in column order: CDC-3050 naming TITLE, BODY
    // and SCAN at the first INSERT (in the 23 Free forms every LOB column of an INSERT shows the
    // marker while the writes come); with the columns left out of the INSERT or the writes before
    // it, CDC-3006.
    SimulatedOracle.Builder builder =
        SimulatedOracle.builder().seed(273).lobWriteChunk(1500).basicFileWritesWithoutLocator();
    if (form == Form.AFTER_INSERT_WITHOUT_THEM) {
      builder.basicFileInsertsWithoutOutOfRowLobs();
    } else if (form == Form.BEFORE_INSERT) {
      builder.basicFileWritesBeforeInsert();
    }
    SimulatedOracle oracle = (earlierForms ? builder.lobValuesInline() : builder).build();
    oracle.createTable(letters());
    Scn from = Scn.of(oracle.currentScn());
    String t1 = text(7000, 1);
    String b1 = text(9000, 2);
    String b2 = text(6000, 3);
    String t3 = text(8000, 4);
    String t1b = text(5000, 5);
    String b1b = text(4500, 6);
    String b2b = text(8200, 7);
    SimulatedTransaction tx = oracle.begin();
    String one = tx.insert(LETTERS, 1L, "one", t1, b1, bytes(9000, 1));
    String two = tx.insert(LETTERS, 2L, "two", "short title", b2, null);
    tx.insert(LETTERS, 3L, "three", t3, null, bytes(10, 2));
    tx.update(LETTERS, one, Map.of("TITLE", t1b, "BODY", b1b)); // two values in one UPDATE
    tx.update(LETTERS, two, Map.of("NAME", "two'", "BODY", b2b)); // two UPDATE rows in 23 Free
    tx.insert(LETTERS, LAST, "last", null, null, null);
    tx.commit();

    List<Change> changes = captureUntilLast(oracle, from);

    assertThat(changes)
        .extracting(Change::operation)
        .containsExactly(
            Operation.INSERT,
            Operation.INSERT,
            Operation.INSERT,
            Operation.UPDATE,
            Operation.UPDATE,
            Operation.INSERT);
    assertThat(changes.get(0).after()).isEqualTo(Row.of(1L, "one", t1, b1, bytes(9000, 1)));
    assertThat(changes.get(1).after()).isEqualTo(Row.of(2L, "two", "short title", b2, null));
    assertThat(changes.get(2).after()).isEqualTo(Row.of(3L, "three", t3, null, bytes(10, 2)));
    assertThat(changes.get(3).after().get(2)).isEqualTo(t1b);
    assertThat(changes.get(3).after().get(3)).isEqualTo(b1b);
    assertThat(changes.get(4).after().get(1)).isEqualTo("two'");
    assertThat(changes.get(4).after().get(3)).isEqualTo(b2b);
  }

  @ParameterizedTest(name = "earlier LOB DML forms: {0}")
  @ValueSource(booleans = {false, true})
  void b7_aValueThatAnEmptyLobOfItsKindCouldAlsoTake_stopsWithCdc3050NamingThem(
      boolean earlierForms) throws Exception {
    SimulatedOracle.Builder builder =
        SimulatedOracle.builder().seed(274).lobWriteChunk(1500).basicFileWritesWithoutLocator();
    SimulatedOracle oracle = (earlierForms ? builder.lobValuesInline() : builder).build();
    oracle.createTable(letters());
    Scn from = Scn.of(oracle.currentScn());
    SimulatedTransaction tx = oracle.begin();
    // an empty CLOB shows the marker an out-of-row one does, and is never written
    tx.insert(LETTERS, 1L, "one", Marker.EMPTY_CLOB, text(5000, 3), null);
    tx.commit();

    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(from));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.LOB_WRITE_COLUMN_AMBIGUOUS);
      assertThat(stop.getMessage())
          .contains("TITLE, BODY of SHOP.LETTERS")
          .contains("1 values written for 2 columns")
          .contains("SCN");
      assertThat(h.changes()).isEmpty();
    }
  }

  @Test
  void b7_anUndecidableValueWithDeadLetters_isSetAsideAndItsInsertKeepsTheMarkers()
      throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(275)
            .lobWriteChunk(1500)
            .lobValuesInline()
            .basicFileWritesWithoutLocator()
            .build();
    oracle.createTable(letters());
    Scn from = Scn.of(oracle.currentScn());
    SimulatedTransaction tx = oracle.begin();
    tx.insert(LETTERS, 1L, "one", Marker.EMPTY_CLOB, text(5000, 3), null);
    tx.insert(LETTERS, LAST, "last", null, null, null);
    tx.commit();

    List<Change> changes;
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.on.decode.error", "dlq").open(Position.start(from));
      h.awaitEvents(ScenarioHarness.changeWhere(c -> isLast(c.after())));
      changes = h.changeEvents().stream().map(StreamEvent.ChangeEvent::change).toList();

      assertThat(h.deadLetters)
          .singleElement()
          .satisfies(
              d ->
                  assertThat(d.error().errorCode())
                      .isEqualTo(ErrorCode.LOB_WRITE_COLUMN_AMBIGUOUS));
    }
    assertThat(changes).hasSize(2);
    assertThat(changes.get(0).after())
        .isEqualTo(Row.of(1L, "one", Marker.EMPTY_CLOB, Marker.EMPTY_CLOB, null));
  }

  /**
   * A value written without a locator past {@code cdc.lob.max.bytes}, then the next LOB column's
   * value, with steps of one small log each, so that steps begin inside the writes after the one
   * that passed the limit: those writes must still be read, since a write from offset 1 among them
   * starts the next column's value. Before, a step that began while the value was over the limit
   * left every later write of its transaction undecoded, up to its next DML or locator row, and the
   * next column kept its marker.
   */
  @ParameterizedTest(name = "earlier LOB DML forms: {0}")
  @ValueSource(booleans = {false, true})
  void b7_aValueOverTheLimit_leavesTheNextColumnsValueWhole(boolean earlierForms) throws Exception {
    SimulatedOracle.Builder builder =
        SimulatedOracle.builder()
            .seed(276)
            .logBytes(16 * 1024)
            .lobWriteChunk(1500)
            .basicFileWritesWithoutLocator();
    SimulatedOracle oracle = (earlierForms ? builder.lobValuesInline() : builder).build();
    oracle.createTable(letters());
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn from = Scn.of(oracle.currentScn());
    String over = text(30000, 8); // 60,000 bytes stored: past the limit below, in 20 writes
    String body = text(3000, 9); // 6,000: out of row, within it
    Bytes scan = bytes(5000, 3);
    SimulatedTransaction tx = oracle.begin();
    tx.insert(DOCS, 1L, "one", over, scan, null, null); // a CLOB, then a BLOB
    tx.insert(LETTERS, 2L, "two", over, body, scan); // two CLOBs, then a BLOB
    tx.insert(LETTERS, LAST, "last", null, null, null);
    tx.commit();
    oracle.switchAllLogfiles();
    oracle.advance(java.time.Duration.ofSeconds(1)); // archived

    List<Change> changes;
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.lob.max.bytes", "12000")
          .set("cdc.mining.sessions", "1")
          .set("cdc.mining.max.logs.per.step", "1")
          .open(Position.start(from));
      h.awaitEvents(ScenarioHarness.changeWhere(c -> isLast(c.after())));
      changes = h.changeEvents().stream().map(StreamEvent.ChangeEvent::change).toList();
    }

    assertThat(changes).hasSize(3);
    assertThat(changes.get(0).after())
        .isEqualTo(Row.of(1L, "one", Marker.LOB_OVER_LIMIT, scan, null, null));
    assertThat(changes.get(1).after())
        .isEqualTo(Row.of(2L, "two", Marker.LOB_OVER_LIMIT, body, scan));
  }

  static final TableId SCANS = TableId.of("SHOP", "SCANS");

  /**
   * An excluded value written without a locator ends where the next value's writes begin: the BLOB
   * written after an excluded CLOB keeps its bytes, and the CLOB's text is never kept. Before, the
   * excluded value took every later write of its transaction, so the BLOB's writes went with it.
   */
  @ParameterizedTest(name = "earlier LOB DML forms: {0}")
  @ValueSource(booleans = {false, true})
  void b7_anExcludedValue_leavesTheNextColumnsValueWhole(boolean earlierForms) throws Exception {
    SimulatedOracle.Builder builder =
        SimulatedOracle.builder()
            .seed(277)
            .logBytes(16 * 1024)
            .lobWriteChunk(1500)
            .basicFileWritesWithoutLocator();
    SimulatedOracle oracle = (earlierForms ? builder.lobValuesInline() : builder).build();
    oracle.createTable(
        TableLayout.builder(SCANS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 40), true)
            .column("BODY", OracleType.of(OracleType.Kind.CLOB), true)
            .column("SCAN", OracleType.of(OracleType.Kind.BLOB), true)
            .primaryKey("ID")
            .build());
    Scn from = Scn.of(oracle.currentScn());
    String secret = "SENTINEL".repeat(1000); // 16,000 bytes stored: out of row, in several writes
    Bytes scan = bytes(5000, 3);
    SimulatedTransaction tx = oracle.begin();
    tx.insert(SCANS, 1L, "one", secret, scan);
    tx.insert(SCANS, LAST, "last", null, null);
    tx.commit();
    oracle.switchAllLogfiles();
    oracle.advance(java.time.Duration.ofSeconds(1)); // archived

    List<Change> changes;
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.columns.exclude", "SHOP.SCANS.BODY")
          .set("cdc.mining.sessions", "1")
          .open(Position.start(from));
      h.awaitEvents(ScenarioHarness.changeWhere(c -> isLast(c.after())));
      changes = h.changeEvents().stream().map(StreamEvent.ChangeEvent::change).toList();
    }

    assertThat(changes).hasSize(2);
    assertThat(changes.get(0).after()).isEqualTo(Row.of(1L, "one", Absent.EXCLUDED, scan));
  }

  private List<Change> captureUntilLast(SimulatedOracle oracle, Scn from) throws Exception {
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(from));
      h.awaitEvents(ScenarioHarness.changeWhere(c -> isLast(c.after())));
      return h.changeEvents().stream().map(StreamEvent.ChangeEvent::change).toList();
    }
  }

  private static boolean isLast(Row row) {
    return row != null && Long.valueOf(LAST).equals(row.get(0));
  }
}
