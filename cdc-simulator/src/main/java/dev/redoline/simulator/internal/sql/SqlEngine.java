package dev.redoline.simulator.internal.sql;

import dev.redoline.simulator.internal.SqlFunctions;
import dev.redoline.simulator.internal.jdbc.Session;
import dev.redoline.simulator.internal.oracle.FlashbackQuery;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.h2.tools.SimpleResultSet;

/**
 * The SQL engine that evaluates clients' SELECTs: H2 in Oracle mode, one in-memory database shared
 * by every session (each with a connection of its own), whose views ({@link View}) are table
 * functions over the simulator's state. H2 was chosen because it runs in-process with no files, its
 * Oracle mode accepts the gateway's SQL as written ({@code V$LOGMNR_CONTENTS}, {@code THREAD#},
 * {@code NVL}, {@code REGEXP_LIKE}, row-value {@code IN} lists, {@code TO_CHAR(..., 'TZH:TZM')}),
 * and a Java table function lets it read rows where the simulator keeps them instead of copying
 * them into a table per query.
 *
 * <p>A view's rows are computed when a statement reads it, for the session that runs the statement
 * (found by the engine connection H2 passes the view's function, {@link EngineSessions}); H2 then
 * filters, joins, groups and sorts them. Errors the simulator raises inside a view (ORA-01306,
 * ORA-08181, ...) reach the client unchanged; H2's own errors are given Oracle's codes ({@link
 * #translate}).
 */
public final class SqlEngine {

  private static final Pattern MISSING_COLUMN = Pattern.compile("Column \"([^\"]+)\" not found");

  /** The functions H2 calls by name, and the Java methods behind them. */
  private static final List<String> ALIASES =
      List.of(
          "CREATE ALIAS SIM_VIEW FOR 'dev.redoline.simulator.internal.SqlFunctions.view'",
          "CREATE ALIAS SIM_TABLE FOR 'dev.redoline.simulator.internal.SqlFunctions.table'",
          "CREATE ALIAS SYS_CONTEXT FOR 'dev.redoline.simulator.internal.SqlFunctions.sysContext'",
          "CREATE ALIAS SCN_TO_TIMESTAMP FOR 'dev.redoline.simulator.internal.SqlFunctions.scnToTimestamp'",
          "CREATE ALIAS TIMESTAMP_TO_SCN FOR 'dev.redoline.simulator.internal.SqlFunctions.timestampToScn'",
          "CREATE ALIAS SIM_SYSTIMESTAMP FOR 'dev.redoline.simulator.internal.SqlFunctions.systimestamp'",
          "CREATE ALIAS SIM_SYSDATE FOR 'dev.redoline.simulator.internal.SqlFunctions.sysdate'",
          "CREATE ALIAS SIM_DBTIMEZONE FOR 'dev.redoline.simulator.internal.SqlFunctions.dbTimeZone'",
          "CREATE ALIAS TO_NUMBER FOR 'dev.redoline.simulator.internal.SqlFunctions.toNumber'",
          "CREATE ALIAS STANDARD_HASH FOR 'dev.redoline.simulator.internal.SqlFunctions.standardHash'",
          "CREATE ALIAS SIM_NLSSORT FOR 'dev.redoline.simulator.internal.SqlFunctions.nlsSort'",
          // the names below are H2 built-ins (or a package's function): FlashbackQuery renames the
          // calls
          "CREATE ALIAS SIM_CRYPTO_HASH FOR 'dev.redoline.simulator.internal.SqlFunctions.cryptoHash'",
          "CREATE ALIAS SIM_RAWTOHEX FOR 'dev.redoline.simulator.internal.SqlFunctions.rawToHex'",
          "CREATE ALIAS SIM_TO_CHAR_TM9 FOR 'dev.redoline.simulator.internal.SqlFunctions.toCharTm9'");

  static {
    SqlFunctions.install(new Hooks());
  }

  private SqlEngine() {}

  /**
   * The one in-memory database of this class loader, holding the functions and views; it lives as
   * long as the JVM (DB_CLOSE_DELAY=-1), so a new session only opens a connection to it. Sharing it
   * is safe because it holds no state of any session or database: every view is a table function
   * that reads the state of the session whose statement runs ({@link EngineSessions}), and clients
   * cannot create anything in it (DDL is refused).
   */
  private static final String SHARED =
      "jdbc:h2:mem:redoline-simulator;MODE=Oracle;DEFAULT_NULL_ORDERING=HIGH"
          + ";DB_CLOSE_DELAY=-1";

  private static boolean created;

