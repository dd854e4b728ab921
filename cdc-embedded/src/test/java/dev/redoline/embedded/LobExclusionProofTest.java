package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.Change;
import dev.redoline.core.OracleType;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An excluded LOB column's content never leaves the redo: a sentinel written into excluded CLOB and
 * BLOB columns (out of line, through DBMS_LOB writes, in a transaction that spills, is journaled
 * and stays open while the files are read) appears in no byte the engine writes: no spill file, LOB
 * file, journal, offset or schema-history file, no delivered change, and no log line at any level.
 * The visible LOBs are past the stream threshold (the 1 KiB memory budget), so they go through LOB
 * files next to the excluded ones; the sentinel is looked for as ASCII, hex and UTF-16BE. The
 * capture is recorded ({@code cdc.recording.dir}), and the decompressed recording holds the mined
 * rows but not the sentinel.
 */
class LobExclusionProofTest {

  private static final TableId DOCS = TableId.of("SHOP", "DOCS");

  /**
   * A table without LOB columns: a row of it ends the LOB statement before it. A transaction whose
   * last statement is an INSERT into DOCS keeps it back, waiting for its LOB rows, and is not
   * journaled while it does (every INSERT into DOCS in the LOB DML forms of a real 23 Free).
   */
  private static final TableId NOTES = TableId.of("SHOP", "NOTES");

  private static final String SENTINEL = "SENTINEL-LOB-7f3a";

  @TempDir Path state;

  /** Every log line of every logger, at every level, while the test runs. */
  private static final class Lines extends AbstractAppender {
    final List<String> lines = new CopyOnWriteArrayList<>();

    Lines() {
      super("lob-sentinel", null, null, true, Property.EMPTY_ARRAY);
    }

    @Override
    public void append(LogEvent event) {
      lines.add(event.getMessage().getFormattedMessage());
      if (event.getThrown() != null) {
        lines.add(String.valueOf(event.getThrown()));
      }
    }
  }

