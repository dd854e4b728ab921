package dev.redoline.logminer.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.logminer.internal.AddLogOption;
import dev.redoline.logminer.internal.ArchivedLog;
import dev.redoline.logminer.internal.DatabaseState;
import dev.redoline.logminer.internal.DictionaryObject;
import dev.redoline.logminer.internal.MiningOption;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.OnlineLog;
import dev.redoline.logminer.internal.PdbState;
import dev.redoline.logminer.internal.RowCursor;
import dev.redoline.logminer.internal.SessionStart;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.oracle.OracleContainer;

/**
 * The JDBC gateway against a real Oracle Database Free 23ai in Docker: the simulator scenarios a
 * real database can produce. Run with {@code ./mvnw -B -pl cdc-logminer verify -Poracle-it};
 * skipped without Docker.
 *
 * <p>Setup (as in docs/oracle-setup.md): the container's database is restarted in ARCHIVELOG mode
 * with minimal supplemental logging, a common capture user {@code C##REDOLINE} gets the grants, and
 * the image's application user {@code TEST} owns the captured table {@code FREEPDB1.TEST.ITEMS}
 * (ALL COLUMN logging).
 */
@Testcontainers(disabledWithoutDocker = true)
@Tag("docker")
class JdbcGatewayIT {

  private static final String PDB = "FREEPDB1";
  private static final String CAPTURE_USER = "C##REDOLINE";
  private static final String CAPTURE_PASSWORD = "redoline";

  @Container
  private static final OracleContainer ORACLE =
      new OracleContainer("gvenzl/oracle-free:23-slim-faststart")
          .withStartupTimeout(Duration.ofMinutes(5));

  @BeforeAll
  static void prepareDatabase() throws Exception {
    sysdba(
        "SHUTDOWN IMMEDIATE",
        "STARTUP MOUNT",
        "ALTER DATABASE ARCHIVELOG;",
        "ALTER DATABASE OPEN;",
        "ALTER PLUGGABLE DATABASE ALL OPEN;",
        "ALTER DATABASE ADD SUPPLEMENTAL LOG DATA;",
        "CREATE USER " + CAPTURE_USER + " IDENTIFIED BY " + CAPTURE_PASSWORD + " CONTAINER=ALL;",
        "GRANT CREATE SESSION, SET CONTAINER, LOGMINING, SELECT ANY TRANSACTION, SELECT ANY DICTIONARY,"
            + " EXECUTE_CATALOG_ROLE TO "
            + CAPTURE_USER
            + " CONTAINER=ALL;",
        "ALTER USER " + CAPTURE_USER + " SET CONTAINER_DATA=ALL CONTAINER=CURRENT;");
    try (Connection app = appConnection();
        Statement st = app.createStatement()) {
      st.execute("CREATE TABLE ITEMS (ID NUMBER(10) PRIMARY KEY, NAME VARCHAR2(50))");
      st.execute("ALTER TABLE ITEMS ADD SUPPLEMENTAL LOG DATA (ALL) COLUMNS");
    }
  }

  /** Runs statements in SQL*Plus as SYSDBA inside the container; fails on any ORA- error. */
  private static void sysdba(String... statements) throws Exception {
    String script =
        "sqlplus -s / as sysdba <<'EOF'\n" + String.join("\n", statements) + "\nEXIT\nEOF\n";
    ExecResult result = ORACLE.execInContainer("bash", "-c", script);
    assertThat(result.getExitCode()).as(result.getStderr()).isZero();
    assertThat(result.getStdout()).as("SQL*Plus output").doesNotContain("ORA-");
  }

  private static Connection appConnection() throws SQLException {
    return DriverManager.getConnection(
        ORACLE.getJdbcUrl(), ORACLE.getUsername(), ORACLE.getPassword());
  }

  private static CdcConfig config() {
    return CdcConfig.from(
        Map.of(
            "cdc.database.url",
            "jdbc:oracle:thin:@//" + ORACLE.getHost() + ":" + ORACLE.getOraclePort() + "/FREE",
            "cdc.database.user",
            CAPTURE_USER,
            "cdc.database.password",
            CAPTURE_PASSWORD,
            "cdc.database.pdbs",
            PDB,
            "cdc.tables.include",
            PDB + ".TEST.ITEMS"));
  }

