package dev.redoline.logminer.oracle;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container.ExecResult;
import org.testcontainers.oracle.OracleContainer;

/**
 * Oracle Database Free 23ai in a container, set up exactly as docs/oracle-setup.md tells a user:
 * the SQL blocks of its "Database settings" and "The capture user" sections are read from the file
 * and run as SYSDBA, the per-table statements (ALL COLUMN logging, the snapshot's SELECT and
 * FLASHBACK grants) with the documented table name replaced by each captured table. A grant the
 * docs forget therefore fails the suite instead of being added here.
 *
 * <pre>{@code
 * OracleFree db = OracleFree.start();
 * db.setUp(List.of("SHOP.ITEMS"));
 * }</pre>
 *
 * <p>Also: the application connection, SQL*Plus as SYSDBA, waits for the services (after a restart
 * the listener may register them late), FLASHBACK DATABASE with RESETLOGS, and a dump of the raw
 * LogMiner rows of an SCN range. Shared (cdc-logminer's test-jar) by the real-Oracle suites of the
 * embedded engine and the connector, which hold it through {@link Shared}.
 *
 * <h2>Implementation notes</h2>
 *
 * <p>Everything that must run as SYSDBA (the documented settings, restarts, log switches, the
 * flashback) goes through SQL*Plus inside the container ({@link #sysdba}), because the thin driver
 * cannot connect to an instance that is down or only mounted; a statement's failure is found in
 * SQL*Plus's output (ORA-, SP2-), as {@code WHENEVER SQLERROR CONTINUE} keeps the exit code zero.
 * What the capture user may read (SCNs, the restore point, the incarnation, the LogMiner dump) is
 * read over JDBC as that user, so those reads also prove the documented grants suffice.
 */
public final class OracleFree {

  public static final String IMAGE = "gvenzl/oracle-free:23-slim-faststart";
  public static final String PDB = "FREEPDB1";
  public static final String CAPTURE_USER = "C##REDOLINE";
  public static final String CAPTURE_PASSWORD = "Redoline_27";
  public static final String SCHEMA = "SHOP";
  public static final String SCHEMA_PASSWORD = "Shop_27";

  /** The documented table name the per-table statements use. */
  private static final String DOC_TABLE = "SHOP.ORDERS";

  /**
   * The container's start from a pulled image ({@code -faststart}: the database files are in the
   * image, so the start is an instance startup, about a minute on two cores). Pulling the image the
   * first time is not bounded here: it depends on the network, not on the suite.
   */
  public static final Duration START_BOUND = Duration.ofMinutes(3);

  /**
   * {@link #setUp}: the documented settings with one instance restart into ARCHIVELOG mode (about a
   * minute), the capture user and the schema.
   */
  public static final Duration SETUP_BOUND = Duration.ofMinutes(3);

  private static final Duration SERVICE_WAIT = Duration.ofMinutes(2);

  /** The fast recovery area FLASHBACK DATABASE needs, in the container's data volume. */
  private static final String RECOVERY_AREA = "/opt/oracle/oradata/FREE/fra";

  public final OracleContainer container;

  private OracleFree(OracleContainer container) {
    this.container = container;
  }

  /**
   * Whether a Docker engine can be reached, for {@code @EnabledIf}; without one, prints the one
   * line that says why the suite is skipped. Testcontainers' own probe is asked only when a socket
   * or DOCKER_HOST exists, so a machine without Docker gets no stack of probe errors.
   */
  public static boolean dockerAvailable(ExtensionContext context) {
    boolean socket =
        System.getenv("DOCKER_HOST") != null
            || Files.exists(Path.of("/var/run/docker.sock"))
            || Files.exists(
                Path.of(System.getProperty("user.home"), ".docker", "run", "docker.sock"));
    boolean available = socket && DockerClientFactory.instance().isDockerAvailable();
    if (!available) {
      System.out.println(
          context.getRequiredTestClass().getSimpleName()
              + " skipped: no Docker engine ("
              + (socket
                  ? "none answers at DOCKER_HOST or the Docker socket"
                  : "no /var/run/docker.sock and DOCKER_HOST unset")
              + ")");
    }
    return available;
  }

  public static OracleFree start() {
    OracleContainer c = new OracleContainer(IMAGE).withStartupTimeout(START_BOUND);
    c.start();
    return new OracleFree(c);
  }

  /**
   * One database for a whole suite class: started and set up before its first case (after checking
   * the class's {@link SuiteBudget}), stopped after its last. Register it as
   * {@code @RegisterExtension static final OracleFree.Shared ORACLE = new OracleFree.Shared();} on
   * a class that is {@code @EnabledIf("dev.redoline.logminer.oracle.OracleFree#dockerAvailable")}:
   * a skipped class never starts it.
   */
  public static final class Shared implements BeforeAllCallback, AfterAllCallback {

