package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
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

/** LOB content assembled from the simulator's LOB rows into the changes they belong to. */
class LobCaptureScenarioTest {

  static final TableId DOCS = TableId.of("SHOP", "DOCS");

  @TempDir Path spill;

  static TableLayout docs() {
    return TableLayout.builder(DOCS, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("NAME", OracleType.sized(Kind.VARCHAR2, 40), true)
        .column("BODY", OracleType.of(Kind.CLOB), true)
        .column("SCAN", OracleType.of(Kind.BLOB), true)
        .column("NOTE", OracleType.of(Kind.NCLOB), true)
        .column("SECRET", OracleType.of(Kind.CLOB), true)
        .primaryKey("ID")
        .build();
  }

  static String text(int n, int seed) {
    StringBuilder sb = new StringBuilder(n);
    String alphabet = "abc 'xyz\u00e9\u20ac\u65e5\n";
    for (int i = 0; i < n; i++) {
      sb.append(alphabet.charAt((i * 31 + seed) % alphabet.length()));
    }
    return sb.toString();
  }

  static Bytes bytes(int n, int seed) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (i * 7 + seed);
    }
    return Bytes.of(b);
  }

  private List<Change> capture(SimulatedOracle oracle, int changes, Map<String, String> settings)
      throws Exception {
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      settings.forEach(h::set);
      h.open(Position.start(Scn.of(1)));
      h.awaitEvents(ScenarioHarness.changeCount(changes));
      return h.changeEvents().stream().map(StreamEvent.ChangeEvent::change).toList();
    }
  }

  @Test
  void insert_outOfLineLobs_arriveInTheInsert() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(5).lobWriteChunk(1000).build();
    oracle.createTable(docs());
    String body = text(5000, 1);
    Bytes scan = bytes(6000, 2);
    String note = text(2500, 3);
    SimulatedTransaction tx = oracle.begin();
    tx.insert(DOCS, 1L, "big", body, scan, note, null);
    tx.insert(DOCS, 2L, "small", "tiny", Bytes.fromHex("0e"), "\u00e9", null);
    tx.insert(DOCS, 3L, "empty", "", null, null, null);
    tx.commit();

    List<Change> changes = capture(oracle, 3, Map.of());
    assertThat(changes)
        .extracting(Change::operation)
        .containsExactly(Operation.INSERT, Operation.INSERT, Operation.INSERT);
    assertThat(changes.get(0).after()).isEqualTo(Row.of(1L, "big", body, scan, note, null));
    assertThat(changes.get(1).after())
        .isEqualTo(Row.of(2L, "small", "tiny", Bytes.fromHex("0e"), "\u00e9", null));
    assertThat(changes.get(2).after()).isEqualTo(Row.of(3L, "empty", null, null, null, null));
  }

  @Test
  void dbmsLobCalls_onARowOfAnEarlierTransaction_areNotLoggedUntilKnown() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(6).build();
    oracle.createTable(docs());
    SimulatedTransaction setup = oracle.begin();
    String rowId = setup.insert(DOCS, 1L, "d", text(4500, 4), null, null, null);
    setup.commit();
    SimulatedTransaction tx = oracle.begin();
    tx.lobWrite(DOCS, rowId, "BODY", 10, "XYZ"); // the rest of the LOB is not in this redo
    tx.lobTrim(DOCS, rowId, "BODY", 0); // emptied: known again
    tx.lobWrite(DOCS, rowId, "BODY", 3, "ab"); // "  ab"
    tx.commit();

    List<Change> changes = capture(oracle, 4, Map.of());
    assertThat(changes.get(1).operation()).isEqualTo(Operation.UPDATE);
    assertThat(changes.get(1).after().get(2)).isEqualTo(Absent.NOT_LOGGED);
    assertThat(changes.get(1).before().get(0)).isEqualTo(1L);
    assertThat(changes.get(2).after().get(2)).isEqualTo("");
    assertThat(changes.get(3).after().get(2))
        .isEqualTo("  ab")
        .isEqualTo(oracle.rows(DOCS).get(0).get(2));
  }

  @Test
  void writesInTheSameTransaction_holesTrimEraseAndSavepointRollback() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(7).lobWriteChunk(700).build();
    oracle.createTable(docs());
    SimulatedTransaction tx = oracle.begin();
    String rowId = tx.insert(DOCS, 1L, "d", text(4100, 5), null, null, null);
    tx.lobWrite(DOCS, rowId, "BODY", 4200, "END"); // a hole of 99 spaces
    tx.lobErase(DOCS, rowId, "BODY", 2, 5);
    tx.lobTrim(DOCS, rowId, "BODY", 4150);
    tx.savepoint("s");
    tx.lobWrite(DOCS, rowId, "BODY", 1, "lost");
    tx.rollbackToSavepoint("s");
    tx.commit();

    List<Change> changes = capture(oracle, 4, Map.of());
    Object expected = oracle.rows(DOCS).get(0).get(2);
    assertThat(((String) expected)).hasSize(4150).startsWith(text(1, 5) + "     ");
    assertThat(changes).hasSize(4);
    assertThat(changes.get(3).after().get(2)).isEqualTo(expected);
  }

  /**
   * A rollback to a savepoint undoes a DBMS_LOB write of a row whose content the transaction knows:
   * the content before the undone write is still known, so a later write builds on it, never
   * NOT_LOGGED.
   */
  @Test
  void aWriteAfterARollbackToSavepoint_buildsOnTheContentBeforeTheUndoneWrite() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(23).lobWriteChunk(1000).build();
    oracle.createTable(docs());
    SimulatedTransaction tx = oracle.begin();
    String rowId = tx.insert(DOCS, 1L, "d", text(5000, 6), null, null, null);
    tx.savepoint("S1");
    tx.lobWrite(DOCS, rowId, "BODY", 100, "XXXXXXXXXX");
    tx.rollbackToSavepoint("S1");
    tx.lobWrite(DOCS, rowId, "BODY", 200, "YYYYYYYYYY");
    tx.commit();

    List<Change> changes = capture(oracle, 2, Map.of());
    Object expected = oracle.rows(DOCS).get(0).get(2);
    assertThat((String) expected).hasSize(5000).contains("YYYYYYYYYY").doesNotContain("XXXXXXXXXX");
    assertThat(changes)
        .extracting(Change::operation)
        .containsExactly(Operation.INSERT, Operation.UPDATE);
    assertThat(changes.get(0).after().get(2)).isEqualTo(text(5000, 6));
    assertThat(changes.get(1).after().get(2)).isEqualTo(expected);
  }

  @Test
  void updateWithANewValue_completesTheUpdate() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(8).build();
    oracle.createTable(docs());
    SimulatedTransaction setup = oracle.begin();
    String rowId = setup.insert(DOCS, 1L, "d", "short", null, null, null);
    setup.commit();
    SimulatedTransaction tx = oracle.begin();
    Bytes scan = bytes(9000, 9);
    tx.update(DOCS, rowId, Map.of("SCAN", scan, "NAME", "e"));
    tx.commit();

    List<Change> changes = capture(oracle, 2, Map.of());
    Change update = changes.get(1);
    assertThat(update.operation()).isEqualTo(Operation.UPDATE);
    assertThat(update.after().get(3)).isEqualTo(scan);
    assertThat(update.after().get(1)).isEqualTo("e");
    assertThat(update.after().get(2))
        .isEqualTo(Absent.NOT_LOGGED); // not touched: not logged, not stale
  }

  @Test
  void overTheLimit_isAMarkerNeverACut() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(9).build();
    oracle.createTable(docs());
    SimulatedTransaction tx = oracle.begin();
    tx.insert(DOCS, 1L, "d", text(6000, 1), bytes(5000, 1), null, null);
    tx.commit();
    List<Change> changes = capture(oracle, 1, Map.of("cdc.lob.max.bytes", "10000"));
    assertThat(changes.get(0).after().get(2))
        .isEqualTo(Marker.LOB_OVER_LIMIT); // 12,000 bytes in UTF-16
    assertThat(changes.get(0).after().get(3)).isEqualTo(bytes(5000, 1));
  }

  /** Changes of the capture, and the rows it mined until the last of them arrived. */
  private record Mined(List<Change> changes, long rows) {}

  private Mined mine(SimulatedOracle oracle, int changes, boolean lobs) throws Exception {
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.lob.enabled", String.valueOf(lobs));
      h.open(Position.start(Scn.of(1)));
      h.awaitEvents(ScenarioHarness.changeCount(changes));
      return new Mined(
          h.changeEvents().stream().map(StreamEvent.ChangeEvent::change).toList(),
          h.stream.metrics().rows());
    }
  }

  @Test
  void disabled_leavesTheMarker_andTheDatabaseSendsNoLobRow() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(10).lobWriteChunk(1000).build();
    oracle.createTable(docs());
    SimulatedTransaction tx = oracle.begin();
    String rowId = tx.insert(DOCS, 1L, "d", text(6000, 1), null, null, null);
    tx.lobWrite(DOCS, rowId, "BODY", 7000, "tail");
    tx.insert(DOCS, 2L, "e", null, null, null, null);
    tx.commit();

    Mined off = mine(oracle, 2, false);
    Mined on = mine(oracle, 3, true);

    assertThat(off.changes())
        .extracting(Change::operation)
        .containsExactly(Operation.INSERT, Operation.INSERT);
    assertThat(off.changes().get(0).after().get(2)).isEqualTo(Marker.EMPTY_CLOB);
    assertThat(on.changes().get(1).after().get(2)).isEqualTo(oracle.rows(DOCS).get(0).get(2));
    // the insert's locator and 6 writes, the DBMS_LOB call's locator and write: never sent when off
    assertThat(on.rows() - off.rows()).isEqualTo(9);
  }

  @Test
  void excludedLob_isExcludedInEveryChange() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(11).build();
    oracle.createTable(docs());
    SimulatedTransaction tx = oracle.begin();
    String rowId = tx.insert(DOCS, 1L, "d", null, null, null, "SENTINEL".repeat(700));
    tx.lobWrite(DOCS, rowId, "SECRET", 1, "SENTINEL");
    tx.commit();
    List<Change> changes = capture(oracle, 1, Map.of("cdc.columns.exclude", "SHOP.DOCS.SECRET"));
    assertThat(changes).hasSize(1);
    assertThat(changes.get(0).after().get(5)).isEqualTo(Absent.EXCLUDED);
  }

  static final TableId XDOCS = TableId.of("SHOP", "XDOCS");

  private List<Change> captureXml(SimulatedOracle.Builder builder, String first, String second)
      throws Exception {
    SimulatedOracle oracle = builder.build();
    oracle.createTable(
        TableLayout.builder(XDOCS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("DOC", OracleType.of(Kind.XMLTYPE), true)
            .primaryKey("ID")
            .build());
    SimulatedTransaction tx = oracle.begin();
    String rowId = tx.insert(XDOCS, 1L, first);
    tx.update(XDOCS, rowId, Map.of("DOC", second));
    tx.commit();
    return capture(oracle, 2, Map.of());
  }

  @Test
  void xmlType_binaryStorage_documentsArriveAsText() throws Exception {
    String first =
        "<invoice id=\"1\">" + text(3000, 2).replace('<', '(').replace('&', '+') + "</invoice>";
    List<Change> changes =
        captureXml(SimulatedOracle.builder().seed(12).lobWriteChunk(900), first, "<b/>");
    assertThat(changes.get(0).after().get(1)).isEqualTo(first);
    assertThat(changes.get(1).after().get(1)).isEqualTo("<b/>");
  }

  @Test
  void xmlType_textStorage_andOraclesUnterminatedHexChunk() throws Exception {
    assertThat(
            captureXml(SimulatedOracle.builder().seed(13).xmlTextStorage(), "<a x='1'/>", "<c/>"))
        .extracting(c -> c.after().get(1))
        .containsExactly("<a x='1'/>", "<c/>");
    String big = "<a>" + "y".repeat(2500) + "</a>";
    assertThat(
            captureXml(
                SimulatedOracle.builder().seed(14).lobWriteChunk(3000).xmlUnterminatedHex(),
                big,
                "<d/>"))
        .extracting(c -> c.after().get(1))
        .containsExactly(big, "<d/>");
  }

  @Test
  void extendedString_over4000Bytes_arrivesWhole() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(15).lobWriteChunk(1200).build();
    TableId notes = TableId.of("SHOP", "NOTES");
    oracle.createTable(
        TableLayout.builder(notes, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("TXT", OracleType.sized(Kind.VARCHAR2, 32767), true)
            .column("NTXT", OracleType.sized(Kind.NVARCHAR2, 16383), true)
            .primaryKey("ID")
            .build());
    String text = text(9000, 6);
    String national = text(2500, 7);
    SimulatedTransaction tx = oracle.begin();
    String rowId = tx.insert(notes, 1L, text, national);
    tx.update(notes, rowId, Map.of("TXT", "short now"));
    tx.commit();
    List<Change> changes = capture(oracle, 2, Map.of());
    assertThat(changes.get(0).after()).isEqualTo(Row.of(1L, text, national));
    assertThat(changes.get(1).after().get(1)).isEqualTo("short now");
  }

  @Test
  void skippedOperations_takeTheirLobRowsWithThem() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(16).build();
    oracle.createTable(docs());
    SimulatedTransaction setup = oracle.begin();
    String kept = setup.insert(DOCS, 1L, "kept", text(5000, 1), null, null, null);
    setup.commit();
    SimulatedTransaction tx = oracle.begin();
    tx.update(DOCS, kept, Map.of("BODY", text(6000, 2))); // skipped, and its LOB rows with it
    tx.lobWrite(DOCS, kept, "BODY", 1, "new"); // a DBMS_LOB call: an UPDATE, skipped
    tx.insert(DOCS, 2L, "inserted", text(4500, 3), null, null, null);
    tx.commit();
    List<Change> changes = capture(oracle, 2, Map.of("cdc.skipped.operations", "u"));
    assertThat(changes)
        .extracting(Change::operation)
        .containsExactly(Operation.INSERT, Operation.INSERT);
    assertThat(changes.get(1).after().get(2)).isEqualTo(text(4500, 3));
  }
}