  @Test
  void inventory_listsTheDatabaseThreadsLogsAndPdbs() throws SQLException {
    try (JdbcGateway db = JdbcGateway.connect(config())) {
      DatabaseState state = db.database();
      assertThat(state.logMode()).isEqualTo(DatabaseState.LogMode.ARCHIVELOG);
      assertThat(state.supplementalLogDataMin()).isTrue();
      assertThat(state.cdb()).isTrue();
      assertThat(db.threads()).singleElement().satisfies(t -> assertThat(t.thread()).isEqualTo(1));
      assertThat(db.onlineLogs())
          .filteredOn(l -> l.status() == OnlineLog.Status.CURRENT)
          .singleElement()
          .satisfies(l -> assertThat(l.nextScn()).isEqualTo(Scn.MAX));
      assertThat(db.pdbs()).extracting(PdbState::name).contains(PDB);
      assertThat(db.archiveDestinations()).anyMatch(d -> d.usableLocal());
      assertThat(Preflight.of(config()).check(db)).isEmpty();
    }
  }

  @Test
  void logSwitch_archivesTheLogThatWasCurrent() throws Exception {
    try (JdbcGateway db = JdbcGateway.connect(config())) {
      Scn before = db.database().currentScn();
      long sequence = current(db).sequence();

      sysdba("ALTER SYSTEM ARCHIVE LOG CURRENT;"); // returns once the log is archived

      assertThat(current(db).sequence()).isGreaterThan(sequence);
      assertThat(db.archivedLogs(before))
          .anySatisfy(
              a -> {
                assertThat(a.sequence()).isEqualTo(sequence);
                assertThat(a.status()).isEqualTo(ArchivedLog.Status.A);
                assertThat(a.contains(before)).isTrue();
              });
    }
  }

  @Test
  void committedDml_isMinedWithItsRsIdXidAndSqlRedo() throws Exception {
    try (JdbcGateway db = JdbcGateway.connect(config())) {
      Scn start = db.database().currentScn();
      Xid xid;
      try (Connection app = appConnection();
          Statement st = app.createStatement()) {
        app.setAutoCommit(false);
        st.executeUpdate("INSERT INTO ITEMS VALUES (1, 'a')");
        st.executeUpdate("UPDATE ITEMS SET NAME = 'b' WHERE ID = 1");
        st.executeUpdate("DELETE FROM ITEMS WHERE ID = 1");
        xid = localTransaction(st);
        app.commit();
      }
      Scn end = db.database().currentScn();
      List<DictionaryObject> objects = db.objects(PDB, "^TEST$", "^ITEMS$");
      int conId = objects.get(0).conId();
      startSession(db, start, end);

      List<RedoRow> rows =
          mine(
              db,
              MiningQuery.builder()
                  .capture(
                      conId,
                      objects.stream().map(DictionaryObject::objectId).collect(Collectors.toSet()))
                  .build());

      List<RedoRow> ours = rows.stream().filter(r -> r.xid().equals(xid)).toList();
      assertThat(ours).extracting(RedoRow::operationCode).containsExactly(6, 1, 3, 2, 7);
      assertThat(ours.get(1).sqlRedo())
          .startsWith("insert into \"TEST\".\"ITEMS\"(\"ID\",\"NAME\") values ('1','a')");
      assertThat(ours.get(2).sqlRedo())
          .startsWith("update \"TEST\".\"ITEMS\" set \"NAME\" = 'b' where \"ID\" = '1'");
      assertThat(ours.get(3).sqlRedo())
          .startsWith("delete from \"TEST\".\"ITEMS\" where \"ID\" = '1'");
      assertThat(ours)
          .allSatisfy(
              r -> {
                assertThat(r.rsId()).matches(" 0x[0-9a-f]{6}\\.[0-9a-f]{8}\\.[0-9a-f]{4} ");
                assertThat(r.thread()).isEqualTo(1);
              });
      assertThat(ours.get(1).srcConName()).isEqualTo(PDB);
      assertThat(ours.get(1).username()).isEqualTo("TEST");

      List<RedoRow> afterInsert =
          mine(
              db,
              MiningQuery.builder()
                  .cursor(ours.get(1).address())
                  .capture(conId, Set.of(ours.get(1).dataObj()))
                  .build());
      assertThat(afterInsert.stream().filter(r -> r.xid().equals(xid)))
          .extracting(RedoRow::operationCode)
          .containsExactly(3, 2, 7);

      List<RedoRow> userExcluded =
          mine(
              db,
              MiningQuery.builder()
                  .excludeUser("TEST")
                  .capture(conId, Set.of(ours.get(1).dataObj()))
                  .build());
      assertThat(userExcluded.stream().filter(r -> r.xid().equals(xid)))
          .extracting(RedoRow::operationCode)
          .containsExactly(6, 7);
      db.endSession();
      db.endSession(); // ORA-01307 is ignored
    }
  }