    private OracleFree oracle;

    /** The started and set-up database. */
    public OracleFree get() {
      if (oracle == null) {
        throw new IllegalStateException("The database starts before the suite's first case");
      }
      return oracle;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
      SuiteBudget.assertWithin(context.getRequiredTestClass());
      oracle = start();
      Assertions.assertTimeoutPreemptively(SETUP_BOUND, oracle::setUp, "the documented setup");
    }

    @Override
    public void afterAll(ExtensionContext context) {
      if (oracle != null) {
        oracle.stop();
      }
    }
  }

  public void stop() {
    container.stop();
  }

  /**
   * The docs' setup, then the SHOP schema (the test's own, not a capture grant) and per-table
   * statements.
   */
  public void setUp() throws Exception {
    Path doc = docs();
    String text = Files.readString(doc, StandardCharsets.UTF_8);
    List<String> database = sqlBlocks(section(text, "## Database settings"));
    List<String> user = sqlBlocks(section(text, "## The capture user"));
    List<String> script = new ArrayList<>();
    for (String line : database) {
      if (!line.contains(DOC_TABLE) && !line.startsWith("ALTER SESSION SET CONTAINER")) {
        script.add(line); // per-table lines run for each table, in its PDB, below
      }
    }
    for (String line : user) {
      script.add(line.replace("\"<password>\"", "\"" + CAPTURE_PASSWORD + "\""));
    }
    sysdba(script);
    awaitService();
    sysdba(
        List.of(
            "ALTER SESSION SET CONTAINER = " + PDB + ";",
            "CREATE USER "
                + SCHEMA
                + " IDENTIFIED BY \""
                + SCHEMA_PASSWORD
                + "\" QUOTA UNLIMITED ON USERS;",
            "GRANT CREATE SESSION, CREATE TABLE TO " + SCHEMA + ";"));
  }

  /** The documented per-table statements for {@code table} (SCHEMA.NAME, quoted where needed). */
  public void captureTable(String table) throws Exception {
    String text = Files.readString(docs(), StandardCharsets.UTF_8);
    List<String> script = new ArrayList<>(List.of("ALTER SESSION SET CONTAINER = " + PDB + ";"));
    for (String line : sqlBlocks(section(text, "## Database settings"))) {
      if (line.contains(DOC_TABLE)) {
        script.add(line.replace(DOC_TABLE, table));
      }
    }
    Matcher grant =
        Pattern.compile("(GRANT SELECT, FLASHBACK ON " + Pattern.quote(DOC_TABLE) + " TO [^;`]+;)")
            .matcher(section(text, "## The capture user"));
    if (!grant.find()) {
      throw new AssertionError(
          "docs/oracle-setup.md no longer shows the snapshot's per-table grant");
    }
    script.add(grant.group(1).replace(DOC_TABLE, table));
    sysdba(script);
  }