  @Test
  void excludedLobContent_isInNoByteTheEngineWrites() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(13).lobWriteChunk(700).build();
    oracle.createTable(
        TableLayout.builder(DOCS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("BODY", OracleType.of(OracleType.Kind.CLOB), true)
            .column("SECRET", OracleType.of(OracleType.Kind.CLOB), true)
            .column("SECRET_SCAN", OracleType.of(OracleType.Kind.BLOB), true)
            .primaryKey("ID")
            .build());
    oracle.createTable(
        TableLayout.builder(NOTES, 1)
            .column("ID", OracleType.number(10, 0), false)
            .primaryKey("ID")
            .build());
    Scn start = Scn.of(oracle.currentScn());
    byte[] sentinelBytes = SENTINEL.getBytes(StandardCharsets.US_ASCII);
    Bytes secretScan = Bytes.of(repeat(sentinelBytes, 400));
    SimulatedTransaction done = oracle.begin();
    String row = done.insert(DOCS, 1L, "visible ".repeat(600), SENTINEL.repeat(300), secretScan);
    done.lobWrite(DOCS, row, "SECRET", 100, SENTINEL);
    done.insert(DOCS, 2L, "short", SENTINEL, Bytes.of(sentinelBytes)); // in-row: inline literals
    done.commit();
    SimulatedTransaction open =
        oracle.begin(); // spilled and journaled, still open when the files are read
    String openRow = open.insert(DOCS, 3L, "open ".repeat(900), SENTINEL.repeat(400), secretScan);
    open.lobWrite(DOCS, openRow, "SECRET_SCAN", 7, Bytes.of(sentinelBytes));
    open.insert(DOCS, 4L, "after", null, null);
    open.insert(NOTES, 4L); // ends the INSERT's LOB statement
    SimulatedTransaction journaled = oracle.begin(); // no streamed value: journaled while open
    String journaledRow = journaled.insert(DOCS, 5L, "in-row", SENTINEL.repeat(400), secretScan);
    journaled.lobWrite(DOCS, journaledRow, "SECRET", 3, SENTINEL);
    journaled.insert(DOCS, 6L, "after", null, null);
    journaled.insert(NOTES, 6L); // ends the INSERT's LOB statement: journaled from here
    // Committed after the open transactions' rows: once it is delivered, those rows were mined
    // (spilled and journaled), and the journal entry of the first transaction was acknowledged
    // away.
    SimulatedTransaction marker = oracle.begin();
    marker.insert(DOCS, 7L, "marker", null, null);
    marker.commit();

    Map<String, String> settings = new HashMap<>();
    settings.put("cdc.database.url", oracle.url());
    settings.put("cdc.tables.include", "SHOP.*");
    settings.put("cdc.columns.exclude", "SHOP.DOCS.SECRET,SHOP.DOCS.SECRET_SCAN");
    settings.put("cdc.start.scn", start.toString());
    settings.put("cdc.state.dir", state.toString());
    settings.put("cdc.buffer.spill.dir", state.resolve("spill").toString());
    settings.put("cdc.buffer.memory.max.bytes", "1024");
    // every step's rows beyond its first kilobyte go through a step file (enciphered, deleted after
    // the step)
    settings.put("cdc.mining.step.memory.max.bytes", "1024");
    settings.put("cdc.buffer.journal.after.ms", "0");
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.put("cdc.mining.idle.ms", "200");
    settings.put("cdc.recording.dir", state.resolve("recording").toString());

    Lines log = new Lines();
    LoggerContext context = (LoggerContext) LogManager.getContext(false);
    Configuration config = context.getConfiguration();
    LoggerConfig root = config.getRootLogger();
    Level was = root.getLevel();
    log.start();
    root.addAppender(log, Level.ALL, null);
    root.setLevel(Level.ALL);
    context.updateLoggers();
    Recorder recorder = new Recorder();
    List<String> files = new ArrayList<>();
    try {
      EmbeddedEngine engine =
          EmbeddedEngine.builder()
              .config(settings)
              .handler(recorder)
              .database(Database.jdbc(CdcConfig.from(settings), oracle.clock(), oracle::advance))
              .build();
      engine.start();
      recorder.awaitCount(2);
      assertThat(recorder.handled().get(0).changes()).hasSize(2);
      assertThat(recorder.handled().get(1).changes()).hasSize(1);
      files.addAll(everyFile()); // while the open transaction is spilled and journaled
      engine.stop();
      assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
      files.addAll(everyFile());
    } finally {
      root.removeAppender(log.getName());
      root.setLevel(was);
      context.updateLoggers();
    }

    assertThat(files).as("the engine wrote files").isNotEmpty();
    assertThat(files).as("journal and spill were written").anyMatch(f -> f.contains("journal"));
    assertThat(files).as("LOB files were written").anyMatch(f -> f.contains("/lob-"));
    assertThat(recorder.streamedValues).as("streamed values").hasPositiveValue();
    String utf16 =
        new String(SENTINEL.getBytes(StandardCharsets.UTF_16BE), StandardCharsets.ISO_8859_1);
    for (String f : files) {
      assertThat(f)
          .as("a file the engine wrote")
          .doesNotContain(SENTINEL)
          .doesNotContain(hex(sentinelBytes))
          .doesNotContain(utf16);
    }
    for (Recorder.Handled h : recorder.handled()) {
      for (Change c : h.changes()) {
        assertThat(String.valueOf(values(c.after()))).doesNotContain(SENTINEL);
      }
    }
    assertThat(recorder.handled().get(0).changes().get(0).after().get(1))
        .isEqualTo("visible ".repeat(600));
    String recording = recordingText();
    assertThat(recording)
        .as("the recording holds the mined rows")
        .contains("V$LOGMNR_CONTENTS")
        .contains("visible visible")
        .contains("SECRET");
    assertThat(recording)
        .as("the recording, decompressed")
        .doesNotContain(SENTINEL)
        .doesNotContain(hex(sentinelBytes))
        .doesNotContain(hex(sentinelBytes).toUpperCase(java.util.Locale.ROOT));
    assertThat(log.lines).as("log lines were captured").isNotEmpty();
    assertThat(log.lines).noneMatch(l -> l.contains(SENTINEL) || l.contains(hex(sentinelBytes)));
  }

  /**
   * Every part of the recording, decompressed (the files themselves are gzip, checked above as
   * bytes).
   */
  private String recordingText() throws IOException {
    StringBuilder out = new StringBuilder();
    try (Stream<Path> parts = Files.list(state.resolve("recording"))) {
      for (Path p : parts.sorted().toList()) {
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(Files.newInputStream(p))) {
          out.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (java.io.EOFException open) {
          // a part still being written ends at its last flush; everything before it was read
        }
      }
    }
    return out.toString();
  }

  /**
   * Every file under the state directory, as text (ISO-8859-1, so every byte stays one character).
   */
  private List<String> everyFile() throws IOException {
    List<String> out = new ArrayList<>();
    try (Stream<Path> paths = Files.walk(state)) {
      for (Path p : paths.filter(Files::isRegularFile).toList()) {
        try {
          out.add(p + "\n" + new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
        } catch (java.nio.file.NoSuchFileException gone) {
          // a spill file closed meanwhile
        }
      }
    }
    return out;
  }

  private static List<Object> values(Row row) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; row != null && i < row.size(); i++) {
      Object v = row.get(i);
      out.add(v instanceof Bytes b ? new String(b.toByteArray(), StandardCharsets.ISO_8859_1) : v);
    }
    return out;
  }

  private static byte[] repeat(byte[] b, int n) {
    byte[] out = new byte[b.length * n];
    for (int i = 0; i < n; i++) {
      System.arraycopy(b, 0, out, i * b.length, b.length);
    }
    return out;
  }

  private static String hex(byte[] b) {
    return Bytes.of(b).toHex();
  }
}
