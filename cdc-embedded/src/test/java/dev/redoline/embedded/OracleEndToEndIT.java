package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Change;
import dev.redoline.core.TableId;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.oracle.OracleFree;
import dev.redoline.logminer.oracle.ReplicaCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The embedded engine end to end on Oracle Database Free 23ai, set up as docs/oracle-setup.md says
 * ({@link OracleFree}). Run with {@code ./mvnw -B -pl cdc-embedded -am verify -Poracle-it
 * -Dit.test=OracleEndToEndIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false}; without Docker
 * the class is reported skipped after one line saying so ({@link OracleFree#dockerAvailable}).
 *
 * <p>Each case runs its own capture (state, recording and LogMiner dump under {@code
 * target/oracle-it/<case>/}) over a seeded workload, then checks: every committed change delivered
 * once (no transaction twice, commit SCNs in order), no change of a rolled-back transaction or
 * savepoint, and the replica built from the delivered changes equal to the tables read AS OF the
 * last delivered commit ({@link ReplicaCheck}). The raw LogMiner rows (operation code, DATA_OBJ#,
 * ROW_ID, RS_ID, SSN, CSF, INFO) of the case's SCN range are written to {@code logminer-rows.tsv}
 * and the capture's recording to {@code recording/}: copy a case's directory under {@code
 * src/test/resources/recordings/} to make it a golden case of the normal suite ({@link
 * GoldenRecordingsTest}).
 *
 * <p>A new case: a method that creates its tables through {@link #table}, runs its workload through
 * {@link #app}, and ends with {@link #capture}; it must take under a few minutes on two cores (the
 * whole class, the container's start included, under 30).
 */
@EnabledIf("dev.redoline.logminer.oracle.OracleFree#dockerAvailable")
@Tag("docker")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OracleEndToEndIT {

  private static final long SEED = Long.getLong("redoline.it.seed", 27L);
  private static final String ROLLED_BACK = "ROLLED-BACK";

  /** The key of the row each case commits last: its delivery means the workload was delivered. */
  private static final long MARKER_ID = 999_999;

  /** A real database mines slower than the simulator: a case's capture may take minutes. */
  private static final java.time.Duration PATIENCE = java.time.Duration.ofMinutes(5);

  private static OracleFree oracle;

  @BeforeAll
  static void database() throws Exception {
    oracle = OracleFree.start();
    oracle.setUp();
  }

  @AfterAll
  static void stop() {
    if (oracle != null) {
      oracle.stop();
    }
  }

  @Test
  @Order(1)
  void dmlOverEverySupportedType() throws Exception {
    TableId t =
        table(
            "TYPES",
            "ID NUMBER(10) PRIMARY KEY, N NUMBER(12,3), F BINARY_FLOAT, D BINARY_DOUBLE,"
                + " V VARCHAR2(100), NV NVARCHAR2(50), C CHAR(5), DT DATE, TS TIMESTAMP(6),"
                + " TSTZ TIMESTAMP(6) WITH TIME ZONE, TSLTZ TIMESTAMP(6) WITH LOCAL TIME ZONE,"
                + " YM INTERVAL YEAR(2) TO MONTH, DS INTERVAL DAY(2) TO SECOND(6), R RAW(16), B BOOLEAN");
    long start = oracle.currentScn();
    Random random = new Random(SEED);
    try (Connection app = app()) {
      for (int tx = 0; tx < 20; tx++) {
        boolean rollback = random.nextInt(5) == 0;
        for (int i = 0; i < 1 + random.nextInt(5); i++) {
          int id = tx * 10 + i;
          run(
              app,
              "INSERT INTO TYPES VALUES ("
                  + id
                  + ", "
                  + (random.nextInt(1_000_000) / 1000.0)
                  + ", 1.5, 2.25, '"
                  + (rollback ? ROLLED_BACK : "v''" + random.nextInt(100))
                  + "', N'\u00e9t\u00e9', 'ab', DATE '2024-02-29',"
                  + " TIMESTAMP '2024-03-31 02:30:00.123456', TIMESTAMP '2024-01-01 10:00:00 +05:30',"
                  + " TIMESTAMP '2024-06-01 12:00:00', INTERVAL '1-2' YEAR TO MONTH,"
                  + " INTERVAL '3 04:05:06.5' DAY TO SECOND, HEXTORAW('0A0B0C'), TRUE)");
        }
        if (!rollback && tx % 3 == 0) {
          run(app, "UPDATE TYPES SET V = 'updated', B = FALSE, N = NULL WHERE ID = " + (tx * 10));
        }
        if (!rollback && tx % 4 == 1) {
          run(app, "DELETE FROM TYPES WHERE ID = " + (tx * 10));
        }
        end(app, rollback);
      }
    }
    capture("types", start, List.of(t), Map.of(), List.of(t));
  }

  @Test
  @Order(2)
  void lobsSecureFileAndBasicFile() throws Exception {
    TableId t =
        table(
            "DOCS",
            "ID NUMBER(10) PRIMARY KEY, SF CLOB, BF BLOB",
            " LOB (SF) STORE AS SECUREFILE (ENABLE STORAGE IN ROW) LOB (BF) STORE AS BASICFILE (ENABLE STORAGE IN ROW)");
    long start = oracle.currentScn();
    try (Connection app = app()) {
      run(app, "INSERT INTO DOCS VALUES (1, 'in row', HEXTORAW('00FF'))");
      run(
          app,
          "INSERT INTO DOCS VALUES (2, RPAD('out of row ', 12000, 'x'), TO_BLOB(UTL_RAW.COPIES(HEXTORAW('AB'), 9000)))");
      end(app, false);
      run(app, "UPDATE DOCS SET SF = RPAD('grown ', 9000, 'y') WHERE ID = 1");
      run(
          app,
          "DECLARE c CLOB; BEGIN SELECT SF INTO c FROM DOCS WHERE ID = 2 FOR UPDATE;"
              + " DBMS_LOB.TRIM(c, 100); END;");
      run(
          app,
          "DECLARE b BLOB; BEGIN SELECT BF INTO b FROM DOCS WHERE ID = 2 FOR UPDATE;"
              + " DBMS_LOB.WRITE(b, 3, 10, HEXTORAW('010203')); END;");
      end(app, false);
      run(app, "INSERT INTO DOCS VALUES (3, 'kept', NULL)");
      run(app, "SAVEPOINT S1");
      run(app, "INSERT INTO DOCS VALUES (4, '" + ROLLED_BACK + "', NULL)");
      run(app, "UPDATE DOCS SET SF = '" + ROLLED_BACK + "' WHERE ID = 3");
      run(app, "ROLLBACK TO SAVEPOINT S1");
      end(app, false);
    }
    capture("lobs", start, List.of(t), Map.of(), List.of(t));
  }

  @Test
  @Order(3)
  void ddlAddDropColumnNewTableIntervalPartitions() throws Exception {
    TableId items = table("ITEMS", "ID NUMBER(10) PRIMARY KEY, NAME VARCHAR2(40)");
    TableId events =
        table(
            "EVENTS",
            "ID NUMBER(10) PRIMARY KEY, AT DATE",
            " PARTITION BY RANGE (ID) INTERVAL (100) (PARTITION P0 VALUES LESS THAN (100))");
    long start = oracle.currentScn();
    try (Connection app = app()) {
      run(app, "INSERT INTO ITEMS VALUES (1, 'before')");
      end(app, false);
      run(app, "ALTER TABLE ITEMS ADD (PRICE NUMBER(8,2))");
      run(app, "INSERT INTO ITEMS VALUES (2, 'after add', 9.5)");
      end(app, false);
      run(app, "ALTER TABLE ITEMS DROP COLUMN PRICE");
      run(app, "INSERT INTO ITEMS VALUES (3, 'after drop')");
      for (int id = 50; id < 550; id += 100) {
        run(
            app,
            "INSERT INTO EVENTS VALUES ("
                + id
                + ", SYSDATE)"); // each creates an interval partition
      }
      end(app, false);
    }
    TableId later = table("LATER", "ID NUMBER(10) PRIMARY KEY, NOTE VARCHAR2(20)");
    oracle.sysdba(
        List.of(
            "ALTER SESSION SET CONTAINER = " + OracleFree.PDB + ";",
            "ALTER TABLE SHOP.EVENTS MOVE PARTITION FOR (150) UPDATE INDEXES;")); // partition DDL
    // by SYS,
    // excluded
    try (Connection app = app()) {
      run(app, "INSERT INTO LATER VALUES (1, 'new table')");
      run(app, "INSERT INTO EVENTS VALUES (151, SYSDATE)");
      end(app, false);
    }
    capture(
        "ddl",
        start,
        List.of(items, events, later),
        Map.of("cdc.users.exclude", "SYS"),
        List.of(events, later));
  }

  @Test
  @Order(4)
  void logSwitchesUnderConcurrentDml() throws Exception {
    TableId t = table("LOAD", "ID NUMBER(10) PRIMARY KEY, WORKER NUMBER(2), N NUMBER(10)");
    long start = oracle.currentScn();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<?>> workers = new ArrayList<>();
      for (int w = 0; w < 2; w++) {
        int worker = w;
        workers.add(
            pool.submit(
                () -> {
                  try (Connection app = app()) {
                    for (int i = 0; i < 300; i++) {
                      run(
                          app,
                          "INSERT INTO LOAD VALUES ("
                              + (worker * 100_000 + i)
                              + ", "
                              + worker
                              + ", "
                              + i
                              + ")");
                      if (i % 7 == 0) {
                        end(app, i % 21 == 0);
                      }
                    }
                    end(app, false);
                  }
                  return null;
                }));
      }
      for (int s = 0; s < 4; s++) {
        oracle.sysdba(List.of("ALTER SYSTEM SWITCH LOGFILE;"));
      }
      for (Future<?> f : workers) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    capture("log-switches", start, List.of(t), Map.of(), List.of(t));
  }

  @Test
  @Order(5)
  void captureKilledAndRestartedMidTransaction() throws Exception {
    TableId t = table("RESTART", "ID NUMBER(10) PRIMARY KEY, NAME VARCHAR2(40)");
    long start = oracle.currentScn();
    Path dir = caseDir("restart");
    Map<String, String> settings = settings(dir, start, List.of(t), Map.of());
    Recorder first = new Recorder();
    try (Connection app = app()) {
      run(app, "INSERT INTO RESTART VALUES (1, 'committed before')");
      end(app, false);
      EmbeddedEngine engine = engine(settings, first);
      engine.start();
      Recorder.await(() -> first.handled().size() >= 1, "the first transaction", PATIENCE);
      run(app, "INSERT INTO RESTART VALUES (2, 'open while killed')");
      oracle.sysdba(List.of("ALTER SYSTEM SWITCH LOGFILE;"));
      engine.close(); // abandoned, not stopped: no final offset flush beyond what was stored
      run(app, "INSERT INTO RESTART VALUES (3, 'same transaction')");
      end(app, false);
    }
    Recorder second = new Recorder();
    EmbeddedEngine again = engine(settings, second);
    again.start();
    List<Recorder.Handled> all = new ArrayList<>(first.handled());
    Recorder.await(
        () -> second.handled().stream().anyMatch(h -> h.changes().size() == 2),
        "the open transaction",
        PATIENCE);
    all.addAll(second.handled());
    again.stop();
    assertThat(again.awaitTermination(Recorder.PATIENCE)).isTrue();
    checks(all, List.of(t), List.of(), dir, start);
  }

  @Test
  @Order(6)
  void snapshotUnderANonEnglishLocaleWithMixedCaseKeys_andAnAdHocSnapshot() throws Exception {
    TableId t = table("KEYED", "K VARCHAR2(10) PRIMARY KEY, V NUMBER(5)");
    TableId other = table("ADHOC", "ID NUMBER(10) PRIMARY KEY, NAME VARCHAR2(20)");
    try (Connection app = app()) {
      for (String k : List.of("a", "B", "i", "I", "\u0130", "\u0131", "z", "Z", "\u00e4", "A")) {
        run(app, "INSERT INTO KEYED VALUES ('" + k + "', " + (int) k.charAt(0) + ")");
      }
      run(app, "INSERT INTO ADHOC VALUES (1, 'before the ad-hoc snapshot')");
      end(app, false);
    }
    Locale was = Locale.getDefault();
    Locale.setDefault(Locale.forLanguageTag("tr-TR"));
    try {
      Path dir = caseDir("snapshot");
      Map<String, String> settings =
          settings(
              dir,
              0,
              List.of(t, other),
              Map.of("cdc.snapshot.mode", "initial", "cdc.snapshot.chunk.rows", "3"));
      settings.put("cdc.start.scn", "current");
      settings.put("cdc.tables.include", t.toString()); // ADHOC joins through the ad-hoc snapshot
      Recorder recorder = new Recorder();
      EmbeddedEngine engine = engine(settings, recorder);
      engine.start();
      Recorder.await(() -> count(recorder, t) == 10, "the snapshot of KEYED", PATIENCE);
      assertThat(engine.state()).isNotNull();
      engine.stop();
      assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
      long at = oracle.currentScn();
      ReplicaCheck replica = new ReplicaCheck();
      recorder.handled().forEach(h -> h.changes().forEach(replica::apply));
      try (Connection app = app()) {
        replica.assertEquals(app, t, at, true);
      }
    } finally {
      Locale.setDefault(was);
    }
    Path dir = caseDir("adhoc");
    Map<String, String> settings = settings(dir, oracle.currentScn(), List.of(other), Map.of());
    Recorder recorder = new Recorder();
    EmbeddedEngine engine = engine(settings, recorder);
    engine.start();
    engine.snapshot(other.toString());
    Recorder.await(() -> count(recorder, other) >= 1, "the ad-hoc snapshot of ADHOC", PATIENCE);
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
  }

  /**
   * Row forms the simulator writes as a real 23 Free was recorded writing them, asked of this
   * database: TIMESTAMP(0) and zero fractions under the gateway's {@code FF9}, BINARY_FLOAT/DOUBLE
   * digits and special values, an UPDATE setting a NULL column to NULL, and one SCN for the 200
   * rows of one statement. The recording keeps the SQL_REDO text that answers each form.
   */
  @Test
  @Order(7)
  void rowFormsOfARealDatabase_zeroFractionsFloatTextNullToNullAndOneScnPerStatement()
      throws Exception {
    TableId t =
        table(
            "FORMS",
            "ID NUMBER(10) PRIMARY KEY, TS0 TIMESTAMP(0), TS6 TIMESTAMP(6), F BINARY_FLOAT,"
                + " D BINARY_DOUBLE, N VARCHAR2(10)");
    long start = oracle.currentScn();
    try (Connection app = app()) {
      run(
          app,
          "INSERT INTO FORMS VALUES (1, TIMESTAMP '2025-06-15 10:30:00',"
              + " TIMESTAMP '2025-06-15 10:30:00', 3.14, 3.14, NULL)");
      run(app, "INSERT INTO FORMS VALUES (2, NULL, NULL, 0, 0, NULL)");
      run(
          app,
          "INSERT INTO FORMS VALUES (3, NULL, TIMESTAMP '2025-01-15 12:00:00.000001',"
              + " BINARY_FLOAT_NAN, BINARY_DOUBLE_INFINITY, NULL)");
      run(app, "INSERT INTO FORMS VALUES (4, NULL, NULL, -BINARY_FLOAT_INFINITY, 1, NULL)");
      end(app, false);
      run(app, "UPDATE FORMS SET N = NULL WHERE ID = 1");
      run(
          app,
          "INSERT INTO FORMS (ID, TS6) SELECT 100 + LEVEL, SYSTIMESTAMP FROM DUAL"
              + " CONNECT BY LEVEL <= 200");
      end(app, false);
    }
    capture("forms", start, List.of(t), Map.of(), List.of());
  }

  // ---- harness ----------------------------------------------------------------------------

  /** Creates SHOP.name in the PDB and runs the documented per-table statements for it. */
  private static TableId table(String name, String columns) throws Exception {
    return table(name, columns, "");
  }

  private static TableId table(String name, String columns, String storage) throws Exception {
    try (Connection app = app()) {
      run(app, "CREATE TABLE " + name + " (" + columns + ")" + storage);
    }
    TableId table = new TableId(OracleFree.PDB, OracleFree.SCHEMA, name);
    oracle.captureTable(OracleFree.SCHEMA + "." + name);
    return table;
  }

  private static Connection app() throws SQLException {
    Connection c = oracle.app();
    c.setAutoCommit(false);
    return c;
  }

  private static void run(Connection app, String sql) throws SQLException {
    try (Statement st = app.createStatement()) {
      st.execute(sql);
    }
  }

  private static void end(Connection app, boolean rollback) throws SQLException {
    if (rollback) {
      app.rollback();
    } else {
      app.commit();
    }
  }

  private static Path caseDir(String name) throws Exception {
    Path dir = Path.of("target", "oracle-it", name).toAbsolutePath();
    Files.createDirectories(dir);
    return dir;
  }

  private static Map<String, String> settings(
      Path dir, long start, List<TableId> tables, Map<String, String> extra) {
    Map<String, String> settings = new HashMap<>();
    settings.put("cdc.database.url", oracle.rootUrl());
    settings.put("cdc.database.user", OracleFree.CAPTURE_USER);
    settings.put("cdc.database.password", OracleFree.CAPTURE_PASSWORD);
    settings.put("cdc.database.pdbs", OracleFree.PDB);
    settings.put(
        "cdc.tables.include", String.join(",", tables.stream().map(TableId::toString).toList()));
    settings.put("cdc.start.scn", Long.toString(start));
    settings.put("cdc.snapshot.mode", "no_data");
    settings.put("cdc.state.dir", dir.resolve("state").toString());
    settings.put("cdc.buffer.spill.dir", dir.resolve("spill").toString());
    settings.put("cdc.recording.dir", dir.resolve("recording").toString());
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.putAll(extra);
    return settings;
  }

  private static EmbeddedEngine engine(Map<String, String> settings, Recorder recorder) {
    return EmbeddedEngine.builder()
        .config(settings)
        .handler(recorder)
        .database(Database.fromConfig(CdcConfig.from(settings)))
        .build();
  }

  /**
   * Captures from {@code start} until a marker transaction committed after the workload is
   * delivered, then checks the stream, dumps the LogMiner rows and keeps the recording.
   *
   * @param keysOnly tables whose layout changed: compared by key set only
   */
  private static void capture(
      String name,
      long start,
      List<TableId> tables,
      Map<String, String> extra,
      List<TableId> keysOnly)
      throws Exception {
    Path dir = caseDir(name);
    TableId marker = tables.get(0);
    try (Connection app = app()) {
      run(
          app,
          "INSERT INTO "
              + marker.table()
              + " ("
              + firstColumn(app, marker)
              + ") VALUES ("
              + MARKER_ID
              + ")");
      end(app, false);
    }
    long end = oracle.currentScn();
    Recorder recorder = new Recorder();
    Map<String, String> settings = settings(dir, start, tables, extra);
    GoldenRecordingsTest.writeSettings(settings, dir.resolve("settings.properties"));
    EmbeddedEngine engine = engine(settings, recorder);
    engine.start();
    Recorder.await(
        () ->
            lastScn(recorder) >= end - 1
                && count(recorder, marker) > 0
                && hasMarker(recorder, marker),
        "delivery of the marker committed before SCN " + end,
        PATIENCE);
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    checks(recorder.handled(), tables, keysOnly, dir, start);
  }

  private static void checks(
      List<Recorder.Handled> delivered,
      List<TableId> tables,
      List<TableId> keysOnly,
      Path dir,
      long start)
      throws Exception {
    Set<Object> xids = new HashSet<>();
    long previous = 0;
    for (Recorder.Handled h : delivered) {
      assertThat(xids.add(h.xid())).as("transaction %s delivered once", h.xid()).isTrue();
      long scn =
          h.changes().isEmpty()
              ? previous
              : Long.parseLong(h.changes().get(h.changes().size() - 1).scn().toString());
      assertThat(scn).as("commit order").isGreaterThanOrEqualTo(previous);
      previous = Math.max(previous, scn);
      for (Change c : h.changes()) {
        assertThat(String.valueOf(c.after()) + c.before())
            .as("no rolled-back change")
            .doesNotContain(ROLLED_BACK);
      }
    }
    long last = lastScn(delivered);
    ReplicaCheck replica = new ReplicaCheck();
    delivered.forEach(h -> h.changes().forEach(replica::apply));
    try (Connection app = app()) {
      for (TableId t : tables) {
        replica.assertEquals(app, t, last, !keysOnly.contains(t));
      }
    }
    Files.write(dir.resolve("delivered.txt"), GoldenRecordingsTest.render(delivered));
    oracle.dumpLogMinerRows(start, Math.max(last, start + 1), dir.resolve("logminer-rows.tsv"));
  }

  private static long lastScn(Recorder recorder) {
    return lastScn(recorder.handled());
  }

  private static long lastScn(List<Recorder.Handled> delivered) {
    long last = 0;
    for (Recorder.Handled h : delivered) {
      for (Change c : h.changes()) {
        last = Math.max(last, Long.parseLong(c.scn().toString()));
      }
    }
    return last;
  }

  private static boolean hasMarker(Recorder recorder, TableId marker) {
    return recorder.handled().stream()
        .flatMap(h -> h.changes().stream())
        .anyMatch(
            c ->
                c.table().equals(marker)
                    && c.after() != null
                    && ReplicaCheck.normalize(c.after().get(0)).equals(Long.toString(MARKER_ID)));
  }

  private static long count(Recorder recorder, TableId table) {
    return recorder.handled().stream()
        .flatMap(h -> h.changes().stream())
        .filter(c -> c.table().equals(table))
        .count();
  }

  private static String firstColumn(Connection app, TableId table) throws SQLException {
    try (PreparedStatement ps =
        app.prepareStatement(
            "SELECT COLUMN_NAME FROM USER_TAB_COLUMNS WHERE TABLE_NAME = ?"
                + " AND COLUMN_ID = 1")) {
      ps.setString(1, table.table());
      try (var rs = ps.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }
}