  public static Path docs() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path doc = dir.resolve("docs/oracle-setup.md");
      if (Files.isRegularFile(doc)) {
        return doc;
      }
    }
    throw new AssertionError(
        "docs/oracle-setup.md not found above " + Path.of("").toAbsolutePath());
  }

  static String section(String markdown, String heading) {
    int start = markdown.indexOf(heading + "\n");
    if (start < 0) {
      throw new AssertionError("docs/oracle-setup.md has no section '" + heading + "'");
    }
    int end = markdown.indexOf("\n## ", start + heading.length());
    return markdown.substring(start, end < 0 ? markdown.length() : end);
  }

  /**
   * The statements of the ```sql blocks, comment-free, one per line (SQL*Plus commands have no
   * ';').
   */
  static List<String> sqlBlocks(String section) {
    List<String> out = new ArrayList<>();
    Matcher block = Pattern.compile("```sql\\n(.*?)```", Pattern.DOTALL).matcher(section);
    while (block.find()) {
      for (String line : block.group(1).split("\\n")) {
        int comment = line.indexOf("--");
        String statement = (comment >= 0 ? line.substring(0, comment) : line).strip();
        if (!statement.isEmpty()) {
          out.add(statement);
        }
      }
    }
    return out;
  }

  /** Runs SQL*Plus as SYSDBA in the container; fails on any ORA- or SP2- error. */
  public void sysdba(List<String> statements) throws IOException, InterruptedException {
    String refusal = sysdbaRefusal(statements);
    if (refusal != null) {
      throw new AssertionError("SQL*Plus failed on " + statements + ":\n" + refusal);
    }
  }

  /**
   * Runs SQL*Plus as SYSDBA in the container and answers its output when a statement failed (an
   * ORA- or SP2- line, or a non-zero exit), else {@code null}.
   */
  public String sysdbaRefusal(List<String> statements) throws IOException, InterruptedException {
    String script =
        "sqlplus -s / as sysdba <<'EOF'\nWHENEVER SQLERROR CONTINUE\n"
            + String.join("\n", statements)
            + "\nEXIT\nEOF\n";
    ExecResult result = container.execInContainer("bash", "-c", script);
    String out = result.getStdout();
    if (result.getExitCode() != 0 || out.contains("ORA-") || out.contains("SP2-")) {
      return out + result.getStderr();
    }
    return null;
  }

  /**
   * After a restart the listener may register the services late (ORA-12514): connect to the root
   * and to the PDB until both answer.
   */
  public void awaitService() throws InterruptedException {
    long deadline = System.nanoTime() + SERVICE_WAIT.toNanos();
    SQLException last = null;
    while (System.nanoTime() < deadline) {
      try (Connection root = capture();
          Connection pdb = DriverManager.getConnection(pdbUrl(), CAPTURE_USER, CAPTURE_PASSWORD)) {
        return;
      } catch (SQLException e) {
        last = e;
        Thread.sleep(1_000);
      }
    }
    throw new AssertionError("The listener never registered the database services", last);
  }

  /**
   * Prepares FLASHBACK DATABASE: a fast recovery area (flashback logs live only there) and
   * flashback logging on, so a guaranteed restore point can be made while the database is open
   * (with flashback logging off the first one needs the database mounted, ORA-38787). ARCHIVELOG
   * mode is already on from the documented setup.
   *
   * @return {@code null} when the database allows it, else the first ORA- line of its refusal (an
   *     edition without the feature answers ORA-00439)
   */
  public String prepareFlashback() throws IOException, InterruptedException {
    container.execInContainer("mkdir", "-p", RECOVERY_AREA);
    String refusal =
        sysdbaRefusal(
            List.of(
                "ALTER SYSTEM SET DB_RECOVERY_FILE_DEST_SIZE = 4G;",
                "ALTER SYSTEM SET DB_RECOVERY_FILE_DEST = '" + RECOVERY_AREA + "';",
                "ALTER DATABASE FLASHBACK ON;"));
    if (refusal == null) {
      return null;
    }
    Matcher ora = Pattern.compile("(ORA-\\d{5}[^\\n]*)").matcher(refusal);
    return ora.find() ? ora.group(1) : refusal.strip();
  }

  /** Creates a guaranteed restore point and answers its SCN. */
  public long restorePoint(String name) throws Exception {
    sysdba(List.of("CREATE RESTORE POINT " + name + " GUARANTEE FLASHBACK DATABASE;"));
    try (Connection c = capture();
        PreparedStatement ps =
            c.prepareStatement("SELECT SCN FROM V$RESTORE_POINT WHERE NAME = ?")) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  /**
   * Rewinds the whole container database to the restore point and opens it with RESETLOGS (a new
   * incarnation), opens the PDBs, drops the restore point and waits for the services.
   *
   * @return the new incarnation's RESETLOGS SCN ({@code V$DATABASE.RESETLOGS_CHANGE#})
   */
  public long flashbackWithResetlogs(String restorePoint) throws Exception {
    sysdba(
        List.of(
            "SHUTDOWN IMMEDIATE",
            "STARTUP MOUNT",
            "FLASHBACK DATABASE TO RESTORE POINT " + restorePoint + ";",
            "ALTER DATABASE OPEN RESETLOGS;",
            "ALTER PLUGGABLE DATABASE ALL OPEN;",
            "DROP RESTORE POINT " + restorePoint + ";"));
    awaitService();
    try (Connection c = capture();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT RESETLOGS_CHANGE# FROM V$DATABASE")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** The root container's URL, as the capture connects. */
  public String rootUrl() {
    return "jdbc:oracle:thin:@//" + container.getHost() + ":" + container.getOraclePort() + "/FREE";
  }

  public Connection capture() throws SQLException {
    return DriverManager.getConnection(rootUrl(), CAPTURE_USER, CAPTURE_PASSWORD);
  }

  private String pdbUrl() {
    return "jdbc:oracle:thin:@//"
        + container.getHost()
        + ":"
        + container.getOraclePort()
        + "/"
        + PDB;
  }

  /** The application schema's connection in the PDB. */
  public Connection app() throws SQLException {
    return DriverManager.getConnection(pdbUrl(), SCHEMA, SCHEMA_PASSWORD);
  }

  public long currentScn() throws SQLException {
    try (Connection c = capture();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT CURRENT_SCN FROM V$DATABASE")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /**
   * Writes the raw LogMiner rows of ({@code from}, {@code to}] to {@code file}: SCN, operation
   * code, DATA_OBJ#, ROW_ID, RS_ID, SSN, CSF, INFO, owner, table and the RESETLOGS SCN of the log's
   * incarnation, one tab-separated line each (no SQL_REDO: values stay out of test output). The
   * logs are archived first so every row is there; each incarnation's logs are mined in a LogMiner
   * session of their own (one session cannot mix incarnations).
   */
  public void dumpLogMinerRows(long from, long to, Path file) throws Exception {
    sysdba(List.of("ALTER SYSTEM ARCHIVE LOG CURRENT;"));
    Files.createDirectories(file.getParent());
    List<String> lines =
        new ArrayList<>(
            List.of(
                "SCN\tOPERATION_CODE\tDATA_OBJ#\tROW_ID\tRS_ID\tSSN\tCSF\tINFO\tSEG_OWNER"
                    + "\tTABLE_NAME\tRESETLOGS_CHANGE#"));
    try (Connection c = capture()) {
      Map<Long, Logs> byIncarnation = new TreeMap<>();
      try (PreparedStatement ps =
          c.prepareStatement(
              "SELECT NAME, RESETLOGS_CHANGE#, FIRST_CHANGE#, NEXT_CHANGE# FROM V$ARCHIVED_LOG"
                  + " WHERE DEST_ID = 1"
                  + " AND NEXT_CHANGE# > ? AND FIRST_CHANGE# <= ? AND STATUS = 'A'"
                  + " ORDER BY RESETLOGS_CHANGE#, SEQUENCE#")) {
        ps.setLong(1, from);
        ps.setLong(2, to);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            Logs logs = byIncarnation.computeIfAbsent(rs.getLong(2), Logs::new);
            logs.names.add(rs.getString(1));
            logs.first = Math.min(logs.first, rs.getLong(3));
            logs.next = Math.max(logs.next, rs.getLong(4));
          }
        }
      }
      for (Logs logs : byIncarnation.values()) {
        // an older incarnation's logs end before {@code to}: mine each only within its logs
        mine(c, logs, Math.max(from, logs.first - 1), Math.min(to, logs.next - 1), lines);
      }
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  /** The archived logs of one incarnation in the dumped range, and the SCNs they cover. */
  private static final class Logs {
    final long resetlogs;
    final List<String> names = new ArrayList<>();
    long first = Long.MAX_VALUE;
    long next = 0;

    Logs(long resetlogs) {
      this.resetlogs = resetlogs;
    }
  }

  private static void mine(Connection c, Logs logs, long from, long to, List<String> lines)
      throws SQLException {
    for (int i = 0; i < logs.names.size(); i++) {
      try (PreparedStatement ps =
          c.prepareCall(
              "BEGIN SYS.DBMS_LOGMNR.ADD_LOGFILE(LOGFILENAME => ?, OPTIONS => "
                  + (i == 0 ? "SYS.DBMS_LOGMNR.NEW" : "SYS.DBMS_LOGMNR.ADDFILE")
                  + "); END;")) {
        ps.setString(1, logs.names.get(i));
        ps.execute();
      }
    }
    try (PreparedStatement ps =
        c.prepareCall(
            "BEGIN SYS.DBMS_LOGMNR.START_LOGMNR(STARTSCN => ?, ENDSCN => ?,"
                + " OPTIONS => SYS.DBMS_LOGMNR.DICT_FROM_ONLINE_CATALOG); END;")) {
      ps.setLong(1, from + 1);
      ps.setLong(2, to);
      ps.execute();
    }
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT SCN, OPERATION_CODE, DATA_OBJ#, ROW_ID, RS_ID, SSN, CSF, INFO, SEG_OWNER,"
                    + " TABLE_NAME FROM V$LOGMNR_CONTENTS WHERE SEG_OWNER IS NULL OR SEG_OWNER = '"
                    + SCHEMA
                    + "'")) {
      while (rs.next()) {
        StringBuilder line = new StringBuilder();
        for (int i = 1; i <= 10; i++) {
          line.append(i == 1 ? "" : "\t").append(rs.getString(i));
        }
        lines.add(line.append('\t').append(logs.resetlogs).toString());
      }
    } finally {
      try (Statement st = c.createStatement()) {
        st.execute("BEGIN SYS.DBMS_LOGMNR.END_LOGMNR(); END;");
      }
    }
  }
}