  /**
   * A connection of its own to the shared database for {@code owner}, whose state its views read;
   * closed with the session that owns it.
   */
  public static Connection open(Session owner) throws SQLException {
    // H2's driver is called directly, not through DriverManager, so that class-loader isolation
    // (a Kafka Connect plugin, say) cannot hide it.
    java.util.Properties user = new java.util.Properties();
    user.setProperty("user", "sa");
    Connection c = new org.h2.Driver().connect(SHARED, user);
    try {
      createOnce(c);
      EngineSessions.bind(c, owner);
    } catch (SQLException e) {
      c.close();
      throw e;
    }
    return c;
  }

  /** The functions and views, made by the first connection of the class loader. */
  private static synchronized void createOnce(Connection c) throws SQLException {
    if (created) {
      return;
    }
    try (Statement st = c.createStatement()) {
      for (String alias : ALIASES) {
        st.execute(alias);
      }
      for (View v : View.values()) {
        st.execute(
            "CREATE VIEW \"" + v.name() + "\" AS SELECT * FROM SIM_VIEW('" + v.name() + "')");
      }
    }
    created = true;
  }

  /**
   * The error a client sees: the simulator's own ORA error raised inside a view, else H2's error
   * under the Oracle code of the same meaning (ORA-00942, ORA-00904, ORA-00900), H2's text kept as
   * the cause.
   */
  public static SQLException translate(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s
          && !(t instanceof org.h2.jdbc.JdbcException)
          && s.getMessage() != null
          && s.getMessage().startsWith("ORA-")) {
        return s;
      }
    }
    SQLException out =
        switch (e.getErrorCode()) {
          case 42102, 42103, 42104 -> OracleErrors.error(942);
          case 42122 -> OracleErrors.error(904, missingColumn(e.getMessage()));
          case 90008, 90012 -> OracleErrors.error(1008);
          default -> OracleErrors.error(900);
        };
    out.initCause(e);
    return out;
  }

  private static String missingColumn(String message) {
    Matcher m = MISSING_COLUMN.matcher(message == null ? "" : message);
    return m.find() ? "\"" + m.group(1).toUpperCase(Locale.ROOT) + "\"" : "\"?\"";
  }

  /** The simulator's side of {@link SqlFunctions}. */
  private static final class Hooks implements SqlFunctions.Hooks {

    @Override
    public ResultSet view(Connection connection, String name, boolean columnsOnly)
        throws SQLException {
      View view = View.valueOf(name);
      SimpleResultSet rs = new SimpleResultSet();
      for (ViewColumn c : view.columns()) {
        rs.addColumn(c.name(), c.sqlType(), c.precision(), c.scale());
      }
      if (!columnsOnly) {
        for (Object[] row : view.rows(EngineSessions.of(connection))) {
          rs.addRow(row);
        }
      }
      return rs;
    }

    @Override
    public ResultSet table(
        Connection connection, String owner, String table, BigDecimal scn, boolean columnsOnly)
        throws SQLException {
      return FlashbackQuery.rows(EngineSessions.of(connection), owner, table, scn, columnsOnly);
    }

    @Override
    public String sysContext(Connection connection, String namespace, String parameter)
        throws SQLException {
      Session s = EngineSessions.of(connection);
      if (!"USERENV".equalsIgnoreCase(namespace)) {
        return null;
      }
      return switch (parameter.toUpperCase(Locale.ROOT)) {
        case "INSTANCE" -> Integer.toString(s.instance());
        case "INSTANCE_NAME" -> LogViews.instanceName(s.instance());
        case "CON_NAME" ->
            s.catalog().cdb() ? s.catalog().container(s.containerId()).name() : "ORCL";
        case "CON_ID" -> Integer.toString(s.containerId());
        case "DB_NAME" -> "ORCL";
        case "SESSION_USER", "CURRENT_USER" -> DictionaryViews.CAPTURE_USER;
        default -> null;
      };
    }

    @Override
    public LocalDateTime scnToTimestamp(Connection connection, BigDecimal scn) throws SQLException {
      Session s = EngineSessions.of(connection);
      return s.redo()
          .scnTime()
          .timeOf(
              scn.longValueExact(),
              s.clock(),
              s.redo().currentScn(),
              s.settings().scnTimeRetention());
    }

    @Override
    public BigDecimal timestampToScn(Connection connection, LocalDateTime time)
        throws SQLException {
      Session s = EngineSessions.of(connection);
      return BigDecimal.valueOf(
          s.redo().scnTime().scnAt(time, s.clock(), s.settings().scnTimeRetention()));
    }

    @Override
    public OffsetDateTime systimestamp(Connection connection) {
      return OffsetDateTime.now(EngineSessions.of(connection).clock());
    }

    @Override
    public String dbTimeZone(Connection connection) {
      Session s = EngineSessions.of(connection);
      return s.settings().dbTimeZone() != null
          ? s.settings().dbTimeZone()
          : s.clock().getZone().getId();
    }
  }
}
