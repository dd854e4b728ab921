package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobCaptureScenarioTest.DOCS;
import static dev.redoline.logminer.internal.LobCaptureScenarioTest.bytes;
import static dev.redoline.logminer.internal.LobCaptureScenarioTest.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Bytes;
import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Marker;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.StreamedLob;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LOB values past {@code cdc.lob.stream.threshold.bytes} through the engine: moved to a file of the
 * spill directory while their LOB rows are applied, delivered as a {@link StreamedLob} whose
 * content equals the table's, and their file deleted once the transaction is acknowledged.
 */
class LobStreamingScenarioTest {

  private static final int MAX_EMPTY_POLLS = 600;

  @TempDir Path spill;

  static Object content(Object value) throws IOException {
    if (!(value instanceof StreamedLob lob)) {
      return value;
    }
    if (lob.isCharacter()) {
      StringWriter out = new StringWriter();
      try (Reader reader = lob.openReader()) {
        reader.transferTo(out);
      }
      return out.toString();
    }
    try (InputStream in = lob.openStream()) {
      return Bytes.of(in.readAllBytes());
    }
  }

  static List<Path> lobFiles(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().startsWith("lob-")).toList();
    }
  }

  /** Polls without acknowledging until {@code done} holds for the change events so far. */
  static List<StreamEvent.ChangeEvent> poll(
      CaptureStream stream, Predicate<List<StreamEvent.ChangeEvent>> done)
      throws InterruptedException {
    List<StreamEvent.ChangeEvent> out = new ArrayList<>();
    int empty = 0;
    while (!done.test(out)) {
      List<StreamEvent> batch = StreamEvents.flatten(stream.poll(Duration.ofMillis(20)));
      assertThat(stream.running()).isTrue();
      empty = batch.isEmpty() ? empty + 1 : 0;
      assertThat(empty).as("no progress").isLessThan(MAX_EMPTY_POLLS);
      batch.stream()
          .filter(e -> e instanceof StreamEvent.ChangeEvent)
          .map(e -> (StreamEvent.ChangeEvent) e)
          .forEach(out::add);
    }
    return out;
  }

  /**
   * Polls until the spill directory has no LOB file (an acknowledgement deletes them as it
   * arrives).
   */
  static void awaitNoLobFile(CaptureStream stream, Path dir) throws Exception {
    for (int i = 0; !lobFiles(dir).isEmpty(); i++) {
      assertThat(i).as("LOB files left: %s", lobFiles(dir)).isLessThan(MAX_EMPTY_POLLS);
      stream.poll(Duration.ofMillis(20));
    }
  }

  @Test
  void lobsPastTheThreshold_areStreamed_equalTheTable_andTheirFilesGoOnAcknowledgement()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(31).lobWriteChunk(1200).build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction tx = oracle.begin();
    String inserted = text(9000, 1) + "\uD83D\uDE00";
    String big = tx.insert(DOCS, 1L, "big", inserted, bytes(12_000, 2), text(7000, 3), null);
    tx.lobWrite(DOCS, big, "BODY", 9500, "after a hole");
    tx.lobErase(DOCS, big, "SCAN", 100, 50);
    tx.lobTrim(DOCS, big, "NOTE", 6500);
    String small = tx.insert(DOCS, 2L, "small", text(300, 4), bytes(100, 5), null, null);
    tx.commit();

    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.lob.stream.threshold.bytes", "8192");
      CaptureStream stream = h.open(Position.start(start));
      List<StreamEvent.ChangeEvent> events =
          poll(stream, e -> !e.isEmpty() && e.get(e.size() - 1).last());
      // the INSERT, then one UPDATE per DBMS_LOB call carrying the column it changed
      Object[] last = new Object[5];
      events.stream()
          .map(StreamEvent.ChangeEvent::change)
          .filter(c -> big.equals(c.rowId()))
          .forEach(
              c -> {
                for (int column = 2; column <= 4; column++) {
                  if (c.after().isPresent(column)) {
                    last[column] = c.after().get(column);
                  }
                }
              });
      Change insert = events.get(0).change();
      assertThat(content(insert.after().get(2)))
          .as("the INSERT keeps the value it set: DBMS_LOB calls change a copy")
          .isEqualTo(inserted);
      for (int column = 2; column <= 4; column++) {
        assertThat(last[column]).as("column %s", column).isInstanceOf(StreamedLob.class);
        assertThat(content(last[column])).isEqualTo(oracle.row(DOCS, big).get(column));
      }
      Change smallInsert =
          events.stream()
              .map(StreamEvent.ChangeEvent::change)
              .filter(c -> small.equals(c.rowId()))
              .findFirst()
              .orElseThrow();
      assertThat(smallInsert.after().get(2))
          .as("under the threshold: on the heap")
          .isEqualTo(text(300, 4));
      assertThat(lobFiles(spill)).as("kept until acknowledged").isNotEmpty();

      stream.acknowledge(events.get(events.size() - 1).position());
      awaitNoLobFile(stream, spill);
      assertThatThrownBy(() -> content(last[3]))
          .isInstanceOf(CdcException.class)
          .satisfies(
              e -> assertThat(((CdcException) e).errorCode()).isEqualTo(ErrorCode.LOB_RELEASED));
    }
  }

  @Test
  void lobPastMaxBytes_isOverLimit_andItsFileIsDeletedAtOnce() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(32).lobWriteChunk(1000).build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction tx = oracle.begin();
    tx.insert(DOCS, 1L, "big", null, bytes(20_000, 2), null, null);
    tx.commit();

    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.lob.stream.threshold.bytes", "4096").set("cdc.lob.max.bytes", "10000");
      CaptureStream stream = h.open(Position.start(start));
      List<StreamEvent.ChangeEvent> events =
          poll(stream, e -> !e.isEmpty() && e.get(e.size() - 1).last());
      assertThat(events.get(0).change().after().get(3)).isEqualTo(Marker.LOB_OVER_LIMIT);
      assertThat(lobFiles(spill)).as("no file kept for a value not delivered").isEmpty();
    }
  }

  /**
   * While a transaction stays open, a savepoint rollback deletes the file of the change it undoes,
   * and the transaction's rollback the rest; orders committed after each tell that the capture has
   * read that far.
   */
  @Test
  void savepointRollback_andRollback_deleteTheFilesOfWhatTheyUndo() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(33).lobWriteChunk(1500).build();
    oracle.createTable(ScenarioHarness.orders());
    oracle.createTable(LobCaptureScenarioTest.docs());
    Scn start = Scn.of(oracle.currentScn());
    java.util.concurrent.atomic.AtomicBoolean undoneChecked =
        new java.util.concurrent.atomic.AtomicBoolean();
    SimulatedTransaction[] doc = new SimulatedTransaction[1];
    new ScenarioScript()
        .then(
            o -> {
              doc[0] = o.begin();
              doc[0].insert(DOCS, 1L, "kept", text(6000, 1), null, null, null);
              doc[0].savepoint("s");
              doc[0].insert(DOCS, 2L, "undone", null, bytes(9000, 2), null, null);
              doc[0].insert(DOCS, 3L, "small", "x", null, null, null);
              doc[0].rollbackToSavepoint("s");
              order(o, 1);
            })
        .awaitCondition(undoneChecked::get)
        .then(
            o -> {
              doc[0].rollback();
              order(o, 2);
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.lob.stream.threshold.bytes", "4096");
      CaptureStream stream = h.open(Position.start(start));
      List<StreamEvent.ChangeEvent> events = poll(stream, e -> e.size() >= 1);
      assertThat(lobFiles(spill)).as("the kept insert's file only").hasSize(1);
      stream.acknowledge(events.get(0).position());
      undoneChecked.set(true);
      poll(stream, e -> e.size() >= 1);
      assertThat(lobFiles(spill)).as("after the rollback").isEmpty();
    }
  }

  /**
   * {@code cdc.snapshot.mode=when_needed} starts a running capture over while a transaction with a
   * streamed LOB is open: the buffer drops it, and its file with it.
   */
  @Test
  void whenNeededStartingOver_deletesTheFilesOfTheOpenTransactionsItDrops() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(34).lobWriteChunk(1500).build();
    oracle.createTable(ScenarioHarness.orders());
    oracle.createTable(LobCaptureScenarioTest.docs());
    order(oracle, 1);
    java.util.concurrent.atomic.AtomicBoolean streamed =
        new java.util.concurrent.atomic.AtomicBoolean();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.snapshot.mode", "when_needed").set("cdc.lob.stream.threshold.bytes", "4096");
      new ScenarioScript()
          .awaitCondition(
              () -> h.events.stream().anyMatch(e -> e instanceof StreamEvent.ChangeEvent))
          .then(
              o -> {
                SimulatedTransaction doc = o.begin();
                doc.insert(DOCS, 1L, "open", text(6000, 1), null, null, null);
                order(o, 2);
              })
          .awaitCondition(streamed::get)
          .then(
              o -> {
                try (LogMinerGateway db = SimulatorGateways.connect(o)) {
                  long sequence = db.threads().get(0).sequence();
                  order(o, 3);
                  for (int i = 0; i < 3; i++) {
                    o.switchLogfile(1);
                  }
                  o.deleteArchive(1, sequence);
                } catch (java.sql.SQLException e) {
                  throw new IllegalStateException(e);
                }
                order(o, 4);
              })
          .attach(oracle);
      h.open(null);
      h.awaitEvents(
          events ->
              h.changeEvents().stream()
                  .anyMatch(
                      c -> c.change().after() != null && c.change().after().get(0).equals(2L)));
      assertThat(lobFiles(spill)).as("the open transaction's streamed insert").hasSize(1);
      streamed.set(true);
      h.awaitEvents(
          events ->
              h.ops.stream()
                      .anyMatch(
                          e -> e.message().contains("the redo of the capture's position is gone"))
                  && h.changeEvents().stream()
                          .filter(c -> c.change().operation() == dev.redoline.core.Operation.READ)
                          .count()
                      >= 5);
      assertThat(lobFiles(spill)).as("dropped with the transaction").isEmpty();
    }
  }

  private static void order(SimulatedOracle o, long id) {
    SimulatedTransaction tx = o.begin();
    tx.insert(dev.redoline.core.TableId.of("SHOP", "ORDERS"), id, "S" + id);
    tx.commit();
  }
}
