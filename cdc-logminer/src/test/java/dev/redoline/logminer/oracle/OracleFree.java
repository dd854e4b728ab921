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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * <p>Also: the application connection, SQL*Plus as SYSDBA, waits for the PDB's service (after a
 * restart the listener may register it late) and a dump of the raw LogMiner rows of an SCN range.
 * Shared (cdc-logminer's test-jar) by the real-Oracle suites of the embedded engine and the
 * connector.
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

  private static final Duration SERVICE_WAIT = Duration.ofMinutes(3);

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
              + " skipped: no Docker engine (no /var/run/docker.sock and DOCKER_HOST unset)");
    }
    return available;
  }

  public static OracleFree start() {
    OracleContainer c = new OracleContainer(IMAGE).withStartupTimeout(Duration.ofMinutes(8));
    c.start();
    return new OracleFree(c);
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
    String script =
        "sqlplus -s / as sysdba <<'EOF'\nWHENEVER SQLERROR CONTINUE\n"
            + String.join("\n", statements)
            + "\nEXIT\nEOF\n";
    ExecResult result = container.execInContainer("bash", "-c", script);
    if (result.getExitCode() != 0
        || result.getStdout().contains("ORA-")
        || result.getStdout().contains("SP2-")) {
      throw new AssertionError(
          "SQL*Plus failed on " + statements + ":\n" + result.getStdout() + result.getStderr());
    }
  }

  /** After a restart the listener may register the PDB's service late: connect until it answers. */
  public void awaitService() throws InterruptedException {
    long deadline = System.nanoTime() + SERVICE_WAIT.toNanos();
    SQLException last = null;
    while (System.nanoTime() < deadline) {
      try (Connection c = capture()) {
        return;
      } catch (SQLException e) {
        last = e; // ORA-12514: the listener does not know the service yet
        Thread.sleep(1_000);
      }
    }
    throw new AssertionError("The listener never registered the database service", last);
  }

  /** The root container's URL, as the capture connects. */
  public String rootUrl() {
    return "jdbc:oracle:thin:@//" + container.getHost() + ":" + container.getOraclePort() + "/FREE";
  }

  public Connection capture() throws SQLException {
    return DriverManager.getConnection(rootUrl(), CAPTURE_USER, CAPTURE_PASSWORD);
  }

  /** The application schema's connection in the PDB. */
  public Connection app() throws SQLException {
    return DriverManager.getConnection(
        "jdbc:oracle:thin:@//" + container.getHost() + ":" + container.getOraclePort() + "/" + PDB,
        SCHEMA,
        SCHEMA_PASSWORD);
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
   * code, DATA_OBJ#, ROW_ID, RS_ID, SSN, CSF, INFO, owner and table, one tab-separated line each
   * (no SQL_REDO: values stay out of test output). The logs are archived first so every row is
   * there.
   */
  public void dumpLogMinerRows(long from, long to, Path file) throws Exception {
    sysdba(List.of("ALTER SYSTEM ARCHIVE LOG CURRENT;"));
    Files.createDirectories(file.getParent());
    List<String> lines =
        new ArrayList<>(
            List.of(
                "SCN\tOPERATION_CODE\tDATA_OBJ#\tROW_ID\tRS_ID\tSSN\tCSF\tINFO\tSEG_OWNER\tTABLE_NAME"));
    try (Connection c = capture()) {
      List<String> logs = new ArrayList<>();
      try (PreparedStatement ps =
          c.prepareStatement(
              "SELECT NAME FROM V$ARCHIVED_LOG WHERE DEST_ID = 1"
                  + " AND NEXT_CHANGE# > ? AND FIRST_CHANGE# <= ? AND STATUS = 'A' ORDER BY SEQUENCE#")) {
        ps.setLong(1, from);
        ps.setLong(2, to);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            logs.add(rs.getString(1));
          }
        }
      }
      for (int i = 0; i < logs.size(); i++) {
        try (PreparedStatement ps =
            c.prepareCall(
                "BEGIN SYS.DBMS_LOGMNR.ADD_LOGFILE(LOGFILENAME => ?, OPTIONS => "
                    + (i == 0 ? "SYS.DBMS_LOGMNR.NEW" : "SYS.DBMS_LOGMNR.ADDFILE")
                    + "); END;")) {
          ps.setString(1, logs.get(i));
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
                  "SELECT SCN, OPERATION_CODE, DATA_OBJ#,"
                      + " ROW_ID, RS_ID, SSN, CSF, INFO, SEG_OWNER, TABLE_NAME FROM V$LOGMNR_CONTENTS"
                      + " WHERE SEG_OWNER IS NULL OR SEG_OWNER = '"
                      + SCHEMA
                      + "'")) {
        while (rs.next()) {
          StringBuilder line = new StringBuilder();
          for (int i = 1; i <= 10; i++) {
            line.append(i == 1 ? "" : "\t").append(rs.getString(i));
          }
          lines.add(line.toString());
        }
      } finally {
        try (Statement st = c.createStatement()) {
          st.execute("BEGIN SYS.DBMS_LOGMNR.END_LOGMNR(); END;");
        }
      }
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }
}
