package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Bytes;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.OracleType;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.internal.RecordingFormat;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.oracle.ReplicaCheck;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.simulator.internal.replay.Recording;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture recorded on the simulator ({@code cdc.recording.dir}) and replayed ({@code
 * jdbc:redoline:sim:replay?file=...}) delivers the same transactions, each change with its
 * position, in the same order: inserts, updates, deletes, a rolled-back transaction, CLOB and BLOB
 * values in row and out of row, a LOB grown out of row by an update, DBMS_LOB writes and trims, an
 * excluded and a truncated column. A statement the recording never saw fails with CDC-4070, except
 * a mining query whose text changed, which gets the next recorded mining answer.
 */
class RecordingReplayTest {

  private static final TableId ITEMS = TableId.of("SHOP", "ITEMS");
  private static final TableId DOCS = TableId.of("SHOP", "DOCS");

  @TempDir Path dir;

  /** A capture recorded on the simulator: the database, the stream and the recording. */
  private record Recorded(SimulatedOracle oracle, Scn start, Recorder original, Path recording) {}

  /** Runs {@link #workload} and a recorded capture of it. */
  private Recorded record() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(27).build();
    Scn start = workload(oracle);
    Path recording = dir.resolve("recording");
    Map<String, String> recorded = settings(oracle.url(), start, dir.resolve("state-recorded"));
    recorded.put("cdc.recording.dir", recording.toString());
    Recorder original = new Recorder();
    EmbeddedEngine engine =
        EmbeddedEngine.builder()
            .config(recorded)
            .handler(original)
            .database(Database.jdbc(CdcConfig.from(recorded), oracle.clock(), oracle::advance))
            .build();
    engine.start();
    try {
      original.awaitCount(COMMITTED);
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + "; failed statements: " + failed(recording), e);
    }
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    return new Recorded(oracle, start, original, recording);
  }

  @Test
  void replayOfASimulatorRecording_deliversTheSameStream() throws Exception {
    Recorded run = record();
    SimulatedOracle oracle = run.oracle();
    Scn start = run.start();
    Recorder original = run.original();
    Path recording = run.recording();

    long last = 0;
    for (Recorder.Handled h : original.handled()) {
      for (dev.redoline.core.Change c : h.changes()) {
        last = Math.max(last, Long.parseLong(c.scn().toString()));
      }
    }
    ReplicaCheck replica = new ReplicaCheck();
    original.handled().forEach(h -> h.changes().forEach(replica::apply));
    try (java.sql.Connection source = java.sql.DriverManager.getConnection(oracle.url())) {
      replica.assertEquals(
          source, ITEMS, last, true, java.util.Set.of(1, 2)); // NAME truncated, SECRET excluded
      replica.assertEquals(source, DOCS, last, true);
    }

    List<Recording.Statement> statements = Recording.read(recording).statements();
    assertThat(statements)
        .as("the gateway's statements were recorded")
        .anyMatch(s -> s.sql().startsWith("SELECT SCN, START_SCN") && !s.rows().isEmpty())
        .anyMatch(s -> s.sql().contains("DBMS_LOGMNR.START_LOGMNR"))
        .anyMatch(s -> s.sql().contains("V$ARCHIVED_LOG") || s.sql().contains("V$LOG "));

    Map<String, String> replayed =
        settings(ReplayUrl.of(recording), start, dir.resolve("state-replayed"));
    Recorder replay = new Recorder();
    EmbeddedEngine again =
        EmbeddedEngine.builder()
            .config(replayed)
            .handler(replay)
            .database(Database.fromConfig(CdcConfig.from(replayed)))
            .build();
    again.start();
    replay.awaitCount(COMMITTED);
    again.stop();
    assertThat(again.awaitTermination(Recorder.PATIENCE)).isTrue();

    assertThat(original.handled()).hasSize(COMMITTED);
    assertThat(replay.handled())
        .as("the replayed stream, change by change with positions")
        .containsExactlyElementsOf(original.handled());
  }

  @Test
  void aStatementTheRecordingNeverSaw_failsWithCdc4070NamingItAndTheRecording() throws Exception {
    Path recording = record().recording();
    String url = ReplayUrl.of(recording) + "&run=unseen";
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url);
        java.sql.PreparedStatement ps =
            c.prepareStatement("SELECT USERNAME FROM ALL_USERS WHERE USERNAME = ?")) {
      ps.setString(1, "SHOP");
      assertThatThrownBy(ps::executeQuery)
          .isInstanceOfSatisfying(
              CdcException.class,
              e -> {
                assertThat(e.errorCode()).isEqualTo(ErrorCode.REPLAY_STATEMENT_NOT_RECORDED);
                assertThat(e.getMessage())
                    .contains("'SELECT USERNAME FROM ALL_USERS WHERE USERNAME = ?'")
                    .contains(recording.toAbsolutePath().toString());
              });
      try (java.sql.CallableStatement call =
          c.prepareCall("BEGIN SYS.DBMS_SESSION.SET_ROLE('NONE'); END;")) {
        assertThatThrownBy(call::execute)
            .as("a call never recorded fails too")
            .isInstanceOf(CdcException.class)
            .hasMessageContaining("CDC-4070");
      }
    }
  }

  @Test
  void aMiningQueryWhoseTextChanged_getsTheRecordedMiningAnswersInOrder() throws Exception {
    Path recording = record().recording();
    List<Recording.Statement> mining =
        Recording.read(recording).statements().stream()
            .filter(s -> s.sql().startsWith("SELECT SCN, START_SCN,"))
            .toList();
    assertThat(mining).as("recorded mining answers with rows").anyMatch(s -> !s.rows().isEmpty());
    String url = ReplayUrl.of(recording) + "&run=changed";
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url)) {
      for (Recording.Statement recorded : mining) {
        // a later version's predicates: the same selected columns, another text
        try (java.sql.PreparedStatement ps = c.prepareStatement(recorded.sql() + " AND 1 = 1");
            java.sql.ResultSet rs = ps.executeQuery()) {
          List<String> scns = new java.util.ArrayList<>();
          while (rs.next()) {
            scns.add(ReplicaCheck.normalize(rs.getObject(1)));
          }
          assertThat(scns)
              .as("the answer of recorded statement %s", recorded.id())
              .containsExactlyElementsOf(
                  recorded.rows().stream()
                      .map(r -> ReplicaCheck.normalize(RecordingFormat.parse(r.get(0))))
                      .toList());
        }
      }
    }
  }

  /** The recorded statements that failed, with their errors, for a failure message. */
  static List<String> failed(Path recording) throws java.io.IOException {
    return Recording.read(recording).statements().stream()
        .filter(s -> s.failure() != null)
        .map(s -> s.sql() + " " + s.binds() + " -> " + s.failure())
        .toList();
  }

  /** Transactions the workload commits with a captured change. */
  static final int COMMITTED = 4;

  /**
   * The workload: {@link #COMMITTED} transactions with changes, one rolled back; returns the start
   * SCN.
   */
  static Scn workload(SimulatedOracle oracle) {
    oracle.createTable(
        TableLayout.builder(ITEMS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 40), true)
            .column("SECRET", OracleType.sized(OracleType.Kind.VARCHAR2, 40), true)
            .column("NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 4000), true)
            .primaryKey("ID")
            .build());
    oracle.createTable(StreamedLobHandlerTest.docs(DOCS));
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction first = oracle.begin();
    String one = first.insert(ITEMS, 1L, "first item", "s3cr3t-1", "short note");
    String two =
        first.insert(ITEMS, 2L, "second 'quoted' item", "s3cr3t-2", "long note ".repeat(100));
    String inRow = first.insert(DOCS, 1L, "in row", Bytes.of(new byte[] {0, 1, (byte) 0xff}));
    String outOfRow =
        first.insert(DOCS, 2L, "out of row \u20ac ".repeat(700), Bytes.of(pattern(9000)));
    first.commit();
    SimulatedTransaction second = oracle.begin();
    second.update(ITEMS, one, Map.of("NAME", "renamed", "SECRET", "s3cr3t-1b"));
    second.update(ITEMS, two, Map.of("NOTE", "rewritten"));
    second.update(DOCS, inRow, Map.of("BODY", "grown out of row ".repeat(400))); // a LOB update
    second.commit();
    SimulatedTransaction undone = oracle.begin();
    undone.insert(ITEMS, 9L, "never delivered", "s3cr3t-9", "n");
    undone.lobWrite(DOCS, outOfRow, "BODY", 1, "never delivered");
    undone.rollback();
    SimulatedTransaction third = oracle.begin();
    third.delete(ITEMS, two);
    third.insert(ITEMS, 3L, "third", null, "x".repeat(3000));
    // DBMS_LOB calls deliver whole values when the transaction set the value first
    third.update(
        DOCS, outOfRow, Map.of("BODY", "rewritten ".repeat(500), "SCAN", Bytes.of(pattern(8000))));
    third.lobWrite(DOCS, outOfRow, "SCAN", 10, Bytes.of(new byte[] {1, 2, 3}));
    third.lobTrim(DOCS, outOfRow, "BODY", 100);
    third.commit();
    SimulatedTransaction fourth = oracle.begin();
    fourth.update(ITEMS, one, Map.of("SECRET", "s3cr3t-1c"));
    fourth.commit();
    return start;
  }

  private static byte[] pattern(int size) {
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) (i * 31);
    }
    return bytes;
  }

  static Map<String, String> settings(String url, Scn start, Path state) {
    Map<String, String> settings = new HashMap<>();
    settings.put("cdc.database.url", url);
    settings.put("cdc.tables.include", "SHOP.*");
    settings.put("cdc.columns.exclude", "SHOP.ITEMS.SECRET");
    settings.put("cdc.columns.truncate", "SHOP.ITEMS.NAME:8");
    settings.put("cdc.start.scn", start.toString());
    settings.put("cdc.snapshot.mode", "no_data");
    settings.put("cdc.state.dir", state.toString());
    settings.put("cdc.buffer.spill.dir", state.resolve("spill").toString());
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.put("cdc.mining.idle.ms", "200");
    return settings;
  }

  /** The replay URL of a recording directory. */
  static final class ReplayUrl {
    private ReplayUrl() {}

    static String of(Path recording) {
      return "jdbc:redoline:sim:replay?file=" + recording.toAbsolutePath();
    }
  }
}
