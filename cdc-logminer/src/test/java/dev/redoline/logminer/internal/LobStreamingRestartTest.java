package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobCaptureScenarioTest.DOCS;
import static dev.redoline.logminer.internal.LobCaptureScenarioTest.bytes;
import static dev.redoline.logminer.internal.LobCaptureScenarioTest.text;
import static dev.redoline.logminer.internal.LobStreamingScenarioTest.content;
import static dev.redoline.logminer.internal.LobStreamingScenarioTest.lobFiles;
import static dev.redoline.logminer.internal.LobStreamingScenarioTest.poll;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.internal.FileTransactionJournal;
import dev.redoline.core.Change;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.TableId;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restart around a transaction holding a streamed LOB, journal written at every step: between the
 * LOB's statement and the commit, and after the commit before the acknowledgement. The transaction
 * is never journaled (the journal would refer to a file the restart deletes), so the restart reads
 * it again from its first row and delivers the value whole.
 */
class LobStreamingRestartTest {

  static final TableId ORDERS = TableId.of("SHOP", "ORDERS");

  /** In the streamed CLOB: must never be in the journal. */
  static final String SENTINEL = "JOURNAL-MUST-NOT-HOLD-THIS";

  @TempDir Path temp;

  private ScenarioHarness harness(SimulatedOracle oracle) throws IOException {
    ScenarioHarness h = new ScenarioHarness(oracle, temp.resolve("spill"));
    h.journal(FileTransactionJournal.open(temp.resolve("journal")));
    h.set("cdc.buffer.journal.after.ms", "0").set("cdc.lob.stream.threshold.bytes", "4096");
    return h;
  }

  private static SimulatedOracle oracle() {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(41).lobWriteChunk(1500).build();
    oracle.createTable(ScenarioHarness.orders());
    oracle.createTable(LobCaptureScenarioTest.docs());
    return oracle;
  }

  private static void order(SimulatedOracle o, long id) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, "S" + id);
    tx.commit();
  }

  private byte[] journalBytes() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Path dir = temp.resolve("journal");
    if (Files.exists(dir)) {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path p : files.filter(Files::isRegularFile).toList()) {
          out.write(Files.readAllBytes(p));
        }
      }
    }
    return out.toByteArray();
  }

  private void assertJournalHoldsNoLob() throws IOException {
    String journal = new String(journalBytes(), StandardCharsets.ISO_8859_1);
    assertThat(journal).doesNotContain("lob-").doesNotContain(SENTINEL);
    assertThat(new String(journalBytes(), StandardCharsets.UTF_8)).doesNotContain(SENTINEL);
  }

  private static String body() {
    return SENTINEL + text(6000, 1);
  }

  private static StreamEvent.ChangeEvent docChange(List<StreamEvent.ChangeEvent> events) {
    return events.stream().filter(e -> e.change().table().equals(DOCS)).findFirst().orElseThrow();
  }

  @Test
  void restart_betweenTheLobStatementAndTheCommit_readsTheTransactionAgain() throws Exception {
    SimulatedOracle oracle = oracle();
    Position start = Position.start(Scn.of(oracle.currentScn()));
    SimulatedTransaction doc = oracle.begin();
    String rowId = doc.insert(DOCS, 1L, "d", body(), bytes(9000, 2), null, null);
    doc.insert(DOCS, 2L, "e", null, null, null, null); // ends the first statement's LOB rows
    order(oracle, 1);
    order(oracle, 2);

    Position acked;
    try (ScenarioHarness first = harness(oracle)) {
      CaptureStream stream = first.open(start);
      List<StreamEvent.ChangeEvent> events = poll(stream, e -> e.size() >= 2);
      acked = events.get(1).position();
      stream.acknowledge(acked);
      // the orders commit after the LOB rows: the step that read those ended with the transaction
      // open and due for the journal (cdc.buffer.journal.after.ms=0)
      assertThat(lobFiles(temp.resolve("spill"))).hasSize(2);
    }
    assertThat(lobFiles(temp.resolve("spill"))).as("stop deletes them").isEmpty();
    assertJournalHoldsNoLob();

    doc.commit();
    order(oracle, 3);
    try (ScenarioHarness second = harness(oracle)) {
      CaptureStream stream = second.open(acked);
      List<StreamEvent.ChangeEvent> events =
          poll(
              stream,
              e ->
                  e.stream()
                      .anyMatch(
                          c ->
                              c.change().table().equals(ORDERS)
                                  && c.change().after().get(0).equals(3L)));
      Change insert = docChange(events).change();
      assertThat(insert.after().get(2)).isInstanceOf(StreamedLob.class);
      assertThat(content(insert.after().get(2))).isEqualTo(oracle.row(DOCS, rowId).get(2));
      assertThat(content(insert.after().get(3))).isEqualTo(oracle.row(DOCS, rowId).get(3));
      assertJournalHoldsNoLob();
    }
  }

  @Test
  void restart_afterTheCommitBeforeTheAcknowledgement_deliversTheValueAgain() throws Exception {
    SimulatedOracle oracle = oracle();
    Position start = Position.start(Scn.of(oracle.currentScn()));
    order(oracle, 1);
    SimulatedTransaction doc = oracle.begin();
    String rowId = doc.insert(DOCS, 1L, "d", body(), bytes(9000, 2), null, null);
    doc.commit();
    order(oracle, 2);

    Position acked;
    try (ScenarioHarness first = harness(oracle)) {
      CaptureStream stream = first.open(start);
      List<StreamEvent.ChangeEvent> events = poll(stream, e -> e.size() >= 2);
      acked = events.get(0).position();
      stream.acknowledge(acked); // the order, not the document
      assertThat(content(docChange(events).change().after().get(2)))
          .isEqualTo(oracle.row(DOCS, rowId).get(2));
      assertJournalHoldsNoLob();
    }
    assertThat(lobFiles(temp.resolve("spill"))).as("stop deletes them").isEmpty();

    try (ScenarioHarness second = harness(oracle)) {
      CaptureStream stream = second.open(acked);
      List<StreamEvent.ChangeEvent> events =
          poll(stream, e -> e.stream().anyMatch(c -> c.change().table().equals(DOCS)));
      Change insert = docChange(events).change();
      assertThat(content(insert.after().get(2))).isEqualTo(oracle.row(DOCS, rowId).get(2));
      assertThat(content(insert.after().get(3))).isEqualTo(oracle.row(DOCS, rowId).get(3));
    }
  }
}