  @Test
  void queryTimeout_cancelsTheQueryWithOra01013() throws Exception {
    try (JdbcGateway db = JdbcGateway.connect(config())) {
      Scn start = db.database().currentScn();
      try (Connection app = appConnection();
          Statement st = app.createStatement()) {
        st.execute(
            "CREATE TABLE NOISE AS SELECT LEVEL AS ID, RPAD('x', 200, 'x') AS PAD FROM DUAL"
                + " CONNECT BY LEVEL <= 100000");
        st.execute(
            "BEGIN FOR i IN 1 .. 20 LOOP UPDATE NOISE SET PAD = RPAD('x', 200, CHR(65 + MOD(i, 26)));"
                + " COMMIT; END LOOP; END;");
      }
      Scn end = db.database().currentScn();
      startSession(db, start, end);
      // No row matches, so LogMiner reads all of that redo before the first fetch returns.
      MiningQuery slow =
          MiningQuery.builder()
              .transactionControl(false)
              .ddl(false)
              .timeout(Duration.ofSeconds(1))
              .build();

      assertThatThrownBy(() -> mine(db, slow))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1013));
      assertThat(db.sessionLogs()).isNotEmpty(); // the session survives the cancel
      db.endSession();
    }
  }

  private static OnlineLog current(JdbcGateway db) throws SQLException {
    return db.onlineLogs().stream()
        .filter(l -> l.status() == OnlineLog.Status.CURRENT)
        .findFirst()
        .orElseThrow();
  }

  /**
   * Archives the current log, adds every archived log from {@code start} (one copy per sequence)
   * and starts.
   */
  private static void startSession(JdbcGateway db, Scn start, Scn end) throws Exception {
    sysdba("ALTER SYSTEM ARCHIVE LOG CURRENT;");
    Map<Long, ArchivedLog> bySequence = new LinkedHashMap<>();
    for (ArchivedLog a : db.archivedLogs(start)) {
      if (a.status() == ArchivedLog.Status.A && a.name() != null) {
        bySequence.putIfAbsent(a.sequence(), a);
      }
    }
    boolean first = true;
    for (ArchivedLog a : bySequence.values()) {
      db.addLogFile(a.name(), first ? AddLogOption.NEW : AddLogOption.ADDFILE);
      first = false;
    }
    db.startSession(SessionStart.of(start, end, MiningOption.DICT_FROM_ONLINE_CATALOG));
  }

  private static List<RedoRow> mine(JdbcGateway db, MiningQuery query) throws SQLException {
    List<RedoRow> rows = new ArrayList<>();
    try (RowCursor cursor = db.query(query)) {
      for (RedoRow row = cursor.next(); row != null; row = cursor.next()) {
        rows.add(row);
      }
    }
    return rows;
  }

  /** The open transaction's id as {@code DBMS_TRANSACTION} prints it: {@code usn.slot.sqn}. */
  private static Xid localTransaction(Statement st) throws SQLException {
    try (ResultSet rs = st.executeQuery("SELECT DBMS_TRANSACTION.LOCAL_TRANSACTION_ID FROM DUAL")) {
      rs.next();
      String[] parts = rs.getString(1).split("\\.");
      return new Xid(
          Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Long.parseLong(parts[2]));
    }
  }
}
