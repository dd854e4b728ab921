package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.TableId;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.DeadLetter;
import dev.redoline.logminer.oracle.Delivered;
import dev.redoline.logminer.oracle.OracleFree;
import dev.redoline.logminer.oracle.OracleWorkload;
import dev.redoline.logminer.oracle.ReplicaCheck;
import dev.redoline.logminer.oracle.StreamCheck;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The embedded engine end to end on Oracle Database Free 23ai, set up as docs/oracle-setup.md says
 * ({@link OracleFree}). Run with {@code ./mvnw -B -pl cdc-embedded -am verify -Poracle-it
 * -Dit.test=OracleEndToEndIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false}; without Docker
 * the class is reported skipped after one line saying so ({@link OracleFree#dockerAvailable}).
 *
 * <p>Each case runs the seeded workload of {@link OracleWorkload} (shared with the connector's
 * suite, {@code OracleConnectIT}), captures it (state, recording and LogMiner dump under {@code
 * target/oracle-it/<case>/}) and checks it with {@link StreamCheck}: every committed change
 * delivered once and in commit order, no change of a rolled-back transaction or savepoint, and the
 * replica built from the delivered changes equal to the tables read AS OF the last delivered
 * commit. The raw LogMiner rows (operation code, DATA_OBJ#, ROW_ID, RS_ID, SSN, CSF, INFO) of the
 * case's SCN range go to {@code logminer-rows.tsv}; the recording, the settings and the delivered
 * stream of each capture make the directory a golden case: copy it under {@code
 * src/test/resources/recordings/} ({@link GoldenRecordingsTest}).
 *
 * <p>A new case: a method with {@code @Test}, {@code @Order} and its own {@code @Timeout} (the
 * suite's budget is the sum of them, {@link dev.redoline.logminer.oracle.SuiteBudget}: 30 minutes
 * on two cores with the container's start), that runs a workload and ends with {@link #capture}.
 *
 * <h2>Implementation notes</h2>
 *
 * <p>The cases run in order on one database and each creates its own tables, so no case depends on
 * another's rows; the flashback case comes last because it rewinds the whole database. Every wait
 * ({@link #PATIENCE}) also ends on a capture's failure, so a stopped capture fails its case with
 * its error instead of a timeout. The restart case abandons the engine ({@code abandon()}, a crash
 * as far as the stores can tell) with {@code cdc.offset.flush.interval.ms=0}, so the one
 * transaction handled before the kill is stored and none is delivered twice.
 */
@EnabledIf("dev.redoline.logminer.oracle.OracleFree#dockerAvailable")
@Tag("docker")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OracleEndToEndIT {

  private static final long SEED = Long.getLong("redoline.it.seed", 27L);

  /** One wait of a case; below every case's {@code @Timeout}, so a stuck wait says what it was. */
  private static final Duration PATIENCE = Duration.ofMinutes(2);

  @RegisterExtension static final OracleFree.Shared ORACLE = new OracleFree.Shared();

  @Test
  @Order(1)
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void dmlOverEverySupportedType() throws Exception {
    capture(workload().types());
  }

  @Test
  @Order(2)
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void lobsSecureFileAndBasicFile() throws Exception {
    capture(workload().lobs());
  }

  @Test
  @Order(3)
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void ddlAddDropColumnNewTableIntervalPartitions() throws Exception {
    capture(workload().ddl());
  }

  @Test
  @Order(4)
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void logSwitchesUnderConcurrentDml() throws Exception {
    capture(workload().logSwitches());
  }

  @Test
  @Order(5)
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void captureKilledAndRestartedMidTransaction() throws Exception {
    OracleWorkload workload = workload();
    OracleWorkload.Case c = workload.restart();
    Path state = caseDir("restart").resolve("state");
    Map<String, String> first = settings(caseDir("restart-1"), c);
    first.put("cdc.state.dir", state.toString());
    Recorder before = new Recorder();
    EmbeddedEngine engine = engine(first, before);
    engine.start();
    Connection open;
    try {
      Recorder.await(() -> !before.handled().isEmpty(), "the first transaction", PATIENCE);
      open = workload.openTransaction();
    } finally {
      engine.abandon(); // killed: nothing more stored, the open transaction's rows lost with it
    }
    workload.finish(open);
    long end = workload.marker(c);
    golden(caseDir("restart-1"), first, before.handled());
    GoldenRecordingsTest.copyTree(
        state, caseDir("restart-2").resolve(GoldenRecordingsTest.STATE_AT_START));

    Map<String, String> second = settings(caseDir("restart-2"), c);
    second.put("cdc.state.dir", state.toString());
    Recorder after = new Recorder();
    run(second, after, () -> hasMarker(after, c.marker()), "the marker before SCN " + end);
    assertThat(after.handled())
        .as("the transaction open at the kill, delivered whole after the restart")
        .anyMatch(h -> h.changes().size() == 2);
    List<Recorder.Handled> all = new ArrayList<>(before.handled());
    all.addAll(after.handled());
    checks(c, caseDir("restart-2"), all);
    golden(caseDir("restart-2"), second, after.handled());
  }

  @Test
  @Order(6)
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void snapshotUnderANonEnglishLocaleWithMixedCaseKeys_andAnAdHocSnapshot() throws Exception {
    List<TableId> tables = workload().snapshotTables();
    TableId keyed = tables.get(0);
    TableId adhoc = tables.get(1);
    long start = ORACLE.get().currentScn();
    Locale was = Locale.getDefault();
    Locale.setDefault(Locale.forLanguageTag("tr-TR"));
    try {
      OracleWorkload.Case c =
          new OracleWorkload.Case(
              "snapshot",
              start,
              List.of(keyed),
              List.of(),
              Map.of(
                  "cdc.snapshot.mode", "initial",
                  "cdc.snapshot.chunk.rows", "3",
                  "cdc.start.scn", "current"));
      Map<String, String> settings = settings(caseDir(c.name()), c);
      Recorder recorder = new Recorder();
      run(
          settings,
          recorder,
          () -> count(recorder, keyed) == OracleWorkload.MIXED_CASE_KEYS.size(),
          "the snapshot of KEYED");
      checks(c, caseDir(c.name()), recorder.handled());
      golden(caseDir(c.name()), settings, recorder.handled());
    } finally {
      Locale.setDefault(was);
    }

    OracleWorkload.Case c =
        new OracleWorkload.Case(
            "adhoc", ORACLE.get().currentScn(), List.of(adhoc), List.of(), Map.of());
    Map<String, String> settings = settings(caseDir(c.name()), c);
    Recorder recorder = new Recorder();
    EmbeddedEngine engine = engine(settings, recorder);
    engine.start();
    try {
      engine.snapshot(adhoc.toString());
      Recorder.await(() -> count(recorder, adhoc) >= 5, "the ad-hoc snapshot of ADHOC", PATIENCE);
    } finally {
      engine.stop();
      assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    }
    checks(c, caseDir(c.name()), recorder.handled());
    golden(caseDir(c.name()), settings, recorder.handled());
  }

  /**
   * JSON and VECTOR, whose SQL_REDO forms no Oracle document gives (docs/record-format.md, "Oracle
   * 23ai types"), and which LogMiner may report as UNSUPPORTED (OPERATION_CODE 255). The capture
   * runs with {@code cdc.on.decode.error=dlq}, so each table ends one of two ways, and the case's
   * {@code answer.txt} says which: every row delivered with the database's value, or every change a
   * dead letter naming the table. A row that is neither, or a table that is partly both, fails the
   * case: nothing may go missing without a trace. The raw rows and the recording keep the forms.
   */
  @Test
  @Order(8)
  @Timeout(value = 1, unit = TimeUnit.MINUTES)
  void jsonAndVector_deliveredWithTheirValuesOrDeadLetteredNeverLost() throws Exception {
    OracleWorkload workload = workload();
    TableId marker = workload.table("MARK23", "ID NUMBER(10) PRIMARY KEY", "");
    TableId json = workload.table("J23", "ID NUMBER(10) PRIMARY KEY, J JSON", "");
    TableId vector = workload.table("V23", "ID NUMBER(10) PRIMARY KEY, V VECTOR(3, FLOAT32)", "");
    long start = ORACLE.get().currentScn();
    try (Connection app = workload.app()) {
      for (int id = 1; id <= 3; id++) {
        OracleWorkload.run(
            app, "INSERT INTO J23 VALUES (" + id + ", '{\"id\":" + id + ",\"tags\":[\"a\"]}')");
        OracleWorkload.run(app, "INSERT INTO V23 VALUES (" + id + ", '[" + id + ".5, -2, 0.25]')");
      }
      OracleWorkload.end(app, false);
      OracleWorkload.run(app, "UPDATE J23 SET J = '{\"id\":2,\"changed\":true}' WHERE ID = 2");
      OracleWorkload.run(app, "UPDATE V23 SET V = '[9, 8, 7]' WHERE ID = 2");
      OracleWorkload.run(app, "DELETE FROM J23 WHERE ID = 3");
      OracleWorkload.run(app, "DELETE FROM V23 WHERE ID = 3");
      OracleWorkload.end(app, false);
    }
    OracleWorkload.Case c =
        new OracleWorkload.Case(
            "json-vector",
            start,
            List.of(marker, json, vector),
            List.of(),
            Map.of("cdc.on.decode.error", "dlq"));
    long end = workload.marker(c);
    Path dir = caseDir(c.name());
    ORACLE.get().dumpLogMinerRows(start, end, dir.resolve(DUMP)); // the forms, whatever follows
    Map<String, String> settings = settings(dir, c);
    Recorder recorder = new Recorder();
    List<DeadLetter> dead = new java.util.concurrent.CopyOnWriteArrayList<>();
    EmbeddedEngine engine =
        EmbeddedEngine.builder()
            .config(settings)
            .handler(recorder)
            .deadLetters(dead::add)
            .database(Database.fromConfig(CdcConfig.from(settings)))
            .build();
    engine.start();
    try {
      Recorder.await(
          () -> hasMarker(recorder, marker) || engine.failure() != null,
          "the marker before SCN " + end + " (or a failure)",
          Duration.ofSeconds(45));
      assertThat(engine.failure()).as("the capture's failure").isNull();
    } finally {
      engine.stop();
      assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    }
    List<Delivered> delivered = delivered(recorder.handled());
    long last = StreamCheck.assertOnceInCommitOrder(delivered).longValueExact();
    List<String> answer = new ArrayList<>();
    answer.add(
        sameOrDeadLettered(
            json,
            delivered,
            dead,
            last,
            "SELECT ID, JSON_SERIALIZE(J RETURNING VARCHAR2(4000)) FROM J23 AS OF SCN ?",
            v -> v.replaceAll("\\s", "")));
    answer.add(
        sameOrDeadLettered(
            vector,
            delivered,
            dead,
            last,
            "SELECT ID, FROM_VECTOR(V RETURNING VARCHAR2(1000)) FROM V23 AS OF SCN ?",
            OracleEndToEndIT::vectorText));
    Files.write(dir.resolve("answer.txt"), answer);
    golden(dir, settings, recorder.handled());
  }

  /**
   * FLASHBACK DATABASE to a guaranteed restore point, then OPEN RESETLOGS: a new incarnation whose
   * history leaves out what the parent committed after the restore point. A position at or below
   * the RESETLOGS SCN continues on the new incarnation (the discarded change never delivered); one
   * above it (a commit delivered at or above the RESETLOGS SCN) stops with CDC-2060 naming both
   * SCNs, never a stall or a skip. A transaction open at the restore point, rolled back by the
   * shutdown and again by OPEN RESETLOGS, is never delivered. Skipped with one line when the image
   * refuses flashback logging.
   */
  @Test
  @Order(9)
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void flashbackDatabaseWithResetlogs() throws Exception {
    OracleWorkload workload = workload();
    TableId t = workload.table("FLASH", "ID NUMBER(10) PRIMARY KEY, NOTE VARCHAR2(40)", "");
    String refusal = ORACLE.get().prepareFlashback();
    Assumptions.assumeTrue(
        refusal == null,
        () ->
            "flashbackDatabaseWithResetlogs skipped: this Oracle Free image does not allow"
                + " FLASHBACK DATABASE ("
                + refusal
                + ")");
    long start = ORACLE.get().currentScn();
    insert(workload, "INSERT INTO FLASH VALUES (1, 'below the restore point')");
    OracleWorkload.Case c =
        new OracleWorkload.Case("flashback-below", start, List.of(t), List.of(), Map.of());
    Map<String, String> below = settings(caseDir(c.name()), c);
    Recorder belowFirst = new Recorder();
    run(below, belowFirst, () -> count(belowFirst, t) >= 1, "row 1, below the restore point");

    // A transaction open at the restore point: SHUTDOWN IMMEDIATE rolls it back in the parent,
    // and OPEN RESETLOGS rolls it back again in the new incarnation (b4's question: whether
    // LogMiner shows that rollback, and under which incarnation). It is never delivered.
    Connection openAtRestorePoint = workload.app();
    OracleWorkload.run(
        openAtRestorePoint, "INSERT INTO FLASH VALUES (4, '" + OracleWorkload.ROLLED_BACK + "')");
    long restorePoint = ORACLE.get().restorePoint("REDOLINE_RP");
    insert(workload, "INSERT INTO FLASH VALUES (2, '" + OracleWorkload.ROLLED_BACK + "')");
    Map<String, String> above =
        settings(
            caseDir("flashback-above"),
            new OracleWorkload.Case("flashback-above", start, List.of(t), List.of(), Map.of()));
    Recorder aboveFirst = new Recorder();
    run(above, aboveFirst, () -> count(aboveFirst, t) >= 2, "row 2, above the restore point");
    long positionAbove = lastCommit(aboveFirst.handled()).longValueExact();
    assertThat(positionAbove).as("the premise: a position above").isGreaterThan(restorePoint);

    long resetlogs = ORACLE.get().flashbackWithResetlogs("REDOLINE_RP");
    try {
      openAtRestorePoint.close();
    } catch (SQLException gone) {
      // Its session ended with the shutdown; nothing is left to close.
    }
    assertThat(resetlogs).as("the RESETLOGS SCN").isLessThanOrEqualTo(positionAbove);
    insert(workload, "INSERT INTO FLASH VALUES (3, 'after the RESETLOGS')");
    long end = workload.marker(c);

    Recorder belowAfter = new Recorder();
    run(below, belowAfter, () -> hasMarker(belowAfter, t), "the marker before SCN " + end);
    List<Recorder.Handled> all = new ArrayList<>(belowFirst.handled());
    all.addAll(belowAfter.handled());
    checks(c, caseDir(c.name()), all); // row 2, discarded by the flashback, is ROLLED-BACK text

    EmbeddedEngine stopped = engine(above, new Recorder());
    stopped.start();
    try {
      Recorder.await(
          () -> stopped.failure() != null,
          "the capture above the RESETLOGS SCN to stop with a typed error",
          PATIENCE);
    } finally {
      stopped.stop();
      assertThat(stopped.awaitTermination(Recorder.PATIENCE)).isTrue();
    }
    CdcException failure = stopped.failure();
    assertThat(failure.code()).as("%s", failure).isEqualTo(INCARNATION_DIVERGED);
    assertThat(failure.retriable()).as("%s", failure).isFalse();
    assertThat(failure.getMessage())
        .as("names the RESETLOGS SCN and the position's last delivered commit SCN")
        .contains(Long.toString(resetlogs))
        .contains(Long.toString(positionAbove));
    ORACLE
        .get()
        .dumpLogMinerRows(start, ORACLE.get().currentScn(), caseDir(c.name()).resolve(DUMP));
  }

  /**
   * Row forms the simulator writes as a real 23 Free was recorded writing them, asked of this
   * database: TIMESTAMP(0) and zero fractions under the gateway's {@code FF9}, BINARY_FLOAT/DOUBLE
   * digits and special values, an UPDATE setting a NULL column to NULL, and one SCN for the 200
   * rows of one statement. The recording keeps the SQL_REDO text that answers each form.
   *
   * <p>Also three questions of REAL-ORACLE-REVIEW-2 the simulator answers by choice (its part e and
   * b12): whether CR and LF inside a string reach SQL_REDO as written, whether an NCLOB comes in
   * the CLOB's forms, and whether a parallel DML insert shows its child transactions (PXID) with
   * COMMIT rows of their own. Each is delivered and checked like any change.
   */
  @Test
  @Order(7)
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void rowFormsOfARealDatabase_zeroFractionsFloatTextNullToNullAndOneScnPerStatement()
      throws Exception {
    OracleWorkload workload = workload();
    TableId t =
        workload.table(
            "FORMS",
            "ID NUMBER(10) PRIMARY KEY, TS0 TIMESTAMP(0), TS6 TIMESTAMP(6), F BINARY_FLOAT,"
                + " D BINARY_DOUBLE, N VARCHAR2(10)",
            "");
    TableId text =
        workload.table("FORMS_TEXT", "ID NUMBER(10) PRIMARY KEY, TXT VARCHAR2(40), NC NCLOB", "");
    long start = ORACLE.get().currentScn();
    try (Connection app = workload.app()) {
      OracleWorkload.run(
          app,
          "INSERT INTO FORMS VALUES (1, TIMESTAMP '2025-06-15 10:30:00',"
              + " TIMESTAMP '2025-06-15 10:30:00', 3.14, 3.14, NULL)");
      OracleWorkload.run(app, "INSERT INTO FORMS VALUES (2, NULL, NULL, 0, 0, NULL)");
      OracleWorkload.run(
          app,
          "INSERT INTO FORMS VALUES (3, NULL, TIMESTAMP '2025-01-15 12:00:00.000001',"
              + " BINARY_FLOAT_NAN, BINARY_DOUBLE_INFINITY, NULL)");
      OracleWorkload.run(
          app, "INSERT INTO FORMS VALUES (4, NULL, NULL, -BINARY_FLOAT_INFINITY, 1, NULL)");
      OracleWorkload.end(app, false);
      OracleWorkload.run(app, "UPDATE FORMS SET N = NULL WHERE ID = 1");
      OracleWorkload.run(
          app,
          "INSERT INTO FORMS (ID, TS6) SELECT 100 + LEVEL, SYSTIMESTAMP FROM DUAL"
              + " CONNECT BY LEVEL <= 200");
      OracleWorkload.end(app, false);
      OracleWorkload.run(
          app,
          "INSERT INTO FORMS_TEXT VALUES (1, 'one' || CHR(13) || CHR(10) || 'two' || CHR(10),"
              + " TO_NCLOB('n' || CHR(10) || UNISTR('\\00E4')))");
      OracleWorkload.run(
          app,
          "UPDATE FORMS_TEXT SET NC = TO_NCLOB(RPAD('x', 3000, 'y')) || TO_NCLOB(RPAD('z', 3000,"
              + " 'w')) WHERE ID = 1"); // out of row: 12,000 bytes in AL16UTF16
      OracleWorkload.end(app, false);
      OracleWorkload.run(app, "ALTER SESSION ENABLE PARALLEL DML");
      OracleWorkload.run(
          app,
          "INSERT /*+ PARALLEL(FORMS_TEXT, 2) */ INTO FORMS_TEXT (ID, TXT)"
              + " SELECT 1000 + LEVEL, 'pdml' FROM DUAL CONNECT BY LEVEL <= 500");
      OracleWorkload.end(app, false);
    }
    capture(new OracleWorkload.Case("forms", start, List.of(t, text), List.of(), Map.of()));
  }

  // ---- harness ----------------------------------------------------------------------------

  private static final String DUMP = "logminer-rows.tsv";

  /**
   * CDC-2060: the stored position is on an incarnation the database left by RESETLOGS and delivered
   * a commit at or above its RESETLOGS SCN.
   */
  private static final String INCARNATION_DIVERGED = "CDC-2060";

  private static OracleWorkload workload() {
    return new OracleWorkload(ORACLE.get(), SEED);
  }

  private static void insert(OracleWorkload workload, String sql) throws Exception {
    try (Connection app = workload.app()) {
      OracleWorkload.run(app, sql);
      OracleWorkload.end(app, false);
    }
  }

  private static Path caseDir(String name) throws Exception {
    Path dir = Path.of("target", "oracle-it", name).toAbsolutePath();
    Files.createDirectories(dir);
    return dir;
  }

  private static Map<String, String> settings(Path dir, OracleWorkload.Case c) {
    Map<String, String> settings = new HashMap<>();
    settings.put("cdc.database.url", ORACLE.get().rootUrl());
    settings.put("cdc.database.user", OracleFree.CAPTURE_USER);
    settings.put("cdc.database.password", OracleFree.CAPTURE_PASSWORD);
    settings.put("cdc.database.pdbs", OracleFree.PDB);
    settings.put(
        "cdc.tables.include",
        String.join(",", c.tables().stream().map(TableId::toString).toList()));
    settings.put("cdc.start.scn", Long.toString(c.start()));
    settings.put("cdc.snapshot.mode", "no_data");
    settings.put("cdc.state.dir", dir.resolve("state").toString());
    settings.put("cdc.buffer.spill.dir", dir.resolve("spill").toString());
    settings.put("cdc.recording.dir", dir.resolve("recording").toString());
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.putAll(c.settings());
    return settings;
  }

  private static EmbeddedEngine engine(Map<String, String> settings, Recorder recorder) {
    return EmbeddedEngine.builder()
        .config(settings)
        .handler(recorder)
        .database(Database.fromConfig(CdcConfig.from(settings)))
        .build();
  }

  /** Runs a capture until {@code done}, then stops it. */
  private static void run(
      Map<String, String> settings, Recorder recorder, BooleanSupplier done, String what)
      throws Exception {
    EmbeddedEngine engine = engine(settings, recorder);
    engine.start();
    try {
      Recorder.await(
          () -> done.getAsBoolean() || engine.failure() != null,
          what + " (or a failure)",
          PATIENCE);
      assertThat(engine.failure()).as("the capture's failure").isNull();
    } finally {
      engine.stop();
      assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    }
  }

  /**
   * Commits the case's marker, captures until it is delivered, checks the stream and keeps the
   * directory as a golden case.
   */
  private static void capture(OracleWorkload.Case c) throws Exception {
    long end = workload().marker(c);
    Path dir = caseDir(c.name());
    Map<String, String> settings = settings(dir, c);
    Recorder recorder = new Recorder();
    run(settings, recorder, () -> hasMarker(recorder, c.marker()), "the marker before SCN " + end);
    checks(c, dir, recorder.handled());
    golden(dir, settings, recorder.handled());
  }

  /**
   * The stream checks, then the LogMiner rows of the case's range into {@code dir}'s dump.
   * Delivered once, in commit order, nothing rolled back, and the replica equal to the tables as of
   * the last delivered commit.
   */
  private static void checks(OracleWorkload.Case c, Path dir, List<Recorder.Handled> handled)
      throws Exception {
    List<Delivered> delivered = delivered(handled);
    long last = StreamCheck.assertOnceInCommitOrder(delivered).longValueExact();
    try (Connection app = ORACLE.get().app()) {
      StreamCheck.assertReplicaEqualsSource(
          delivered, app, last, c.tables(), c.keysOnly(), Map.of());
    }
    ORACLE.get().dumpLogMinerRows(c.start(), Math.max(last, c.start() + 1), dir.resolve(DUMP));
  }

  /** What a golden case holds besides its recording: the settings and the delivered stream. */
  private static void golden(Path dir, Map<String, String> settings, List<Recorder.Handled> handled)
      throws Exception {
    GoldenRecordingsTest.writeSettings(settings, dir.resolve("settings.properties"));
    Files.write(dir.resolve("delivered.txt"), GoldenRecordingsTest.render(handled));
  }

  /**
   * One table of the JSON/VECTOR case: either no dead letter names it and its replica (key to the
   * value's text, put in one form by {@code form}) equals the table read as of {@code scn}, or
   * every change of it was dead-lettered and none delivered. Answers the line for {@code
   * answer.txt}.
   */
  private static String sameOrDeadLettered(
      TableId table,
      List<Delivered> delivered,
      List<DeadLetter> dead,
      long scn,
      String select,
      java.util.function.UnaryOperator<String> form)
      throws Exception {
    List<DeadLetter> mine =
        dead.stream().filter(d -> table.table().equals(d.row().tableName())).toList();
    Map<String, String> replica = new java.util.TreeMap<>();
    int changes = 0;
    for (Delivered d : delivered) {
      if (!d.table().equals(table)) {
        continue;
      }
      changes++;
      if (d.after() == null) {
        replica.remove(ReplicaCheck.normalize(d.before().get(0)));
      } else {
        Object v = d.after().get(1);
        replica.put(
            ReplicaCheck.normalize(d.after().get(0)), v == null ? null : form.apply(v.toString()));
      }
    }
    if (!mine.isEmpty()) {
      assertThat(changes)
          .as(
              "%s: %d changes dead-lettered (%s), so none may be delivered",
              table, mine.size(), mine.get(0).error())
          .isZero();
      return table
          + ": dead-lettered, "
          + mine.size()
          + " changes, first: "
          + mine.get(0).error().getMessage();
    }
    Map<String, String> source = new java.util.TreeMap<>();
    try (Connection app = ORACLE.get().app();
        java.sql.PreparedStatement ps = app.prepareStatement(select)) {
      ps.setLong(1, scn);
      try (java.sql.ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String v = rs.getString(2);
          source.put(ReplicaCheck.normalize(rs.getBigDecimal(1)), v == null ? null : form.apply(v));
        }
      }
    }
    assertThat(replica)
        .as("%s: the replica against the table at SCN %d", table, scn)
        .isEqualTo(source);
    return table + ": delivered, " + changes + " changes, replica equal at SCN " + scn;
  }

  /**
   * A vector's text as its dimensions' float values: {@code [1.5E+000,-2]} and {@code [1.5,-2.0]}
   * agree.
   */
  private static String vectorText(String text) {
    String body = text.replaceAll("[\\[\\]\\s]", "");
    List<String> out = new ArrayList<>();
    for (String part : body.split(",", -1)) {
      out.add(Float.toString(Float.parseFloat(part)));
    }
    return out.toString();
  }

  private static List<Delivered> delivered(List<Recorder.Handled> handled) {
    List<Delivered> out = new ArrayList<>();
    for (Recorder.Handled h : handled) {
      BigDecimal commit = commitScn(h);
      for (Change c : h.changes()) {
        out.add(Delivered.of(String.valueOf(h.xid()), commit, c));
      }
    }
    return out;
  }

  private static BigDecimal commitScn(Recorder.Handled h) {
    if (h.mark() != null) {
      return new BigDecimal(h.mark().scn().toString());
    }
    return h.changes().stream()
        .map(c -> new BigDecimal(c.scn().toString()))
        .max(BigDecimal::compareTo)
        .orElse(BigDecimal.ZERO);
  }

  private static BigDecimal lastCommit(List<Recorder.Handled> handled) {
    return handled.stream()
        .map(OracleEndToEndIT::commitScn)
        .max(BigDecimal::compareTo)
        .orElse(BigDecimal.ZERO);
  }

  private static boolean hasMarker(Recorder recorder, TableId marker) {
    return recorder.handled().stream()
        .flatMap(h -> h.changes().stream())
        .anyMatch(
            c ->
                c.table().equals(marker)
                    && c.after() != null
                    && ReplicaCheck.normalize(c.after().get(0))
                        .equals(Long.toString(OracleWorkload.MARKER_ID)));
  }

  private static long count(Recorder recorder, TableId table) {
    return recorder.handled().stream()
        .flatMap(h -> h.changes().stream())
        .filter(c -> c.table().equals(table))
        .count();
  }
}
